import { ATTEMPT_RETENTION_DAYS, TEST_CARDS } from '@charity/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createLogger } from '../logger.js';
import { blockedPaymentRequests, donations, paymentAttempts, paymentFailures, receipts, receiptTokens, receiptCounters, mailOutbox } from '../db/schema.js';
import { SandboxProvider } from '../donations/provider/sandbox-provider.js';
import { pruneAttempts } from '../donations/use-cases/prune-attempts.js';
import { bearer, createUser, signIn } from '../../test/support/auth.js';
import { allowAll } from '../../test/support/campaign-fixtures.js';
import { describeEachDatabase } from '../../test/support/databases.js';
import { createIntent, donate, indianDonation, nextIp, pay, usDonation } from '../../test/support/donations.js';

// GET /api/admin/payment-attempts and the pruning of old attempts (docs/decisions/023-payment-attempts-for-staff.md),
// on both databases, from real sandbox flows: a declined card, an authentication left unanswered, the card-testing
// limit refusing an address's sixth payment. The guard of every admin route is tested in admin-access.test.ts; here
// the app lets every request through, except in the test of the guard itself.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface AttemptJson {
  key: string;
  created_at: string;
  outcome: string;
  donor_name: string | null;
  donor_email: string | null;
  amount: number | null;
  currency: string | null;
  payment_intent_id: string | null;
  reason: { code: string | null; decline_code: string | null; text: string };
  client_ip: string;
  address_attempts_last_hour: number;
  address_limit_reached: boolean;
}

