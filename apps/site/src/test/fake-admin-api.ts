import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  DASHBOARD_PERIOD_DAYS,
  DEMO_ORGANISATION_SETTINGS,
  ORGANISATION_SETTINGS_MESSAGES,
  REFUND_MESSAGES,
  donationCsvFileName,
  donationDateRangeError,
  isDashboardPeriod,
  normaliseOrganisationSettings,
  refundNoteKind,
  refundRequestError,
  validateOrganisationSettings,
  type AdminContactMessage,
  type AdminPaymentAttempt,
  type AdminDonationDetail,
  type BackupStatus,
  type ContactMessageStatus,
  type KnownPartner,
  type OutboxMail,
  type PartnerReportRow,
  type OrganisationSettings,
  type OrganisationSettingsVersion,
} from '@charity/domain';
import type { CampaignReply } from '@charity/domain/contract';

// A fake of the admin console's API contract (/work/briefs/api6.md, packages/domain/src/admin) on a real HTTP
// server, for the site's store tests: bearer check, JSON and multipart bodies, paging meta, the CSV download with
// its Content-Disposition, and failures on demand. It answers the shapes the contract names, not the real logic.

export const ADMIN_TOKEN = 'admin-token';

/** The wire contract's campaign (packages/domain/src/contract/campaigns.ts). */
export type FakeCampaign = CampaignReply;

export interface Hit {
  method: string;
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
  contentType: string | undefined;
  body: string;
}

export type Failure = { status: number; body?: unknown } | 'drop' | { delayMs: number };

export interface MultipartPart {
  name: string;
  filename: string | null;
  value: string;
}

/** A small multipart/form-data reader (latin1, enough for the tests' text fields and tiny files). */
export function parseMultipart(body: string, contentType: string | undefined): MultipartPart[] {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType ?? '');
  const marker = boundary?.[1] ?? boundary?.[2];
  if (!marker) return [];
  return body
    .split(`--${marker}`)
    .slice(1, -1)
    .map((raw) => {
      const part = raw.replace(/^\r\n/, '').replace(/\r\n$/, '');
      const split = part.indexOf('\r\n\r\n');
      const head = part.slice(0, split);
      return {
        name: /name="([^"]*)"/.exec(head)?.[1] ?? '',
        filename: /filename="([^"]*)"/.exec(head)?.[1] ?? null,
        value: part.slice(split + 4),
      };
    });
}

function reply(res: http.ServerResponse, status: number, body?: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body ?? {}));
}

function pageOf<T>(items: T[], query: URLSearchParams, defaultLimit = 20) {
  const page = Math.max(1, Number(query.get('page') ?? 1) || 1);
  const limit = Math.min(100, Math.max(1, Number(query.get('limit') ?? defaultLimit) || defaultLimit));
  return {
    items: items.slice((page - 1) * limit, page * limit),
    meta: { total_pages: Math.ceil(items.length / limit), current_page: page, total: items.length },
  };
}

export function campaignFixture(id: number, overrides: Partial<FakeCampaign> = {}): FakeCampaign {
  return {
    id,
    slug: `campaign-${id}`,
    title: `Campaign ${id}`,
    description: 'Books for village schools',
    status: 'active',
    is_featured: false,
    category: 'education',
    image_url: null,
    target_amount: 150000,
    raised_amount: 45000,
    donation_count: 3,
    offline_amount: 0,
    offline_donation_count: 0,
    currency: 'INR',
    start_date: '2026-11-01T00:00:00.000Z',
    end_date: '2027-03-31T00:00:00.000Z',
    created_at: `2026-11-${String(id).padStart(2, '0')}T10:00:00.000Z`,
    updated_at: `2026-11-${String(id).padStart(2, '0')}T10:00:00.000Z`,
    ...overrides,
  };
}

