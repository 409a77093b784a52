import { REFUND_MESSAGES } from '@charity/domain';
import { AdminDonationDetailReply, errorReplies, IdParams, OkWithMessage, RefundRequestFields } from '@charity/domain/contract';
import { Type } from 'typebox';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { noStore } from '../admin/admin-routes.js';
import { adminDonationDetailJson } from '../admin/donation-json.js';
import { findDonation } from '../admin/donations-repository.js';
import { refunds } from '../db/schema.js';
import { HttpError } from '../http-errors.js';
import { renderNotePdf } from './note-pdf.js';
import { noteFileName, type NoteDetails } from './note-text.js';
import { RefundRefusal, requestRefund } from './use-cases.js';

// Staff's refunds (docs/decisions/024-refunds.md): refund part or all of a donation from its detail, and download a
// refund's credit or cancellation note. Both behind the admin guard.

/** A refund is a deliberate act: a handful a minute per person is plenty, and a stuck button cannot repeat one. */
export const REFUND_RATE_LIMIT = { max: 10, windowMs: 60 * 1000 } as const;
export const REFUND_TOO_MANY = 'Too many refunds in a minute. Please wait a moment and try again.';
export const NOTE_NOT_FOUND = 'No note has been issued for this refund.';

const RefundReply = OkWithMessage(Type.Object({ donation: AdminDonationDetailReply }));
const NotePdf = { type: 'string', format: 'binary', description: 'The note as a PDF' } as const;

export async function refundRoutes(app: FastifyInstance) {
  noStore(app);

  app.post<{ Params: { id: number }; Body: RefundRequestFields }>(
    '/admin/donations/:id/refunds',
    {
      onRequest: app.requireAdmin,
      config: {
        rateLimit: {
          hook: 'preHandler',
          max: REFUND_RATE_LIMIT.max,
          timeWindow: REFUND_RATE_LIMIT.windowMs,
          keyGenerator: (request) => (request.auth ? `admin-refund:${request.auth.user.id}` : `ip:${request.ip}`),
          errorResponseBuilder: () => new HttpError(429, REFUND_TOO_MANY),
        },
      },
      schema: {
        summary: 'Refund part or all of a donation through the payment provider',
        params: IdParams,
        body: RefundRequestFields,
        response: { 201: RefundReply, ...errorReplies(401, 403, 404, 409, 429, 502, 504) },
      },
    },
    async (request, reply) => {
      const staff = { id: request.auth?.user.id ?? null, username: request.auth?.user.username ?? 'staff' };
      let message: string;
      try {
        ({ message } = await requestRefund(app, {
          donationId: request.params.id,
          amountMinor: request.body.amount_minor,
          reason: request.body.reason,
          requestedBy: staff.username,
        }));
      } catch (error) {
        if (error instanceof RefundRefusal) throw new HttpError(error.statusCode, error.message);
        throw error;
      }
      request.log.info({ admin: staff.id, donationId: request.params.id, amountMinor: request.body.amount_minor }, 'donation refunded by staff');
      const donation = await findDonation(app.db, request.params.id);
      if (!donation) throw new HttpError(404, REFUND_MESSAGES.notFound);
      return reply.code(201).send({ success: true, message, data: { donation: adminDonationDetailJson(donation) } });
    },
  );

  app.get<{ Params: { id: number } }>(
    '/admin/refunds/:id/note.pdf',
    {
      onRequest: app.requireAdmin,
      schema: { summary: "A refund's credit or cancellation note", params: IdParams, produces: ['application/pdf'], response: { 200: NotePdf, ...errorReplies(401, 403, 404) } },
    },
    async (request, reply) => {
      const [row] = await app.db.select({ details: refunds.noteDetails }).from(refunds).where(eq(refunds.id, request.params.id)).limit(1);
      if (!row?.details) throw new HttpError(404, NOTE_NOT_FOUND);
      const details = row.details as unknown as NoteDetails;
      const pdf = await renderNotePdf(details);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${noteFileName(details.number)}"`)
        .header('x-content-type-options', 'nosniff')
        .send(pdf);
    },
  );
}
