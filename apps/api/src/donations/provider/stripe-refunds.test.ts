import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedStripeEvent, startStripeStandIn, type StripeStandIn } from '../../../test/support/stripe-stand-in.js';
import {
  PaymentProviderError,
  PROVIDER_TIMEOUT_MESSAGE,
  PROVIDER_UNAVAILABLE_MESSAGE,
  REFUND_ID_PATTERN,
  WebhookSignatureError,
  type CreateRefundInput,
} from './provider.js';
import { StripeProvider } from './stripe-provider.js';
import { REFUND_LIST_PAGE_SIZE, refundedChargeFromStripe, refundFromStripe, refundRefusal, STRIPE_REFUND_REFUSALS } from './stripe-refunds.js';

// Refunds with Stripe: the real `stripe` SDK pointed at the local stand-in for api.stripe.com, which answers
// /v1/refunds as Stripe does (refusing more than is left, a charge refunded in full, a disputed charge) and records
// every call. No database: the provider reports, the use cases (elsewhere) record.

const KEYS = { secretKey: 'sk_test_standin_secret', publishableKey: 'pk_test_standin_public', webhookSecret: 'whsec_standin_signing' };

function providerFor(standIn: StripeStandIn, options: { timeoutMs?: number; maxNetworkRetries?: number } = {}) {
  return new StripeProvider({ ...KEYS, host: '127.0.0.1', port: standIn.port, protocol: 'http', timeoutMs: 5000, ...options });
}

const at = (epochSeconds: number) => new Date(epochSeconds * 1000);

