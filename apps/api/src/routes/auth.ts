import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { AUTH_MESSAGES, FIELD_MAX_LENGTHS, LOGIN_MESSAGES } from '@charity/domain';
import {
  AuthMessageReply,
  ChangePasswordFields,
  errorReplies,
  FormBody,
  LoginFields,
  ProfileFields,
  type SessionReply,
  SignedInReply,
  UserOnlyReply,
  VerifyReply,
} from '@charity/domain/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  attemptKeys,
  clientAddress,
  countAttempts,
  deleteOldAttempts,
  isKnownAddress,
  LOGIN_THROTTLE,
  loginDelayMs,
  rememberAddress,
  resetAttempts,
  retryAfterSeconds,
  TOO_MANY_ATTEMPTS,
  uncountAttempts,
  type AttemptCount,
  type AttemptKeys,
  type SlowdownPolicy,
} from '../auth/attempts.js';
import { hashPassword, verifyPassword } from '../auth/password.js';
import {
  createSession,
  deleteOldSessions,
  revokeSession,
  revokeUserSessions,
  rotateSession,
  type SessionOrigin,
  type SessionRow,
} from '../auth/sessions.js';
import {
  findUserByUsername,
  FULL_NAME_MAX_LENGTH,
  newPasswordProblem,
  USERNAME_MAX_LENGTH,
  userJson,
  type AdminUserRow,
} from '../auth/users.js';
import { noStore } from '../admin/admin-routes.js';
import { adminUsers } from '../db/schema.js';
import { HttpError } from '../http-errors.js';
import type { RequestAuth } from '../plugins/admin-guard.js';
import { cleanText } from './shared.js';

// Sign-in and the signed-in user's own account (spec sections 4 "Authentication", 5 "Login", 7 "Auth").
// Passwords and tokens never appear in an answer other than the one that issues the token, and never in a
// log line: the request log writes method, URL, status and time only, and the logger redacts password fields.

