import { AdminAttemptListQuery, AdminAttemptListReply, errorReplies } from '@charity/domain/contract';
import type { AttemptOutcome } from '@charity/domain';
import type { FastifyInstance } from 'fastify';
import { adminPageSize, noStore } from '../admin/admin-routes.js';
import { listAttempts, summariseAttempts } from '../admin/attempts-repository.js';
import { cleanText, pageMeta } from './shared.js';

// The payment attempts staff can see (docs/decisions/023-payment-attempts-for-staff.md): the payments that did not
// become donations and the requests the card-testing limit refused, searchable by email, with the outcome counts and
// the busiest addresses.

type ListQuery = { q?: string; outcome?: AttemptOutcome | ''; page: number; limit: number };

export async function adminAttemptRoutes(app: FastifyInstance) {
  noStore(app);

  app.get<{ Querystring: ListQuery }>(
    '/admin/payment-attempts',
    {
      onRequest: app.requireAdmin,
      schema: {
        summary: 'Payment attempts that did not become donations, and requests the card-testing limit refused',
        querystring: AdminAttemptListQuery,
        response: { 200: AdminAttemptListReply, ...errorReplies(401, 403) },
      },
    },
    async (request) => {
      const q = cleanText(request.query.q ?? '', { singleLine: true });
      const outcome = request.query.outcome || null;
      const { page } = request.query;
      const limit = adminPageSize(request.query.limit);
      const now = new Date();
      const [attempts, summary] = await Promise.all([listAttempts(app.db, { q, outcome }, { page, limit, now }), summariseAttempts(app.db, { q }, now)]);
      const total = outcome ? summary.counts[outcome] : Object.values(summary.counts).reduce((sum, n) => sum + n, 0);
      return { success: true, data: { attempts, summary }, meta: pageMeta(total, page, limit) };
    },
  );
}
