import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { attemptKeys, TOO_MANY_ATTEMPTS } from '../auth/attempts.js';
import { adminSessions, adminUsers, loginAttempts } from '../db/schema.js';
import { createLogger } from '../logger.js';
import { bearer, createUser, signIn, type TestUser } from '../../test/support/auth.js';
import { describeEachDatabase } from '../../test/support/databases.js';

// The auth routes and the guard behind every admin route, on real databases: sessions, expiry, rotation,
// revocation, roles, user enumeration, brute-force lock-out shared across app instances, and logs free of
// secrets. How the lock-out spares the real admin: auth/lock-out.test.ts.

const INVALID = { success: false, message: 'Invalid credentials' };
const REQUIRED = { success: false, message: 'Authentication required' };
const EXPIRED = { success: false, message: 'Session expired' };
const TOO_MANY = { success: false, message: 'Too many failed sign-in attempts. Please try again in 15 minutes.' };

describeEachDatabase('auth routes', (ctx) => {
  let app: FastifyInstance;
  let other: FastifyInstance;
  let admin: TestUser;
  let addressCounter = 0;
  /** A client address of its own per test, so the per-address counter of one test never blocks another. */
  let ip: string;

  const fast = () => 0;
  const login = (target: FastifyInstance, username: string, password: string, remoteAddress = ip) =>
    target.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress });
  const verify = (token: string, target = app) => target.inject({ method: 'GET', url: '/api/auth/verify', headers: bearer(token) });
  const sessionOf = async (token: string) => {
    const hash = createHash('sha256').update(token).digest('hex');
    const [row] = await ctx.database.db.select().from(adminSessions).where(eq(adminSessions.tokenHash, hash));
    return row!;
  };

  beforeAll(async () => {
    app = await buildApp({ config: ctx.config, database: ctx.database, loginSlowdown: fast });
    other = await buildApp({ config: ctx.config, database: ctx.database, loginSlowdown: fast });
  });
  afterAll(async () => {
    await app?.close();
    await other?.close();
  });
  beforeEach(async () => {
    admin = await createUser(ctx.database.db);
    addressCounter += 1;
    ip = `10.1.${Math.floor(addressCounter / 250)}.${addressCounter % 250}`;
  });

  describe('POST /api/auth/login', () => {
    it('answers the user and a 256-bit opaque token, storing only its SHA-256 with the request origin', async () => {
      const started = Date.now();
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: admin.username, password: admin.password },
        headers: { 'user-agent': 'TestBrowser/1.0' },
        remoteAddress: ip,
      });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toEqual({
        success: true,
        data: {
          user: { id: admin.id, username: admin.username, full_name: 'Asha Rao', role: 'admin' },
          token: expect.any(String),
          session: { expires_at: expect.any(String), idle_timeout_seconds: 120 * 60 },
        },
      });
      const token: string = body.data.token;
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
      expect(response.body).not.toContain('scrypt');

      const session = await sessionOf(token);
      expect(session).toMatchObject({ userId: admin.id, userAgent: 'TestBrowser/1.0', ip, revokedAt: null });
      const everything = JSON.stringify(await ctx.database.db.select().from(adminSessions));
      expect(everything).not.toContain(token);
      // Absolute expiry: SESSION_MAX_HOURS (12) after sign-in.
      const hours = (session.expiresAt.getTime() - started) / 3_600_000;
      expect(hours).toBeGreaterThan(11.99);
      expect(hours).toBeLessThan(12.01);
      // The reply names that end, so the admin area can warn before it (decision 037); verify says the same.
      expect(body.data.session.expires_at).toBe(session.expiresAt.toISOString());
      expect((await verify(token)).json().data.session).toEqual({ expires_at: session.expiresAt.toISOString(), idle_timeout_seconds: 7200 });
    });

    it('answers a username holding a NUL byte as unknown (401), not a database error', async () => {
      const response = await login(app, '\u0000', 'wrong-password');
      expect(response.statusCode).toBe(401);
    });

    it('trims the username, takes the password as typed', async () => {
      expect((await login(app, `  ${admin.username} `, admin.password)).statusCode).toBe(200);
      expect((await login(app, admin.username, ` ${admin.password}`)).statusCode).toBe(401);
    });

    it.each([
      ['no body', undefined, 'Send the fields as a JSON object.'],
      ['a list', [1, 2], 'Send the fields as a JSON object.'],
      ['no username', { password: 'secret123' }, 'Username is required'],
      ['a blank username', { username: '   ', password: 'secret123' }, 'Username is required'],
      ['no password', { username: 'asha' }, 'Password is required'],
      ['an empty password', { username: 'asha', password: '' }, 'Password is required'],
      ['a numeric username', { username: 42, password: 'secret123' }, 'Username must be text.'],
      ['a password object', { username: 'asha', password: { $gt: '' } }, 'Password must be text.'],
      ['a 65-character username', { username: 'a'.repeat(65), password: 'secret123' }, 'Username must be at most 64 characters long.'],
    ])('answers 400 for %s, naming the field, without counting an attempt', async (_label, payload, message) => {
      const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object, remoteAddress: ip });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ success: false, message });
      const rows = await ctx.database.db.select().from(loginAttempts).where(eq(loginAttempts.key, `ip:${ip}`));
      expect(rows).toEqual([]);
    });

    it('answers an unknown username exactly like a wrong password, taking comparable time (no enumeration)', async () => {
      // An account hashed at the server's own cost, as every real one is (test accounts use the lowest).
      admin = await createUser(ctx.database.db, { fullCost: true });
      const timings = { unknown: [] as number[], wrong: [] as number[] };
      for (let i = 0; i < 3; i += 1) {
        let started = performance.now();
        const unknown = await login(app, `nobody-${i}-${admin.username}`, admin.password);
        timings.unknown.push(performance.now() - started);
        started = performance.now();
        const wrong = await login(app, admin.username, `${admin.password}-wrong`);
        timings.wrong.push(performance.now() - started);
        expect(unknown.statusCode).toBe(401);
        expect(wrong.statusCode).toBe(401);
        expect(unknown.json()).toEqual(INVALID);
        expect(wrong.json()).toEqual(INVALID);
        expect(unknown.headers['content-length']).toBe(wrong.headers['content-length']);
      }
      // Both run one scrypt check (the unknown user against a dummy hash): the same order of time. The bound
      // is loose on purpose (a shared, busy machine); without the dummy check the unknown user took ~1 ms.
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[1]!;
      expect(median(timings.unknown)).toBeGreaterThan(median(timings.wrong) * 0.3);
    });

    it('lets a user of another role sign in, but the admin routes answer 403 Access denied', async () => {
      const editor = await createUser(ctx.database.db, { role: 'editor' });
      const token = await signIn(app, editor, ip);
      expect((await verify(token)).json().data.user.role).toBe('editor');
      const response = await app.inject({ method: 'POST', url: '/api/events', payload: { title: 'T', description: 'D' }, headers: bearer(token) });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ success: false, message: 'Access denied' });
    });
  });

  describe('the session guard', () => {
    it('refuses a missing, malformed or unknown token with 401 Authentication required', async () => {
      const cases: Array<Record<string, string>> = [
        {},
        { authorization: '' },
        { authorization: 'Bearer' },
        { authorization: 'Bearer abc' },
        { authorization: `Basic ${Buffer.from(`${admin.username}:${admin.password}`).toString('base64')}` },
        { authorization: `Bearer ${'!'.repeat(43)}` },
        { authorization: `Bearer ${'A'.repeat(43)} extra` },
        { authorization: `Bearer ${'A'.repeat(43)}` }, // well-formed, but no such session
      ];
      for (const headers of cases) {
        const response = await app.inject({ method: 'GET', url: '/api/auth/verify', headers });
        expect(response.statusCode, JSON.stringify(headers)).toBe(401);
        expect(response.json()).toEqual(REQUIRED);
        expect(response.headers['www-authenticate']).toBe('Bearer realm="admin"');
      }
    });

    it('accepts the scheme in any case', async () => {
      const token = await signIn(app, admin, ip);
      const response = await app.inject({ method: 'GET', url: '/api/auth/verify', headers: { authorization: `bearer ${token}` } });
      expect(response.json()).toEqual({
        success: true,
        data: { user: { id: admin.id, username: admin.username, full_name: 'Asha Rao', role: 'admin' }, session: { expires_at: expect.any(String), idle_timeout_seconds: 7200 } },
      });
    });

    it('refuses a session past its absolute expiry with 401 Session expired', async () => {
      const token = await signIn(app, admin, ip);
      expect((await verify(token)).statusCode).toBe(200);
      const session = await sessionOf(token);
      await ctx.database.db.update(adminSessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(adminSessions.id, session.id));
      const response = await verify(token);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(EXPIRED);
    });

    it('refuses a session idle for longer than SESSION_IDLE_MINUTES (120), and keeps an active one alive', async () => {
      const token = await signIn(app, admin, ip);
      const session = await sessionOf(token);
      const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

      await ctx.database.db.update(adminSessions).set({ lastUsedAt: minutesAgo(119) }).where(eq(adminSessions.id, session.id));
      expect((await verify(token)).statusCode).toBe(200);
      // That request counted as activity.
      expect(Date.now() - (await sessionOf(token)).lastUsedAt.getTime()).toBeLessThan(60_000);

      await ctx.database.db.update(adminSessions).set({ lastUsedAt: minutesAgo(121) }).where(eq(adminSessions.id, session.id));
      const response = await verify(token);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(EXPIRED);
    });

    it('signs a deleted user out (sessions cascade)', async () => {
      const user = await createUser(ctx.database.db);
      const token = await signIn(app, user, ip);
      await ctx.database.db.delete(adminUsers).where(eq(adminUsers.id, user.id));
      expect((await verify(token)).json()).toEqual(REQUIRED);
    });
  });

  describe('logout, refresh', () => {
    it('logout revokes the token on the server: every later use is refused', async () => {
      const token = await signIn(app, admin, ip);
      const response = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, message: 'Logged out' });
      expect((await sessionOf(token)).revokedAt).toBeInstanceOf(Date);
      expect((await verify(token)).json()).toEqual(REQUIRED);
      expect((await verify(token, other)).json()).toEqual(REQUIRED); // another API process agrees
      const again = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
      expect(again.statusCode).toBe(401);
      expect((await app.inject({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(401);
    });

    it('refresh rotates: a new token works, the old one is refused, and the sign-in keeps its absolute expiry', async () => {
      const oldToken = await signIn(app, admin, ip);
      const oldSession = await sessionOf(oldToken);
      const response = await app.inject({ method: 'POST', url: '/api/auth/refresh', headers: bearer(oldToken) });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toEqual({
        success: true,
        data: {
          token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
          user: { id: admin.id, username: admin.username, full_name: 'Asha Rao', role: 'admin' },
          // Refreshing never moves the end.
          session: { expires_at: oldSession.expiresAt.toISOString(), idle_timeout_seconds: 7200 },
        },
      });
      const newToken: string = body.data.token;
      expect(newToken).not.toBe(oldToken);
      expect((await verify(oldToken)).json()).toEqual(REQUIRED);
      expect((await verify(newToken)).statusCode).toBe(200);
      expect((await sessionOf(newToken)).expiresAt.getTime()).toBe(oldSession.expiresAt.getTime());
      // The old token cannot be refreshed again.
      expect((await app.inject({ method: 'POST', url: '/api/auth/refresh', headers: bearer(oldToken) })).statusCode).toBe(401);
    });

    it('two refreshes of one token racing: exactly one wins', async () => {
      const token = await signIn(app, admin, ip);
      const [a, b] = await Promise.all([
        app.inject({ method: 'POST', url: '/api/auth/refresh', headers: bearer(token) }),
        other.inject({ method: 'POST', url: '/api/auth/refresh', headers: bearer(token) }),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 401]);
    });
  });

  describe('POST /api/auth/change-password', () => {
    it('changes the password and signs out every other session, keeping this one', async () => {
      const here = await signIn(app, admin, ip);
      const elsewhere = await signIn(other, admin, ip);
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: bearer(here),
        payload: { currentPassword: admin.password, newPassword: 'a new long password' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, message: 'Password changed successfully' });
      expect((await verify(here)).statusCode).toBe(200);
      expect((await verify(elsewhere)).json()).toEqual(REQUIRED);
      expect((await login(app, admin.username, admin.password)).statusCode).toBe(401);
      expect((await login(app, admin.username, 'a new long password')).statusCode).toBe(200);
    });

    it.each([
      [{ newPassword: 'another-one' }, 'Current password is required'],
      [{ currentPassword: 'x' }, 'New password is required'],
      [{ currentPassword: 'x', newPassword: 12345678 }, 'New password must be text.'],
      [{ currentPassword: 'x', newPassword: '12345' }, 'New password must be at least 6 characters'],
      [{ currentPassword: 'x', newPassword: 'x'.repeat(257) }, 'New password must be at most 256 characters'],
    ])('answers 400 for %j', async (payload, message) => {
      const token = await signIn(app, admin, ip);
      const response = await app.inject({ method: 'POST', url: '/api/auth/change-password', headers: bearer(token), payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ success: false, message });
    });

    it('refuses a wrong current password with 400, changing nothing, and counts it like a failed sign-in', async () => {
      const token = await signIn(app, admin, ip);
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: bearer(token),
        payload: { currentPassword: 'not-my-password', newPassword: 'whatever-123' },
        remoteAddress: ip,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ success: false, message: 'Current password is incorrect' });
      expect((await login(app, admin.username, admin.password)).statusCode).toBe(200);
      const [row] = await ctx.database.db.select().from(loginAttempts).where(eq(loginAttempts.key, `ip:${ip}`));
      expect(row?.failures).toBe(1);
    });

    it('needs a session', async () => {
      const response = await app.inject({ method: 'POST', url: '/api/auth/change-password', payload: { currentPassword: 'a', newPassword: 'bbbbbb' } });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('PUT /api/auth/profile', () => {
    it('changes the full name (trimmed) and nothing else, and answers the user', async () => {
      const token = await signIn(app, admin, ip);
      const response = await app.inject({
        method: 'PUT',
        url: '/api/auth/profile',
        headers: bearer(token),
        payload: { full_name: '  Asha  Rao-Menon \n', role: 'superadmin', username: 'root' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        success: true,
        data: { user: { id: admin.id, username: admin.username, full_name: 'Asha  Rao-Menon', role: 'admin' } },
      });
      expect((await verify(token)).json().data.user.full_name).toBe('Asha  Rao-Menon');
    });

    it.each([
      [{}, 'Full name is required'],
      [{ full_name: '   ' }, 'Full name is required'],
      [{ full_name: 7 }, 'Full name must be text.'],
      [{ full_name: 'x'.repeat(101) }, 'Full name must be at most 100 characters long.'],
    ])('answers 400 for %j', async (payload, message) => {
      const token = await signIn(app, admin, ip);
      const response = await app.inject({ method: 'PUT', url: '/api/auth/profile', headers: bearer(token), payload });
      expect(response.json()).toEqual({ success: false, message });
    });

    it('needs a session', async () => {
      expect((await app.inject({ method: 'PUT', url: '/api/auth/profile', payload: { full_name: 'X' } })).statusCode).toBe(401);
    });
  });

  describe('brute force', () => {
    async function failTimes(n: number, target = app, username = admin.username, remoteAddress = ip) {
      for (let i = 0; i < n; i += 1) {
        const response = await login(target, username, `wrong-${i}`, remoteAddress);
        expect(response.statusCode, `attempt ${i + 1}`).toBe(401);
      }
    }

    it('answers the 11th failure in 15 minutes with 429 and Retry-After, even with the right password', async () => {
      await failTimes(10);
      const blocked = await login(app, admin.username, 'wrong-again');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual(TOO_MANY);
      const retryAfter = Number(blocked.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(800);
      expect(retryAfter).toBeLessThanOrEqual(900);
      expect((await login(app, admin.username, admin.password)).json()).toEqual(TOO_MANY);
      // Locked for this address only (and any spelling of the name): not from elsewhere.
      expect((await login(app, admin.username.toUpperCase(), admin.password)).statusCode).toBe(429);
      expect((await login(app, admin.username, admin.password, '10.99.0.1')).statusCode).toBe(200);
      expect(TOO_MANY_ATTEMPTS).toBe(TOO_MANY.message);
    });

    it('opens again once the 15-minute window is over', async () => {
      await failTimes(10);
      expect((await login(app, admin.username, admin.password)).statusCode).toBe(429);
      const keys = attemptKeys(admin.username, ip);
      await ctx.database.db
        .update(loginAttempts)
        .set({ windowStart: new Date(Date.now() - 16 * 60_000) })
        .where(sql`${loginAttempts.key} in (${keys.account}, ${keys.address}, ${keys.pair})`);
      expect((await login(app, admin.username, admin.password)).statusCode).toBe(200);
    });

    it('counts per client address across usernames (30)', async () => {
      for (let i = 0; i < 30; i += 1) expect((await login(app, `someone-${i}`, 'guess-123')).statusCode).toBe(401);
      const blocked = await login(app, admin.username, admin.password);
      expect(blocked.statusCode).toBe(429);
      // The same account from another address is fine.
      expect((await login(app, admin.username, admin.password, '10.98.0.1')).statusCode).toBe(200);
    });

    it('keeps the count when the server restarts (a new app on the same database)', async () => {
      await failTimes(6);
      await ctx.reopen();
      const restarted = await buildApp({ config: ctx.config, database: ctx.database, loginSlowdown: fast });
      try {
        await failTimes(4, restarted);
        expect((await login(restarted, admin.username, admin.password)).statusCode).toBe(429);
      } finally {
        await restarted.close();
      }
      // The suite's apps hold the closed handle: rebuild them on the reopened database.
      await app.close();
      await other.close();
      app = await buildApp({ config: ctx.config, database: ctx.database, loginSlowdown: fast });
      other = await buildApp({ config: ctx.config, database: ctx.database, loginSlowdown: fast });
    });

    it('shares the count between two API processes on one database', async () => {
      for (let i = 0; i < 10; i += 1) {
        const response = await login(i % 2 === 0 ? app : other, admin.username, `wrong-${i}`);
        expect(response.statusCode).toBe(401);
      }
      expect((await login(other, admin.username, admin.password)).statusCode).toBe(429);
      expect((await login(app, admin.username, admin.password)).statusCode).toBe(429);
    });

    it('never checks more than 10 passwords of a burst of parallel guesses, across processes', async () => {
      const responses = await Promise.all(Array.from({ length: 16 }, (_, i) => login(i % 2 === 0 ? app : other, admin.username, `parallel-${i}`)));
      const statuses = responses.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 401)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(6);
    });

    it('forgets this address’s failures on the account after a successful sign-in from it', async () => {
      await failTimes(9);
      expect((await login(app, admin.username, admin.password)).statusCode).toBe(200);
      const keys = attemptKeys(admin.username, ip);
      expect(await ctx.database.db.select().from(loginAttempts).where(eq(loginAttempts.key, keys.pair))).toEqual([]);
      // The address's count across accounts is kept (9).
      const [address] = await ctx.database.db.select().from(loginAttempts).where(eq(loginAttempts.key, keys.address));
      expect(address?.failures).toBe(9);
      await failTimes(10);
      expect((await login(app, admin.username, admin.password)).statusCode).toBe(429);
    });

    it('slows attempts down after three failures (default policy)', async () => {
      const slow = await buildApp({ config: ctx.config, database: ctx.database });
      try {
        const timed = async (password: string) => {
          const started = performance.now();
          const response = await login(slow, admin.username, password);
          return { status: response.statusCode, ms: performance.now() - started };
        };
        for (let i = 0; i < 3; i += 1) expect((await timed(`wrong-${i}`)).status).toBe(401);
        const fourth = await timed(admin.password); // even the right password waits
        expect(fourth.status).toBe(200);
        expect(fourth.ms).toBeGreaterThanOrEqual(990);
      } finally {
        await slow.close();
      }
    });
  });

  describe('logs', () => {
    it('never contain a password or a token, at the most verbose level', async () => {
      const lines: string[] = [];
      const logged = await buildApp({
        config: ctx.config,
        database: ctx.database,
        loginSlowdown: fast,
        logger: createLogger('trace', { write: (line: string) => void lines.push(line) }),
      });
      try {
        const secrets = [admin.password, 'typo-password-1', 'brand-new-password-2'];
        await login(logged, admin.username, 'typo-password-1');
        const token = await signIn(logged, admin, ip);
        await logged.inject({ method: 'GET', url: '/api/auth/verify', headers: bearer(token) });
        await logged.inject({
          method: 'POST',
          url: '/api/auth/change-password',
          headers: bearer(token),
          payload: { currentPassword: 'typo-password-1', newPassword: 'brand-new-password-2' },
        });
        await logged.inject({
          method: 'POST',
          url: '/api/auth/change-password',
          headers: bearer(token),
          payload: { currentPassword: admin.password, newPassword: 'brand-new-password-2' },
        });
        const refreshed = await logged.inject({ method: 'POST', url: '/api/auth/refresh', headers: bearer(token) });
        const newToken: string = refreshed.json().data.token;
        await logged.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(newToken) });
        await logged.inject({ method: 'GET', url: '/api/auth/verify', headers: bearer(newToken) });

        expect(lines.length).toBeGreaterThanOrEqual(8); // one line per request at least: the capture works
        const log = lines.join('\n');
        expect(log).toContain('/api/auth/login');
        for (const secret of [...secrets, token, newToken]) expect(log).not.toContain(secret);
      } finally {
        await logged.close();
      }
    });
  });
});
