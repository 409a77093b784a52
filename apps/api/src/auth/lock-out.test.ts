import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loginAttempts, signInAddresses } from '../db/schema.js';
import { bearer, createUser, signIn, type TestUser } from '../../test/support/auth.js';
import { describeEachDatabase } from '../../test/support/databases.js';
import { clientAddress, LOGIN_THROTTLE, loginDelayMs } from './attempts.js';

// Sign-in lock-out without a denial of service (docs/decisions/012-sign-in-lock-out.md): guessing
// from one address stops at 10 failures per account and 30 across accounts, but failures from elsewhere only slow the
// account down for new addresses, and never the address the admin signed in from before.

const TOO_MANY = { success: false, message: 'Too many failed sign-in attempts. Please try again in 15 minutes.' };
const INVALID = { success: false, message: 'Invalid credentials' };

describe('loginDelayMs', () => {
  it('lets the account’s first three failures through, then doubles from 1 s to at most 10 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 20, 10_000].map(loginDelayMs)).toEqual([0, 0, 0, 1000, 2000, 4000, 8000, 10_000, 10_000, 10_000, 10_000]);
  });
});

describe('clientAddress', () => {
  it('keeps IPv4 as it is (also IPv4-mapped), and counts IPv6 by its /64', () => {
    expect(clientAddress('198.51.100.7')).toBe('198.51.100.7');
    expect(clientAddress('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(clientAddress('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(clientAddress('2001:0db8:0001:0002:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(clientAddress('2001:db8::ffff')).toBe('2001:db8:0:0::/64');
    expect(clientAddress('::1')).toBe('0:0:0:0::/64');
    expect(clientAddress('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientAddress(undefined)).toBe('unknown');
  });
});

describeEachDatabase('sign-in lock-out', (ctx) => {
  let app: FastifyInstance;
  /** The waits the default policy would have imposed, one per call (the app itself does not sleep). */
  let waits: number[];
  let admin: TestUser;
  let block = 0;
  /** Addresses of this test's own: the per-address counts of one test never reach another. */
  let net: string;
  const at = (host: number) => `${net}.${host}`;

  const login = (target: FastifyInstance, username: string, password: string, remoteAddress: string) =>
    target.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress });
  async function fail(times: number, remoteAddress: string, username = admin.username) {
    for (let i = 0; i < times; i += 1) {
      const response = await login(app, username, `wrong-${i}`, remoteAddress);
      expect(response.statusCode, `failure ${i + 1} from ${remoteAddress}`).toBe(401);
    }
  }

  beforeAll(async () => {
    app = await buildApp({
      config: ctx.config,
      database: ctx.database,
      loginSlowdown: (prior) => {
        waits.push(loginDelayMs(prior));
        return 0;
      },
    });
  });
  afterAll(async () => {
    await app?.close();
  });
  beforeEach(async () => {
    waits = [];
    admin = await createUser(ctx.database.db);
    block += 1;
    net = `10.${20 + Math.floor(block / 250)}.${block % 250}`;
  });

  it('an attacker’s failures from elsewhere do not lock the admin out: from a known address the admin signs in at once', async () => {
    await signIn(app, admin, at(1)); // the admin's usual address
    await fail(LOGIN_THROTTLE.maxFailuresPerAccountAndAddress, at(66));
    expect((await login(app, admin.username, 'wrong-again', at(66))).json()).toEqual(TOO_MANY); // the attacker is stopped

    // With the default policy (real waits): the account has 11 failures, the admin's address skips them.
    const real = await buildApp({ config: ctx.config, database: ctx.database });
    try {
      const started = performance.now();
      const response = await login(real, admin.username, admin.password, at(1));
      const ms = performance.now() - started;
      expect(response.statusCode).toBe(200);
      // A new address would wait loginDelayMs(11) = 10 s before its check; this one waits for nothing but scrypt (the
      // bound leaves room for a loaded machine).
      expect(ms).toBeLessThan(LOGIN_THROTTLE.maxDelayMs / 2);
    } finally {
      await real.close();
    }
  });

  it('a new address during an attack is slowed down (10 s at most) but not refused', async () => {
    await fail(10, at(66));
    await fail(10, at(67));
    waits = [];
    const wrong = await login(app, admin.username, 'a-typo', at(2));
    expect(wrong.json()).toEqual(INVALID);
    const right = await login(app, admin.username, admin.password, at(2));
    expect(right.statusCode).toBe(200);
    expect(waits).toEqual([LOGIN_THROTTLE.maxDelayMs, LOGIN_THROTTLE.maxDelayMs]);
    // Now known: the next sign-in from there does not wait.
    waits = [];
    expect((await login(app, admin.username, admin.password, at(2))).statusCode).toBe(200);
    expect(waits).toEqual([]);
  });

  it('many addresses together: past 100 failures on the account in 15 minutes new addresses are refused, a known one is not', async () => {
    await signIn(app, admin, at(1));
    // Ten addresses, each within its own limit of 10: the account's ceiling, not the per-address one, is what is reached.
    for (let host = 100; host < 110; host += 1) await fail(LOGIN_THROTTLE.maxFailuresPerAccountFromNewAddresses / 10, at(host));
    const fresh = await login(app, admin.username, admin.password, at(110));
    expect(fresh.statusCode).toBe(429);
    expect(fresh.json()).toEqual(TOO_MANY);
    const retryAfter = Number(fresh.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
    expect((await login(app, admin.username, 'another-guess', at(111))).json()).toEqual(TOO_MANY);
    // The admin's usual address signs in at once, and another account is not affected.
    waits = [];
    expect((await login(app, admin.username, admin.password, at(1))).statusCode).toBe(200);
    expect(waits).toEqual([]);
    const other = await createUser(ctx.database.db);
    expect((await login(app, other.username, other.password, at(112))).statusCode).toBe(200);
  });

  it('per (account, address): the 11th attempt in 15 minutes is refused, even with the right password, from that address only', async () => {
    await signIn(app, admin, at(1));
    await fail(10, at(66));
    const blocked = await login(app, admin.username, admin.password, at(66));
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(TOO_MANY);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
    // Any spelling of the account is the same account.
    expect((await login(app, admin.username.toUpperCase(), admin.password, at(66))).statusCode).toBe(429);
    // The account from its known address, and from a new one; another account from the attacker's address.
    expect((await login(app, admin.username, admin.password, at(1))).statusCode).toBe(200);
    expect((await login(app, admin.username, admin.password, at(3))).statusCode).toBe(200);
    const other = await createUser(ctx.database.db);
    expect((await login(app, other.username, other.password, at(66))).statusCode).toBe(200);
  });

  it('per address across accounts: the 31st failure in 15 minutes is refused for every account', async () => {
    for (let i = 0; i < LOGIN_THROTTLE.maxFailuresPerAddress; i += 1) {
      expect((await login(app, `someone-${i}`, 'guess-123', at(66))).statusCode, `guess ${i + 1}`).toBe(401);
    }
    expect((await login(app, admin.username, admin.password, at(66))).json()).toEqual(TOO_MANY);
    expect((await login(app, admin.username, admin.password, at(4))).statusCode).toBe(200);
  });

  it('checks at most 10 passwords of a burst of parallel guesses from one address', async () => {
    const responses = await Promise.all(Array.from({ length: 16 }, (_, i) => login(app, admin.username, `parallel-${i}`, at(66))));
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(6);
  });

  it('waits by the account’s failures from every address, for addresses that never signed in', async () => {
    for (let i = 0; i < 6; i += 1) expect((await login(app, admin.username, `w${i}`, at(100 + i))).statusCode).toBe(401);
    expect(waits).toEqual([0, 0, 0, 1000, 2000, 4000]);
  });

  it('forgets an address 90 days after its last sign-in', async () => {
    await signIn(app, admin, at(1));
    await fail(5, at(66));
    await ctx.database.db
      .update(signInAddresses)
      .set({ lastSignedInAt: new Date(Date.now() - 91 * 24 * 3_600_000) })
      .where(eq(signInAddresses.userId, admin.id));
    waits = [];
    expect((await login(app, admin.username, admin.password, at(1))).statusCode).toBe(200);
    expect(waits).toEqual([loginDelayMs(5)]);
  });

  it('counts an IPv6 client by its /64: a fresh address in the same /64 is the same client', async () => {
    for (let i = 1; i <= 10; i += 1) expect((await login(app, admin.username, `w${i}`, `2001:db8:${block}:7::${i}`)).statusCode).toBe(401);
    expect((await login(app, admin.username, admin.password, `2001:db8:${block}:7::ffff`)).statusCode).toBe(429);
    expect((await login(app, admin.username, admin.password, `2001:db8:${block}:8::1`)).statusCode).toBe(200);
  });

  it('a success from an address forgets that address’s failures on the account and keeps the account’s count', async () => {
    await fail(4, at(5));
    await fail(3, at(66));
    expect((await login(app, admin.username, admin.password, at(5))).statusCode).toBe(200);
    const counts = Object.fromEntries((await ctx.database.db.select().from(loginAttempts)).map((row) => [row.key, row.failures]));
    const name = admin.username.toLowerCase();
    expect(counts[`pair:${at(5)} ${name}`]).toBeUndefined();
    expect(counts[`pair:${at(66)} ${name}`]).toBe(3);
    expect(counts[`ip:${at(5)}`]).toBe(4);
    expect(counts[`user:${name}`]).toBe(7);
    expect(await ctx.database.db.select().from(signInAddresses).where(eq(signInAddresses.userId, admin.id))).toEqual([
      { userId: admin.id, address: at(5), lastSignedInAt: expect.any(Date) },
    ]);
  });

  it('change-password counts a wrong current password against the account from that address', async () => {
    const token = await signIn(app, admin, at(6));
    for (let i = 0; i < 10; i += 1) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: bearer(token),
        payload: { currentPassword: `nope-${i}`, newPassword: 'whatever-123' },
        remoteAddress: at(7),
      });
      expect(response.statusCode).toBe(400);
    }
    const refused = await app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: bearer(token),
      payload: { currentPassword: admin.password, newPassword: 'whatever-123' },
      remoteAddress: at(7),
    });
    expect(refused.json()).toEqual(TOO_MANY);
  });
});
