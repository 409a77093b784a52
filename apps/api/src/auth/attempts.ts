import { isIP } from 'node:net';
import { and, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../db/open.js';
import { adminUsers, loginAttempts, signInAddresses } from '../db/schema.js';

// Brute-force protection for anything that checks a password (sign-in, password change), without handing anyone a
// way to lock the real admin out (docs/decisions/012-sign-in-lock-out.md, with the numbers). Failures are counted in
// fixed 15-minute windows, in the database (a restart keeps them; every API process sharing the database shares
// them), against three keys:
//  - the account from one address ('pair:'): strict, 10 failures then 429: guessing from one place stops;
//  - the address across all accounts ('ip:'): 30 failures then 429: one place trying many accounts stops;
//  - the account from anywhere ('user:'): for an address that has not signed in to this account within 90 days
//    (sign_in_addresses), a growing wait (1 s … 10 s) before the password check, and a ceiling of 100 failures per
//    window, past which new addresses get 429: many addresses together get at most 400 guesses an hour at one
//    account. An address the admin signed in from before skips both: an attacker without it cannot slow the admin's
//    usual address down or refuse it.
//
// An attempt is counted BEFORE the password is checked (and given back on success). Counting only after a
// failure would let an attacker fire a hundred guesses at once, all checked before the first failure lands.

export const LOGIN_THROTTLE = {
  windowMs: 15 * 60 * 1000,
  /** Failures allowed per (account, address) and window; the next attempt is answered 429 without checking anything. */
  maxFailuresPerAccountAndAddress: 10,
  /** Failures allowed per address across every account and window; the next attempt is answered 429. */
  maxFailuresPerAddress: 30,
  /**
   * Failures allowed per account and window before addresses that never signed in to it are answered 429 (known
   * addresses are not): the bound on guessing from many addresses at once, which the waits alone do not slow.
   */
  maxFailuresPerAccountFromNewAddresses: 100,
  /** From this many earlier failures of the account (from anywhere) on, an attempt from a new address waits. */
  slowAfter: 3,
  firstDelayMs: 1000,
  maxDelayMs: 10_000,
  /** An address that signed in to the account this recently skips the account's waits. */
  knownAddressMs: 90 * 24 * 60 * 60 * 1000,
} as const;

export const TOO_MANY_ATTEMPTS = 'Too many failed sign-in attempts. Please try again in 15 minutes.';

/** How long an attempt from a new address waits, given the account's earlier failures: 0, 0, 0, then 1, 2, 4, 8, 10, 10 … s. */
export function loginDelayMs(priorFailures: number): number {
  if (priorFailures < LOGIN_THROTTLE.slowAfter) return 0;
  const doublings = Math.min(priorFailures - LOGIN_THROTTLE.slowAfter, 10);
  return Math.min(LOGIN_THROTTLE.firstDelayMs * 2 ** doublings, LOGIN_THROTTLE.maxDelayMs);
}

export type SlowdownPolicy = (priorFailures: number) => number;

/** The account part of a key: the username as typed, trimmed, NFKC, lower case ("Asha" and "asha" are one account). */
function accountName(username: string): string {
  return username.trim().normalize('NFKC').toLowerCase();
}

/** The first four groups of an IPv6 address (its /64), written without leading zeros. */
function ipv6Network(address: string): string {
  const [head = '', tail] = address.split('%')[0]!.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  // A trailing dotted IPv4 part takes two groups.
  const width = (groups: string[]) => groups.reduce((n, group) => n + (group.includes('.') ? 2 : 1), 0);
  const zeros = tail === undefined ? [] : Array<string>(Math.max(0, 8 - width(headGroups) - width(tailGroups))).fill('0');
  const groups = [...headGroups, ...zeros, ...tailGroups].slice(0, 4);
  return `${groups.map((group) => Number.parseInt(group, 16).toString(16)).join(':')}::/64`;
}

/**
 * The client as the limits count it: an IPv4 address as it is (also when a dual-stack socket writes it as
 * ::ffff:a.b.c.d), an IPv6 address as its /64, the smallest block a home or a server is given: otherwise one
 * client could take a fresh address from its 2^64 for every guess.
 */
export function clientAddress(ip: string | undefined): string {
  const address = ip ?? 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  return isIP(address.split('%')[0]!) === 6 ? ipv6Network(address) : address;
}

export interface AttemptKeys {
  /** The account from anywhere: waits only. */
  account: string;
  /** The address across all accounts: 429 after LOGIN_THROTTLE.maxFailuresPerAddress. */
  address: string;
  /** The account from this address: 429 after LOGIN_THROTTLE.maxFailuresPerAccountAndAddress. */
  pair: string;
}

/** The keys an attempt for `username` from `address` (clientAddress) counts against. No address holds a space. */
export function attemptKeys(username: string, address: string): AttemptKeys {
  const name = accountName(username);
  return { account: `user:${name}`, address: `ip:${address}`, pair: `pair:${address} ${name}` };
}

export interface AttemptCount {
  key: string;
  /** Including the attempt just counted. */
  failures: number;
  windowStart: Date;
}

/**
 * Counts one attempt against each key in its current window (a new window when the old one is over), atomically,
 * in one statement. Returns the counts in the order of `keys` (which must differ from each other).
 */
export async function countAttempts(db: Database, keys: readonly string[], now: Date): Promise<AttemptCount[]> {
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const windowOver = sql`${loginAttempts.windowStart} <= ${new Date(now.getTime() - LOGIN_THROTTLE.windowMs).toISOString()}::timestamptz`;
  const rows = await db
    .insert(loginAttempts)
    .values(keys.map((key) => ({ key, windowStart: now, failures: 1 })))
    .onConflictDoUpdate({
      target: loginAttempts.key,
      // Both expressions read the row as it was before this statement (PostgreSQL's UPDATE semantics).
      set: {
        failures: sql`case when ${windowOver} then 1 else ${loginAttempts.failures} + 1 end`,
        windowStart: sql`case when ${windowOver} then ${nowSql} else ${loginAttempts.windowStart} end`,
      },
    })
    .returning({ key: loginAttempts.key, failures: loginAttempts.failures, windowStart: loginAttempts.windowStart });
  return keys.map((key) => rows.find((row) => row.key === key)!);
}

/** Gives back an attempt counted before a check that then succeeded. */
export async function uncountAttempts(db: Database, keys: readonly string[]): Promise<void> {
  await db
    .update(loginAttempts)
    .set({ failures: sql`greatest(${loginAttempts.failures} - 1, 0)` })
    .where(inArray(loginAttempts.key, [...keys]));
}

/** Forgets a key's failures. */
export async function resetAttempts(db: Database, key: string): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.key, key));
}