describe('StripeProvider.refunds against a local stand-in', () => {
  let standIn: StripeStandIn;
  let provider: StripeProvider;
  let intentCount = 0;

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    provider = providerFor(standIn);
  });
  afterAll(async () => {
    await standIn?.close();
  });

  /** A PaymentIntent the donor paid (succeeded at the stand-in), for `amountMinor` of `currency`. */
  async function paidIntent(amountMinor: number, currency = 'INR'): Promise<string> {
    intentCount += 1;
    const intent = await provider.createIntent({
      amountMinor,
      currency,
      idempotencyKey: `paid-intent-${intentCount}`,
      paymentMethodId: 'pm_card_visa',
      metadata: { attempt_key: `paid-intent-${intentCount}` },
      description: 'Donation to Bright Beginnings Foundation',
      receiptEmail: null,
    });
    standIn.intents.get(intent.id)!.status = 'succeeded';
    return intent.id;
  }

  function refundOf(paymentIntentId: string, overrides: Partial<CreateRefundInput> = {}): CreateRefundInput {
    return {
      paymentIntentId,
      amountMinor: 50_000,
      idempotencyKey: 'refund-12',
      metadata: { refund_id: '12', donation_id: '34' },
      reason: 'requested_by_customer',
      ...overrides,
    };
  }

  it('creates a refund: POST /v1/refunds with payment_intent, amount, reason, metadata and the refund row’s Idempotency-Key', async () => {
    const intentId = await paidIntent(150_000);
    const before = standIn.calls.length;
    const refund = await provider.refunds.createRefund(refundOf(intentId));

    expect(standIn.calls.length - before).toBe(1);
    const call = standIn.calls[before]!;
    expect(call.method).toBe('POST');
    expect(call.path).toBe('/v1/refunds');
    expect(call.headers.authorization).toBe(`Bearer ${KEYS.secretKey}`);
    expect(call.headers['idempotency-key']).toBe('refund-12');
    expect(call.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(call.query).toEqual({});
    expect(call.form).toEqual({
      payment_intent: intentId,
      amount: '50000',
      reason: 'requested_by_customer',
      'metadata[refund_id]': '12',
      'metadata[donation_id]': '34',
    });

    const stored = [...standIn.refunds.values()].at(-1)!;
    expect(refund).toEqual({
      id: stored.id,
      paymentIntentId: intentId,
      amountMinor: 50_000,
      currency: 'INR',
      status: 'succeeded',
      failureReason: null,
      reason: 'requested_by_customer',
      metadata: { refund_id: '12', donation_id: '34' },
      created: at(stored.created),
    });
    expect(refund.id).toMatch(REFUND_ID_PATTERN);
  });

  it('a retried create with the same Idempotency-Key answers the same refund and refunds nothing twice', async () => {
    const intentId = await paidIntent(100_000);
    const input = refundOf(intentId, { amountMinor: 30_000, idempotencyKey: 'refund-retry', metadata: { refund_id: '13' } });
    const first = await provider.refunds.createRefund(input);
    const count = standIn.refunds.size;
    const before = standIn.calls.length;
    // Another process (a new provider) after a crash before the answer was recorded.
    expect(await providerFor(standIn).refunds.createRefund(input)).toEqual(first);
    expect(standIn.calls.slice(before).map((call) => [call.method, call.path, call.headers['idempotency-key']])).toEqual([['POST', '/v1/refunds', 'refund-retry']]);
    expect(standIn.refunds.size).toBe(count);
    expect(standIn.chargeObject(intentId).amount_refunded).toBe(30_000);
  });

  it('turns Stripe’s refusals into 400 with a sentence for staff: more than is left, refunded in full, disputed', async () => {
    const intentId = await paidIntent(100_000);
    const tooMuch = await provider.refunds.createRefund(refundOf(intentId, { amountMinor: 200_000, idempotencyKey: 'refund-too-much' })).catch((e: unknown) => e);
    expect(tooMuch).toBeInstanceOf(PaymentProviderError);
    expect(tooMuch).toMatchObject({ statusCode: 400, publicMessage: STRIPE_REFUND_REFUSALS.amountTooLarge });
    const cause = (tooMuch as PaymentProviderError).cause;
    expect(cause).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(cause).toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400 });
    // Stripe's own words (amounts included) go to the log only, never to the answer.
    expect((tooMuch as PaymentProviderError).message).toBe(
      'Stripe refused the refund (invalid_request_error, param amount): Refund amount (₹2,000.00) is greater than unrefunded amount on charge (₹1,000.00)',
    );

    await provider.refunds.createRefund(refundOf(intentId, { amountMinor: 100_000, idempotencyKey: 'refund-all' }));
    const again = await provider.refunds.createRefund(refundOf(intentId, { amountMinor: 100, idempotencyKey: 'refund-after-all' })).catch((e: unknown) => e);
    expect(again).toMatchObject({ statusCode: 400, publicMessage: STRIPE_REFUND_REFUSALS.alreadyRefunded });
    expect((again as PaymentProviderError).message).toMatch(/^Stripe refused the refund \(charge_already_refunded\): Charge ch_\w+ has already been refunded\.$/);

    const disputedIntent = await paidIntent(100_000);
    standIn.disputeCharge(disputedIntent);
    const disputed = await provider.refunds.createRefund(refundOf(disputedIntent, { amountMinor: 100, idempotencyKey: 'refund-disputed' })).catch((e: unknown) => e);
    expect(disputed).toMatchObject({ statusCode: 400, publicMessage: STRIPE_REFUND_REFUSALS.disputed });
    expect((disputed as PaymentProviderError).message).toContain('(charge_disputed)');

    // Anything else Stripe refuses (an intent it does not know, one not paid): the general refusal.
    const unknown = await provider.refunds.createRefund(refundOf('pi_unknown', { idempotencyKey: 'refund-unknown' })).catch((e: unknown) => e);
    expect(unknown).toMatchObject({ statusCode: 400, publicMessage: STRIPE_REFUND_REFUSALS.refused });
    // The same key with other parameters (a refund row asking for another amount): refused, nothing refunded.
    const reused = await provider.refunds.createRefund(refundOf(intentId, { amountMinor: 1, idempotencyKey: 'refund-12' })).catch((e: unknown) => e);
    expect(reused).toMatchObject({ statusCode: 400, publicMessage: STRIPE_REFUND_REFUSALS.refused });
    expect((reused as PaymentProviderError).cause).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);

    expect(standIn.chargeObject(intentId).amount_refunded).toBe(100_000);
    expect(standIn.chargeObject(disputedIntent).amount_refunded).toBe(0);
  });

  it('maps the refusals Stripe words without a code by their message', () => {
    const raw = (message: string, code?: string) =>
      new Stripe.errors.StripeInvalidRequestError({ type: 'invalid_request_error', statusCode: 400, message, ...(code ? { code } : {}) });
    expect(refundRefusal(raw('Refund amount ($20.00) is greater than charge amount ($10.00)'))?.publicMessage).toBe(STRIPE_REFUND_REFUSALS.amountTooLarge);
    expect(refundRefusal(raw('Charge ch_1 has been charged back; cannot issue a refund.'))?.publicMessage).toBe(STRIPE_REFUND_REFUSALS.disputed);
    expect(refundRefusal(raw('You cannot refund a disputed payment.', 'refund_disputed_payment'))?.publicMessage).toBe(STRIPE_REFUND_REFUSALS.disputed);
    expect(refundRefusal(raw('Something else.'))).toMatchObject({ statusCode: 400, publicMessage: STRIPE_REFUND_REFUSALS.refused });
    // Not refusals: left to the provider's mapping (502/504).
    expect(refundRefusal(new Stripe.errors.StripeAPIError({ type: 'api_error', statusCode: 500, message: 'Something went wrong on our end.' }))).toBeNull();
    expect(refundRefusal(new Error('socket hang up'))).toBeNull();
  });

  it('answers 502 when Stripe fails (after retrying with the same Idempotency-Key) or cannot be reached', async () => {
    const intentId = await paidIntent(100_000);
    standIn.failNextRequest('POST', '/v1/refunds', 500, { type: 'api_error', message: 'Something went wrong on our end.' }, 3);
    const before = standIn.calls.length;
    const failed = await provider.refunds.createRefund(refundOf(intentId, { idempotencyKey: 'refund-500' })).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(PaymentProviderError);
    expect(failed).toMatchObject({ statusCode: 502, publicMessage: PROVIDER_UNAVAILABLE_MESSAGE });
    const posts = standIn.calls.slice(before);
    expect(posts.map((call) => `${call.method} ${call.path} ${String(call.headers['idempotency-key'])}`)).toEqual(Array(3).fill('POST /v1/refunds refund-500'));
    expect(standIn.chargeObject(intentId).amount_refunded).toBe(0);

    // One hiccup: the SDK's retry (same key) refunds once.
    standIn.failNextRequest('POST', '/v1/refunds', 500, { type: 'api_error', message: 'Something went wrong on our end.' }, 1);
    const refund = await provider.refunds.createRefund(refundOf(intentId, { idempotencyKey: 'refund-hiccup' }));
    expect(refund).toMatchObject({ amountMinor: 50_000, status: 'succeeded' });
    expect(standIn.chargeObject(intentId).amount_refunded).toBe(50_000);

    standIn.failNextRequest('GET', '/v1/refunds', 503, { type: 'api_error', message: 'Service unavailable.' }, 3);
    await expect(provider.refunds.listRefunds(intentId)).rejects.toMatchObject({ statusCode: 502, publicMessage: PROVIDER_UNAVAILABLE_MESSAGE });

    const unreachable = new StripeProvider({ ...KEYS, host: '127.0.0.1', port: 9, protocol: 'http', timeoutMs: 2000, maxNetworkRetries: 0 });
    const offline = await unreachable.refunds.createRefund(refundOf(intentId, { idempotencyKey: 'refund-offline' })).catch((e: unknown) => e);
    expect(offline).toBeInstanceOf(PaymentProviderError);
    expect(offline).toMatchObject({ statusCode: 502, publicMessage: PROVIDER_UNAVAILABLE_MESSAGE });
    await expect(unreachable.refunds.listRefunds(intentId)).rejects.toMatchObject({ statusCode: 502, publicMessage: PROVIDER_UNAVAILABLE_MESSAGE });
  });

  it('answers 504 with the time-out sentence when Stripe does not answer in time', async () => {
    // Accepts the request and never answers.
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', () => resolve()));
    try {
      const port = (silent.address() as AddressInfo).port;
      const slow = new StripeProvider({ ...KEYS, host: '127.0.0.1', port, protocol: 'http', timeoutMs: 300, maxNetworkRetries: 0 });
      const error = await slow.refunds.createRefund(refundOf('pi_slow', { idempotencyKey: 'refund-slow' })).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PaymentProviderError);
      expect(error).toMatchObject({ statusCode: 504, publicMessage: PROVIDER_TIMEOUT_MESSAGE });
      await expect(slow.refunds.listRefunds('pi_slow')).rejects.toMatchObject({ statusCode: 504, publicMessage: PROVIDER_TIMEOUT_MESSAGE });
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it('lists every refund of a payment intent, newest first, following has_more with starting_after', async () => {
    const intentId = await paidIntent(10_000_000, 'usd');
    const other = await paidIntent(5_000, 'usd');
    standIn.recordRefund(other, { amount: 1_000 });
    const start = Math.floor(Date.now() / 1000) - 10_000;
    const made = Array.from({ length: REFUND_LIST_PAGE_SIZE + 50 }, (_, i) =>
      standIn.recordRefund(intentId, {
        amount: 100 + i,
        created: start + i,
        ...(i === 3 ? { status: 'failed', failure_reason: 'expired_or_canceled_card' } : {}),
        ...(i === 7 ? { reason: 'duplicate', metadata: { note: 'made in the dashboard' } } : {}),
      }),
    );

    const before = standIn.calls.length;
    const refunds = await provider.refunds.listRefunds(intentId);
    const calls = standIn.calls.slice(before);
    expect(REFUND_LIST_PAGE_SIZE).toBe(100);
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /v1/refunds', 'GET /v1/refunds']);
    expect(calls[0]!.query).toEqual({ payment_intent: intentId, limit: '100' });
    const newestFirst = [...made].reverse();
    expect(calls[1]!.query).toEqual({ payment_intent: intentId, limit: '100', starting_after: newestFirst[99]!.id });
    expect(calls[0]!.headers.authorization).toBe(`Bearer ${KEYS.secretKey}`);

    expect(refunds).toHaveLength(150);
    expect(refunds.map((refund) => refund.id)).toEqual(newestFirst.map((refund) => refund.id));
    expect(refunds.at(-1)).toEqual({
      id: made[0]!.id,
      paymentIntentId: intentId,
      amountMinor: 100,
      currency: 'USD',
      status: 'succeeded',
      failureReason: null,
      reason: null,
      metadata: {},
      created: at(start),
    });
    expect(refunds.find((refund) => refund.id === made[3]!.id)).toMatchObject({ status: 'failed', failureReason: 'expired_or_canceled_card', amountMinor: 103 });
    expect(refunds.find((refund) => refund.id === made[7]!.id)).toMatchObject({ reason: 'duplicate', metadata: { note: 'made in the dashboard' } });

    // A payment with no refunds: one call, nothing.
    const untouched = await paidIntent(2_000, 'usd');
    const from = standIn.calls.length;
    expect(await provider.refunds.listRefunds(untouched)).toEqual([]);
    expect(standIn.calls.length - from).toBe(1);
    // One Stripe does not know: refused (400), not an outage.
    await expect(provider.refunds.listRefunds('pi_unknown')).rejects.toMatchObject({ statusCode: 400, publicMessage: STRIPE_REFUND_REFUSALS.listRefused });
  });

  it('verifyWebhook reads refund.created / refund.updated / refund.failed into .refund, and charge.refunded into .charge', async () => {
    const intentId = await paidIntent(100_000);
    const created = await provider.refunds.createRefund(refundOf(intentId, { amountMinor: 40_000, idempotencyKey: 'refund-events', metadata: { refund_id: '21' } }));

    const createdEvent = standIn.signedEvent('refund.created', standIn.refunds.get(created.id), KEYS.webhookSecret);
    const first = provider.verifyWebhook(Buffer.from(createdEvent.payload), createdEvent.header);
    expect(first).toEqual({ id: createdEvent.event.id, type: 'refund.created', created: createdEvent.event.created, intent: null, refund: created });

    standIn.setRefundStatus(created.id, 'pending');
    const updated = signedStripeEvent('refund.updated', standIn.refunds.get(created.id), KEYS.webhookSecret, { id: 'evt_refund_updated' });
    expect(provider.verifyWebhook(Buffer.from(updated.payload), updated.header)).toEqual({
      id: 'evt_refund_updated',
      type: 'refund.updated',
      created: updated.event.created,
      intent: null,
      refund: { ...created, status: 'pending' },
    });

    // Stripe's test card 4000 0000 0000 5126: the refund succeeds, then fails.
    standIn.setRefundStatus(created.id, 'failed', 'expired_or_canceled_card');
    const failed = standIn.signedEvent('refund.failed', standIn.refunds.get(created.id), KEYS.webhookSecret);
    const failedEvent = provider.verifyWebhook(Buffer.from(failed.payload), failed.header);
    expect(failedEvent.refund).toEqual({ ...created, status: 'failed', failureReason: 'expired_or_canceled_card' });
    expect(Object.keys(failedEvent).sort()).toEqual(['created', 'id', 'intent', 'refund', 'type']);

    const second = await provider.refunds.createRefund(refundOf(intentId, { amountMinor: 25_000, idempotencyKey: 'refund-events-2' }));
    const refunded = standIn.signedEvent('charge.refunded', standIn.chargeObject(intentId), KEYS.webhookSecret);
    // No `refunds` list on the charge (API 2022-11-15 and later): listRefunds gives them.
    expect(refunded.event.data.object).not.toHaveProperty('refunds');
    const chargeEvent = provider.verifyWebhook(Buffer.from(refunded.payload), refunded.header);
    expect(chargeEvent).toEqual({
      id: refunded.event.id,
      type: 'charge.refunded',
      created: refunded.event.created,
      intent: null,
      // The failed refund gave its 40 000 back: only the second one counts.
      charge: { id: standIn.chargeObject(intentId).id, paymentIntentId: intentId, amountRefundedMinor: 25_000 },
    });
    expect((await provider.refunds.listRefunds(intentId)).map((refund) => [refund.id, refund.status])).toEqual([
      [second.id, 'succeeded'],
      [created.id, 'failed'],
    ]);

    // Signed with another secret: refused.
    const forged = signedStripeEvent('refund.failed', standIn.refunds.get(created.id), 'whsec_other');
    expect(() => provider.verifyWebhook(Buffer.from(forged.payload), forged.header)).toThrow(WebhookSignatureError);
  });
});