describeEachDatabase('admin payment attempts', (ctx) => {
  let app: FastifyInstance;
  let sandbox: SandboxProvider;

  beforeAll(async () => {
    sandbox = new SandboxProvider(ctx.database.db, () => {});
    sandbox.holdEvents();
    app = await buildApp({ config: ctx.config, database: ctx.database, paymentProvider: sandbox, adminGuard: allowAll });
  });
  afterAll(async () => {
    await app?.close();
  });
  beforeEach(async () => {
    const db = ctx.database.db;
    await db.delete(receiptTokens);
    await db.delete(receipts);
    await db.delete(receiptCounters);
    await db.delete(donations);
    await db.delete(paymentFailures);
    await db.delete(blockedPaymentRequests);
    await db.delete(paymentAttempts);
    await db.delete(mailOutbox);
  });

  const list = async (query = '') => {
    const response = await app.inject({ method: 'GET', url: `/api/admin/payment-attempts${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as {
      data: { attempts: AttemptJson[]; summary: { counts: Record<string, number>; top_addresses: Array<{ client_ip: string; failures: number; limit_reached: boolean }> } };
      meta: { total: number; total_pages: number; current_page: number };
    };
  };
  const backdate = (intentId: string, ms: number) =>
    ctx.database.db.update(paymentAttempts).set({ createdAt: new Date(Date.now() - ms) }).where(eq(paymentAttempts.paymentIntentId, intentId));

  it('lists a declined card with the provider reason, an unanswered authentication as abandoned, and leaves out donations and payments still under way', async () => {
    const declinedIp = nextIp();
    const declined = await pay(app, indianDonation({}, { email: 'Card.Holder@Example.org', full_name: 'Card Holder' }), TEST_CARDS.declined.paymentMethod, declinedIp);
    expect(declined.confirmed.status).toBe('requires_payment_method');
    const waiting = await pay(app, usDonation(), TEST_CARDS.authentication.paymentMethod);
    expect(waiting.confirmed.status).toBe('requires_action');
    const stillWaiting = await pay(app, usDonation({}, { email: 'still.waiting@example.com' }), TEST_CARDS.authentication.paymentMethod);
    await donate(app, indianDonation({}, { email: 'given@example.org' }));
    // The donor never answered the bank: an hour later the attempt counts as abandoned (the other is 10 minutes old).
    await backdate(waiting.intentId, HOUR + 60_000);
    await backdate(stillWaiting.intentId, 10 * 60_000);

    const body = await list();
    expect(body.data.attempts.map((a) => [a.outcome, a.donor_email])).toEqual([
      ['declined', 'card.holder@example.org'],
      ['abandoned', 'john.carter@example.com'],
    ]);
    const [card, abandoned] = body.data.attempts;
    expect(card).toMatchObject({
      donor_name: 'Card Holder',
      amount: 1000,
      currency: 'INR',
      payment_intent_id: declined.intentId,
      reason: { code: 'card_declined', decline_code: 'generic_decline', text: 'The bank declined the card without giving a reason.' },
      client_ip: declinedIp,
      address_attempts_last_hour: 1,
      address_limit_reached: false,
    });
    expect(new Date(card!.created_at).toISOString()).toBe(card!.created_at);
    expect(abandoned).toMatchObject({
      donor_name: 'John Carter',
      amount: 25,
      currency: 'USD',
      reason: { code: null, decline_code: null, text: 'The bank asked the donor to authenticate the payment, and it was never completed.' },
    });
    expect(body.data.summary.counts).toEqual({ declined: 1, failed: 0, abandoned: 1, blocked: 0 });
    expect(body.meta).toEqual({ total: 2, total_pages: 1, current_page: 1 });
  });

  it('lists a failed authentication as failed, with its reason', async () => {
    const { clientSecret } = await pay(app, indianDonation(), TEST_CARDS.authentication.paymentMethod);
    const failed = await app.inject({ method: 'POST', url: '/api/payments/sandbox/authenticate', payload: { client_secret: clientSecret, outcome: 'fail' } });
    expect(failed.statusCode).toBe(200);
    const body = await list();
    expect(body.data.attempts).toHaveLength(1);
    expect(body.data.attempts[0]).toMatchObject({
      outcome: 'failed',
      reason: { code: 'payment_intent_authentication_failure', decline_code: null, text: 'The donor did not pass the bank’s authentication.' },
    });
  });

  it('records the sixth payment from an address with five failures as blocked (time, address and email only), and flags the burst', async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i += 1) await pay(app, indianDonation({}, { email: `tester${i}@example.net` }), TEST_CARDS.declined.paymentMethod, ip);
    const refused = await createIntent(app, indianDonation({}, { email: 'Tester6@Example.net' }), TEST_CARDS.visa.paymentMethod, ip);
    expect(refused.statusCode).toBe(429);
    // A body without a valid email is recorded without one.
    const noEmail = await app.inject({ method: 'POST', url: '/api/payments/create-intent', payload: { donation_data: { donor: { email: 'not an email' } } }, remoteAddress: ip });
    expect(noEmail.statusCode).toBe(429);
    const calm = nextIp();
    await pay(app, indianDonation({}, { email: 'calm@example.org' }), TEST_CARDS.declined.paymentMethod, calm);

    const blocked = await ctx.database.db.select().from(blockedPaymentRequests).orderBy(blockedPaymentRequests.id);
    expect(blocked.map(({ clientIp, email }) => ({ clientIp, email }))).toEqual([
      { clientIp: ip, email: 'tester6@example.net' },
      { clientIp: ip, email: null },
    ]);
    expect(Object.keys(blocked[0]!).sort()).toEqual(['clientIp', 'createdAt', 'email', 'id']);

    const body = await list();
    expect(body.data.attempts).toHaveLength(8);
    const fromIp = body.data.attempts.filter((a) => a.client_ip === ip);
    expect(fromIp.map((a) => a.outcome)).toEqual(['blocked', 'blocked', 'declined', 'declined', 'declined', 'declined', 'declined']);
    expect(fromIp.every((a) => a.address_limit_reached)).toBe(true);
    expect(fromIp[0]).toMatchObject({
      donor_name: null,
      donor_email: null,
      amount: null,
      currency: null,
      payment_intent_id: null,
      reason: { code: null, decline_code: null, text: 'Refused before reaching the payment provider: too many failed payments from this address.' },
      address_attempts_last_hour: 7,
    });
    expect(fromIp[1]).toMatchObject({ donor_email: 'tester6@example.net', address_attempts_last_hour: 6 });
    expect(fromIp.at(-1)).toMatchObject({ donor_email: 'tester0@example.net', address_attempts_last_hour: 1 });
    expect(body.data.attempts.find((a) => a.client_ip === calm)).toMatchObject({ address_limit_reached: false, address_attempts_last_hour: 1 });
    expect(body.data.summary.counts).toEqual({ declined: 6, failed: 0, abandoned: 0, blocked: 2 });
    expect(body.data.summary.top_addresses).toEqual([
      { client_ip: ip, failures: 7, limit_reached: true },
      { client_ip: calm, failures: 1, limit_reached: false },
    ]);

    const onlyBlocked = await list('?outcome=blocked');
    expect(onlyBlocked.data.attempts.map((a) => a.outcome)).toEqual(['blocked', 'blocked']);
    expect(onlyBlocked.meta.total).toBe(2);
    expect(onlyBlocked.data.summary.counts).toEqual({ declined: 6, failed: 0, abandoned: 0, blocked: 2 });
  });

  it('searches by email, case-insensitively, with %, _ and \\ matching themselves, and pages of 20', async () => {
    const ip = nextIp();
    await pay(app, indianDonation({}, { email: 'Asha_Verma@example.org' }), TEST_CARDS.declined.paymentMethod, nextIp());
    await pay(app, indianDonation({}, { email: 'ashaxverma@example.org' }), TEST_CARDS.declined.paymentMethod, nextIp());
    await pay(app, indianDonation({}, { email: 'other@example.com' }), TEST_CARDS.declined.paymentMethod, ip);
    expect((await list('?q=ASHA')).data.attempts.map((a) => a.donor_email)).toEqual(['ashaxverma@example.org', 'asha_verma@example.org']);
    expect((await list('?q=asha_')).data.attempts.map((a) => a.donor_email)).toEqual(['asha_verma@example.org']);
    expect((await list('?q=%25')).data.attempts).toEqual([]);
    expect((await list('?q=%5C')).data.attempts).toEqual([]);
    const found = await list('?q=example.com');
    expect(found.data.attempts.map((a) => a.donor_email)).toEqual(['other@example.com']);
    expect(found.data.summary.counts).toEqual({ declined: 1, failed: 0, abandoned: 0, blocked: 0 });

    // 21 abandoned attempts: two pages, newest first, never repeating a row.
    for (let i = 0; i < 21; i += 1) {
      const { intentId } = await pay(app, indianDonation({}, { email: `page${i}@example.org` }), TEST_CARDS.authentication.paymentMethod);
      await backdate(intentId, 2 * HOUR + (21 - i) * 1000);
    }
    const first = await list('?outcome=abandoned');
    const second = await list('?outcome=abandoned&page=2');
    expect(first.data.attempts).toHaveLength(20);
    expect(second.data.attempts.map((a) => a.donor_email)).toEqual(['page0@example.org']);
    expect(first.meta).toEqual({ total: 21, total_pages: 2, current_page: 1 });
    expect(first.data.attempts[0]!.donor_email).toBe('page20@example.org');
  });

  it('a refusal that cannot be recorded is logged, and the 429 stands', async () => {
    const lines: string[] = [];
    const watched = await buildApp({
      config: ctx.config,
      database: ctx.database,
      paymentProvider: sandbox,
      adminGuard: allowAll,
      logger: createLogger('info', { write: (line: string) => void lines.push(line) }),
    });
    const ip = nextIp();
    try {
      for (let i = 0; i < 5; i += 1) await pay(watched, indianDonation(), TEST_CARDS.declined.paymentMethod, ip);
      await ctx.database.db.execute(sql`alter table blocked_payment_requests rename to blocked_payment_requests_away`);
      try {
        const refused = await createIntent(watched, indianDonation(), TEST_CARDS.visa.paymentMethod, ip);
        expect(refused.statusCode).toBe(429);
        expect(refused.json()).toEqual({ success: false, message: 'Too many failed payment attempts from this address. Please try again later.' });
      } finally {
        await ctx.database.db.execute(sql`alter table blocked_payment_requests_away rename to blocked_payment_requests`);
      }
      const errors = lines.map((line) => JSON.parse(line) as { level: number; msg: string }).filter((l) => l.level === 50);
      expect(errors.map((e) => e.msg)).toEqual(['card-testing defence: the refused request could not be recorded']);
      expect(await ctx.database.db.select().from(blockedPaymentRequests)).toEqual([]);
    } finally {
      await watched.close();
    }
  });

  it('refuses an unknown outcome with 400', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/admin/payment-attempts?outcome=lost' });
    expect(response.statusCode).toBe(400);
    expect(response.json().success).toBe(false);
  });

  it(`prunes attempts, failures and refused requests older than ${ATTEMPT_RETENTION_DAYS} days, never an attempt a donation points to`, async () => {
    const db = ctx.database.db;
    const old = new Date(Date.now() - (ATTEMPT_RETENTION_DAYS + 1) * DAY);
    const recent = new Date(Date.now() - (ATTEMPT_RETENTION_DAYS - 1) * DAY);
    const ip = nextIp();
    const oldDeclined = await pay(app, indianDonation({}, { email: 'old@example.org' }), TEST_CARDS.declined.paymentMethod, ip);
    const recentDeclined = await pay(app, indianDonation({}, { email: 'recent@example.org' }), TEST_CARDS.declined.paymentMethod, ip);
    const given = await donate(app, indianDonation({}, { email: 'given@example.org' }));
    await db.update(paymentAttempts).set({ createdAt: old }).where(inArray(paymentAttempts.paymentIntentId, [oldDeclined.intentId, given.intentId]));
    await db.update(paymentAttempts).set({ createdAt: recent }).where(eq(paymentAttempts.paymentIntentId, recentDeclined.intentId));
    await db.update(paymentFailures).set({ createdAt: old }).where(eq(paymentFailures.paymentIntentId, oldDeclined.intentId));
    await db.insert(blockedPaymentRequests).values([
      { clientIp: ip, email: 'old@example.org', createdAt: old },
      { clientIp: ip, email: null, createdAt: recent },
    ]);

    expect(await pruneAttempts(db)).toEqual({ attempts: 1, failures: 1, blocked: 1 });
    const left = await db.select({ intent: paymentAttempts.paymentIntentId }).from(paymentAttempts);
    expect(left.map((r) => r.intent).sort()).toEqual([given.intentId, recentDeclined.intentId].sort());
    expect((await db.select().from(paymentFailures)).map((f) => f.paymentIntentId)).toEqual([recentDeclined.intentId]);
    expect((await db.select().from(blockedPaymentRequests)).map((b) => b.email)).toEqual([null]);
    expect((await db.select().from(donations)).map((d) => d.id)).toEqual([given.donationId]);
    // Nothing left to prune: a second run changes nothing.
    expect(await pruneAttempts(db)).toEqual({ attempts: 0, failures: 0, blocked: 0 });
    expect((await list()).data.attempts.map((a) => [a.outcome, a.donor_email])).toEqual([
      ['blocked', null],
      ['declined', 'recent@example.org'],
    ]);
  });

  describe('access', () => {
    it('refuses anonymous callers with 401 and signed-in non-admins with 403; an admin is answered', async () => {
      const guarded = await buildApp({ config: ctx.config, database: ctx.database, paymentProvider: sandbox });
      try {
        const url = '/api/admin/payment-attempts';
        expect((await guarded.inject({ method: 'GET', url })).statusCode).toBe(401);
        const editor = await createUser(ctx.database.db, { role: 'editor' });
        const editorToken = await signIn(guarded, editor, nextIp());
        expect((await guarded.inject({ method: 'GET', url, headers: bearer(editorToken) })).statusCode).toBe(403);
        const admin = await createUser(ctx.database.db);
        const adminToken = await signIn(guarded, admin, nextIp());
        const answered = await guarded.inject({ method: 'GET', url, headers: bearer(adminToken) });
        expect(answered.statusCode).toBe(200);
        expect(answered.headers['cache-control']).toBe('no-store');
      } finally {
        await guarded.close();
      }
    });
  });
});
