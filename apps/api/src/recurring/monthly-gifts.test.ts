import { DAY_MS, RECURRING_MESSAGES, RENEWAL_RETRY_DAYS, TEST_CARDS } from '@charity/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { donations, mailOutbox, paymentAttempts, receipts, recurringGifts, sandboxEvents, sandboxInvoices, sandboxPaymentIntents, sandboxSubscriptions } from '../db/schema.js';
import type { SandboxProvider } from '../donations/provider/sandbox-provider.js';
import { describeEachDatabase } from '../../test/support/databases.js';
import { resetGiftTables } from '../../test/support/monthly-gifts.js';
import { authenticate, buildSandboxApp, indianDonation, pay, saveAfterPayment } from '../../test/support/donations.js';

// Monthly gifts end to end in the sandbox (docs/decisions/022-monthly-gifts.md): sign-up through the wizard's own
// calls, renewals by the sandbox clock with their receipts and mails, failed renewals, their retries and the lapse,
// and the events replayed and reordered: every renewal is recorded once.

export const monthly = (overrides: Record<string, unknown> = {}) => indianDonation({ donation_type: 'monthly', ...overrides });

describeEachDatabase('monthly gifts', (ctx) => {
  let app: FastifyInstance;
  let sandbox: SandboxProvider;
  let deliveryErrors: unknown[];

  beforeAll(async () => {
    ({ app, sandbox, deliveryErrors } = await buildSandboxApp(ctx));
  });
  afterAll(async () => {
    await app?.close();
  });
  beforeEach(async () => {
    await app.payments.idle();
    deliveryErrors.splice(0);
    await resetGiftTables(ctx.database.db);
  });

  const db = () => ctx.database.db;
  const gifts = () => db().select().from(recurringGifts);
  const giftDonations = () => db().select().from(donations).orderBy(donations.id);
  const settle = () => app.payments.idle();

  async function signUp(card: string = TEST_CARDS.visa.paymentMethod, data = monthly()) {
    const { intentId } = await pay(app, data, card);
    const saved = await saveAfterPayment(app, data, intentId, card);
    // 201, or 200 when the sandbox's webhook wrote it first (the two race as in production).
    expect([200, 201]).toContain(saved.statusCode);
    await settle();
    return { intentId, donationId: saved.json().data.donation.id as number };
  }

  async function advance(days: number) {
    const result = await sandbox.recurring.advanceClock(days * DAY_MS);
    await settle();
    return result;
  }

  it('signs up through the wizard’s calls: one subscription, the first payment its donation, the gift active', async () => {
    const { donationId } = await signUp();
    const [gift] = await gifts();
    expect(gift).toMatchObject({ status: 'active', amount: 1000, currency: 'INR', amountMinor: 100_000, donorEmail: 'asha.verma@example.org', failureCount: 0 });
    expect(gift!.startedAt).toBeInstanceOf(Date);
    expect(gift!.nextChargeAt!.getTime()).toBeGreaterThan(Date.now() + 27 * DAY_MS);
    const [attempt] = await db().select().from(paymentAttempts);
    expect(attempt!.subscriptionId).toBe(gift!.subscriptionId);
    const rows = await giftDonations();
    expect(rows.map((row) => ({ id: row.id, gift: row.recurringGiftId, renewal: row.isRenewal, type: row.donationType }))).toEqual([
      { id: donationId, gift: gift!.id, renewal: false, type: 'monthly' },
    ]);
    const [sub] = await db().select().from(sandboxSubscriptions);
    expect(sub).toMatchObject({ id: gift!.subscriptionId, status: 'active', periods: 0 });
    expect(deliveryErrors).toEqual([]);
  });

  it('renews each month when the clock passes the date: a new donation, its own receipt, a mail with the management link', async () => {
    await signUp();
    const first = await advance(32);
    expect(first).toMatchObject({ renewals: 1, failures: 0, lapsed: 0 });
    const rows = await giftDonations();
    expect(rows).toHaveLength(2);
    const renewal = rows[1]!;
    expect(renewal).toMatchObject({ isRenewal: true, status: 'completed', amount: 1000, currency: 'INR', donationType: 'monthly' });
    expect(renewal.invoiceId).toMatch(/^in_sbx_/);
    const issued = await db().select().from(receipts).where(eq(receipts.donationId, renewal.id));
    expect(issued).toHaveLength(1);
    const mails = await db().select().from(mailOutbox).orderBy(mailOutbox.id);
    const renewalMail = mails.find((mail) => mail.receiptId === issued[0]!.id);
    expect(renewalMail?.text).toContain('/monthly-gift#');

    const second = await advance(31);
    expect(second.renewals).toBe(1);
    expect(await giftDonations()).toHaveLength(3);
    const numbers = (await db().select().from(receipts)).map((receipt) => receipt.sequence).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it('catches up month by month after a long gap, and never charges a period twice however often billing runs', async () => {
    await signUp();
    const result = await advance(95);
    expect(result.renewals).toBe(3);
    await Promise.all([sandbox.recurring.runBilling(), sandbox.recurring.runBilling(), sandbox.recurring.runBilling()]);
    await settle();
    expect((await giftDonations()).filter((row) => row.isRenewal)).toHaveLength(3);
    expect(await db().select().from(sandboxInvoices)).toHaveLength(4);
  });

  it('a renewal replayed, and its events delivered again in reverse order, is recorded once', async () => {
    await signUp();
    await advance(32);
    const events = await db().select().from(sandboxEvents).orderBy(sandboxEvents.createdAt);
    // Every event delivered again, newest first.
    await db().update(sandboxEvents).set({ deliveredAt: null });
    for (const event of [...events].reverse()) {
      const body = JSON.parse(event.payload) as { type: string; created: number; data: { object: Record<string, unknown> } };
      const signed = sandbox.signedObjectEvent(body.type, body.data.object, body.created, event.id);
      const response = await app.inject({ method: 'POST', url: '/api/webhooks/stripe', payload: signed.payload, headers: { 'content-type': 'application/json', 'stripe-signature': signed.signature } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ received: true, duplicate: true });
    }
    expect((await giftDonations()).filter((row) => row.isRenewal)).toHaveLength(1);
    const [gift] = await gifts();
    expect(gift!.status).toBe('active');
  });

  it(`a failed renewal is retried ${RENEWAL_RETRY_DAYS.length} more times over ${RENEWAL_RETRY_DAYS.at(-1)} days, the donor told each time, then the gift lapses`, async () => {
    await signUp(TEST_CARDS.renewalFails.paymentMethod);
    // The renewal falls due within 31 days; its retries 1, 3 and 7 days after the first failure: all within 40.
    const failed = await advance(40);
    expect(failed).toMatchObject({ renewals: 0, failures: RENEWAL_RETRY_DAYS.length + 1, lapsed: 1 });
    const [gift] = await gifts();
    expect(gift!.status).toBe('lapsed');
    expect(gift!.lapsedAt).toBeInstanceOf(Date);
    expect(gift!.failureCount).toBe(RENEWAL_RETRY_DAYS.length + 1);
    expect(gift!.lastFailureReason).toBe('Your card was declined.');
    const mails = await db().select().from(mailOutbox).orderBy(mailOutbox.id);
    const subjects = mails.map((mail) => mail.subject);
    expect(subjects.filter((subject) => subject === 'Your monthly gift payment did not go through')).toHaveLength(RENEWAL_RETRY_DAYS.length);
    expect(subjects.filter((subject) => subject === 'Your monthly gift has stopped')).toHaveLength(1);
    expect((await giftDonations()).filter((row) => row.isRenewal)).toHaveLength(0);
    // Nothing more is charged after a lapse.
    expect((await advance(62)).renewals).toBe(0);
  });

  it('signs up with 3-D Secure when the card asks for it: the gift starts only once the donor authenticates', async () => {
    const data = monthly();
    const { intentId, clientSecret, confirmed } = await pay(app, data, TEST_CARDS.authentication.paymentMethod);
    expect(confirmed.status).toBe('requires_action');
    await settle();
    expect((await gifts())[0]!.status).toBe('incomplete');
    expect((await db().select().from(sandboxSubscriptions))[0]!.status).toBe('incomplete');
    const authenticated = await authenticate(app, clientSecret, 'complete');
    expect(authenticated.json().data.payment_intent.status).toBe('succeeded');
    const saved = await saveAfterPayment(app, data, intentId, TEST_CARDS.authentication.paymentMethod);
    expect([200, 201]).toContain(saved.statusCode);
    await settle();
    expect((await gifts())[0]!.status).toBe('active');
    // Renewals need no new authentication (as with Stripe, for a card set up on session).
    expect((await advance(32)).renewals).toBe(1);
  });

  it('survives a crash between charging and telling the webhook: the next run delivers, nothing is charged twice', async () => {
    await signUp();
    const working = (sandbox as unknown as { delivery: (payload: string, signature: string) => Promise<void> }).delivery;
    sandbox.deliverEventsWith(async () => {
      throw new Error('the process died before delivering');
    });
    const charged = await sandbox.recurring.advanceClock(32 * DAY_MS);
    expect(charged.renewals).toBe(1);
    await settle();
    // Charged at the sandbox, not yet recorded here: the events wait in the outbox.
    expect((await giftDonations()).filter((row) => row.isRenewal)).toHaveLength(0);
    expect((await db().select().from(sandboxEvents)).filter((event) => event.deliveredAt === null).length).toBeGreaterThan(0);
    const charges = (await db().select().from(sandboxPaymentIntents)).length;

    sandbox.deliverEventsWith(working);
    deliveryErrors.splice(0);
    // As the restarted server's first run does: nothing new is due, what was not delivered is.
    expect(await sandbox.recurring.runBilling()).toEqual({ renewals: 0, failures: 0, lapsed: 0 });
    await settle();
    expect((await giftDonations()).filter((row) => row.isRenewal)).toHaveLength(1);
    expect(await db().select().from(sandboxPaymentIntents)).toHaveLength(charges);
    expect((await db().select().from(sandboxEvents)).filter((event) => event.deliveredAt === null)).toHaveLength(0);
    const renewal = (await giftDonations()).find((row) => row.isRenewal)!;
    expect(await db().select().from(receipts).where(eq(receipts.donationId, renewal.id))).toHaveLength(1);
  });

  it('a lapsed gift cannot be paused, resumed or changed (409), and nothing changes', async () => {
    await signUp(TEST_CARDS.renewalFails.paymentMethod);
    await advance(40);
    const [gift] = await gifts();
    expect(gift!.status).toBe('lapsed');
    const { mintGiftLink } = await import('./repository.js');
    const { token } = await mintGiftLink(db(), gift!.id);
    const post = (url: string, payload: object) => app.inject({ method: 'POST', url, headers: { 'x-gift-token': token }, payload });
    const before = await gifts();
    expect((await post('/api/recurring/gift/pause', { months: 1 })).json()).toEqual({ success: false, message: RECURRING_MESSAGES.cannotPause });
    expect((await post('/api/recurring/gift/resume', {})).json()).toEqual({ success: false, message: RECURRING_MESSAGES.notPaused });
    expect((await post('/api/recurring/gift/amount', { amount: 2000 })).json()).toEqual({ success: false, message: RECURRING_MESSAGES.notOngoing });
    expect((await post('/api/recurring/gift/cancel', {})).statusCode).toBe(409);
    expect(await gifts()).toEqual(before);
  });

  it('a failed renewal shows as past due with the next try', async () => {
    await signUp(TEST_CARDS.renewalFails.paymentMethod);
    const [sub] = await db().select().from(sandboxSubscriptions);
    const untilRenewal = sub!.currentPeriodEnd!.getTime() - Date.now();
    await sandbox.recurring.advanceClock(untilRenewal + 60_000);
    await settle();
    const [gift] = await gifts();
    expect(gift).toMatchObject({ status: 'past_due', failureCount: 1, lastFailureReason: 'Your card was declined.' });
    const firstTry = gift!.lastFailureAt!.getTime();
    expect(gift!.nextChargeAt!.getTime() - firstTry).toBe(RENEWAL_RETRY_DAYS[0] * DAY_MS);
  });
});
