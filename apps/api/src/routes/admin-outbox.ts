import {
  OUTBOX_PAGE_SIZE as CONTRACT_PAGE_SIZE,
  OUTBOX_STATUS_FILTERS as CONTRACT_STATUS_FILTERS,
  errorReplies,
  OutboxQuery,
  OutboxReply,
} from '@charity/domain/contract';
import type { FastifyInstance } from 'fastify';
import { adminPageSize, noStore } from '../admin/admin-routes.js';
import { listOutbox, outboxMailJson } from '../admin/outbox-repository.js';
import { pageMeta } from './shared.js';

// GET /api/admin/outbox (docs/decisions/005-admin-console.md): every mail the server sent or kept, newest first, and
// whether it has an SMTP server at all (without one, every mail waits here as 'stored' and staff read it in the
// console).

export const OUTBOX_PAGE_SIZE = CONTRACT_PAGE_SIZE;
export const OUTBOX_STATUS_FILTERS = CONTRACT_STATUS_FILTERS;

export async function adminOutboxRoutes(app: FastifyInstance) {
  noStore(app);

  app.get<{ Querystring: OutboxQuery }>(
    '/admin/outbox',
    {
      onRequest: app.requireAdmin,
      schema: {
        summary: 'Every mail the server sent or kept, newest first',
        querystring: OutboxQuery,
        response: { 200: OutboxReply, ...errorReplies(401, 403) },
      },
    },
    async (request) => {
      const { status, page } = request.query;
      const limit = adminPageSize(request.query.limit);
      const { items, total } = await listOutbox(app.db, { status: status === 'all' ? null : status, page, limit });
      return {
        success: true,
        data: { mails: items.map(outboxMailJson), smtp_configured: app.config.smtpUrl !== null },
        meta: pageMeta(total, page, limit),
      };
    },
  );
}
