import { ORGANISATION_TIME_ZONE, organisationDay, partnerReportFileName, partnerReportRangeError } from '@charity/domain';
import { errorReplies, PartnerListReply, PartnerReportCsv, PartnerReportQuery, PartnerReportReply } from '@charity/domain/contract';
import type { FastifyInstance } from 'fastify';
import { noStore } from '../admin/admin-routes.js';
import { parseOrigin } from '../config.js';
import { HttpError } from '../http-errors.js';
import { partnerReportCsv } from '../partners/report-csv.js';
import { knownPartners, partnerReportRows, type PartnerReportFilters } from '../partners/report-repository.js';
import { cleanText } from './shared.js';

// Partner sites for staff (docs/decisions/031-partner-report.md):
//   GET /api/admin/partners                the partners staff can pick (configured in PARTNER_ORIGINS, or seen on a
//                                          donation), for the donations list's source filter and the report's;
//   GET /api/admin/partners/report         what each partner's widget brought per organisation month and currency:
//                                          completed donations, distinct donors, amount net of refunds, refunded;
//   GET /api/admin/partners/report.csv     the same rows as CSV, the month column's header naming the time zone.

export const PARTNER_REPORT_ROUTE_MESSAGES = {
  partnerInvalid: "partner must be a partner site's origin such as https://school.example.",
} as const;

/** Reads and checks the report's query; a bad value is a 400 with a sentence naming it. */
export function readPartnerReportFilters(query: PartnerReportQuery): PartnerReportFilters {
  const value = (key: keyof PartnerReportQuery) => cleanText(query[key] ?? '', { singleLine: true });
  const from = value('from');
  const to = value('to');
  const rangeError = partnerReportRangeError(from, to);
  if (rangeError) throw new HttpError(400, rangeError);
  const raw = value('partner');
  let partner = '';
  if (raw !== '') {
    const origin = parseOrigin(raw);
    if (!origin) throw new HttpError(400, PARTNER_REPORT_ROUTE_MESSAGES.partnerInvalid);
    partner = origin;
  }
  return { from, to, partner };
}

export async function adminPartnerRoutes(app: FastifyInstance) {
  noStore(app);

  app.get(
    '/admin/partners',
    {
      onRequest: app.requireAdmin,
      schema: {
        summary: 'The partner sites: listed in PARTNER_ORIGINS or seen on a donation, A to Z',
        response: { 200: PartnerListReply, ...errorReplies(401, 403) },
      },
    },
    async () => ({ success: true, data: { partners: await knownPartners(app.db, app.config.partnerOrigins) } }),
  );

  app.get<{ Querystring: PartnerReportQuery }>(
    '/admin/partners/report',
    {
      onRequest: app.requireAdmin,
      schema: {
        summary: "What each partner's widget brought per organisation month and currency (net of refunds)",
        querystring: PartnerReportQuery,
        response: { 200: PartnerReportReply, ...errorReplies(401, 403) },
      },
    },
    async (request) => {
      const rows = await partnerReportRows(app.db, readPartnerReportFilters(request.query));
      return { success: true, data: { time_zone: ORGANISATION_TIME_ZONE, refunds_subtracted: true as const, rows } };
    },
  );

  // A static path beside /admin/partners/report: find-my-way matches each exactly.
  app.get<{ Querystring: PartnerReportQuery }>(
    '/admin/partners/report.csv',
    {
      onRequest: app.requireAdmin,
      schema: {
        summary: 'The partner report as CSV (the month column names the time zone)',
        querystring: PartnerReportQuery,
        produces: ['text/csv'],
        response: { 200: PartnerReportCsv, ...errorReplies(401, 403) },
      },
    },
    async (request, reply) => {
      const filters = readPartnerReportFilters(request.query);
      const rows = await partnerReportRows(app.db, filters);
      const fileName = partnerReportFileName(filters, organisationDay(new Date()));
      request.log.info({ admin: request.auth?.user.id, filters }, 'partner report exported');
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('x-content-type-options', 'nosniff')
        .send(partnerReportCsv(rows));
    },
  );
}
