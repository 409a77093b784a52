/**
 * When a staff session ends, and what the admin area says before and after (issue 20 item 6; decision 037).
 *
 * The server ends a session after SESSION_IDLE_MINUTES without a request, or SESSION_MAX_HOURS after sign-in,
 * whichever comes first (apps/api/src/auth/sessions.ts). Sign-in, refresh and verify tell the browser both figures;
 * the browser counts its own signed-in requests to know when it was last active. The server writes "last used" at
 * most once a minute, so the browser's estimate of the idle deadline leaves that minute out: it never promises more
 * time than the server will give.
 */
import type { AuthEvent, AuthState } from "./auth";
import { isRecord } from "./internal/values";

/** The warning shows this long before the session would end. */
export const SESSION_WARNING_LEAD_MS = 2 * 60_000;
/** The server marks a session used at most this often (apps/api/src/auth/sessions.ts TOUCH_INTERVAL_MS). */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;
/** Returning to the tab checks the session with the server at most this often. */
export const SESSION_RECHECK_MIN_INTERVAL_MS = 30_000;

/** The session figures of a sign-in, refresh or verify reply (`data.session`). */
export interface SessionTimes {
  /** Absolute end, milliseconds since the epoch: refreshing never moves it. */
  expiresAt: number;
  /** How long without a request ends the session. */
  idleTimeoutMs: number;
}

/** `data.session` of a reply ({ expires_at, idle_timeout_seconds }) as SessionTimes; null when absent or unusable. */
export function parseSessionTimes(value: unknown): SessionTimes | null {
  if (!isRecord(value)) return null;
  const expiresAt =
    typeof value.expires_at === "string"
      ? Date.parse(value.expires_at)
      : Number.NaN;
  const idleSeconds = value.idle_timeout_seconds;
  if (
    !Number.isFinite(expiresAt) ||
    typeof idleSeconds !== "number" ||
    !Number.isFinite(idleSeconds) ||
    idleSeconds <= 0
  )
    return null;
  return { expiresAt, idleTimeoutMs: idleSeconds * 1000 };
}

export type SessionEndKind = "idle" | "absolute";

/** When the session ends at the latest, and why, given the last moment the browser was active with it. */
export function sessionDeadline(
  times: SessionTimes,
  lastActiveAt: number
): { at: number; kind: SessionEndKind } {
  const idleAt = lastActiveAt + times.idleTimeoutMs - SESSION_TOUCH_INTERVAL_MS;
  return idleAt < times.expiresAt
    ? { at: idleAt, kind: "idle" }
    : { at: times.expiresAt, kind: "absolute" };
}

export type SessionWarning = { kind: SessionEndKind; minutesLeft: number };

/** The warning to show now, or null: from SESSION_WARNING_LEAD_MS before the deadline until it passes. */
export function sessionWarning(
  times: SessionTimes,
  lastActiveAt: number,
  now: number
): SessionWarning | null {
  const { at, kind } = sessionDeadline(times, lastActiveAt);
  const left = at - now;
  if (left > SESSION_WARNING_LEAD_MS || left <= 0) return null;
  return { kind, minutesLeft: Math.max(1, Math.ceil(left / 60_000)) };
}

/** Milliseconds from now until the warning is due (0 if it is), for a timer; null once the deadline has passed. */
export function msUntilSessionWarning(
  times: SessionTimes,
  lastActiveAt: number,
  now: number
): number | null {
  const { at } = sessionDeadline(times, lastActiveAt);
  if (at <= now) return null;
  return Math.max(0, at - SESSION_WARNING_LEAD_MS - now);
}

/**
 * Whether the session ended under the staff member's feet (a 401, a failed verify or refresh while signed in), as
 * opposed to never having existed or a deliberate logout. Such an end keeps the screen and its unsaved form, with a
 * sign-in dialog over it, instead of leaving for /login. Signing in (or out) clears it.
 */
export function sessionEndedAfter(
  ended: boolean,
  before: Pick<AuthState, "isAuthenticated">,
  event: AuthEvent
): boolean {
  switch (event.type) {
    case "login_success":
    case "logout":
      return false;
    case "unauthorized":
    case "refresh_failed":
    case "verify_failed":
      return ended || before.isAuthenticated;
    case "profile_updated":
      return ended;
  }
}

function minutes(n: number): string {
  return `${n} minute${n === 1 ? "" : "s"}`;
}

/** What the admin area says about the session (not in the spec; decision 037). */
export const SESSION_MESSAGES = {
  warning: ({ kind, minutesLeft }: SessionWarning): string =>
    kind === "idle"
      ? `You have been inactive for a while: your session ends in ${minutes(
          minutesLeft
        )}.`
      : `Your session ends in ${minutes(
          minutesLeft
        )} and cannot be extended. Save your changes now; you can sign in again without leaving this page.`,
  staySignedIn: "Stay signed in",
  endedTitle: "Your session has ended",
  endedBody:
    "Sign in again to carry on. What you were editing is still on this page; save it once you are signed in.",
  leave: "Leave this page and sign in",
} as const;
