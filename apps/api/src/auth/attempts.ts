import { eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/open.js';
import { loginAttempts } from '../db/schema.js';

// Brute-force protection for anything that checks a password (sign-in, password change). Failures are counted
// per username and per client address in fixed 15-minute windows, in the database: the count survives a
// restart and every API process sharing the database shares it.
//
// An attempt is counted BEFORE the password is checked (and given back on success). Counting only after a
// failure would let an attacker fire a hundred guesses at once, all checked before the first failure lands.

export const LOGIN_THROTTLE = {
  /** Failures allowed per key and window; the next attempt is answered 429 without checking anything. */
  maxFailures: 10,
  windowMs: 15 * 60 * 1000,
  /** From this many earlier failures on, every attempt waits before its password is checked. */
  slowAfter: 3,
  maxDelayMs: 5000,
} as const;

export const TOO_MANY_ATTEMPTS = 'Too many failed sign-in attempts. Please try again in 15 minutes.';

/** How long an attempt waits, given the failures already counted before it: 0, 0, 0, then 1 s, 2 s … 5 s. */
export function loginDelayMs(priorFailures: number): number {
  if (priorFailures < LOGIN_THROTTLE.slowAfter) return 0;
  return Math.min((priorFailures - LOGIN_THROTTLE.slowAfter + 1) * 1000, LOGIN_THROTTLE.maxDelayMs);
}

export type SlowdownPolicy = (priorFailures: number) => number;

/** The keys an attempt counts against: the username (case-insensitive) and the client address. */
export function attemptKeys(username: string, ip: string): string[] {
  return [`user:${username.trim().normalize('NFKC').toLowerCase()}`, `ip:${ip}`];
}

export function userKey(username: string): string {
  return attemptKeys(username, '')[0]!;
}

export interface AttemptCount {
  key: string;
  /** Including the attempt just counted. */
  failures: number;
  windowStart: Date;
}

/** Counts one attempt against `key` in its current window (a new window when the old one is over), atomically. */
export async function countAttempt(db: Database, key: string, now: Date): Promise<AttemptCount> {
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const windowOver = sql`${loginAttempts.windowStart} <= ${new Date(now.getTime() - LOGIN_THROTTLE.windowMs).toISOString()}::timestamptz`;
  const [row] = await db
    .insert(loginAttempts)
    .values({ key, windowStart: now, failures: 1 })
    .onConflictDoUpdate({
      target: loginAttempts.key,
      // Both expressions read the row as it was before this statement (PostgreSQL's UPDATE semantics).
      set: {
        failures: sql`case when ${windowOver} then 1 else ${loginAttempts.failures} + 1 end`,
        windowStart: sql`case when ${windowOver} then ${nowSql} else ${loginAttempts.windowStart} end`,
      },
    })
    .returning({ failures: loginAttempts.failures, windowStart: loginAttempts.windowStart });
  return { key, failures: row!.failures, windowStart: row!.windowStart };
}

/** Gives back an attempt counted before a check that then succeeded. */
export async function uncountAttempt(db: Database, key: string): Promise<void> {
  await db
    .update(loginAttempts)
    .set({ failures: sql`greatest(${loginAttempts.failures} - 1, 0)` })
    .where(eq(loginAttempts.key, key));
}

/** Forgets a key's failures (a successful sign-in clears its username; a password reset too). */
export async function resetAttempts(db: Database, key: string): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.key, key));
}

/** Seconds until the window of the most recent over-limit key ends, at least 1. */
export function retryAfterSeconds(counts: readonly AttemptCount[], now: Date): number {
  const ends = counts
    .filter((c) => c.failures > LOGIN_THROTTLE.maxFailures)
    .map((c) => c.windowStart.getTime() + LOGIN_THROTTLE.windowMs);
  const latest = Math.max(now.getTime(), ...ends);
  return Math.max(1, Math.ceil((latest - now.getTime()) / 1000));
}

/** Deletes windows that ended long ago: rows for every username ever tried would otherwise pile up. */
export async function deleteOldAttempts(db: Database, now: Date): Promise<void> {
  await db.delete(loginAttempts).where(lt(loginAttempts.windowStart, new Date(now.getTime() - 2 * LOGIN_THROTTLE.windowMs)));
}
