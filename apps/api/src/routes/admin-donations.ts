import { donationCsvFileName, organisationDay } from '@charity/domain';
import {
  AdminDonationDetailEnvelope,
  AdminDonationListQuery,
  AdminDonationListReply,
  AdminReceiptPdf,
  DonationExportQuery,
  errorReplies,
  IdParams,
  ResendReceiptReply,
} from '@charity/domain/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { adminPageSize, noStore } from '../admin/admin-routes.js';
import { readDonationFilters, type DonationFilterQuery } from '../admin/donation-filters.js';
import { adminDonationDetailJson, adminDonationJson } from '../admin/donation-json.js';
import { donationCsvStream } from '../admin/donations-csv.js';
import { findDonation, listDonations, summariseDonations } from '../admin/donations-repository.js';
import { donations, receipts } from '../db/schema.js';
import { receiptInputFromDetails } from '../receipts/issuing.js';
import { drawReceiptPdf } from '../receipts/pdf-thread.js';
import { receiptFileName } from '../receipts/receipt-number.js';
import { RESEND_RECEIPT_MESSAGES, resendReceipt } from '../receipts/resend-receipt.js';
import { HttpError } from '../http-errors.js';
import { attachmentDisposition } from './admin-outbox.js';
import { pageMeta } from './shared.js';

// The admin's donations (docs/decisions/005-admin-console.md): the filtered, paged list with the summary of the whole
// filtered set, one donation in full, its receipt's PDF, sending its receipt again, and the CSV export of a filter
// (streamed).

export const ADMIN_RECEIPT_MESSAGES = {
  donationNotFound: RESEND_RECEIPT_MESSAGES.donationNotFound,
  noReceipt: 'No receipt has been issued for this donation yet.',
} as const;

/** A few resends a minute is plenty for a person; a stuck button or a script cannot flood a donor's inbox. */
export const RESEND_RATE_LIMIT = { max: 10, windowMs: 60 * 1000 } as const;
export const RESEND_TOO_MANY = 'Too many receipts sent again. Please try again in a minute.';

type ListQuery = DonationFilterQuery & { page: number; limit: number };

/** The export's body: text/csv, streamed (never serialised as JSON). */
const DonationsCsv = { type: 'string', description: 'CSV, one donation per row, with a header row' } as const;

export async function adminDonationRoutes(app: FastifyInstance) {
  noStore(app);

  app.get<{ Querystring: ListQuery }>(
    '/admin/donations',
    {
      onRequest: app.requireAdmin,
      schema: {
        summary: 'Donations matching the filters, with the summary of all of them',
        querystring: AdminDonationListQuery,
        response: { 200: AdminDonationListReply, ...errorReplies(401, 403) },
      },
    },
    async (request) => {
      const filters = readDonationFilters(request.query);
      const { page } = request.query;
      const limit = adminPageSize(request.query.limit);
      const [rows, summary] = await Promise.all([listDonations(app.db, filters, { page, limit }), summariseDonations(app.db, filters)]);
      return { success: true, data: { donations: rows.map(adminDonationJson), summary }, meta: pageMeta(summary.count, page, limit) };
    },
  );

  // A static path: find-my-way matches it before the parametric /admin/donations/:id, whose id is an integer anyway.
  app.get<{ Querystring: DonationFilterQuery }>(
    '/admin/donations/export.csv',
    {
      onRequest: app.requireAdmin,
      schema: {
        summary: 'The donations matching the filters, as CSV',
        querystring: DonationExportQuery,
        produces: ['text/csv'],
        response: { 200: DonationsCsv, ...errorReplies(401, 403) },
      },
    },
    async (request, reply) => {
      const filters = readDonationFilters(request.query);
      const stream = await donationCsvStream(app.db, filters);
      const fileName = donationCsvFileName({ from: filters.from, to: filters.to }, organisationDay(new Date()));
      // Who exported what (the search text stays out of the log: it is often a donor's name or address).
      request.log.info({ admin: request.auth?.user.id, filters: { ...filters, q: filters.q ? '[search]' : '' } }, 'donations exported');
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('x-content-type-options', 'nosniff')
        .send(stream);
    },
  );

  app.get<{ Params: { id: number } }>(
    '/admin/donations/:id',
    {
      onRequest: app.requireAdmin,
      schema: { summary: 'One donation in full', params: IdParams, response: { 200: AdminDonationDetailEnvelope, ...errorReplies(401, 403, 404) } },
    },
    async (request) => {
      const donation = await findDonation(app.db, request.params.id);
      if (!donation) throw new HttpError(404, RESEND_RECEIPT_MESSAGES.donationNotFound);
      return { success: true, data: { donation: adminDonationDetailJson(donation) } };
    },
  );

  app.get<{ Params: { id: number } }>(
    '/admin/donations/:id/receipt.pdf',
    {
      onRequest: app.requireAdmin,
      schema: {
        summary: "The donation's 80G receipt as a PDF (as the donor downloads it)",
        params: IdParams,
        produces: ['application/pdf'],
        response: { 200: AdminReceiptPdf, ...errorReplies(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const [row] = await app.db
        .select({ donationId: donations.id, number: receipts.number, details: receipts.details })
        .from(donations)
        .leftJoin(receipts, eq(receipts.donationId, donations.id))
        .where(eq(donations.id, request.params.id))
        .limit(1);
      if (!row) throw new HttpError(404, ADMIN_RECEIPT_MESSAGES.donationNotFound);
      if (row.number === null || row.details === null) throw new HttpError(404, ADMIN_RECEIPT_MESSAGES.noReceipt);
      // Drawn from the receipt's frozen details, on the PDF thread, exactly as /invoices/:number/download draws it.
      const pdf = await drawReceiptPdf(receiptInputFromDetails(row.details));
      request.log.info({ admin: request.auth?.user.id, donationId: row.donationId }, 'receipt downloaded by staff');
      return reply
        .type('application/pdf')
        .header('content-disposition', attachmentDisposition(receiptFileName(row.number)))
        .header('x-content-type-options', 'nosniff')
        .header('x-robots-tag', 'noindex')
        .send(pdf);
    },
  );

  app.post<{ Params: { id: number } }>(
    '/admin/donations/:id/resend-receipt',
    {
      onRequest: app.requireAdmin,
      config: {
        // Counted per signed-in admin, after the guard (an anonymous caller never reaches the counter).
        rateLimit: {
          hook: 'preHandler',
          max: RESEND_RATE_LIMIT.max,
          timeWindow: RESEND_RATE_LIMIT.windowMs,
          keyGenerator: (request) => (request.auth ? `admin:${request.auth.user.id}` : `ip:${request.ip}`),
          errorResponseBuilder: () => new HttpError(429, RESEND_TOO_MANY),
        },
      },
      schema: {
        summary: 'Send the receipt to the donor again',
        params: IdParams,
        response: { 200: ResendReceiptReply, ...errorReplies(401, 403, 404, 429) },
      },
    },
    async (request) => {
      const { receiptNumber, mailStatus } = await resendReceipt(
        { db: app.db, mailer: app.mailer, log: request.log, publicBaseUrl: app.config.publicBaseUrl },
        request.params.id,
      );
      return { success: true, message: RESEND_RECEIPT_MESSAGES.sent, data: { receipt_number: receiptNumber, mail_status: mailStatus } };
    },
  );
}