export function donationFixture(id: number, overrides: Partial<AdminDonationDetail> = {}): AdminDonationDetail {
  return {
    id,
    created_at: `2026-11-${String(10 + (id % 15)).padStart(2, '0')}T08:00:00.000Z`,
    donor_name: `Donor ${id}`,
    donor_email: `donor${id}@example.org`,
    is_anonymous: false,
    amount: 1000,
    currency: 'INR',
    amount_inr: 1000,
    donation_type: 'one_time',
    status: 'completed',
    campaign_id: null,
    campaign_title: null,
    donor_country: 'India',
    donor_country_code: 'IN',
    receipt_number: `RCPT-2026-${String(id).padStart(5, '0')}`,
    payment_intent_id: `pi_sandbox_${id}`,
    partner_origin: null,
    source: 'website',
    donor_mobile: '9845012345',
    donor_pan: 'ABCDE1234F',
    donor_state: 'Karnataka',
    donor_city: 'Bengaluru',
    donor_address: '12 Indiranagar',
    donor_pincode: '560038',
    payment_method_id: `pm_${id}`,
    receipt: { number: `RCPT-2026-${String(id).padStart(5, '0')}`, issued_at: '2026-11-10T08:00:05.000Z', mail_status: 'stored' },
    amount_minor: Math.round((overrides.amount ?? 1000) * 100),
    refunded_minor: 0,
    refund_pending_minor: 0,
    refunds: [],
    ...overrides,
  };
}

export function messageFixture(id: number, overrides: Partial<AdminContactMessage> = {}): AdminContactMessage {
  return {
    id,
    name: `Sender ${id}`,
    email: `sender${id}@example.org`,
    phone: null,
    subject: 'general',
    message: `Message ${id}`,
    status: 'unread',
    created_at: `2026-11-${String(id).padStart(2, '0')}T09:00:00.000Z`,
    ...overrides,
  };
}

/** A payment attempt row as GET /api/admin/payment-attempts answers it: a declined card unless told otherwise. */
export function attemptFixture(id: number, overrides: Partial<AdminPaymentAttempt> = {}): AdminPaymentAttempt {
  return {
    key: `attempt-${id}`,
    created_at: new Date(Date.UTC(2026, 10, 1, 10, 0) + id * 60_000).toISOString(),
    outcome: 'declined',
    donor_name: `Donor ${id}`,
    donor_email: `donor${id}@example.org`,
    amount: 1000,
    currency: 'INR',
    campaign_title: null,
    payment_intent_id: `pi_${id}`,
    reason: { code: 'card_declined', decline_code: 'generic_decline', text: 'The bank declined the card without giving a reason.' },
    client_ip: '203.0.113.7',
    address_attempts_last_hour: 1,
    address_limit_reached: false,
    ...overrides,
  };
}

