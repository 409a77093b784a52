import { TEST_CARDS } from '@charity/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { donations, paymentAttempts } from '../../src/db/schema.js';
import { PROVIDER_TIMEOUT_MESSAGE, PROVIDER_UNAVAILABLE_MESSAGE } from '../../src/donations/provider/provider.js';
import { STRIPE_NETWORK_RETRIES, StripeProvider, stripeRetryPauseBoundMs } from '../../src/donations/provider/stripe-provider.js';
import { describeEachDatabase } from '../support/databases.js';
import { createIntent, indianDonation, saveAfterPayment } from '../support/donations.js';
import { startFaultyStripe, type FaultyStripe, type StripeFault } from './faulty-stripe.js';

// Provider faults: the Stripe provider, with the real SDK and the production retry policy, pointed
// at a stand-in that answers 500/502/503, never answers, or resets the connection. create-intent and
// save-after-payment (which reads the intent back) must answer with a sentence a donor can read — the payment
// service could not be reached (502), or the catalogue's time-out sentence (504) — within the time-out of each
// attempt plus the SDK's pauses, retry with one Idempotency-Key, and write nothing: no attempt, no donation.

const KEYS = { secretKey: 'sk_test_faulty', publishableKey: 'pk_test_faulty', webhookSecret: 'whsec_faulty' };
/** Short, so the test is quick; production uses STRIPE_TIMEOUT_MS. */
const TIMEOUT_MS = 400;
const ATTEMPTS = 1 + STRIPE_NETWORK_RETRIES;
/** The longest a failing call may take: every attempt timing out, every pause at its longest, and CI's slack. */
const DEADLINE_MS = ATTEMPTS * TIMEOUT_MS + stripeRetryPauseBoundMs(STRIPE_NETWORK_RETRIES) + 1_500;

const FAULTS: Array<{ fault: StripeFault; status: number; message: string }> = [
  { fault: 500, status: 502, message: PROVIDER_UNAVAILABLE_MESSAGE },
  { fault: 502, status: 502, message: PROVIDER_UNAVAILABLE_MESSAGE },
  { fault: 503, status: 502, message: PROVIDER_UNAVAILABLE_MESSAGE },
  { fault: 'reset', status: 502, message: PROVIDER_UNAVAILABLE_MESSAGE },
  { fault: 'hang', status: 504, message: PROVIDER_TIMEOUT_MESSAGE },
];

describeEachDatabase('Stripe failing or not answering', (ctx) => {
  let stripe: FaultyStripe;
  let app: FastifyInstance;

  beforeAll(async () => {
    stripe = await startFaultyStripe();
    app = await buildApp({
      config: { ...ctx.config, payments: { mode: 'stripe', ...KEYS } },
      database: ctx.database,
      paymentProvider: new StripeProvider({ ...KEYS, host: '127.0.0.1', port: stripe.port, protocol: 'http', timeoutMs: TIMEOUT_MS }),
    });
  });
  afterAll(async () => {
    await app?.close();
    await stripe?.close();
  });

  it('uses the spec’s messages for every fault: 502 when Stripe fails or resets, 504 with the time-out sentence when it does not answer', () => {
    expect(PROVIDER_UNAVAILABLE_MESSAGE).toBe('The payment service could not be reached. Please try again in a moment.');
    expect(PROVIDER_TIMEOUT_MESSAGE).toBe('Request timed out. Please try again.');
  });

  it('create-intent: answers each fault promptly after the retries, with one Idempotency-Key, and records no attempt', async () => {
    const attemptsBefore = (await ctx.database.db.select({ id: paymentAttempts.id }).from(paymentAttempts)).length;
    // All faults at once: each waits on its own time-outs and pauses.
    const results = await Promise.all(
      FAULTS.map(async ({ fault }) => {
        const started = performance.now();
        const response = await createIntent(app, indianDonation(), stripe.paymentMethodFor(fault));
        return { fault, response, ms: performance.now() - started };
      }),
    );
    for (const { fault, response, ms } of results) {
      const expected = FAULTS.find((f) => f.fault === fault)!;
      expect(response.statusCode, `${fault}: ${response.body}`).toBe(expected.status);
      expect(response.json(), String(fault)).toEqual({ success: false, message: expected.message });
      expect(ms, `${fault} took ${Math.round(ms)} ms`).toBeLessThan(DEADLINE_MS);
      if (fault === 'hang') expect(ms, 'every attempt waited for its time-out').toBeGreaterThanOrEqual(ATTEMPTS * TIMEOUT_MS);
      // The SDK tried again (attempts in all), each time with the same key: Stripe creates at most one intent.
      const posts = stripe.calls.filter((call) => call.method === 'POST' && call.paymentMethod === stripe.paymentMethodFor(fault));
      expect(posts, String(fault)).toHaveLength(ATTEMPTS);
      expect(new Set(posts.map((call) => call.idempotencyKey)).size, String(fault)).toBe(1);
      expect(posts[0]!.idempotencyKey, String(fault)).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(await ctx.database.db.select({ id: paymentAttempts.id }).from(paymentAttempts)).toHaveLength(attemptsBefore);
  });

  it('save-after-payment: answers each fault of reading the payment back, and saves no donation', async () => {
    // One paid intent per fault, created while Stripe still answered; then its reads start failing.
    const paid = await Promise.all(
      FAULTS.map(async ({ fault }) => {
        const data = indianDonation({ amount: 1000 + FAULTS.findIndex((f) => f.fault === fault) });
        const created = await createIntent(app, data, TEST_CARDS.visa.paymentMethod);
        expect(created.statusCode, created.body).toBe(200);
        const intentId = created.json().data.payment_intent_id as string;
        stripe.succeed(intentId);
        stripe.failReadsOf(intentId, fault);
        return { fault, data, intentId };
      }),
    );
    const results = await Promise.all(
      paid.map(async ({ fault, data, intentId }) => {
        const started = performance.now();
        const response = await saveAfterPayment(app, data, intentId);
        return { fault, intentId, response, ms: performance.now() - started };
      }),
    );
    for (const { fault, intentId, response, ms } of results) {
      const expected = FAULTS.find((f) => f.fault === fault)!;
      expect(response.statusCode, `${fault}: ${response.body}`).toBe(expected.status);
      expect(response.json(), String(fault)).toEqual({ success: false, message: expected.message });
      expect(ms, `${fault} took ${Math.round(ms)} ms`).toBeLessThan(DEADLINE_MS);
      expect(stripe.calls.filter((call) => call.method === 'GET' && call.path.endsWith(intentId)), String(fault)).toHaveLength(ATTEMPTS);
    }
    expect(await ctx.database.db.select({ id: donations.id }).from(donations)).toEqual([]);
  });
});
