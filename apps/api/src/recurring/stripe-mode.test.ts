import { RECURRING_MESSAGES } from '@charity/domain';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { donations, mailOutbox, paymentAttempts, receipts, recurringGifts, webhookEvents } from '../db/schema.js';
import { StripeProvider } from '../donations/provider/stripe-provider.js';
import { describeEachDatabase } from '../../test/support/databases.js';
import { createIntent, generateInvoice, indianDonation, saveAfterPayment } from '../../test/support/donations.js';
import { signedStripeEvent, startStripeStandIn, type StripeStandIn } from '../../test/support/stripe-stand-in.js';

// The same monthly-gift code against Stripe (docs/decisions/022-monthly-gifts.md): the real `stripe` SDK pointed at
// a local stand-in that answers as api.stripe.com (API version 2025-03-31 and later) and records the calls, and
// Stripe's events signed with the endpoint secret, replayed and reordered: a renewal is recorded once whatever
// arrives twice or out of order.

const KEYS = { secretKey: 'sk_test_standin', publishableKey: 'pk_test_standin', webhookSecret: 'whsec_standin_monthly' };
const CARD = 'pm_card_visa';

describeEachDatabase('monthly gifts with PAYMENTS_MODE=stripe', (ctx) => {
  let standIn: StripeStandIn;
  let app: FastifyInstance;

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    app = await buildApp({
      config: { ...ctx.config, payments: { mode: 'stripe', ...KEYS } },
      database: ctx.database,
      paymentProvider: new StripeProvider({ ...KEYS, host: '127.0.0.1', port: standIn.port, protocol: 'http', timeoutMs: 5000 }),
    });
  });
  afterAll(async () => {
    await app?.close();
    await standIn?.close();
  });

  const db = () => ctx.database.db;
  async function deliver(type: string, object: unknown, options: { id?: string; created?: number } = {}) {
    const signed = signedStripeEvent(type, object, KEYS.webhookSecret, options);
    const response = await app.inject({ method: 'POST', url: '/api/webhooks/stripe', payload: signed.payload, headers: { 'content-type': 'application/json', 'stripe-signature': signed.header } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { received: boolean; duplicate: boolean };
  }

  it('signs up with a Customer and a Subscription whose first invoice the browser pays, then records renewals from events, once each', async () => {
    const data = indianDonation({ donation_type: 'monthly', amount: 1500 });
    const created = await createIntent(app, data, CARD);
    expect(created.statusCode, created.body).toBe(200);
    const { payment_intent_id: intentId, client_secret: clientSecret } = created.json().data;
    expect(clientSecret.startsWith(`${intentId}_secret`)).toBe(true);

    const subscriptionCall = standIn.calls.find((call) => call.method === 'POST' && call.path === '/v1/subscriptions')!;
    expect(subscriptionCall.form).toMatchObject({
      payment_behavior: 'default_incomplete',
      'payment_settings[save_default_payment_method]': 'on_subscription',
      'items[0][price_data][currency]': 'inr',
      'items[0][price_data][unit_amount]': '150000',
      'items[0][price_data][recurring][interval]': 'month',
    });
    // Nothing but references leaves for Stripe beyond what a customer needs (name and email): no PAN, phone or address.
    expect(standIn.calls.map((call) => call.raw).join('\n')).not.toContain('ABCDE1234F');
    const [gift] = await db().select().from(recurringGifts);
    expect(gift).toMatchObject({ status: 'incomplete', amountMinor: 150_000 });
    const [attempt] = await db().select().from(paymentAttempts).where(eq(paymentAttempts.paymentIntentId, intentId));
    expect(attempt!.subscriptionId).toBe(gift!.subscriptionId);

    // The browser confirms the first invoice's payment at Stripe, then saves as for a one-time gift.
    const subscription = standIn.subscriptions.get(gift!.subscriptionId)!;
    const firstInvoice = standIn.invoices.get(subscription.latest_invoice as string)!;
    standIn.payInvoice(firstInvoice.id);
    const saved = await saveAfterPayment(app, data, intentId, CARD);
    expect(saved.statusCode, saved.body).toBe(201);
    const donationId = saved.json().data.donation.id as number;
    expect((await generateInvoice(app, donationId, intentId)).statusCode).toBe(200);
    expect((await db().select().from(recurringGifts))[0]!.status).toBe('active');

    // Stripe's events of the sign-up: the first invoice paid (no second donation), the subscription active.
    expect(await deliver('invoice.paid', standIn.invoiceObject(firstInvoice.id))).toEqual({ received: true, duplicate: false });
    expect(await deliver('customer.subscription.updated', standIn.subscriptionObject(gift!.subscriptionId))).toEqual({ received: true, duplicate: false });
    expect(await db().select().from(donations)).toHaveLength(1);

    // A renewal, its events delivered out of order and twice: one donation, one receipt, mailed with the link.
    const renewal = standIn.renewSubscription(gift!.subscriptionId, 'paid');
    const paidEvent = { id: 'evt_renewal_paid', created: Math.floor(Date.now() / 1000) + 10 };
    const updated = { id: 'evt_renewal_sub', created: Math.floor(Date.now() / 1000) + 11 };
    await deliver('customer.subscription.updated', standIn.subscriptionObject(gift!.subscriptionId), updated);
    await deliver('invoice.paid', standIn.invoiceObject(renewal.id), paidEvent);
    expect(await deliver('invoice.paid', standIn.invoiceObject(renewal.id), paidEvent)).toEqual({ received: true, duplicate: true });
    // The same invoice in a new event (Stripe resends under a new id after a failed delivery it counted as lost).
    await deliver('invoice.paid', standIn.invoiceObject(renewal.id), { id: 'evt_renewal_paid_again' });
    await app.payments.idle();
    const renewals = (await db().select().from(donations)).filter((row) => row.isRenewal);
    expect(renewals).toHaveLength(1);
    expect(renewals[0]).toMatchObject({ invoiceId: renewal.id, amount: 1500, amountMinor: 150_000, recurringGiftId: gift!.id, status: 'completed' });
    const [receipt] = await db().select().from(receipts).where(eq(receipts.donationId, renewals[0]!.id));
    expect(receipt).toBeDefined();
    const [mail] = await db().select().from(mailOutbox).where(eq(mailOutbox.receiptId, receipt!.id));
    expect(mail!.text).toContain('This is a payment of your monthly gift.');

    // The next renewal's invoice.paid delivered five times at once under five event ids (Stripe's retries racing):
    // one donation, the campaign counted once.
    const racing = standIn.renewSubscription(gift!.subscriptionId, 'paid');
    const raced = await Promise.all([1, 2, 3, 4, 5].map((n) => deliver('invoice.paid', standIn.invoiceObject(racing.id), { id: `evt_race_${n}` })));
    expect(raced.every((answer) => answer.received)).toBe(true);
    await app.payments.idle();
    expect((await db().select().from(donations)).filter((row) => row.invoiceId === racing.id)).toHaveLength(1);
    expect(await db().select().from(receipts)).toHaveLength(3);

    // An older subscription state (past_due, created before the renewal's events) arriving late changes nothing.
    const stale = { ...standIn.subscriptionObject(gift!.subscriptionId), status: 'past_due' };
    await deliver('customer.subscription.updated', stale, { id: 'evt_stale', created: Math.floor(Date.now() / 1000) - 60 });
    expect((await db().select().from(recurringGifts))[0]!.status).toBe('active');
  });

  it('a failed renewal marks the gift past due and mails the donor; the final failure (cancelled for non-payment) lapses it', async () => {
    const [gift] = await db().select().from(recurringGifts).orderBy(desc(recurringGifts.id)).limit(1);
    const failed = standIn.renewSubscription(gift!.subscriptionId, 'failed');
    await deliver('invoice.payment_failed', standIn.invoiceObject(failed.id), { id: 'evt_failed_1', created: Math.floor(Date.now() / 1000) + 100 });
    await deliver('customer.subscription.updated', standIn.subscriptionObject(gift!.subscriptionId), { id: 'evt_past_due', created: Math.floor(Date.now() / 1000) + 100 });
    const pastDue = (await db().select().from(recurringGifts).where(eq(recurringGifts.id, gift!.id)))[0]!;
    expect(pastDue).toMatchObject({ status: 'past_due', failureCount: 1 });
    const failureMails = await db().select().from(mailOutbox).where(eq(mailOutbox.subject, 'Your monthly gift payment did not go through'));
    expect(failureMails).toHaveLength(1);
    expect(failureMails[0]!.text).toContain('/monthly-gift#');

    const ended = { ...standIn.subscriptionObject(gift!.subscriptionId), status: 'canceled', canceled_at: Math.floor(Date.now() / 1000) + 200, cancellation_details: { reason: 'payment_failed', comment: null, feedback: null } };
    await deliver('customer.subscription.deleted', ended, { id: 'evt_lapsed', created: Math.floor(Date.now() / 1000) + 200 });
    await deliver('customer.subscription.deleted', ended, { id: 'evt_lapsed', created: Math.floor(Date.now() / 1000) + 200 });
    const lapsed = (await db().select().from(recurringGifts).where(eq(recurringGifts.id, gift!.id)))[0]!;
    expect(lapsed.status).toBe('lapsed');
    expect(await db().select().from(mailOutbox).where(eq(mailOutbox.subject, 'Your monthly gift has stopped'))).toHaveLength(1);
    expect((await db().select().from(webhookEvents).where(eq(webhookEvents.id, 'evt_lapsed')))).toHaveLength(1);
  });

  it('the donor cancels from the link: the subscription is cancelled at Stripe, and the gift is over', async () => {
    const data = indianDonation({ donation_type: 'monthly', amount: 900 }, { email: 'ravi@example.org' });
    const created = await createIntent(app, data, CARD);
    const { payment_intent_id: intentId } = created.json().data;
    const [gift] = await db().select().from(recurringGifts).orderBy(desc(recurringGifts.id)).limit(1);
    standIn.payInvoice(standIn.subscriptions.get(gift!.subscriptionId)!.latest_invoice as string);
    const saved = await saveAfterPayment(app, data, intentId, CARD);
    await generateInvoice(app, saved.json().data.donation.id, intentId);
    await app.payments.idle();
    const [mail] = await db().select().from(mailOutbox).where(eq(mailOutbox.to, 'ravi@example.org'));
    const token = /\/monthly-gift#([A-Za-z0-9_-]{43})/.exec(mail!.text)![1]!;
    const cancelled = await app.inject({ method: 'POST', url: '/api/recurring/gift/cancel', headers: { 'x-gift-token': token }, payload: { reason: 'Changing banks' } });
    expect(cancelled.json()).toMatchObject({ success: true, message: RECURRING_MESSAGES.cancelled });
    expect(standIn.calls.some((call) => call.method === 'DELETE' && call.path === `/v1/subscriptions/${gift!.subscriptionId}`)).toBe(true);
    expect(standIn.subscriptions.get(gift!.subscriptionId)!.status).toBe('canceled');
  });
});
