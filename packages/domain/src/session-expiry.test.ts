import { describe, expect, it } from "vitest";
import {
  SESSION_MESSAGES,
  msUntilSessionWarning,
  parseSessionTimes,
  sessionDeadline,
  sessionEndedAfter,
  sessionWarning,
} from "./session-expiry";

const MINUTE = 60_000;
const signedInAt = Date.parse("2026-11-22T10:00:00Z");
// The defaults: 120 minutes idle, 12 hours in all.
const times = {
  expiresAt: signedInAt + 12 * 60 * MINUTE,
  idleTimeoutMs: 120 * MINUTE,
};

describe("session times from a reply", () => {
  it("reads expires_at and idle_timeout_seconds", () => {
    expect(
      parseSessionTimes({
        expires_at: "2026-11-22T22:00:00.000Z",
        idle_timeout_seconds: 7200,
      })
    ).toEqual(times);
  });

  it("is null for anything else", () => {
    for (const value of [
      null,
      undefined,
      "x",
      {},
      { expires_at: "soon", idle_timeout_seconds: 7200 },
      { expires_at: "2026-11-22T22:00:00Z", idle_timeout_seconds: 0 },
      { expires_at: "2026-11-22T22:00:00Z", idle_timeout_seconds: "7200" },
    ]) {
      expect(parseSessionTimes(value), JSON.stringify(value)).toBeNull();
    }
  });
});

describe("the session deadline", () => {
  it("is the idle deadline less the minute the server may lag, while that comes first", () => {
    expect(sessionDeadline(times, signedInAt)).toEqual({
      at: signedInAt + 119 * MINUTE,
      kind: "idle",
    });
  });

  it("is the absolute end once activity has pushed the idle deadline past it", () => {
    expect(sessionDeadline(times, signedInAt + 11 * 60 * MINUTE)).toEqual({
      at: times.expiresAt,
      kind: "absolute",
    });
  });
});

describe("the warning", () => {
  it("is silent until two minutes before the end, then counts the minutes down, and stops once it has passed", () => {
    const end = signedInAt + 119 * MINUTE;
    expect(sessionWarning(times, signedInAt, end - 2 * MINUTE - 1)).toBeNull();
    expect(sessionWarning(times, signedInAt, end - 2 * MINUTE)).toEqual({
      kind: "idle",
      minutesLeft: 2,
    });
    expect(sessionWarning(times, signedInAt, end - 61_000)).toEqual({
      kind: "idle",
      minutesLeft: 2,
    });
    expect(sessionWarning(times, signedInAt, end - 30_000)).toEqual({
      kind: "idle",
      minutesLeft: 1,
    });
    expect(sessionWarning(times, signedInAt, end)).toBeNull();
  });

  it("moves with activity", () => {
    const later = signedInAt + 30 * MINUTE;
    expect(sessionWarning(times, later, signedInAt + 118 * MINUTE)).toBeNull();
    expect(msUntilSessionWarning(times, later, later)).toBe(117 * MINUTE);
    expect(
      msUntilSessionWarning(times, signedInAt, signedInAt + 118 * MINUTE)
    ).toBe(0);
    expect(
      msUntilSessionWarning(times, signedInAt, signedInAt + 119 * MINUTE)
    ).toBeNull();
  });

  it("is worded for each kind of end", () => {
    expect(SESSION_MESSAGES.warning({ kind: "idle", minutesLeft: 2 })).toBe(
      "You have been inactive for a while: your session ends in 2 minutes."
    );
    expect(SESSION_MESSAGES.warning({ kind: "absolute", minutesLeft: 1 })).toBe(
      "Your session ends in 1 minute and cannot be extended. Save your changes now; you can sign in again without leaving this page."
    );
  });
});

describe("a session ended under the staff member", () => {
  const signedIn = { isAuthenticated: true };
  const signedOut = { isAuthenticated: false };

  it("is a 401, a failed verify or a failed refresh while signed in", () => {
    for (const type of [
      "unauthorized",
      "verify_failed",
      "refresh_failed",
    ] as const) {
      expect(sessionEndedAfter(false, signedIn, { type })).toBe(true);
      expect(
        sessionEndedAfter(false, signedOut, { type }),
        `${type} when never signed in`
      ).toBe(false);
      // A wrong password in the sign-in dialog answers 401 too: the session stays ended.
      expect(sessionEndedAfter(true, signedOut, { type })).toBe(true);
    }
  });

  it("is not a logout, and signing in again ends it", () => {
    expect(sessionEndedAfter(false, signedIn, { type: "logout" })).toBe(false);
    expect(sessionEndedAfter(true, signedOut, { type: "logout" })).toBe(false);
    expect(
      sessionEndedAfter(true, signedOut, {
        type: "login_success",
        user: { full_name: "A", role: "admin" },
      })
    ).toBe(false);
  });
});
