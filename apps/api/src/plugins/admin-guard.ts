import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { checkSession, type SessionRow } from '../auth/sessions.js';
import { bearerToken } from '../auth/tokens.js';
import { ADMIN_ROLE, type AdminUserRow } from '../auth/users.js';
import { HttpError } from '../http-errors.js';

/** An onRequest hook that lets a request through only when it comes from a signed-in admin; otherwise it throws. */
export type AdminGuard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** Who is signed in, set on the request by requireUser / requireAdmin. */
export interface RequestAuth {
  user: AdminUserRow;
  session: SessionRow;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Put on every admin-only route: `{ onRequest: app.requireAdmin }`. 401 without a valid session, 403 for other roles. */
    requireAdmin: AdminGuard;
    /** Any signed-in user, whatever the role (their own account: verify, logout, password, profile). */
    requireUser: AdminGuard;
  }
  interface FastifyRequest {
    /** Set once requireUser or requireAdmin has let the request through; null before. */
    auth: RequestAuth | null;
  }
}

export const AUTHENTICATION_REQUIRED = 'Authentication required';
export const SESSION_EXPIRED = 'Session expired';
export const ACCESS_DENIED = 'Access denied';

function refuse(reply: FastifyReply, message: string): never {
  // RFC 6750: tell the client which scheme is expected. No error details: a probe learns nothing.
  reply.header('www-authenticate', 'Bearer realm="admin"');
  throw new HttpError(401, message);
}

/**
 * Decorates the app with `requireUser` and `requireAdmin`, checking the bearer token against admin_sessions
 * on every request. Missing, malformed, unknown or revoked tokens: 401 'Authentication required'; a session
 * past its idle timeout or absolute expiry: 401 'Session expired'; a valid session of a user whose role is not
 * admin: 403 'Access denied'. Tests may pass another `guard` for requireAdmin (one that lets requests
 * through) to exercise admin routes on their own; production always uses the real check.
 */
export const adminGuardPlugin = fp<{ guard?: AdminGuard }>(
  async (app, { guard }) => {
    app.decorateRequest('auth', null);

    const requireUser: AdminGuard = async (request, reply) => {
      const token = bearerToken(request.headers.authorization);
      if (!token) refuse(reply, AUTHENTICATION_REQUIRED);
      const found = await checkSession(app.db, token, app.config.session, new Date());
      if (found.status === 'expired') refuse(reply, SESSION_EXPIRED);
      if (found.status !== 'valid') refuse(reply, AUTHENTICATION_REQUIRED);
      request.auth = { user: found.user, session: found.session };
    };

    const requireAdmin: AdminGuard = async (request, reply) => {
      await requireUser(request, reply);
      if (request.auth?.user.role !== ADMIN_ROLE) throw new HttpError(403, ACCESS_DENIED);
    };

    app.decorate('requireUser', requireUser);
    app.decorate('requireAdmin', guard ?? requireAdmin);
  },
  { name: 'admin-guard', dependencies: ['context'] },
);
