import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../http-errors.js';

/** A preHandler that lets a request through only when it comes from a signed-in admin; otherwise it throws. */
export type AdminGuard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Put on every admin-only route: `{ preHandler: app.requireAdmin }`. */
    requireAdmin: AdminGuard;
  }
}

export const AUTHENTICATION_REQUIRED = 'Authentication required';

/**
 * Until admin sign-in exists, no request can prove it comes from an admin, so every admin-only route refuses
 * everyone with 401. The auth issue replaces this body with a check of the session token (and keeps the
 * 401 answer for a missing or invalid one).
 */
export const refuseEveryone: AdminGuard = async () => {
  throw new HttpError(401, AUTHENTICATION_REQUIRED);
};

/**
 * Decorates the app with `requireAdmin`. Tests may pass another guard (one that lets requests through) to
 * exercise admin routes before sign-in exists; production always uses the default.
 */
export const adminGuardPlugin = fp<{ guard?: AdminGuard }>(
  async (app, { guard }) => {
    app.decorate('requireAdmin', guard ?? refuseEveryone);
  },
  { name: 'admin-guard' },
);
