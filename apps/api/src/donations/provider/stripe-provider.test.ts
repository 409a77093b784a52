import { TEST_CARDS } from '@charity/domain';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { donations, paymentAttempts, webhookEvents } from '../../db/schema.js';
import { describeEachDatabase } from '../../../test/support/databases.js';
import { confirm, createIntent, indianDonation, saveAfterPayment, usDonation } from '../../../test/support/donations.js';
import { startStripeStandIn, type StripeStandIn } from '../../../test/support/stripe-stand-in.js';
import { PaymentProviderError, WebhookSignatureError } from './provider.js';
import { StripeProvider, verifyStripeSignature, WEBHOOK_TOLERANCE_SECONDS } from './stripe-provider.js';

// The Stripe implementation, with the real `stripe` SDK pointed at a local stand-in for api.stripe.com that
// records every call: what the server would send to Stripe, and how it reads Stripe's answers.

const KEYS = { secretKey: 'sk_test_standin_secret', publishableKey: 'pk_test_standin_public', webhookSecret: 'whsec_standin_signing' };

function providerFor(standIn: StripeStandIn, webhookSecret: string | null = KEYS.webhookSecret) {
  return new StripeProvider({ ...KEYS, webhookSecret, host: '127.0.0.1', port: standIn.port, protocol: 'http', timeoutMs: 5000 });
}