/** Starts the fake; call `reset()` before each test and `close()` after all. */
export async function startFakeAdminApi() {
  const state = {
    campaigns: [] as FakeCampaign[],
    donations: [] as AdminDonationDetail[],
    messages: [] as AdminContactMessage[],
    outbox: [] as OutboxMail[],
    attempts: [] as AdminPaymentAttempt[],
    smtpConfigured: false,
    nextId: 100,
    /** Credit and cancellation notes issued so far (their numbers run on). */
    notesIssued: 0,
    /** Saved organisation settings, newest first; none: the demonstration values as version 0. */
    organisationSettings: [] as OrganisationSettingsVersion[],
    /** GET /api/admin/partners and the partner report (docs/decisions/031-partner-report.md). */
    partners: [] as KnownPartner[],
    partnerReport: [] as PartnerReportRow[],
    /** The dashboard's `backup`: none made yet unless a test says otherwise. */
    backup: { last: null, warn_after_days: 2, overdue: true } as BackupStatus,
  };
  const hits: Hit[] = [];
  const failures = new Map<string, Failure>();

  const handle = (req: http.IncomingMessage, res: http.ServerResponse, hit: Hit) => {
    const { path, query, body } = hit;
    if (req.headers.authorization !== `Bearer ${ADMIN_TOKEN}`) return reply(res, 401, { success: false, message: 'Authentication required' });
    const method = req.method ?? 'GET';
    let match: RegExpExecArray | null;

    if (method === 'GET' && path === '/api/admin/dashboard') {
      const period = query.get('period') ?? '30d';
      if (!isDashboardPeriod(period)) return reply(res, 400, { success: false, message: 'period must be one of 30d, 90d, 365d' });
      const completed = state.donations.filter((d) => d.status === 'completed');
      const amount = completed.reduce((sum, d) => sum + d.amount_inr, 0);
      const days = DASHBOARD_PERIOD_DAYS[period];
      const daily = Array.from({ length: days }, (_, i) => ({ date: new Date(Date.UTC(2026, 10, 22) - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10), count: 0, amount_inr: 0 }));
      const tally = { count: completed.length, amount_inr: amount };
      return reply(res, 200, {
        success: true,
        data: {
          period,
          from: daily[0]?.date,
          to: daily.at(-1)?.date,
          totals: { ...tally, donors: new Set(completed.map((d) => d.donor_email?.toLowerCase())).size, by_currency: [{ currency: 'INR', amount, count: completed.length }], monthly: { count: 0, amount_inr: 0 }, one_time: tally, this_month: tally, last_month: { count: 0, amount_inr: 0 }, recurring: { active: 0, monthly_amount_inr: 0, gained_this_month: 0, lost_this_month: 0 } },
          daily,
          top_campaigns: [],
          recent_donations: state.donations.slice(0, 10),
          backup: state.backup,
        },
      });
    }

    if (method === 'GET' && path === '/api/admin/campaigns') {
      const status = query.get('status') ?? 'all';
      const search = (query.get('search') ?? '').toLowerCase();
      const list = [...state.campaigns]
        .sort((a, b) => b.id - a.id)
        .filter((c) => (status === 'all' || c.status === status) && c.title.toLowerCase().includes(search));
      const { items, meta } = pageOf(list, query);
      return reply(res, 200, { success: true, data: { campaigns: items }, meta });
    }

    if ((method === 'POST' && path === '/api/campaigns') || (method === 'PUT' && (match = /^\/api\/campaigns\/(\d+)$/.exec(path)))) {
      const existing = method === 'PUT' ? state.campaigns.find((c) => c.id === Number(match?.[1])) : undefined;
      if (method === 'PUT' && !existing) return reply(res, 404, { success: false, message: 'Campaign not found' });
      const parts = parseMultipart(body, req.headers['content-type']);
      const field = (name: string) => parts.find((p) => p.name === name && p.filename === null)?.value;
      if (!field('title')?.trim()) return reply(res, 400, { success: false, message: 'Title is required.', errors: { title: 'Title is required.' } });
      const image = parts.find((p) => p.name === 'image' && p.filename !== null);
      const values = {
        title: field('title') ?? '',
        description: field('description') ?? '',
        // A fake: it echoes the status sent (the real API checks it).
        status: (field('status') ?? 'draft') as FakeCampaign['status'],
        is_featured: field('is_featured') === 'true',
        category: field('category') ?? null,
        target_amount: Number(field('target_amount')),
        start_date: field('start_date') ? `${field('start_date')}T00:00:00.000Z` : null,
        end_date: field('end_date') ? `${field('end_date')}T00:00:00.000Z` : null,
      };
      const imageUrl = image ? `/uploads/campaigns/${image.filename}` : field('remove_image') === 'true' ? null : (existing?.image_url ?? null);
      if (existing) {
        Object.assign(existing, values, { image_url: imageUrl });
        return reply(res, 200, { success: true, message: 'Campaign updated successfully', data: { campaign: existing } });
      }
      const created = { ...campaignFixture(state.nextId++), raised_amount: 0, donation_count: 0, ...values, image_url: imageUrl };
      state.campaigns.push(created);
      return reply(res, 201, { success: true, message: 'Campaign created successfully', data: { campaign: created } });
    }

    if (method === 'DELETE' && (match = /^\/api\/campaigns\/(\d+)$/.exec(path))) {
      const campaign = state.campaigns.find((c) => c.id === Number(match?.[1]));
      if (!campaign) return reply(res, 404, { success: false, message: 'Campaign not found' });
      if (state.donations.some((d) => d.campaign_id === campaign.id)) {
        return reply(res, 409, { success: false, message: 'This campaign has donations and cannot be deleted; set its status to completed or paused instead.' });
      }
      state.campaigns = state.campaigns.filter((c) => c !== campaign);
      return reply(res, 200, { success: true, message: 'Campaign deleted successfully' });
    }

    if (method === 'GET' && (path === '/api/admin/donations' || path === '/api/admin/donations/export.csv')) {
      const rangeError = donationDateRangeError(query.get('from') ?? '', query.get('to') ?? '');
      if (rangeError) return reply(res, 400, { success: false, message: rangeError });
      const q = (query.get('q') ?? '').toLowerCase();
      const list = [...state.donations]
        .sort((a, b) => b.id - a.id)
        .filter((d) => !q || [d.donor_name, d.donor_email, d.receipt_number, d.payment_intent_id].some((v) => v?.toLowerCase().includes(q)) || String(d.id) === q)
        .filter((d) => !query.get('status') || d.status === query.get('status'))
        .filter((d) => !query.get('campaign') || (query.get('campaign') === 'none' ? d.campaign_id === null : String(d.campaign_id) === query.get('campaign')));
      if (path.endsWith('.csv')) {
        const name = donationCsvFileName({ from: query.get('from') ?? '', to: query.get('to') ?? '' }, '2026-11-22');
        const rows = ['id,donor_email', ...list.map((d) => `${d.id},${d.donor_email}`)];
        res.writeHead(200, { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${name}"` });
        return res.end(`\uFEFF${rows.join('\r\n')}\r\n`);
      }
      const { items, meta } = pageOf(list, query);
      const summary = { count: list.length, amount_inr: list.reduce((sum, d) => sum + d.amount_inr, 0) };
      // Rows only: the detail fields belong to GET /admin/donations/{id}.
      const rows = items.map(
        ({ donor_mobile: _m, donor_pan: _p, donor_state: _s, donor_city: _c, donor_address: _a, donor_pincode: _z, payment_method_id: _pm, receipt: _r, amount_minor: _am, refund_pending_minor: _rp, refunds: _rf, ...row }) => row,
      );
      return reply(res, 200, { success: true, data: { donations: rows, summary }, meta });
    }

    if ((match = /^\/api\/admin\/donations\/(\d+)(\/resend-receipt)?$/.exec(path))) {
      const donation = state.donations.find((d) => d.id === Number(match?.[1]));
      if (!donation) return reply(res, 404, { success: false, message: 'Donation not found' });
      if (method === 'GET' && !match[2]) return reply(res, 200, { success: true, data: { donation } });
      if (method === 'POST' && match[2]) {
        if (donation.status !== 'completed') return reply(res, 409, { success: false, message: 'Only completed donations have receipts.' });
        if (!donation.donor_email) return reply(res, 400, { success: false, message: 'This donation has no donor e-mail address.' });
        donation.receipt = { number: donation.receipt_number ?? 'RCPT-NEW', issued_at: donation.receipt?.issued_at ?? '2026-11-22T10:00:00.000Z', mail_status: state.smtpConfigured ? 'sent' : 'stored' };
        return reply(res, 200, { success: true, message: 'Receipt sent again', data: { receipt_number: donation.receipt.number, mail_status: donation.receipt.mail_status } });
      }
    }

    if (method === 'POST' && (match = /^\/api\/admin\/donations\/(\d+)\/refunds$/.exec(path))) {
      const donation = state.donations.find((d) => d.id === Number(match?.[1]));
      if (!donation) return reply(res, 404, { success: false, message: REFUND_MESSAGES.notFound });
      const request = JSON.parse(body) as { amount_minor: number; reason: string };
      const problem = refundRequestError(request, donation);
      if (problem) {
        // As the API answers: 409 when the donation's state refuses it (more than is left included), 400 otherwise.
        const aboveRemainder = REFUND_MESSAGES.amountAboveRemainder('').split(':')[0]!;
        const conflict = problem === REFUND_MESSAGES.notCompleted || problem === REFUND_MESSAGES.nothingLeft || problem.startsWith(aboveRemainder);
        return reply(res, conflict ? 409 : 400, { success: false, message: problem });
      }
      // The sandbox provider settles at once: the refund succeeds and issues its note.
      donation.refunded_minor += request.amount_minor;
      const kind = refundNoteKind(donation);
      if (kind === 'cancellation') donation.status = 'refunded';
      state.notesIssued += 1;
      const created = '2026-11-24T09:50:00.000Z';
      donation.refunds = [
        ...donation.refunds,
        {
          id: state.nextId++,
          created_at: created,
          amount_minor: request.amount_minor,
          currency: donation.currency,
          status: 'succeeded',
          source: 'staff',
          reason: request.reason.trim(),
          requested_by: 'admin@example.org',
          failure_reason: null,
          provider_refund_id: `re_sandbox_${state.nextId}`,
          note: { number: `BBF/CN/2026-27/${String(state.notesIssued).padStart(6, '0')}`, kind, issued_at: created, mail_status: state.smtpConfigured ? 'sent' : 'stored' },
        },
      ];
      return reply(res, 201, { success: true, message: REFUND_MESSAGES.issued, data: { donation } });
    }

    if (method === 'GET' && (match = /^\/api\/admin\/refunds\/(\d+)\/note\.pdf$/.exec(path))) {
      const refund = state.donations.flatMap((d) => d.refunds).find((r) => r.id === Number(match?.[1]));
      if (!refund?.note) return reply(res, 404, { success: false, message: 'Note not found' });
      res.writeHead(200, { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="${refund.note.number.replaceAll('/', '-')}.pdf"` });
      return res.end(`%PDF-1.4 ${refund.note.number}`);
    }

    if (method === 'GET' && path === '/api/admin/payment-attempts') {
      const outcome = query.get('outcome') ?? '';
      if (outcome && !['declined', 'failed', 'abandoned', 'blocked'].includes(outcome)) {
        return reply(res, 400, { success: false, message: 'outcome must be equal to one of the allowed values' });
      }
      const q = (query.get('q') ?? '').toLowerCase();
      const searched = [...state.attempts]
        .sort((a, b) => b.created_at.localeCompare(a.created_at))
        .filter((a) => !q || (a.donor_email ?? '').toLowerCase().includes(q));
      const counts = { declined: 0, failed: 0, abandoned: 0, blocked: 0 };
      for (const a of searched) counts[a.outcome] += 1;
      const byAddress = new Map<string, { client_ip: string; failures: number; limit_reached: boolean }>();
      for (const a of state.attempts) {
        const entry = byAddress.get(a.client_ip) ?? { client_ip: a.client_ip, failures: 0, limit_reached: false };
        entry.failures += 1;
        entry.limit_reached ||= a.address_limit_reached;
        byAddress.set(a.client_ip, entry);
      }
      const top_addresses = [...byAddress.values()].sort((a, b) => b.failures - a.failures).slice(0, 5);
      const { items, meta } = pageOf(searched.filter((a) => !outcome || a.outcome === outcome), query);
      return reply(res, 200, { success: true, data: { attempts: items, summary: { counts, top_addresses } }, meta });
    }

    if (method === 'GET' && path === '/api/admin/messages') {
      const status = query.get('status') ?? 'all';
      const list = [...state.messages]
        .sort((a, b) => b.created_at.localeCompare(a.created_at))
        .filter((m) => (status === 'all' ? m.status !== 'archived' : m.status === status));
      const counts = { unread: 0, read: 0, archived: 0 };
      for (const m of state.messages) counts[m.status] += 1;
      const { items, meta } = pageOf(list, query);
      return reply(res, 200, { success: true, data: { messages: items, counts }, meta });
    }

    if (method === 'PATCH' && (match = /^\/api\/admin\/messages\/(\d+)$/.exec(path))) {
      const message = state.messages.find((m) => m.id === Number(match?.[1]));
      if (!message) return reply(res, 404, { success: false, message: 'Message not found' });
      message.status = (JSON.parse(body) as { status: ContactMessageStatus }).status;
      return reply(res, 200, { success: true, message: 'Message updated', data: { message: { ...message } } });
    }

    if (path === '/api/admin/settings/organisation' && (method === 'GET' || method === 'PUT')) {
      const inForce = (): OrganisationSettingsVersion =>
        state.organisationSettings[0] ?? { version: 0, settings: DEMO_ORGANISATION_SETTINGS, is_demo: true, created_at: new Date(0).toISOString(), created_by: null };
      const answer = (message?: string) => reply(res, 200, { success: true, ...(message ? { message } : {}), data: { current: inForce(), history: state.organisationSettings } });
      if (method === 'GET') return answer();
      // As the API: normalised, checked with the domain's rules (its 'today' the fake's), a new version unless unchanged.
      // The hit's body is kept as latin1 (for multipart); JSON is UTF-8 (the footer's ’, a name's accents).
      const settings = normaliseOrganisationSettings(JSON.parse(Buffer.from(body, 'latin1').toString('utf8')) as OrganisationSettings);
      const errors = validateOrganisationSettings(settings, '2026-11-22');
      if (Object.keys(errors).length > 0) return reply(res, 400, { success: false, message: Object.values(errors)[0], errors });
      const current = inForce();
      if (!current.is_demo && JSON.stringify(normaliseOrganisationSettings(current.settings)) === JSON.stringify(settings)) {
        return answer(ORGANISATION_SETTINGS_MESSAGES.unchanged);
      }
      const created_at = `2026-11-22T0${Math.min(9, state.organisationSettings.length)}:30:00.000Z`;
      state.organisationSettings = [{ version: current.version + 1, settings, is_demo: false, created_at, created_by: 'admin' }, ...state.organisationSettings];
      return answer(ORGANISATION_SETTINGS_MESSAGES.saved);
    }

    if (method === 'GET' && path === '/api/admin/outbox') {
      const { items, meta } = pageOf([...state.outbox].sort((a, b) => b.id - a.id), query);
      return reply(res, 200, { success: true, data: { mails: items, smtp_configured: state.smtpConfigured }, meta });
    }

    // Staff's downloads and the partner report (issue 20): PDFs named by Content-Disposition, as the API sends them.
    if (method === 'GET' && (match = /^\/api\/admin\/donations\/(\d+)\/receipt\.pdf$/.exec(path))) {
      const donation = state.donations.find((d) => d.id === Number(match?.[1]));
      if (!donation) return reply(res, 404, { success: false, message: 'Donation not found' });
      if (!donation.receipt) return reply(res, 404, { success: false, message: 'No receipt has been issued for this donation yet.' });
      res.writeHead(200, { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="receipt-${donation.receipt.number.replaceAll('/', '-')}.pdf"` });
      return res.end(`%PDF-1.4 ${donation.receipt.number}`);
    }
    if (method === 'GET' && (match = /^\/api\/admin\/outbox\/(\d+)\/attachments\/(\d+)$/.exec(path))) {
      const mail = state.outbox.find((m) => m.id === Number(match?.[1]));
      const file = mail?.attachments[Number(match?.[2])];
      if (!mail) return reply(res, 404, { success: false, message: 'Mail not found' });
      if (!file) return reply(res, 404, { success: false, message: 'This mail has no such attachment.' });
      res.writeHead(200, { 'content-type': file.contentType, 'content-disposition': `attachment; filename="${file.filename}"` });
      return res.end(`%PDF-1.4 ${file.filename}`);
    }
    if (method === 'GET' && path === '/api/admin/partners') {
      return reply(res, 200, { success: true, data: { partners: state.partners } });
    }
    if (method === 'GET' && path === '/api/admin/partners/report') {
      return reply(res, 200, { success: true, data: { time_zone: 'Asia/Kolkata', refunds_subtracted: true, rows: state.partnerReport } });
    }
    if (method === 'GET' && path === '/api/admin/partners/report.csv') {
      const lines = ['month (Asia/Kolkata),partner_origin,currency,donations,donors,amount_net_of_refunds,refunded_amount'];
      for (const row of state.partnerReport) lines.push([row.month, row.partner_origin, row.currency, row.donations, row.donors, row.amount, row.refunded_amount].join(','));
      res.writeHead(200, { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="partner-report-2026-11-30.csv"' });
      return res.end(`\uFEFF${lines.join('\r\n')}\r\n`);
    }

    return reply(res, 404, { success: false, message: 'Not found' });
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake.invalid');
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const hit: Hit = {
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
        if (failure && 'status' in failure) return reply(res, failure.status, failure.body);
        return handle(req, res, hit);
      };
      if (failure && failure !== 'drop' && 'delayMs' in failure) setTimeout(respond, failure.delayMs).unref();
      else respond();
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;

  return {
    baseUrl,
    state,
    hits,
    failures,
    /** Requests seen, by method (and path when given). */
    requests: (method: string, path?: string) => hits.filter((hit) => hit.method === method && (path === undefined || hit.path === path)),
    reset() {
      state.campaigns = [];
      state.donations = [];
      state.messages = [];
      state.outbox = [];
      state.attempts = [];
      state.smtpConfigured = false;
      state.nextId = 100;
      state.notesIssued = 0;
      state.organisationSettings = [];
      state.partners = [];
      state.partnerReport = [];
      state.backup = { last: null, warn_after_days: 2, overdue: true };
      hits.length = 0;
      failures.clear();
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeAdminApi = Awaited<ReturnType<typeof startFakeAdminApi>>;