describe('refundFromStripe and refundedChargeFromStripe', () => {
  const base = {
    id: 're_1',
    object: 'refund',
    amount: 1_050,
    balance_transaction: null,
    charge: 'ch_1',
    created: 1_767_225_600,
    currency: 'usd',
    customer: null,
    customer_account: null,
    metadata: { refund_id: '5' },
    payment_intent: 'pi_1',
    payment_method: null,
    reason: 'fraudulent',
    receipt_number: null,
    source_transfer_reversal: null,
    status: 'succeeded',
    transfer_reversal: null,
  } as Stripe.Refund;

  it('upper-cases the currency, dates created, copies the metadata, and reads an expanded payment intent', () => {
    const snapshot = refundFromStripe(base);
    expect(snapshot).toEqual({
      id: 're_1',
      paymentIntentId: 'pi_1',
      amountMinor: 1_050,
      currency: 'USD',
      status: 'succeeded',
      failureReason: null,
      reason: 'fraudulent',
      metadata: { refund_id: '5' },
      created: new Date('2026-01-01T00:00:00Z'),
    });
    expect(snapshot.metadata).not.toBe(base.metadata);
    expect(refundFromStripe({ ...base, payment_intent: { id: 'pi_expanded', object: 'payment_intent' } as Stripe.PaymentIntent }).paymentIntentId).toBe('pi_expanded');
    expect(
      refundFromStripe({ ...base, payment_intent: null, status: 'failed', failure_reason: 'lost_or_stolen_card', reason: null, metadata: null }),
    ).toMatchObject({ paymentIntentId: null, status: 'failed', failureReason: 'lost_or_stolen_card', reason: null, metadata: {} });
  });

  it('reads a charge’s id, payment intent (an id or expanded) and amount refunded', () => {
    const charge = { id: 'ch_1', object: 'charge', amount: 5_000, amount_refunded: 1_500, payment_intent: 'pi_1' } as Stripe.Charge;
    expect(refundedChargeFromStripe(charge)).toEqual({ id: 'ch_1', paymentIntentId: 'pi_1', amountRefundedMinor: 1_500 });
    expect(refundedChargeFromStripe({ ...charge, payment_intent: { id: 'pi_2' } as Stripe.PaymentIntent }).paymentIntentId).toBe('pi_2');
    expect(refundedChargeFromStripe({ ...charge, payment_intent: null }).paymentIntentId).toBeNull();
  });
});
