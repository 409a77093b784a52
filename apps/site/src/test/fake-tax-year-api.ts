import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  STATEMENT_REQUEST_MESSAGES,
  TAX_YEAR_MESSAGES,
  form10bdDueDay,
  isFinancialYear,
  isValidEmail,
  isValidPan,
  normalisePan,
  type CertificateUploadResult,
  type TaxYearDonor,
  type TaxYearSummary,
} from '@charity/domain';
import { ADMIN_TOKEN, parseMultipart } from './fake-admin-api';

// A fake of the financial year's routes (docs/decisions/027-tax-year.md, packages/domain/src/contract/tax-year.ts and
// tax-certificates.ts) on a real HTTP server, for the site's store tests: the bearer check, the summary with its 400
// for a year not begun, the Form 10BD CSV with its 409 refusals, the statements run, the PDFs with their
// Content-Disposition, the multipart ZIP upload with its 400 for junk, sending the certificates, recording a donor's
// PAN with its 400 for a malformed PAN and 404 for an address not among the year's donors, the donor's public
// request with its 400 field sentences and 429, and failures on demand. It answers the shapes the contract names,
// not the real rules.

export interface TaxYearHit {
  method: string;
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
  contentType: string | undefined;
  /** latin1, so a multipart body's bytes survive. */
  body: string;
}

export type TaxYearFailure = { status: number; body?: unknown } | 'drop' | { delayMs: number };

/** The fake's 'now': the financial year 2026-27 is under way; 2027-28 has not begun. */
export const FAKE_CURRENT_YEAR = '2026-27';

export function taxDonorFixture(name: string, overrides: Partial<TaxYearDonor> = {}): TaxYearDonor {
  const email = `${name.toLowerCase().replace(/\s+/g, '.')}@example.org`;
  return {
    email,
    name,
    pan: 'ABCPR1234K',
    donations: 1,
    gross_inr_minor: 500_000,
    refunded_inr_minor: 0,
    net_inr_minor: 500_000,
    statement: null,
    certificate: null,
    ...overrides,
  };
}

/** A summary whose figures follow its donors, as the API's does. */
export function taxSummaryFixture(year: string, donors: TaxYearDonor[], approval: Partial<TaxYearSummary['approval']> = {}): TaxYearSummary {
  const sum = (list: TaxYearDonor[], pick: (d: TaxYearDonor) => number) => list.reduce((total, donor) => total + pick(donor), 0);
  const withPan = donors.filter((d) => d.pan !== null);
  const withoutPan = donors.filter((d) => d.pan === null);
  return {
    financial_year: year,
    form_10bd_due: form10bdDueDay(year),
    approval: { number: 'AABTB1234CF20214', date: '2021-08-12', covers_year: true, is_demo: false, ...approval },
    eligible: {
      donors: donors.length,
      donations: sum(donors, (d) => d.donations),
      net_inr_minor: sum(donors, (d) => d.net_inr_minor),
      refunded_inr_minor: sum(donors, (d) => d.refunded_inr_minor),
    },
    with_pan: { donors: withPan.length, net_inr_minor: sum(withPan, (d) => d.net_inr_minor) },
    without_pan: { donors: withoutPan.length, net_inr_minor: sum(withoutPan, (d) => d.net_inr_minor) },
    statements: {
      sent: donors.filter((d) => d.statement?.mail_status === 'sent').length,
      pending: donors.filter((d) => d.statement === null || d.statement.mail_status === 'queued' || d.statement.mail_status === 'pending').length,
      failed: donors.filter((d) => d.statement?.mail_status === 'failed').length,
    },
    certificates: {
      uploaded: donors.filter((d) => d.certificate !== null).length,
      sent: donors.filter((d) => d.certificate?.mail_status === 'sent').length,
    },
    donors,
  };
}

