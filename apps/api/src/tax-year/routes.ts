import {
  EMAIL_MAX_LENGTH,
  financialYearDays,
  isFinancialYear,
  isValidEmail,
  isValidPan,
  normalisePan,
  organisationDayStart,
  STATEMENT_REQUEST_MESSAGES,
  TAX_YEAR_MESSAGES,
} from '@charity/domain';
import {
  DonorPanBody,
  DonorPanReply,
  ErrorReply,
  errorReplies,
  Form10bdCsv,
  FormBody,
  MessageReply,
  StatementPdf,
  StatementPdfQuery,
  StatementRequestBody,
  StatementsRunReply,
  StatementTokenParams,
  TaxYearParams,
  TaxYearSummaryReply,
} from '@charity/domain/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { noStore } from '../admin/admin-routes.js';
import { formError, HttpError } from '../http-errors.js';
import { currentOrganisationSettings } from '../settings/repository.js';
import { recordDonorPan } from './donor-pan.js';
import { form10bdCsv, form10bdDonors, form10bdFileName } from './form-10bd.js';
import { eligibleDonors } from './repository.js';
import { renderStatementPdf } from './statement-pdf.js';
import { statementFileName } from './statement-text.js';
import { issueYearStatements, latestStatement, requestStatement, statementByToken, statementDetails, type StatementDeps } from './statements.js';
import { taxYearSummary } from './summary.js';

// The financial year (docs/decisions/027-tax-year.md).
//   Staff (behind the admin guard):
//     GET  /admin/tax-year/:year                       the year's 80G summary (TaxYearSummary)
//     GET  /admin/tax-year/:year/form-10bd.csv         Form 10BD Part B for the portal's bulk upload
//     POST /admin/tax-year/:year/statements            issue and mail the year's annual statements
//     GET  /admin/tax-year/:year/statement.pdf?email=  one donor's statement (the latest issued, else as it stands)
//     PUT  /admin/tax-year/:year/donors/pan {email, pan} record the PAN a donor sent on their eligible donations
//   Donors (no account):
//     POST /statements/request {email, financial_year} mails a link if that address gave that year; same answer always
//     GET  /statements/:token.pdf                      the statement a mailed link opens (7 days)
// Every answer is no-store: they carry donors' names, PANs and amounts.

/** A person asks a few times; a script trying addresses is stopped per address and per email. */
export const STATEMENT_REQUEST_RATE_LIMIT = { perIp: 10, perEmail: 5, windowMs: 3_600_000 } as const;
/** Opening a link: generous for a donor, a wall for a script guessing tokens. */
export const STATEMENT_LINK_RATE_LIMIT = { max: 30, windowMs: 15 * 60_000 } as const;
export const STATEMENT_BODY_MESSAGE = 'Send the fields as a JSON object.';
/** The contract's error statuses have no 410: a link that has expired is this route's own. */
const LinkExpiredReply = Type.Object(ErrorReply.properties, { description: 'The link has expired: the donor can request a new one.' });

