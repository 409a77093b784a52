import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { giftDateText, RECURRING_MESSAGES, type GiftStatus, type ListedGiftStatus } from '@charity/domain';
import type { AdminGift, AdminGiftTotals, GiftView } from '@charity/domain/contract';
import { ADMIN_TOKEN } from './fake-admin-api';

// A fake of the monthly-gift routes (docs/decisions/022-monthly-gifts.md, packages/domain/src/contract/recurring.ts)
// on a real HTTP server, for the site's API and store tests: the X-Gift-Token check with its 401 sentences, the
// changes with their sentences, the card's SetupIntent and the sandbox's confirm-setup, the staff list with its
// bearer check, and failures on demand. It answers the shapes the contract names, not the real rules.

export const GIFT_TOKEN = 'tok_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_';

export interface RecurringHit {
  method: string;
  path: string;
  /** The whole request target, query included: a test checks the token never appears in it. */
  url: string;
  query: URLSearchParams;
  giftToken: string | undefined;
  authorization: string | undefined;
  body: unknown;
}

export type RecurringFailure = { status: number; body?: unknown } | 'drop' | { delayMs: number };

export function giftFixture(overrides: Partial<GiftView> = {}): GiftView {
  return {
    id: 7,
    status: 'active',
    amount: 1000,
    currency: 'INR',
    donor_name: 'Asha Rao',
    donor_email_masked: 'a•••@example.org',
    donor_country_code: 'IN',
    campaign_title: 'Library Corners',
    started_at: '2026-10-27T06:30:00.000Z',
    next_charge_at: '2026-12-27T06:30:00.000Z',
    paused_until: null,
    cancelled_at: null,
    lapsed_at: null,
    last_failure_reason: null,
    card: { brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2030 },
    payments: [
      {
        donation_id: 41,
        paid_at: '2026-10-27T06:30:00.000Z',
        amount: 1000,
        currency: 'INR',
        is_renewal: false,
        status: 'completed',
        receipt_number: 'RCPT-2026-00041',
        receipt_url: '/api/receipts/41/download?token=r41',
      },
    ],
    link_expires_at: '2027-01-10T06:30:00.000Z',
    ...overrides,
  };
}

export function adminGiftFixture(id: number, overrides: Partial<AdminGift> = {}): AdminGift {
  return {
    id,
    status: 'active',
    donor_name: `Donor ${id}`,
    donor_email: `donor${id}@example.org`,
    amount: 500,
    currency: 'INR',
    amount_inr: 500,
    campaign_title: null,
    started_at: '2026-10-01T06:30:00.000Z',
    next_charge_at: '2026-12-01T06:30:00.000Z',
    payments_count: 2,
    last_failure_reason: null,
    cancelled_at: null,
    cancel_reason: null,
    partner_origin: null,
    ...overrides,
  };
}