const reply = (res: http.ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

const file = (res: http.ServerResponse, type: string, name: string, content: string) =>
  res.writeHead(200, { 'content-type': type, 'content-disposition': `attachment; filename="${name}"` }).end(content);

/** Starts the fake; call `reset()` before each test and `close()` after all. */
export async function startFakeTaxYearApi() {
  const state = {
    /** The donors of each year; a year not listed has none. */
    donors: new Map<string, TaxYearDonor[]>(),
    approval: {} as Partial<TaxYearSummary['approval']>,
    /** What the next ZIP upload reports (the fake does not open ZIPs): its matched files get their certificate. */
    uploadResult: null as CertificateUploadResult | null,
    /** Requests the donor's form accepted (email and year), as the API would mail. */
    statementRequests: [] as { email: string; financial_year: string }[],
  };
  const hits: TaxYearHit[] = [];
  const failures = new Map<string, TaxYearFailure>();

  const summary = (year: string) => taxSummaryFixture(year, state.donors.get(year) ?? [], state.approval);
  const donorsOf = (year: string) => state.donors.get(year) ?? [];

  const handle = (res: http.ServerResponse, hit: TaxYearHit) => {
    const { method, path } = hit;

    if (method === 'POST' && path === '/api/statements/request') {
      const body = JSON.parse(hit.body || '{}') as { email?: unknown; financial_year?: unknown };
      const email = typeof body.email === 'string' ? body.email.trim() : '';
      const year = typeof body.financial_year === 'string' ? body.financial_year : '';
      const errors: Record<string, string> = {};
      if (email === '') errors.email = STATEMENT_REQUEST_MESSAGES.emailRequired;
      else if (!isValidEmail(email)) errors.email = STATEMENT_REQUEST_MESSAGES.emailInvalid;
      if (!isFinancialYear(year)) errors.financial_year = STATEMENT_REQUEST_MESSAGES.yearInvalid;
      if (Object.keys(errors).length > 0) return reply(res, 400, { success: false, message: Object.values(errors)[0], errors });
      state.statementRequests.push({ email, financial_year: year });
      return reply(res, 202, { success: true, message: STATEMENT_REQUEST_MESSAGES.sent(email) });
    }

    if (!path.startsWith('/api/admin/')) return reply(res, 404, { success: false, message: 'Not found' });
    if (hit.authorization !== `Bearer ${ADMIN_TOKEN}`) return reply(res, 401, { success: false, message: 'Authentication required' });

    const match = /^\/api\/admin\/tax-year\/([^/]+)(\/.*)?$/.exec(path);
    if (!match) return reply(res, 404, { success: false, message: 'Not found' });
    const year = decodeURIComponent(match[1] ?? '');
    const rest = match[2] ?? '';
    if (!isFinancialYear(year)) return reply(res, 400, { success: false, message: TAX_YEAR_MESSAGES.invalidYear });
    if (year > FAKE_CURRENT_YEAR) return reply(res, 400, { success: false, message: TAX_YEAR_MESSAGES.futureYear });
    const donors = donorsOf(year);

    if (method === 'GET' && rest === '') return reply(res, 200, { success: true, data: summary(year) });

    if (method === 'GET' && rest === '/form-10bd.csv') {
      if (donors.length === 0) return reply(res, 409, { success: false, message: TAX_YEAR_MESSAGES.noDonations });
      if (!donors.some((d) => d.pan !== null)) return reply(res, 409, { success: false, message: TAX_YEAR_MESSAGES.noDonorsWithPan });
      if ((state.approval.number ?? 'set') === '') return reply(res, 409, { success: false, message: TAX_YEAR_MESSAGES.approvalMissing });
      const rows = donors.filter((d) => d.pan !== null).map((d, i) => `${i + 1},${d.pan},${d.name},${d.net_inr_minor / 100}`);
      return file(res, 'text/csv; charset=utf-8', `form-10bd-${year}.csv`, ['Sl. No.,PAN,Name,Amount', ...rows].join('\n'));
    }

    if (method === 'POST' && rest === '/statements') {
      const unsent = donors.filter((d) => d.statement === null);
      for (const donor of unsent) donor.statement = { mail_status: 'queued', sent_at: '2027-04-05T04:30:00.000Z' };
      const message = unsent.length > 0 ? TAX_YEAR_MESSAGES.statementsQueued(unsent.length) : TAX_YEAR_MESSAGES.statementsNone;
      return reply(res, 200, { success: true, message, data: summary(year) });
    }

    if (method === 'PUT' && rest === '/donors/pan') {
      const body = JSON.parse(hit.body || '{}') as { email?: unknown; pan?: unknown };
      const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
      const pan = normalisePan(typeof body.pan === 'string' ? body.pan : null);
      if (!isValidPan(pan)) return reply(res, 400, { success: false, message: TAX_YEAR_MESSAGES.panInvalid, errors: { pan: TAX_YEAR_MESSAGES.panInvalid } });
      const donor = donors.find((d) => d.email === email);
      if (!donor) return reply(res, 404, { success: false, message: TAX_YEAR_MESSAGES.donorNotFound });
      donor.pan = pan;
      return reply(res, 200, { success: true, message: TAX_YEAR_MESSAGES.panSaved(donor.name), data: summary(year) });
    }

    if (method === 'GET' && rest === '/statement.pdf') {
      const email = (hit.query.get('email') ?? '').trim().toLowerCase();
      if (!donors.some((d) => d.email === email)) return reply(res, 404, { success: false, message: TAX_YEAR_MESSAGES.statementNotFound });
      return file(res, 'application/pdf', `annual-statement-${year}.pdf`, `%PDF-1.7 statement ${email}`);
    }

    if (method === 'POST' && rest === '/certificates') {
      if (!(hit.contentType ?? '').startsWith('multipart/form-data')) return reply(res, 415, { success: false, message: TAX_YEAR_MESSAGES.zipRequired });
      const zip = parseMultipart(hit.body, hit.contentType).find((part) => part.name === 'file' && part.filename !== null);
      if (!zip || zip.value.length === 0) return reply(res, 400, { success: false, message: TAX_YEAR_MESSAGES.zipRequired });
      if (!zip.value.startsWith('PK')) return reply(res, 400, { success: false, message: TAX_YEAR_MESSAGES.zipInvalid });
      const result = state.uploadResult ?? { financial_year: year, matched: 0, unmatched: 0, rejected: 0, files: [] };
      for (const match of result.files) {
        const donor = donors.find((d) => d.email === match.donor_email);
        if (donor && match.acknowledgement_number && (match.outcome === 'matched' || match.outcome === 'replaced')) {
          donor.certificate = { acknowledgement_number: match.acknowledgement_number, file_name: match.file_name, uploaded_at: '2027-06-02T05:00:00.000Z', mail_status: null, sent_at: null };
        }
      }
      const message = TAX_YEAR_MESSAGES.certificatesUploaded(result.matched, result.unmatched + result.rejected);
      return reply(res, 200, { success: true, message, data: result });
    }

    if (method === 'POST' && rest === '/certificates/send') {
      const waiting = donors.filter((d) => d.certificate !== null && d.certificate.mail_status === null);
      for (const donor of waiting) donor.certificate = { ...donor.certificate!, mail_status: 'queued', sent_at: '2027-06-02T05:10:00.000Z' };
      const message = waiting.length === 0 ? TAX_YEAR_MESSAGES.certificatesNone : TAX_YEAR_MESSAGES.certificatesSent(waiting.length);
      return reply(res, 200, { success: true, message, data: { queued: waiting.length } });
    }

    const pdf = /^\/certificates\/([^/]+)\.pdf$/.exec(rest);
    if (method === 'GET' && pdf) {
      const pan = decodeURIComponent(pdf[1] ?? '').toUpperCase();
      if (!donors.some((d) => d.pan === pan && d.certificate !== null)) return reply(res, 404, { success: false, message: TAX_YEAR_MESSAGES.certificateNotFound });
      return file(res, 'application/pdf', `Form-10BE-${year}-${pan}.pdf`, `%PDF-1.7 certificate ${pan}`);
    }

    return reply(res, 404, { success: false, message: 'Not found' });
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake.invalid');
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const hit: TaxYearHit = {
        method: req.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        authorization: req.headers.authorization,
        contentType: req.headers['content-type'],
        body: Buffer.concat(chunks).toString('latin1'),
      };
      hits.push(hit);
      const failure = failures.get(`${hit.method} ${hit.path}`);
      const respond = () => {
        if (failure === 'drop') return req.socket.destroy();
        if (failure && 'status' in failure) return reply(res, failure.status, failure.body ?? { success: false, message: 'Failed' });
        handle(res, hit);
      };
      if (failure && failure !== 'drop' && 'delayMs' in failure) setTimeout(respond, failure.delayMs).unref();
      else respond();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/api`,
    state,
    failures,
    hits,
    requests: (method: string, path?: string) => hits.filter((hit) => hit.method === method && (path === undefined || hit.path === path)),
    reset() {
      state.donors = new Map();
      state.approval = {};
      state.uploadResult = null;
      state.statementRequests = [];
      hits.length = 0;
      failures.clear();
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeTaxYearApi = Awaited<ReturnType<typeof startFakeTaxYearApi>>;