export const AUTH_ROUTE_MESSAGES = {
  notAnObject: 'Send the fields as a JSON object.',
  mustBeText: (label: string) => `${label} must be text.`,
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters long.`,
  loggedOut: 'Logged out',
  currentPasswordRequired: 'Current password is required',
  newPasswordRequired: 'New password is required',
  currentPasswordIncorrect: 'Current password is incorrect',
  fullNameRequired: 'Full name is required',
} as const;

/** Longest password a sign-in accepts: longer than any password that can be set (256), short enough to hash. */
export const LOGIN_PASSWORD_MAX_LENGTH = FIELD_MAX_LENGTHS.auth.login_password;

/** Cleaning of old sessions and attempt windows runs at most this often per process, on a sign-in. */
const HOUSEKEEPING_INTERVAL_MS = 10 * 60 * 1000;

export interface AuthRouteOptions {
  /** Delay before checking a password, given earlier failures; tests pass `() => 0`. */
  slowdown?: SlowdownPolicy;
}

/** The body: a JSON object, or Fastify has already refused it (the routes' FormBody). */
function body(request: FastifyRequest): Record<string, unknown> {
  return request.body as Record<string, unknown>;
}

/** A text field: undefined/null/'' → `required` message; anything but a string → 'X must be text.' */
function textField(input: Record<string, unknown>, field: string, label: string, required: string, max: number): string {
  const value = input[field];
  if (value === undefined || value === null || value === '') throw new HttpError(400, required);
  if (typeof value !== 'string') throw new HttpError(400, AUTH_ROUTE_MESSAGES.mustBeText(label));
  if (value.length > max) throw new HttpError(400, AUTH_ROUTE_MESSAGES.tooLong(label, max));
  return value;
}

function origin(request: FastifyRequest): SessionOrigin {
  const agent = request.headers['user-agent'];
  return { userAgent: typeof agent === 'string' ? agent : null, ip: request.ip ?? null };
}

const userResponse = { 200: UserOnlyReply, ...errorReplies(401) };
const tokenResponse = { 200: SignedInReply, ...errorReplies(401) };
const verifyResponse = { 200: VerifyReply, ...errorReplies(401) };
const messageResponse = { 200: AuthMessageReply, ...errorReplies(401) };

// The bodies are FormBody (packages/domain/src/contract/common.ts): Fastify refuses anything but a JSON object with
// AUTH_ROUTE_MESSAGES.notAnObject; the fields are checked below, one at a time, with the spec's messages.
const loginSchema = {
  summary: 'Sign in: the token for the other routes',
  body: FormBody(LoginFields, AUTH_ROUTE_MESSAGES.notAnObject),
  response: { ...tokenResponse, ...errorReplies(429) },
};
const changePasswordSchema = {
  body: FormBody(ChangePasswordFields, AUTH_ROUTE_MESSAGES.notAnObject),
  response: { ...messageResponse, ...errorReplies(429) },
};
const profileSchema = { body: FormBody(ProfileFields, AUTH_ROUTE_MESSAGES.notAnObject), response: userResponse };

export async function authRoutes(app: FastifyInstance, { slowdown = loginDelayMs }: AuthRouteOptions) {
  // Every answer here carries a token or the signed-in user, or refuses one: no cache keeps it (errors included).
  noStore(app);

  // Checked when a username does not exist, so that answer takes as long as a wrong password (no user
  // enumeration by timing). Made once, in the background, from a random password nobody knows.
  const dummyHash = hashPassword(randomBytes(24).toString('base64url'));
  dummyHash.catch(() => {});

  let lastHousekeeping = 0;
  async function housekeeping(now: Date) {
    if (now.getTime() - lastHousekeeping < HOUSEKEEPING_INTERVAL_MS) return;
    lastHousekeeping = now.getTime();
    try {
      await deleteOldAttempts(app.db, now);
      await deleteOldSessions(app.db, now);
    } catch (error) {
      app.log.warn({ err: error }, 'could not delete old sign-in records');
    }
  }

  /**
   * Counts an attempt for `username` from the client's address (auth/attempts.ts): 429 once this address is over its
   * limit for this account or across accounts; otherwise, from an address that has not signed in to this account
   * before, a wait that grows with the account's failures from anywhere (never a refusal: no one can lock the admin
   * out from elsewhere). Returns what `succeeded` needs.
   */
  async function throttle(request: FastifyRequest, reply: FastifyReply, username: string): Promise<{ keys: AttemptKeys; address: string }> {
    const now = new Date();
    const address = clientAddress(request.ip);
    const keys = attemptKeys(username, address);
    const [pair, perAddress] = await countAttempts(app.db, [keys.pair, keys.address], now);
    const over: AttemptCount[] = [];
    if (pair!.failures > LOGIN_THROTTLE.maxFailuresPerAccountAndAddress) over.push(pair!);
    if (perAddress!.failures > LOGIN_THROTTLE.maxFailuresPerAddress) over.push(perAddress!);
    if (over.length > 0) {
      reply.header('retry-after', String(retryAfterSeconds(over, now)));
      throw new HttpError(429, TOO_MANY_ATTEMPTS);
    }
    // Counted only for attempts that reach the check: refused ones must not lengthen everyone else's wait.
    const [account] = await countAttempts(app.db, [keys.account], now);
    if (!(await isKnownAddress(app.db, username, address, now))) {
      // Many addresses at once: the waits do not slow parallel guessing, the ceiling does (decision 012).
      if (account!.failures > LOGIN_THROTTLE.maxFailuresPerAccountFromNewAddresses) {
        reply.header('retry-after', String(retryAfterSeconds([account!], now)));
        throw new HttpError(429, TOO_MANY_ATTEMPTS);
      }
      const delay = slowdown(account!.failures - 1);
      if (delay > 0) await sleep(delay);
    }
    return { keys, address };
  }

  /**
   * After a password matched: this address's failures on the account are forgotten, the attempt is given back to the
   * address's and the account's counts (an attacker's failures elsewhere stay counted), and the address is known.
   */
  async function succeeded({ keys, address }: { keys: AttemptKeys; address: string }, userId: number) {
    await resetAttempts(app.db, keys.pair);
    await uncountAttempts(app.db, [keys.address, keys.account]);
    await rememberAddress(app.db, userId, address, new Date());
  }

  /** The session's end as the admin area needs it to warn in time (decision 037). */
  function sessionJson(session: SessionRow): SessionReply {
    return { expires_at: session.expiresAt.toISOString(), idle_timeout_seconds: app.config.session.idleMinutes * 60 };
  }

  function signedIn(request: FastifyRequest): RequestAuth {
    // requireUser ran as the onRequest hook: auth is set.
    return request.auth!;
  }

  app.post('/auth/login', { schema: loginSchema }, async (request, reply) => {
    const input = body(request);
    const username = textField(input, 'username', 'Username', LOGIN_MESSAGES.usernameRequired, USERNAME_MAX_LENGTH).trim();
    if (username === '') throw new HttpError(400, LOGIN_MESSAGES.usernameRequired);
    // No account's name holds a NUL (PostgreSQL text cannot store one): the wrong-credentials answer at once, before
    // the attempt counters (keyed by the name) or the lookup would hand it to the database (found by the API fuzz).
    if (username.includes('\u0000')) throw new HttpError(401, AUTH_MESSAGES.invalidCredentials);
    // The password is taken as typed: spaces count.
    const password = textField(input, 'password', 'Password', LOGIN_MESSAGES.passwordRequired, LOGIN_PASSWORD_MAX_LENGTH);

    const keys = await throttle(request, reply, username);
    const user = await findUserByUsername(app.db, username);
    // Always one scrypt check, against the dummy hash when there is no such user: same work, same time.
    const matches = await verifyPassword(password, user?.passwordHash ?? (await dummyHash));
    if (!user || !matches) throw new HttpError(401, AUTH_MESSAGES.invalidCredentials);

    await succeeded(keys, user.id);
    const now = new Date();
    const { token, session } = await createSession(app.db, user.id, origin(request), app.config.session, now);
    await housekeeping(now);
    return { success: true, data: { user: userJson(user), token, session: sessionJson(session) } };
  });

  app.post('/auth/logout', { onRequest: app.requireUser, schema: { response: messageResponse } }, async (request) => {
    await revokeSession(app.db, signedIn(request).session.id, new Date());
    return { success: true, message: AUTH_ROUTE_MESSAGES.loggedOut };
  });

  app.get('/auth/verify', { onRequest: app.requireUser, schema: { response: verifyResponse } }, async (request) => {
    const { user, session } = signedIn(request);
    return { success: true, data: { user: userJson(user), session: sessionJson(session) } };
  });

  app.post('/auth/refresh', { onRequest: app.requireUser, schema: { response: tokenResponse } }, async (request) => {
    const { session, user } = signedIn(request);
    const rotated = await rotateSession(app.db, session, origin(request), app.config.session, new Date());
    // Another refresh with the same token won the race: this token is no longer valid.
    if (!rotated) throw new HttpError(401, 'Authentication required');
    return { success: true, data: { token: rotated.token, user: userJson(user), session: sessionJson(rotated.session) } };
  });

  app.post('/auth/change-password', { onRequest: app.requireUser, schema: changePasswordSchema }, async (request, reply) => {
    const { session, user } = signedIn(request);
    const input = body(request);
    const current = textField(input, 'currentPassword', 'Current password', AUTH_ROUTE_MESSAGES.currentPasswordRequired, LOGIN_PASSWORD_MAX_LENGTH);
    const next = textField(input, 'newPassword', 'New password', AUTH_ROUTE_MESSAGES.newPasswordRequired, LOGIN_PASSWORD_MAX_LENGTH);
    const problem = newPasswordProblem(next, 'New password');
    if (problem) throw new HttpError(400, problem);

    // Guessing the current password through a stolen session is throttled like signing in.
    const keys = await throttle(request, reply, user.username);
    const [fresh] = await app.db.select().from(adminUsers).where(eq(adminUsers.id, user.id)).limit(1);
    if (!fresh || !(await verifyPassword(current, fresh.passwordHash))) {
      throw new HttpError(400, AUTH_ROUTE_MESSAGES.currentPasswordIncorrect);
    }
    await succeeded(keys, user.id);
    const now = new Date();
    const passwordHash = await hashPassword(next);
    await app.db.transaction(async (tx) => {
      await tx.update(adminUsers).set({ passwordHash, updatedAt: now }).where(eq(adminUsers.id, user.id));
      // Whoever else holds a session (a stolen token, a forgotten laptop) is signed out; this one stays.
      await revokeUserSessions(tx as unknown as typeof app.db, user.id, now, session.id);
    });
    return { success: true, message: AUTH_MESSAGES.passwordChanged };
  });

  app.put('/auth/profile', { onRequest: app.requireUser, schema: profileSchema }, async (request) => {
    const { user } = signedIn(request);
    const input = body(request);
    const raw = input.full_name;
    if (raw !== undefined && raw !== null && typeof raw !== 'string') throw new HttpError(400, AUTH_ROUTE_MESSAGES.mustBeText('Full name'));
    const fullName = cleanText(typeof raw === 'string' ? raw : '', { singleLine: true });
    if (fullName === '') throw new HttpError(400, AUTH_ROUTE_MESSAGES.fullNameRequired);
    if (fullName.length > FULL_NAME_MAX_LENGTH) throw new HttpError(400, AUTH_ROUTE_MESSAGES.tooLong('Full name', FULL_NAME_MAX_LENGTH));
    const [updated] = await app.db
      .update(adminUsers)
      .set({ fullName, updatedAt: new Date() })
      .where(eq(adminUsers.id, user.id))
      .returning();
    if (!updated) throw new HttpError(401, 'Authentication required');
    return { success: true, data: { user: userJson(updated as AdminUserRow) } };
  });
}