/**
 * Forgets every failure counted against an account: from anywhere and from each address (`npm run admin -- unlock`,
 * reset-password). Returns how many counters held failures, and how many addresses those were for. The per-address
 * counts across accounts stay.
 */
export async function unlockAccount(db: Database, username: string): Promise<{ counters: number; addresses: number }> {
  const name = accountName(username);
  // A pair key is 'pair:<address> <name>', and no address holds a space: the name is everything after the first one.
  const deleted = await db
    .delete(loginAttempts)
    .where(
      or(
        eq(loginAttempts.key, `user:${name}`),
        and(sql`${loginAttempts.key} like 'pair:%'`, sql`substr(${loginAttempts.key}, strpos(${loginAttempts.key}, ' ') + 1) = ${name}`),
      ),
    )
    .returning({ key: loginAttempts.key, failures: loginAttempts.failures });
  // A counter at 0 is a success's given-back attempt: nothing was locked there.
  const counted = deleted.filter((row) => row.failures > 0);
  return { counters: counted.length, addresses: counted.filter((row) => row.key.startsWith('pair:')).length };
}

/** Seconds until the window of the most recent over-limit count ends, at least 1. */
export function retryAfterSeconds(overLimit: readonly AttemptCount[], now: Date): number {
  const ends = overLimit.map((c) => c.windowStart.getTime() + LOGIN_THROTTLE.windowMs);
  const latest = Math.max(now.getTime(), ...ends);
  return Math.max(1, Math.ceil((latest - now.getTime()) / 1000));
}

/** Whether `address` signed in to the account named `username` (exactly, as sign-in finds it) within 90 days. */
export async function isKnownAddress(db: Database, username: string, address: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ userId: signInAddresses.userId })
    .from(signInAddresses)
    .innerJoin(adminUsers, eq(adminUsers.id, signInAddresses.userId))
    .where(
      and(
        eq(adminUsers.username, username),
        eq(signInAddresses.address, address),
        gt(signInAddresses.lastSignedInAt, new Date(now.getTime() - LOGIN_THROTTLE.knownAddressMs)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Records a successful sign-in (or password check) of `userId` from `address`. */
export async function rememberAddress(db: Database, userId: number, address: string, now: Date): Promise<void> {
  await db
    .insert(signInAddresses)
    .values({ userId, address, lastSignedInAt: now })
    .onConflictDoUpdate({ target: [signInAddresses.userId, signInAddresses.address], set: { lastSignedInAt: now } });
}

/** Deletes windows that ended long ago and addresses no longer known: rows would otherwise pile up. */
export async function deleteOldAttempts(db: Database, now: Date): Promise<void> {
  await db.delete(loginAttempts).where(lt(loginAttempts.windowStart, new Date(now.getTime() - 2 * LOGIN_THROTTLE.windowMs)));
  await db.delete(signInAddresses).where(lt(signInAddresses.lastSignedInAt, new Date(now.getTime() - LOGIN_THROTTLE.knownAddressMs)));
}