describe('StripeProvider against a local stand-in', () => {
  let standIn: StripeStandIn;
  beforeAll(async () => {
    standIn = await startStripeStandIn();
  });
  afterAll(async () => {
    await standIn?.close();
  });

  it('creates an intent: amount in minor units, currency, card only, metadata, and the Idempotency-Key header', async () => {
    const provider = providerFor(standIn);
    const before = standIn.calls.length;
    const intent = await provider.createIntent({
      amountMinor: 100_050,
      currency: 'INR',
      idempotencyKey: '6f1c2a4e-0b8d-4c5e-9f3a-1d2e3f4a5b6c',
      paymentMethodId: TEST_CARDS.visa.paymentMethod,
      metadata: { attempt_key: '6f1c2a4e-0b8d-4c5e-9f3a-1d2e3f4a5b6c', campaign_id: '7', country_code: 'IN' },
      description: 'Donation to Bright Beginnings Foundation',
      receiptEmail: 'asha@example.org',
    });
    const call = standIn.calls[before]!;
    expect(call.method).toBe('POST');
    expect(call.path).toBe('/v1/payment_intents');
    expect(call.headers.authorization).toBe(`Bearer ${KEYS.secretKey}`);
    expect(call.headers['idempotency-key']).toBe('6f1c2a4e-0b8d-4c5e-9f3a-1d2e3f4a5b6c');
    expect(call.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(call.form).toEqual({
      amount: '100050',
      currency: 'inr',
      payment_method: TEST_CARDS.visa.paymentMethod,
      'allowed_payment_method_types[0]': 'card',
      'metadata[attempt_key]': '6f1c2a4e-0b8d-4c5e-9f3a-1d2e3f4a5b6c',
      'metadata[campaign_id]': '7',
      'metadata[country_code]': 'IN',
      description: 'Donation to Bright Beginnings Foundation',
      receipt_email: 'asha@example.org',
    });
    expect(intent).toEqual({
      id: expect.stringMatching(/^pi_standin\d{4}$/),
      status: 'requires_confirmation',
      amountMinor: 100_050,
      currency: 'INR',
      clientSecret: `${intent.id}_secret_standin`,
      paymentMethodId: TEST_CARDS.visa.paymentMethod,
      lastPaymentError: null,
      metadata: { attempt_key: '6f1c2a4e-0b8d-4c5e-9f3a-1d2e3f4a5b6c', campaign_id: '7', country_code: 'IN' },
    });
  });

  it('reads an intent back (without its client secret), and null for one Stripe does not know', async () => {
    const provider = providerFor(standIn);
    const created = await provider.createIntent({
      amountMinor: 2500,
      currency: 'usd',
      idempotencyKey: 'key-retrieve',
      paymentMethodId: TEST_CARDS.visa.paymentMethod,
      metadata: {},
      description: 'Donation',
      receiptEmail: null,
    });
    standIn.intents.get(created.id)!.status = 'succeeded';
    const before = standIn.calls.length;
    const intent = await provider.retrieveIntent(created.id);
    expect(standIn.calls[before]).toMatchObject({ method: 'GET', path: `/v1/payment_intents/${created.id}` });
    expect(standIn.calls[before]!.headers.authorization).toBe(`Bearer ${KEYS.secretKey}`);
    expect(intent).toMatchObject({ id: created.id, status: 'succeeded', amountMinor: 2500, currency: 'USD', clientSecret: null });
    expect(standIn.calls.slice(before - 1, before)[0]!.form.receipt_email).toBeUndefined();
    expect(await provider.retrieveIntent('pi_unknown')).toBeNull();
  });

  it('turns Stripe refusals into answers a donor can read, and outages into 502', async () => {
    const provider = providerFor(standIn);
    const input = { amountMinor: 100, currency: 'usd', idempotencyKey: 'k', paymentMethodId: 'pm_x', metadata: {}, description: 'd', receiptEmail: null };
    standIn.failNextCreate(402, { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' });
    await expect(provider.createIntent({ ...input, idempotencyKey: 'k1' })).rejects.toMatchObject({ statusCode: 400, publicMessage: 'Your card was declined.' });
    standIn.failNextCreate(400, { type: 'invalid_request_error', code: 'resource_missing', message: "No such PaymentMethod: 'pm_x'" });
    await expect(provider.createIntent({ ...input, idempotencyKey: 'k2' })).rejects.toMatchObject({
      statusCode: 400,
      publicMessage: 'The card details could not be used. Please enter them again.',
    });
    const unreachable = new StripeProvider({ ...KEYS, host: '127.0.0.1', port: 9, protocol: 'http', timeoutMs: 2000 });
    const error = await unreachable.createIntent({ ...input, idempotencyKey: 'k3' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect(error).toMatchObject({ statusCode: 502, publicMessage: 'The payment service could not be reached. Please try again in a moment.' });
  });

  it('verifies webhook signatures with STRIPE_WEBHOOK_SECRET, and refuses everything without one', () => {
    const provider = providerFor(standIn);
    const payload = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'payment_intent.succeeded',
      created: 1,
      data: { object: { id: 'pi_1', object: 'payment_intent', amount: 100, currency: 'usd', status: 'succeeded', metadata: {}, last_payment_error: null, payment_method: TEST_CARDS.visa.paymentMethod } },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: KEYS.webhookSecret });
    expect(provider.verifyWebhook(Buffer.from(payload), signature)).toMatchObject({
      id: 'evt_1',
      type: 'payment_intent.succeeded',
      intent: { id: 'pi_1', status: 'succeeded', amountMinor: 100, currency: 'USD', paymentMethodId: TEST_CARDS.visa.paymentMethod },
    });
    expect(() => provider.verifyWebhook(Buffer.from(payload), Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' }))).toThrow(
      WebhookSignatureError,
    );
    const withoutSecret = providerFor(standIn, null);
    expect(withoutSecret.webhooksEnabled).toBe(false);
    expect(() => withoutSecret.verifyWebhook(Buffer.from(payload), signature)).toThrow(WebhookSignatureError);
  });
});

describe('webhook signature time-stamps', () => {
  const payload = JSON.stringify({ id: 'evt_2', object: 'event', type: 'charge.refunded', created: 1, data: { object: { id: 'ch_1', object: 'charge' } } });
  const receivedAt = Date.now();
  const signedAt = (offsetSeconds: number) =>
    Stripe.webhooks.generateTestHeaderString({ payload, secret: KEYS.webhookSecret, timestamp: Math.floor(receivedAt / 1000) + offsetSeconds });
  const verify = (header: string) => verifyStripeSignature(Buffer.from(payload), header, KEYS.webhookSecret, receivedAt);

  it('accepts a signature made up to 5 minutes before or after it arrives (clocks differ either way)', () => {
    expect(WEBHOOK_TOLERANCE_SECONDS).toBe(300);
    for (const offset of [-300, -299, 0, 299, 300]) expect(verify(signedAt(offset)), `${offset} s`).toMatchObject({ id: 'evt_2' });
  });

  it('refuses one made more than 5 minutes before (a replay) or after (signed with a clock far ahead, replayable later)', () => {
    for (const offset of [-301, -3600, 301, 3600, 86_400 * 365]) {
      expect(() => verify(signedAt(offset)), `${offset} s`).toThrow(new WebhookSignatureError('Timestamp outside the tolerance zone'));
    }
  });
});

describeEachDatabase('the donation flow with PAYMENTS_MODE=stripe', (ctx) => {
  let standIn: StripeStandIn;
  let app: FastifyInstance;

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    app = await buildApp({
      config: { ...ctx.config, payments: { mode: 'stripe', ...KEYS } },
      database: ctx.database,
      paymentProvider: providerFor(standIn),
    });
  });
  afterAll(async () => {
    await app?.close();
    await standIn?.close();
  });

  it('talks to Stripe: config, create-intent, save-after-payment reading the intent back, and the webhook', async () => {
    const config = await app.inject({ method: 'GET', url: '/api/payments/config' });
    expect(config.json()).toEqual({ success: true, data: { mode: 'stripe', publishable_key: KEYS.publishableKey } });

    const data = indianDonation({ amount: 1500 });
    const created = await createIntent(app, data, 'pm_1Q0PsIJvEtkwdCNYMnX0q3f8');
    expect(created.statusCode).toBe(200);
    const { payment_intent_id: intentId, client_secret: clientSecret } = created.json().data;
    expect(clientSecret).toBe(`${intentId}_secret_standin`);
    const createCall = standIn.calls.find((c) => c.method === 'POST' && c.path === '/v1/payment_intents')!;
    const [attempt] = await ctx.database.db.select().from(paymentAttempts);
    expect(createCall.form).toMatchObject({ amount: '150000', currency: 'inr', payment_method: 'pm_1Q0PsIJvEtkwdCNYMnX0q3f8', 'metadata[attempt_key]': attempt!.idempotencyKey });
    expect(createCall.headers['idempotency-key']).toBe(attempt!.idempotencyKey);
    // Nothing but references leaves for Stripe: no PAN, phone, address or e-mail (Stripe would mail its own receipt).
    expect(createCall.form.receipt_email).toBeUndefined();
    expect(createCall.raw).not.toContain('asha.verma');
    expect(createCall.raw).not.toContain('ABCDE1234F');
    expect(createCall.raw).not.toContain('9876543210');
    expect(createCall.raw).not.toContain('Indiranagar');

    // The sandbox's routes do not exist with Stripe.
    expect((await confirm(app, clientSecret)).statusCode).toBe(404);

    // Before Stripe says succeeded, nothing is saved.
    expect((await saveAfterPayment(app, data, intentId)).json()).toEqual({ success: false, message: 'Payment status: requires_confirmation' });
    standIn.intents.get(intentId)!.status = 'succeeded';
    const calls = standIn.calls.length;
    const saved = await saveAfterPayment(app, data, intentId);
    expect(saved.statusCode).toBe(201);
    expect(standIn.calls.slice(calls).map((c) => `${c.method} ${c.path}`)).toEqual([`GET /v1/payment_intents/${intentId}`]);
    const [row] = await ctx.database.db.select().from(donations);
    expect(row).toMatchObject({ paymentIntentId: intentId, amount: 1500, amountMinor: 150_000, paymentMethodId: 'pm_1Q0PsIJvEtkwdCNYMnX0q3f8' });

    // Stripe's event for the same payment: verified with STRIPE_WEBHOOK_SECRET, recorded, no second donation.
    const payload = JSON.stringify({ id: 'evt_standin_1', object: 'event', type: 'payment_intent.succeeded', created: 1, data: { object: standIn.intents.get(intentId) } });
    const webhook = await app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: KEYS.webhookSecret }) },
    });
    expect(webhook.json()).toEqual({ received: true, duplicate: false });
    expect(await ctx.database.db.select().from(donations)).toHaveLength(1);
    expect(await ctx.database.db.select().from(webhookEvents)).toHaveLength(1);
  });

  it('refuses what Stripe refuses (400), records no attempt, and retries a Stripe hiccup with the same Idempotency-Key', async () => {
    const before = (await ctx.database.db.select().from(paymentAttempts)).length;
    standIn.failNextCreate(400, { type: 'invalid_request_error', code: 'resource_missing', message: 'No such PaymentMethod' });
    const refused = await createIntent(app, usDonation(), 'pm_gone');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ success: false, message: 'The card details could not be used. Please enter them again.' });
    expect(await ctx.database.db.select().from(paymentAttempts)).toHaveLength(before);

    const calls = standIn.calls.length;
    standIn.failNextCreate(500, { type: 'api_error', message: 'Something went wrong on our end.' });
    const retried = await createIntent(app, usDonation(), TEST_CARDS.visa.paymentMethod);
    expect(retried.statusCode).toBe(200);
    const posts = standIn.calls.slice(calls).filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[0]!.headers['idempotency-key']).toBe(posts[1]!.headers['idempotency-key']);
    expect(await ctx.database.db.select().from(paymentAttempts)).toHaveLength(before + 1);
  });

  it('answers 502 with a sentence when Stripe cannot be reached, and records no attempt', async () => {
    const before = (await ctx.database.db.select().from(paymentAttempts)).length;
    const offline = await buildApp({
      config: { ...ctx.config, payments: { mode: 'stripe', ...KEYS } },
      database: ctx.database,
      paymentProvider: new StripeProvider({ ...KEYS, host: '127.0.0.1', port: 9, protocol: 'http', timeoutMs: 2000 }),
    });
    try {
      const response = await createIntent(offline, usDonation());
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({ success: false, message: 'The payment service could not be reached. Please try again in a moment.' });
    } finally {
      await offline.close();
    }
    expect(await ctx.database.db.select().from(paymentAttempts)).toHaveLength(before);
  });

  it('answers 503 at the webhook when STRIPE_WEBHOOK_SECRET is not set', async () => {
    const noSecret = await buildApp({
      config: { ...ctx.config, payments: { mode: 'stripe', ...KEYS, webhookSecret: null } },
      database: ctx.database,
      paymentProvider: providerFor(standIn, null),
    });
    try {
      const response = await noSecret.inject({ method: 'POST', url: '/api/webhooks/stripe', payload: '{}', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' } });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ success: false, message: 'Webhooks are not configured on this server (STRIPE_WEBHOOK_SECRET is not set).' });
    } finally {
      await noSecret.close();
    }
  });
});
