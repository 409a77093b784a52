import { TEST_CARDS } from '@charity/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import {
  campaigns,
  donations,
  mailOutbox,
  paymentAttempts,
  paymentFailures,
  receipts,
  receiptTokens,
  sandboxPaymentIntents,
  webhookEvents,
} from '../db/schema.js';
import type { SandboxProvider } from './provider/sandbox-provider.js';
import { DAY_MS, insertCampaigns } from '../../test/support/campaign-fixtures.js';
import { describeEachDatabase } from '../../test/support/databases.js';
import { buildSandboxApp, generateInvoice, indianDonation, pay, saveAfterPayment } from '../../test/support/donations.js';

// POST /api/webhooks/stripe, fed by the sandbox exactly as Stripe feeds it: signed events about payment intents.
// The sandbox holds its events back here, so each test decides when (and how often) they arrive.

describeEachDatabase('POST /api/webhooks/stripe', (ctx) => {
  let app: FastifyInstance;
  let sandbox: SandboxProvider;
  let deliveryErrors: unknown[];

  beforeAll(async () => {
    ({ app, sandbox, deliveryErrors } = await buildSandboxApp(ctx, { holdEvents: true }));
  });
  afterAll(async () => {
    await app?.close();
  });
  beforeEach(async () => {
    await app.payments.idle();
    sandbox.held.splice(0);
    sandbox.holdEvents();
    deliveryErrors.splice(0);
    const db = ctx.database.db;
    await db.delete(receiptTokens);
    await db.delete(receipts);
    await db.delete(donations);
    await db.delete(paymentFailures);
    await db.delete(paymentAttempts);
    await db.delete(webhookEvents);
    await db.delete(sandboxPaymentIntents);
    await db.delete(mailOutbox);
    await db.delete(campaigns);
  });

  const post = (payload: string | Buffer, signature: string | undefined, contentType = 'application/json') =>
    app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      payload,
      headers: { 'content-type': contentType, ...(signature === undefined ? {} : { 'stripe-signature': signature }) },
    });
  const db = () => ctx.database.db;
  const tables = {
    donations: () => db().select().from(donations),
    webhookEvents: () => db().select().from(webhookEvents),
    mailOutbox: () => db().select().from(mailOutbox),
    receipts: () => db().select().from(receipts),
  };

  /** Pays with the card and takes the event the sandbox emitted for it. */
  async function paidEvent(data = indianDonation()) {
    const { intentId } = await pay(app, data);
    const event = sandbox.held.splice(0).find((e) => e.type === 'payment_intent.succeeded');
    if (!event) throw new Error('the sandbox emitted no payment_intent.succeeded');
    return { intentId, event, data };
  }

  it('answers 400 "Invalid signature" and writes nothing for a missing, forged, stale or mismatched signature', async () => {
    const { event } = await paidEvent();
    const now = Math.floor(Date.now() / 1000);
    const forged = Stripe.webhooks.generateTestHeaderString({ payload: event.payload, secret: 'whsec_not_the_secret' });
    const stale = Stripe.webhooks.generateTestHeaderString({ payload: event.payload, secret: sandbox.webhookSecret, timestamp: now - 600 });
    const ahead = Stripe.webhooks.generateTestHeaderString({ payload: event.payload, secret: sandbox.webhookSecret, timestamp: now + 310 });
    const farAhead = Stripe.webhooks.generateTestHeaderString({ payload: event.payload, secret: sandbox.webhookSecret, timestamp: now + 86_400 });
    const otherBody = event.payload.replace('"amount":100000', '"amount":1');
    for (const [payload, signature] of [
      [event.payload, undefined],
      [event.payload, ''],
      [event.payload, 'garbage'],
      [event.payload, forged],
      [event.payload, stale],
      [event.payload, ahead], // more than 5 minutes in the future: refused like a stale one
      [event.payload, farAhead],
      [otherBody, event.signature],
      [`${event.payload} `, event.signature], // one byte more: the signature covers the exact bytes
    ] as const) {
      const response = await post(payload, signature);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ success: false, message: 'Invalid signature' });
    }
    expect(await tables.webhookEvents()).toEqual([]);
    expect(await tables.donations()).toEqual([]);
  });

  it('accepts a signature made within 5 minutes either side of its arrival (the two clocks may differ)', async () => {
    const now = Math.floor(Date.now() / 1000);
    const { event } = await paidEvent();
    for (const offset of [-290, 290]) {
      const signature = Stripe.webhooks.generateTestHeaderString({ payload: event.payload, secret: sandbox.webhookSecret, timestamp: now + offset });
      const response = await post(event.payload, signature);
      expect(response.statusCode, `${offset} s: ${response.body}`).toBe(200);
    }
    expect(await tables.webhookEvents()).toHaveLength(1);
  });

  it('saves the donation when the browser never does, from the recorded attempt, and mails its receipt', async () => {
    const [target] = await insertCampaigns(ctx.database.db, [
      { title: 'Midday Meals', status: 'active', endDate: new Date(Date.now() + 10 * DAY_MS), raisedAmount: 100, donationCount: 1 },
    ]);
    const data = indianDonation({ campaign_id: target!.id });
    const { intentId } = await pay(app, data);
    expect(await tables.donations()).toEqual([]);

    // The donor closed the tab: only Stripe's (here the sandbox's) event arrives, through the real delivery.
    sandbox.releaseEvents();
    await app.payments.idle();
    expect(deliveryErrors).toEqual([]);
    const rows = await tables.donations();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ paymentIntentId: intentId, amount: 1000, currency: 'INR', donorEmail: 'asha.verma@example.org', status: 'completed' });
    const [campaign] = await ctx.database.db.select().from(campaigns).where(eq(campaigns.id, target!.id));
    expect(campaign).toMatchObject({ raisedAmount: 1100, donationCount: 2 });

    const [receipt] = await tables.receipts();
    expect(receipt).toMatchObject({ donationId: rows[0]!.id, mailStatus: 'stored' });
    const mails = await tables.mailOutbox();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: 'asha.verma@example.org', status: 'stored' });
    expect(mails[0]!.attachments).toEqual([{ filename: `receipt-${receipt!.number.replaceAll('/', '-')}.pdf`, contentType: 'application/pdf', size: expect.any(Number) }]);

    // The browser comes back late after all: the same donation, and the same receipt without a second mail.
    const late = await saveAfterPayment(app, data, intentId);
    expect(late.statusCode).toBe(200);
    expect(late.json().data.donation).toEqual({ id: rows[0]!.id, receipt_number: receipt!.number });
    const invoice = await generateInvoice(app, rows[0]!.id, intentId);
    expect(invoice.json().data.invoice.number).toBe(receipt!.number);
    await app.payments.idle();
    expect(await tables.mailOutbox()).toHaveLength(1);
  });

  it('writes one donation when an event is delivered again (or twice at once)', async () => {
    const { event, intentId } = await paidEvent();
    const first = await post(event.payload, event.signature);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    const again = await post(event.payload, event.signature);
    expect(again.json()).toEqual({ received: true, duplicate: true });
    const both = await Promise.all([post(event.payload, event.signature), post(event.payload, event.signature)]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await tables.donations()).toHaveLength(1);
    expect(await tables.webhookEvents()).toEqual([expect.objectContaining({ id: event.id, type: 'payment_intent.succeeded', paymentIntentId: intentId })]);
    await app.payments.idle();
    expect(await tables.mailOutbox()).toHaveLength(1);
  });

  it('after the browser saved, the event changes nothing (and mails nothing)', async () => {
    const { event, intentId, data } = await paidEvent();
    expect((await saveAfterPayment(app, data, intentId)).statusCode).toBe(201);
    const response = await post(event.payload, event.signature);
    expect(response.json()).toEqual({ received: true, duplicate: false });
    await app.payments.idle();
    expect(await tables.donations()).toHaveLength(1);
    expect(await tables.receipts()).toEqual([]);
    expect(await tables.mailOutbox()).toEqual([]);
  });

  it('marks a declined payment failed and saves nothing', async () => {
    const { intentId } = await pay(app, indianDonation(), TEST_CARDS.declined.paymentMethod);
    const [event] = sandbox.held.splice(0);
    expect(event!.type).toBe('payment_intent.payment_failed');
    expect((await post(event!.payload, event!.signature)).statusCode).toBe(200);
    expect(await tables.donations()).toEqual([]);
    const [attempt] = await ctx.database.db.select().from(paymentAttempts).where(eq(paymentAttempts.paymentIntentId, intentId));
    expect(attempt).toMatchObject({ status: 'failed', lastErrorCode: 'card_declined' });
  });

  it('acknowledges events about intents it did not create, and other event types, writing no donation', async () => {
    const { event } = await paidEvent();
    const foreign = JSON.parse(event.payload) as { id: string; data: { object: { id: string } } };
    foreign.id = 'evt_foreign_1';
    foreign.data.object.id = 'pi_created_elsewhere';
    const foreignPayload = JSON.stringify(foreign);
    const other = JSON.stringify({ id: 'evt_other_1', object: 'event', type: 'charge.refunded', created: 1, data: { object: { id: 'ch_1', object: 'charge' } } });
    for (const payload of [foreignPayload, other]) {
      const response = await post(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret: sandbox.webhookSecret }));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ received: true, duplicate: false });
    }
    expect(await tables.donations()).toEqual([]);
    expect((await tables.webhookEvents()).map((e) => e.id).sort()).toEqual(['evt_foreign_1', 'evt_other_1']);
  });

  it('refuses a succeeded event whose amount differs from the attempt, saving nothing', async () => {
    const { event } = await paidEvent();
    const altered = event.payload.replace('"amount":100000', '"amount":100');
    const response = await post(altered, Stripe.webhooks.generateTestHeaderString({ payload: altered, secret: sandbox.webhookSecret }));
    expect(response.statusCode).toBe(200);
    expect(await tables.donations()).toEqual([]);
  });

  it('answers 500 when applying an event fails, remembering nothing, so the provider’s retry applies it', async () => {
    const [target] = await insertCampaigns(ctx.database.db, [{ title: 'Full', status: 'active', raisedAmount: 999_999_999_999.99 }]);
    const { event } = await paidEvent(indianDonation({ campaign_id: target!.id }));
    const failed = await post(event.payload, event.signature);
    expect(failed.statusCode).toBe(500);
    expect(await tables.webhookEvents()).toEqual([]);
    expect(await tables.donations()).toEqual([]);
    await ctx.database.db.update(campaigns).set({ raisedAmount: 0 }).where(eq(campaigns.id, target!.id));
    const retried = await post(event.payload, event.signature);
    expect(retried.json()).toEqual({ received: true, duplicate: false });
    expect(await tables.donations()).toHaveLength(1);
  });

  it('keeps the raw body for this route only: any content type is read as bytes, other routes still parse JSON', async () => {
    const { event } = await paidEvent();
    const asText = await post(event.payload, event.signature, 'text/plain');
    expect(asText.statusCode).toBe(200);
    const json = await app.inject({ method: 'POST', url: '/api/contact', payload: { name: 'A' }, remoteAddress: '10.200.0.1' });
    expect(json.statusCode).toBe(400);
    expect(json.json().errors.email).toBe('Email is required');
  });
});
