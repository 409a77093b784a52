import {
  OUTBOX_PAGE_SIZE as CONTRACT_PAGE_SIZE,
  OUTBOX_STATUS_FILTERS as CONTRACT_STATUS_FILTERS,
  errorReplies,
  OutboxAttachmentFile,
  OutboxAttachmentParams,
  OutboxQuery,
  OutboxReply,
} from '@charity/domain/contract';
import type { FastifyInstance } from 'fastify';
import { adminPageSize, noStore } from '../admin/admin-routes.js';
import { findOutboxMail, listOutbox, outboxMailJson, rebuildOutboxAttachments } from '../admin/outbox-repository.js';
import { HttpError } from '../http-errors.js';
import { pageMeta } from './shared.js';

// GET /api/admin/outbox (docs/decisions/005-admin-console.md): every mail the server sent or kept, newest first, and
// whether it has an SMTP server at all (without one, every mail waits here as 'stored' and staff read it in the
// console). GET /api/admin/outbox/:id/attachments/:index: one of a mail's attachments (a receipt's PDF…), drawn again
// as the mail sweep draws it for a retry, so staff can open what the donor was sent.

export const OUTBOX_PAGE_SIZE = CONTRACT_PAGE_SIZE;
export const OUTBOX_STATUS_FILTERS = CONTRACT_STATUS_FILTERS;

export const OUTBOX_ATTACHMENT_MESSAGES = {
  mailNotFound: 'Mail not found',
  attachmentNotFound: 'This mail has no such attachment.',
  unavailable: 'This attachment can no longer be drawn: the document it carried was not found.',
} as const;

/**
 * `attachment; filename="…"` for a download: the name as ASCII (anything else, quotes and backslashes become '_')
 * and, when it had other characters, its UTF-8 form too (RFC 6266 / 5987), so no header can be broken by a name.
 */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const plain = `attachment; filename="${ascii}"`;
  return ascii === fileName ? plain : `${plain}; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

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

  app.get<{ Params: OutboxAttachmentParams }>(
    '/admin/outbox/:id/attachments/:index',
    {
      onRequest: app.requireAdmin,
      schema: {
        summary: "One of a mail's attachments (a receipt's or note's PDF), drawn again as the mail sweep draws it",
        params: OutboxAttachmentParams,
        produces: ['application/pdf', 'application/octet-stream'],
        response: { 200: OutboxAttachmentFile, ...errorReplies(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { id, index } = request.params;
      const mail = await findOutboxMail(app.db, id);
      if (!mail) throw new HttpError(404, OUTBOX_ATTACHMENT_MESSAGES.mailNotFound);
      // Only what the mail listed: a mail recorded without attachments has none to draw, whatever it refers to.
      if (index >= mail.attachments.length) throw new HttpError(404, OUTBOX_ATTACHMENT_MESSAGES.attachmentNotFound);
      let files;
      try {
        files = await rebuildOutboxAttachments({ db: app.db, certificates: app.certificateFiles }, mail);
      } catch (error) {
        // The receipt, note, statement or certificate file behind the mail is gone (logged for staff who look).
        request.log.warn({ err: error, outboxId: mail.id }, 'an outbox attachment could not be drawn again');
        throw new HttpError(404, OUTBOX_ATTACHMENT_MESSAGES.unavailable);
      }
      const file = files[index];
      if (!file) throw new HttpError(404, OUTBOX_ATTACHMENT_MESSAGES.unavailable);
      request.log.info({ admin: request.auth?.user.id, outboxId: mail.id, index }, 'outbox attachment downloaded');
      return reply
        .type(file.contentType)
        .header('content-disposition', attachmentDisposition(file.filename))
        .header('x-content-type-options', 'nosniff')
        .send(file.content);
    },
  );
}