const reply = (res: http.ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

/** Starts the fake; call `reset()` before each test and `close()` after all. */
export async function startFakeRecurringApi() {
  const state = {
    gift: giftFixture(),
    /** Tokens that reach the gift; others answer 401 'not valid'. */
    tokens: new Set([GIFT_TOKEN]),
    expiredTokens: new Set<string>(),
    adminGifts: [] as AdminGift[],
    totals: { active: 0, monthly_amount_inr: 0, gained_this_month: 0, lost_this_month: 0 } as AdminGiftTotals,
    setupCount: 0,
  };
  const hits: RecurringHit[] = [];
  const failures = new Map<string, RecurringFailure>();

  const giftRoute = (res: http.ServerResponse, hit: RecurringHit): boolean => {
    const token = hit.giftToken ?? '';
    if (state.expiredTokens.has(token)) {
      reply(res, 401, { success: false, message: RECURRING_MESSAGES.linkExpired });
      return false;
    }
    if (!state.tokens.has(token)) {
      reply(res, 401, { success: false, message: RECURRING_MESSAGES.linkInvalid });
      return false;
    }
    return true;
  };

  const changed = (res: http.ServerResponse, message: string) => reply(res, 200, { success: true, message, data: state.gift });
  const body = (hit: RecurringHit) => (typeof hit.body === 'object' && hit.body !== null ? (hit.body as Record<string, unknown>) : {});

  const handle = (res: http.ServerResponse, hit: RecurringHit) => {
    const { method, path } = hit;
    const fields = body(hit);
    let match: RegExpExecArray | null;

    if (method === 'POST' && path === '/api/recurring/links') {
      if (typeof fields.email !== 'string' || !fields.email.includes('@')) return reply(res, 400, { success: false, message: RECURRING_MESSAGES.emailInvalid });
      return reply(res, 202, { success: true, message: RECURRING_MESSAGES.linksRequested });
    }

    if (method === 'GET' && path.startsWith('/api/recurring/gift/receipts/')) {
      if (!giftRoute(res, hit)) return;
      res.writeHead(200, { 'content-type': 'application/pdf' });
      res.end('%PDF-1.7 fake receipt');
      return;
    }

    if (path === '/api/recurring/gift' && method === 'GET') {
      if (!giftRoute(res, hit)) return;
      return reply(res, 200, { success: true, data: state.gift });
    }

    if (method === 'POST' && path.startsWith('/api/recurring/gift/')) {
      if (!giftRoute(res, hit)) return;
      const action = path.slice('/api/recurring/gift/'.length);
      const ongoing = (status: GiftStatus) => status === 'active' || status === 'paused' || status === 'past_due';
      if (action !== 'links/revoke' && !ongoing(state.gift.status)) return reply(res, 409, { success: false, message: RECURRING_MESSAGES.notOngoing });
      switch (action) {
        case 'amount': {
          if (fields.amount === state.gift.amount) return reply(res, 400, { success: false, message: RECURRING_MESSAGES.sameAmount });
          state.gift = { ...state.gift, amount: Number(fields.amount) };
          return changed(res, RECURRING_MESSAGES.amountChanged(`₹${Number(fields.amount).toLocaleString('en-IN')}`));
        }
        case 'pause': {
          if (![1, 2, 3].includes(Number(fields.months))) return reply(res, 400, { success: false, message: RECURRING_MESSAGES.pauseMonthsInvalid });
          if (state.gift.status !== 'active') return reply(res, 409, { success: false, message: RECURRING_MESSAGES.cannotPause });
          const until = '2027-02-27T06:30:00.000Z';
          state.gift = { ...state.gift, status: 'paused', paused_until: until };
          return changed(res, RECURRING_MESSAGES.paused(giftDateText(new Date(until))));
        }
        case 'resume': {
          if (state.gift.status !== 'paused') return reply(res, 409, { success: false, message: RECURRING_MESSAGES.notPaused });
          state.gift = { ...state.gift, status: 'active', paused_until: null };
          return changed(res, RECURRING_MESSAGES.resumed(giftDateText(new Date(state.gift.next_charge_at ?? 0))));
        }
        case 'cancel': {
          state.gift = { ...state.gift, status: 'cancelled', cancelled_at: '2026-11-27T06:30:00.000Z', next_charge_at: null };
          return changed(res, RECURRING_MESSAGES.cancelled);
        }
        case 'card/setup': {
          state.setupCount += 1;
          const id = `seti_sandbox_${state.setupCount}`;
          return reply(res, 200, { success: true, data: { client_secret: `${id}_secret_x`, setup_intent_id: id } });
        }
        case 'card': {
          if (typeof fields.setup_intent_id !== 'string' || !fields.setup_intent_id.startsWith('seti_')) {
            return reply(res, 400, { success: false, message: RECURRING_MESSAGES.cardSetupMissing });
          }
          state.gift = { ...state.gift, card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2031 } };
          return changed(res, RECURRING_MESSAGES.cardChanged);
        }
        case 'links/revoke': {
          state.tokens.clear();
          return reply(res, 200, { success: true, message: RECURRING_MESSAGES.linksRevoked });
        }
        default:
          return reply(res, 404, { success: false, message: 'Not found' });
      }
    }

    if (method === 'POST' && path === '/api/payments/sandbox/confirm-setup') {
      const paymentMethod = String(fields.payment_method ?? '');
      const id = String(fields.client_secret ?? '').replace(/_secret_.*$/, '');
      const status = paymentMethod === 'pm_card_visa' ? 'succeeded' : 'requires_payment_method';
      return reply(res, 200, { id, status, payment_method: status === 'succeeded' ? paymentMethod : null });
    }

    if (path.startsWith('/api/admin/')) {
      if (hit.authorization !== `Bearer ${ADMIN_TOKEN}`) return reply(res, 401, { success: false, message: 'Authentication required' });
      if (method === 'GET' && path === '/api/admin/recurring') {
        const status = hit.query.get('status') ?? '';
        const search = (hit.query.get('search') ?? '').toLowerCase();
        const page = Math.max(1, Number(hit.query.get('page') ?? 1) || 1);
        const list = state.adminGifts.filter(
          (g) => (status === '' || g.status === (status as ListedGiftStatus)) && `${g.donor_name} ${g.donor_email}`.toLowerCase().includes(search),
        );
        return reply(res, 200, {
          success: true,
          data: {
            gifts: list.slice((page - 1) * 20, page * 20),
            totals: state.totals,
            pagination: { total_pages: Math.ceil(list.length / 20), current_page: page, total: list.length },
          },
        });
      }
      if (method === 'POST' && (match = /^\/api\/admin\/recurring\/(\d+)\/(cancel|resend-link)$/.exec(path))) {
        const gift = state.adminGifts.find((g) => g.id === Number(match?.[1]));
        if (!gift) return reply(res, 404, { success: false, message: RECURRING_MESSAGES.giftNotFound });
        if (match[2] === 'cancel') {
          if (gift.status === 'cancelled') return reply(res, 409, { success: false, message: RECURRING_MESSAGES.alreadyCancelled });
          Object.assign(gift, { status: 'cancelled', cancelled_at: '2026-11-27T06:30:00.000Z', cancel_reason: fields.reason ?? null });
          return reply(res, 200, { success: true, message: RECURRING_MESSAGES.staffCancelled });
        }
        if (gift.status === 'cancelled' || gift.status === 'lapsed') return reply(res, 409, { success: false, message: RECURRING_MESSAGES.notOngoing });
        return reply(res, 200, { success: true, message: RECURRING_MESSAGES.linkResent });
      }
    }

    return reply(res, 404, { success: false, message: 'Not found' });
  };

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const tokenHeader = req.headers['x-gift-token'];
      const hit: RecurringHit = {
        method: req.method ?? 'GET',
        path: url.pathname,
        url: req.url ?? '',
        query: url.searchParams,
        giftToken: Array.isArray(tokenHeader) ? tokenHeader[0] : tokenHeader,
        authorization: req.headers.authorization,
        body: raw ? (JSON.parse(raw) as unknown) : null,
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
      state.gift = giftFixture();
      state.tokens = new Set([GIFT_TOKEN]);
      state.expiredTokens = new Set();
      state.adminGifts = [];
      state.totals = { active: 0, monthly_amount_inr: 0, gained_this_month: 0, lost_this_month: 0 };
      state.setupCount = 0;
      hits.length = 0;
      failures.clear();
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeRecurringApi = Awaited<ReturnType<typeof startFakeRecurringApi>>;
