import { ADMIN_DONATIONS_PAGE_SIZE, donationCsvFileName, organisationDay } from '@charity/domain';
import type { FastifyInstance } from 'fastify';
import { adminPageSize, adminPaging, noStore } from '../admin/admin-routes.js';
import { donationFilterProperties, readDonationFilters, type DonationFilterQuery } from '../admin/donation-filters.js';
import { adminDonationDetailJson, adminDonationDetailSchema, adminDonationJson, adminDonationSchema } from '../admin/donation-json.js';
import { donationCsvStream } from '../admin/donations-csv.js';
import { findDonation, listDonations, summariseDonations } from '../admin/donations-repository.js';
import { RESEND_RECEIPT_MESSAGES, resendReceipt } from '../admin/resend-receipt.js';
import { HttpError } from '../http-errors.js';
import { idParams, pageMeta, pageMetaSchema } from './shared.js';

// The admin's donations (issue 6): the filtered, paged list with the summary of the whole filtered set, one
// donation in full, sending its receipt again, and the CSV export of a filter (streamed).

/** A few resends a minute is plenty for a person; a stuck button or a script cannot flood a donor's inbox. */
export const RESEND_RATE_LIMIT = { max: 10, windowMs: 60 * 1000 } as const;
export const RESEND_TOO_MANY = 'Too many receipts sent again. Please try again in a minute.';

type ListQuery = DonationFilterQuery & { page: number; limit: number };

export async function adminDonationRoutes(app: FastifyInstance) {
  noStore(app);

  app.get<{ Querystring: ListQuery }>(
    '/admin/donations',
    {
      onRequest: app.requireAdmin,
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { ...adminPaging(ADMIN_DONATIONS_PAGE_SIZE), ...donationFilterProperties },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              success: { type: 'boolean' },
              data: {
                type: 'object',
                properties: {
                  donations: { type: 'array', items: adminDonationSchema },
                  summary: { type: 'object', properties: { count: { type: 'integer' }, amount_inr: { type: 'number' } } },
                },
              },
              meta: pageMetaSchema,
            },
          },
        },
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
      schema: { querystring: { type: 'object', additionalProperties: false, properties: donationFilterProperties } },
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
      schema: {
        params: idParams,
        response: {
          200: { type: 'object', properties: { success: { type: 'boolean' }, data: { type: 'object', properties: { donation: adminDonationDetailSchema } } } },
        },
      },
    },
    async (request) => {
      const donation = await findDonation(app.db, request.params.id);
      if (!donation) throw new HttpError(404, RESEND_RECEIPT_MESSAGES.donationNotFound);
      return { success: true, data: { donation: adminDonationDetailJson(donation) } };
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
        params: idParams,
        response: {
          200: {
            type: 'object',
            properties: {
              success: { type: 'boolean' },
              message: { type: 'string' },
              data: { type: 'object', properties: { receipt_number: { type: 'string' }, mail_status: { type: 'string' } } },
            },
          },
        },
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
