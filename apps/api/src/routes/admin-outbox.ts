import { MAIL_STATUSES, type MailStatus } from '@charity/domain';
import type { FastifyInstance } from 'fastify';
import { adminPageSize, adminPaging, noStore } from '../admin/admin-routes.js';
import { listOutbox, outboxMailJson, outboxMailSchema } from '../admin/outbox-repository.js';
import { pageMeta, pageMetaSchema } from './shared.js';

// GET /api/admin/outbox (issue 6): every mail the server sent or kept, newest first, and whether it has an SMTP
// server at all (without one, every mail waits here as 'stored' and staff read it in the console).

export const OUTBOX_PAGE_SIZE = 20;
export const OUTBOX_STATUS_FILTERS = ['all', ...MAIL_STATUSES] as const;

export async function adminOutboxRoutes(app: FastifyInstance) {
  noStore(app);

  app.get<{ Querystring: { status: 'all' | MailStatus; page: number; limit: number } }>(
    '/admin/outbox',
    {
      onRequest: app.requireAdmin,
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { ...adminPaging(OUTBOX_PAGE_SIZE), status: { type: 'string', enum: OUTBOX_STATUS_FILTERS, default: 'all' } },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              success: { type: 'boolean' },
              data: { type: 'object', properties: { mails: { type: 'array', items: outboxMailSchema }, smtp_configured: { type: 'boolean' } } },
              meta: pageMetaSchema,
            },
          },
        },
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