/** The year of a URL, checked: 400 with the domain's sentence for a malformed one or one not begun. */
export function checkedYear(year: string, now = new Date()): string {
  if (!isFinancialYear(year)) throw new HttpError(400, TAX_YEAR_MESSAGES.invalidYear);
  if (organisationDayStart(financialYearDays(year).from).getTime() > now.getTime()) throw new HttpError(400, TAX_YEAR_MESSAGES.futureYear);
  return year;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/**
 * A refusal a donor may meet by clicking a mailed link: a browser (it asks for HTML) gets a small page with the
 * sentence, anything else the API's JSON.
 */
function refuseLink(request: FastifyRequest, reply: FastifyReply, status: number, message: string) {
  if (/\btext\/html\b/.test(request.headers.accept ?? '')) {
    const page = `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Annual statement</title></head><body><main><h1>Annual statement</h1><p>${escapeHtml(message)}</p><p><a href="/annual-statement">Request a new link</a></p></main></body></html>\n`;
    return reply.code(status).type('text/html; charset=utf-8').send(page);
  }
  return reply.code(status).type('application/json; charset=utf-8').send({ success: false, message });
}

function sendPdf(reply: FastifyReply, pdf: Buffer, fileName: string, disposition: 'attachment' | 'inline') {
  return reply
    .type('application/pdf')
    .header('content-disposition', `${disposition}; filename="${fileName}"`)
    .header('x-content-type-options', 'nosniff')
    .send(pdf);
}

export async function taxYearRoutes(app: FastifyInstance) {
  noStore(app);
  const deps = (): StatementDeps => ({ db: app.db, mailer: app.mailer, log: app.log, publicBaseUrl: app.config.publicBaseUrl });
  // A limiter of its own (the plugin runs one limiter per request), keyed on the address asked about once it is known
  // to be one: malformed bodies are refused before they count against anybody's address.
  const perEmail = app.createRateLimit({
    max: STATEMENT_REQUEST_RATE_LIMIT.perEmail,
    timeWindow: STATEMENT_REQUEST_RATE_LIMIT.windowMs,
    keyGenerator: (request) => `statement-email:${String((request.body as { email?: unknown } | null)?.email ?? '').trim().toLowerCase()}`,
  });

  app.get<{ Params: TaxYearParams }>(
    '/admin/tax-year/:year',
    {
      onRequest: app.requireAdmin,
      schema: { summary: 'A financial year: donations eligible under 80G, Form 10BD readiness, statements and certificates', params: TaxYearParams, response: { 200: TaxYearSummaryReply, ...errorReplies(401, 403) } },
    },
    async (request) => {
      const year = checkedYear(request.params.year);
      return { success: true, data: await taxYearSummary(app.db, year) };
    },
  );

  app.get<{ Params: TaxYearParams }>(
    '/admin/tax-year/:year/form-10bd.csv',
    {
      onRequest: app.requireAdmin,
      schema: {
        summary: 'Form 10BD Part B of a financial year as the income-tax portal’s CSV (donors with a PAN)',
        params: TaxYearParams,
        produces: ['text/csv'],
        response: { 200: Form10bdCsv, ...errorReplies(401, 403, 409) },
      },
    },
    async (request, reply) => {
      const year = checkedYear(request.params.year);
      const [current, rows] = [await currentOrganisationSettings(app.db), await eligibleDonors(app.db, year)];
      if (rows.length === 0) throw new HttpError(409, TAX_YEAR_MESSAGES.noDonations);
      if (form10bdDonors(rows).length === 0) throw new HttpError(409, TAX_YEAR_MESSAGES.noDonorsWithPan);
      if (!current.settings.eighty_g_number) throw new HttpError(409, TAX_YEAR_MESSAGES.approvalMissing);
      request.log.info({ admin: request.auth?.user.id, financialYear: year, rows: form10bdDonors(rows).length }, 'Form 10BD exported');
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${form10bdFileName(year)}"`)
        .header('x-content-type-options', 'nosniff')
        .send(form10bdCsv(rows, current.settings));
    },
  );

  app.post<{ Params: TaxYearParams }>(
    '/admin/tax-year/:year/statements',
    {
      onRequest: app.requireAdmin,
      schema: {
        summary: 'Issue and mail an annual statement to every donor of the year who has not been sent one',
        params: TaxYearParams,
        response: { 200: StatementsRunReply, ...errorReplies(401, 403) },
      },
    },
    async (request) => {
      const year = checkedYear(request.params.year);
      const staff = request.auth?.user.username ?? 'staff';
      const count = await issueYearStatements(deps(), year, staff);
      request.log.info({ admin: request.auth?.user.id, financialYear: year, statements: count }, 'annual statements issued');
      const message = count > 0 ? TAX_YEAR_MESSAGES.statementsQueued(count) : TAX_YEAR_MESSAGES.statementsNone;
      return { success: true, message, data: await taxYearSummary(app.db, year) };
    },
  );

  app.get<{ Params: TaxYearParams; Querystring: StatementPdfQuery }>(
    '/admin/tax-year/:year/statement.pdf',
    {
      onRequest: app.requireAdmin,
      schema: {
        summary: "A donor's annual statement: the latest issued, else as it stands now",
        params: TaxYearParams,
        querystring: StatementPdfQuery,
        produces: ['application/pdf'],
        response: { 200: StatementPdf, ...errorReplies(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const year = checkedYear(request.params.year);
      const email = request.query.email.trim().toLowerCase();
      if (!isValidEmail(email)) throw new HttpError(400, STATEMENT_REQUEST_MESSAGES.emailInvalid);
      const details =
        (await latestStatement(app.db, year, email)) ?? (await statementDetails(app.db, year, email, await currentOrganisationSettings(app.db), new Date()));
      if (!details) throw new HttpError(404, TAX_YEAR_MESSAGES.statementNotFound);
      return sendPdf(reply, await renderStatementPdf(details), statementFileName(year), 'attachment');
    },
  );

  app.put<{ Params: TaxYearParams; Body: DonorPanBody }>(
    '/admin/tax-year/:year/donors/pan',
    {
      onRequest: app.requireAdmin,
      schema: {
        summary: "Record the PAN a donor sent on their donations of the year eligible under 80G, so Form 10BD reports them",
        params: TaxYearParams,
        body: FormBody(DonorPanBody, STATEMENT_BODY_MESSAGE),
        response: { 200: DonorPanReply, ...errorReplies(401, 403, 404) },
      },
    },
    async (request) => {
      const year = checkedYear(request.params.year);
      const body = request.body as { email?: unknown; pan?: unknown };
      const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
      const pan = normalisePan(typeof body.pan === 'string' ? body.pan : null);
      const errors: Record<string, string> = {};
      if (email.length > EMAIL_MAX_LENGTH || !isValidEmail(email)) errors.email = STATEMENT_REQUEST_MESSAGES.emailInvalid;
      if (!isValidPan(pan)) errors.pan = TAX_YEAR_MESSAGES.panInvalid;
      if (Object.keys(errors).length > 0) throw formError(errors);
      const changed = await recordDonorPan(app.db, year, email, pan);
      if (changed === 0) throw new HttpError(404, TAX_YEAR_MESSAGES.donorNotFound);
      // Who did it and how much changed; never the PAN (nor the donor's address), which the logs must not keep.
      request.log.info({ admin: request.auth?.user.id, staff: request.auth?.user.username, financialYear: year, donations: changed }, 'donor PAN recorded by staff');
      const summary = await taxYearSummary(app.db, year);
      const name = summary.donors.find((donor) => donor.email === email)?.name || email;
      return { success: true, message: TAX_YEAR_MESSAGES.panSaved(name), data: summary };
    },
  );

  app.post(
    '/statements/request',
    {
      config: {
        rateLimit: {
          max: STATEMENT_REQUEST_RATE_LIMIT.perIp,
          timeWindow: STATEMENT_REQUEST_RATE_LIMIT.windowMs,
          errorResponseBuilder: () => new HttpError(429, STATEMENT_REQUEST_MESSAGES.tooMany),
        },
      },
      schema: {
        summary: 'Mail a link to the annual statement of a financial year (the same answer whether or not the address gave)',
        body: FormBody(StatementRequestBody, STATEMENT_BODY_MESSAGE),
        response: { 202: MessageReply, ...errorReplies(429) },
      },
    },
    async (request, reply) => {
      const body = request.body as { email?: unknown; financial_year?: unknown };
      const email = typeof body.email === 'string' ? body.email.trim() : '';
      const year = typeof body.financial_year === 'string' ? body.financial_year.trim() : '';
      const errors: Record<string, string> = {};
      if (email === '') errors.email = STATEMENT_REQUEST_MESSAGES.emailRequired;
      else if (!isValidEmail(email)) errors.email = STATEMENT_REQUEST_MESSAGES.emailInvalid;
      if (!isFinancialYear(year)) errors.financial_year = STATEMENT_REQUEST_MESSAGES.yearInvalid;
      if (Object.keys(errors).length > 0) throw formError(errors);
      // Per address as well, whether or not it ever gave (so the limit itself tells nobody who did).
      const limited = await perEmail(request);
      if (!limited.isAllowed && limited.isExceeded) throw new HttpError(429, STATEMENT_REQUEST_MESSAGES.tooMany);
      // A year not begun has no donations: the same answer, nothing mailed.
      if (organisationDayStart(financialYearDays(year).from).getTime() <= Date.now()) requestStatement(deps(), year, email.toLowerCase());
      return reply.code(202).send({ success: true, message: STATEMENT_REQUEST_MESSAGES.sent(email) });
    },
  );

  app.get<{ Params: StatementTokenParams }>(
    '/statements/:token.pdf',
    {
      config: {
        rateLimit: {
          max: STATEMENT_LINK_RATE_LIMIT.max,
          timeWindow: STATEMENT_LINK_RATE_LIMIT.windowMs,
          errorResponseBuilder: () => new HttpError(429, STATEMENT_REQUEST_MESSAGES.tooMany),
        },
      },
      schema: {
        summary: 'The annual statement a mailed link opens (while the link works)',
        params: StatementTokenParams,
        produces: ['application/pdf'],
        response: { 200: StatementPdf, ...errorReplies(404, 429), 410: LinkExpiredReply },
      },
    },
    async (request, reply) => {
      // The link's token must not travel further (a PDF viewer following a link in the document).
      reply.header('referrer-policy', 'no-referrer');
      const found = await statementByToken(app.db, request.params.token);
      if (found.status === 'expired') return refuseLink(request, reply, 410, STATEMENT_REQUEST_MESSAGES.linkExpired);
      if (found.status === 'unknown') return refuseLink(request, reply, 404, STATEMENT_REQUEST_MESSAGES.linkExpired);
      return sendPdf(reply, await renderStatementPdf(found.details), statementFileName(found.details.financialYear), 'inline');
    },
  );
}
