import { RECURRING_MESSAGES } from '@charity/domain';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedStripeEvent, startStripeStandIn, type StripeStandIn } from '../../../test/support/stripe-stand-in.js';
import { PaymentProviderError, PROVIDER_UNAVAILABLE_MESSAGE, WebhookSignatureError, type CreateSubscriptionInput } from './provider.js';
import { StripeProvider, verifyStripeSignature } from './stripe-provider.js';
import { firstPaymentFromInvoice, invoiceFromStripe, MONTHLY_GIFT_PRODUCT, subscriptionFromStripe } from './stripe-recurring.js';

// Monthly gifts with Stripe Billing: the real `stripe` SDK pointed at the local stand-in for api.stripe.com, which
// answers as API version basil and later do (no invoice.payment_intent; confirmation_secret and payments only when
// expanded; parent.subscription_details; the period on the subscription's items) and records every call.

const KEYS = { secretKey: 'sk_test_standin_secret', publishableKey: 'pk_test_standin_public', webhookSecret: 'whsec_standin_signing' };
const CARD_REFUSED = 'The card details could not be used. Please enter them again.';

function providerFor(standIn: StripeStandIn) {
  return new StripeProvider({ ...KEYS, host: '127.0.0.1', port: standIn.port, protocol: 'http', timeoutMs: 5000 });
}

function gift(overrides: Partial<CreateSubscriptionInput> = {}): CreateSubscriptionInput {
  return {
    amountMinor: 150_000,
    currency: 'INR',
    idempotencyKey: 'b6f0c1d2-3e4f-4a5b-8c6d-7e8f9a0b1c2d',
    paymentMethodId: 'pm_card_visa',
    email: 'asha@example.org',
    name: 'Asha Verma',
    metadata: { attempt_key: 'b6f0c1d2-3e4f-4a5b-8c6d-7e8f9a0b1c2d', campaign_id: '7', country_code: 'IN', gift_kind: 'monthly' },
    description: 'Monthly gift to Bright Beginnings Foundation',
    ...overrides,
  };
}

const VISA = { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 };
const at = (epochSeconds: number) => new Date(epochSeconds * 1000);
const routes = (standIn: StripeStandIn, from: number) => standIn.calls.slice(from).map((call) => `${call.method} ${call.path}`);

describe('StripeProvider.recurring against a local stand-in', () => {
  let standIn: StripeStandIn;
  beforeAll(async () => {
    standIn = await startStripeStandIn();
  });
  afterAll(async () => {
    await standIn?.close();
  });

  /** A subscription whose first payment the browser has confirmed (paid, active), on a provider of its own. */
  async function activeGift(key: string, overrides: Partial<CreateSubscriptionInput> = {}) {
    const provider = providerFor(standIn);
    const created = await provider.recurring.createSubscription(gift({ idempotencyKey: key, metadata: { attempt_key: key }, ...overrides }));
    standIn.payInvoice(created.firstPayment.invoiceId);
    return { provider, created, id: created.subscription.id, customerId: created.subscription.customerId };
  }

  it('creates a subscription: the product once, a customer with the card, default_incomplete with an inline monthly price', async () => {
    const provider = providerFor(standIn);
    const before = standIn.calls.length;
    const created = await provider.recurring.createSubscription(gift());

    expect(routes(standIn, before)).toEqual([
      `GET /v1/products/${MONTHLY_GIFT_PRODUCT.id}`,
      'POST /v1/products',
      'POST /v1/customers',
      'POST /v1/subscriptions',
    ]);
    const [, product, customer, subscription] = standIn.calls.slice(before);
    expect(MONTHLY_GIFT_PRODUCT).toEqual({ id: 'bbf_monthly_gift', name: 'Monthly gift' });
    expect(product!.form).toEqual({ id: 'bbf_monthly_gift', name: 'Monthly gift' });
    expect(customer!.headers.authorization).toBe(`Bearer ${KEYS.secretKey}`);
    expect(customer!.headers['idempotency-key']).toBe('b6f0c1d2-3e4f-4a5b-8c6d-7e8f9a0b1c2d:customer');
    expect(customer!.form).toEqual({
      email: 'asha@example.org',
      name: 'Asha Verma',
      payment_method: 'pm_card_visa',
      'invoice_settings[default_payment_method]': 'pm_card_visa',
    });
    const customerId = [...standIn.customers.keys()].at(-1)!;
    expect(subscription!.headers['idempotency-key']).toBe('b6f0c1d2-3e4f-4a5b-8c6d-7e8f9a0b1c2d:subscription');
    expect(subscription!.form).toEqual({
      customer: customerId,
      'items[0][price_data][currency]': 'inr',
      'items[0][price_data][unit_amount]': '150000',
      'items[0][price_data][recurring][interval]': 'month',
      'items[0][price_data][product]': 'bbf_monthly_gift',
      payment_behavior: 'default_incomplete',
      'payment_settings[save_default_payment_method]': 'on_subscription',
      'payment_settings[payment_method_types][0]': 'card',
      default_payment_method: 'pm_card_visa',
      'metadata[attempt_key]': 'b6f0c1d2-3e4f-4a5b-8c6d-7e8f9a0b1c2d',
      'metadata[campaign_id]': '7',
      'metadata[country_code]': 'IN',
      'metadata[gift_kind]': 'monthly',
      description: 'Monthly gift to Bright Beginnings Foundation',
      'expand[0]': 'latest_invoice.confirmation_secret',
      'expand[1]': 'latest_invoice.payments',
      'expand[2]': 'default_payment_method',
    });

    const stored = [...standIn.subscriptions.values()].at(-1)!;
    const invoice = standIn.invoices.get(stored.latest_invoice!)!;
    const intentId = invoice.payments.data[0]!.payment.payment_intent;
    expect(intentId).toMatch(/^pi_standin\d{4}$/);
    expect(created).toEqual({
      subscription: {
        id: stored.id,
        customerId,
        status: 'incomplete',
        amountMinor: 150_000,
        currency: 'INR',
        currentPeriodEnd: at(stored.items.data[0]!.current_period_end),
        pauseResumesAt: null,
        canceledAt: null,
        cancellationReason: null,
        defaultPaymentMethodId: 'pm_card_visa',
        card: VISA,
        metadata: { attempt_key: 'b6f0c1d2-3e4f-4a5b-8c6d-7e8f9a0b1c2d', campaign_id: '7', country_code: 'IN', gift_kind: 'monthly' },
      },
      firstPayment: { invoiceId: invoice.id, paymentIntentId: intentId, clientSecret: `${intentId}_secret_standin` },
    });
    // The next renewal: a calendar month after the start.
    const days = (stored.items.data[0]!.current_period_end - stored.items.data[0]!.current_period_start) / 86_400;
    expect(days >= 28 && days <= 31).toBe(true);
  });

  it('a retried create with the same key creates no second customer or subscription; the product is looked up once per provider', async () => {
    const provider = providerFor(standIn);
    const input = gift({ idempotencyKey: 'retry-key', metadata: { attempt_key: 'retry-key' } });
    let before = standIn.calls.length;
    const first = await provider.recurring.createSubscription(input);
    // The product exists already (the previous test made it): retrieved, not created.
    expect(routes(standIn, before)).toEqual([`GET /v1/products/${MONTHLY_GIFT_PRODUCT.id}`, 'POST /v1/customers', 'POST /v1/subscriptions']);
    const counts = { customers: standIn.customers.size, subscriptions: standIn.subscriptions.size, invoices: standIn.invoices.size };

    before = standIn.calls.length;
    const again = await provider.recurring.createSubscription(input);
    expect(routes(standIn, before)).toEqual(['POST /v1/customers', 'POST /v1/subscriptions']);
    expect(standIn.calls.slice(before).map((call) => call.headers['idempotency-key'])).toEqual(['retry-key:customer', 'retry-key:subscription']);
    expect(again).toEqual(first);
    expect({ customers: standIn.customers.size, subscriptions: standIn.subscriptions.size, invoices: standIn.invoices.size }).toEqual(counts);

    // Another process (a new provider) after a crash between the two calls: still the same customer and subscription.
    before = standIn.calls.length;
    expect(await providerFor(standIn).recurring.createSubscription(input)).toEqual(first);
    expect(routes(standIn, before)).toEqual([`GET /v1/products/${MONTHLY_GIFT_PRODUCT.id}`, 'POST /v1/customers', 'POST /v1/subscriptions']);
    expect({ customers: standIn.customers.size, subscriptions: standIn.subscriptions.size, invoices: standIn.invoices.size }).toEqual(counts);
  });

  it('turns Stripe refusals and outages into answers a donor can read, and does not remember a product it could not read', async () => {
    const provider = providerFor(standIn);
    standIn.failNextRequest('GET', `/v1/products/${MONTHLY_GIFT_PRODUCT.id}`, 500, { type: 'api_error', message: 'Something went wrong on our end.' }, 3);
    const outage = await provider.recurring.createSubscription(gift({ idempotencyKey: 'outage' })).catch((error: unknown) => error);
    expect(outage).toBeInstanceOf(PaymentProviderError);
    expect(outage).toMatchObject({ statusCode: 502, publicMessage: PROVIDER_UNAVAILABLE_MESSAGE });

    let before = standIn.calls.length;
    standIn.failNextRequest('POST', '/v1/subscriptions', 402, { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' });
    await expect(provider.recurring.createSubscription(gift({ idempotencyKey: 'declined' }))).rejects.toMatchObject({ statusCode: 400, publicMessage: 'Your card was declined.' });
    // The failed product read was not cached: this call read it again.
    expect(routes(standIn, before)).toEqual([`GET /v1/products/${MONTHLY_GIFT_PRODUCT.id}`, 'POST /v1/customers', 'POST /v1/subscriptions']);

    before = standIn.calls.length;
    standIn.failNextRequest('POST', '/v1/customers', 400, { type: 'invalid_request_error', code: 'resource_missing', message: "No such PaymentMethod: 'pm_gone'" });
    await expect(provider.recurring.createSubscription(gift({ idempotencyKey: 'gone' }))).rejects.toMatchObject({ statusCode: 400, publicMessage: CARD_REFUSED });
    expect(routes(standIn, before)).toEqual(['POST /v1/customers']);
  });

  it('reads a subscription back with its card, and null for one Stripe does not know', async () => {
    const { provider, id, customerId, created } = await activeGift('read-back');
    const before = standIn.calls.length;
    const snapshot = await provider.recurring.retrieveSubscription(id);
    expect(standIn.calls[before]).toMatchObject({ method: 'GET', path: `/v1/subscriptions/${id}`, query: { 'expand[0]': 'default_payment_method' } });
    expect(snapshot).toEqual({ ...created.subscription, status: 'active', customerId, metadata: { attempt_key: 'read-back' } });
    expect(await provider.recurring.retrieveSubscription('sub_unknown')).toBeNull();
  });

  it('changes the amount from the next renewal: the item’s inline price, proration_behavior none, the Idempotency-Key', async () => {
    const { provider, id } = await activeGift('amount');
    const stored = standIn.subscriptions.get(id)!;
    const itemId = stored.items.data[0]!.id;
    const periodEnd = stored.items.data[0]!.current_period_end;
    const invoices = standIn.invoices.size;
    const before = standIn.calls.length;

    const snapshot = await provider.recurring.changeSubscriptionAmount(id, 250_050, 'amount-change-1');
    expect(routes(standIn, before)).toEqual([`GET /v1/subscriptions/${id}`, `POST /v1/subscriptions/${id}`]);
    const update = standIn.calls[before + 1]!;
    expect(update.headers['idempotency-key']).toBe('amount-change-1');
    expect(update.form).toEqual({
      'items[0][id]': itemId,
      'items[0][price_data][currency]': 'inr',
      'items[0][price_data][unit_amount]': '250050',
      'items[0][price_data][recurring][interval]': 'month',
      'items[0][price_data][product]': 'bbf_monthly_gift',
      proration_behavior: 'none',
      'expand[0]': 'default_payment_method',
    });
    expect(snapshot).toMatchObject({ id, status: 'active', amountMinor: 250_050, currency: 'INR', currentPeriodEnd: at(periodEnd), card: VISA });
    expect(standIn.subscriptions.get(id)!.items.data[0]!.price.unit_amount).toBe(250_050);
    // Nothing charged now.
    expect(standIn.invoices.size).toBe(invoices);
  });

  it('pauses collection until a date (voiding invoices in between), and resumes it', async () => {
    const { provider, id } = await activeGift('pause');
    const resumesAt = new Date('2027-03-01T00:00:00Z');
    let before = standIn.calls.length;
    const paused = await provider.recurring.pauseSubscription(id, resumesAt);
    expect(routes(standIn, before)).toEqual([`POST /v1/subscriptions/${id}`]);
    expect(standIn.calls[before]!.form).toEqual({
      'pause_collection[behavior]': 'void',
      'pause_collection[resumes_at]': String(resumesAt.getTime() / 1000),
      'expand[0]': 'default_payment_method',
    });
    expect(paused).toMatchObject({ id, status: 'active', pauseResumesAt: resumesAt, card: VISA });
    expect(standIn.subscriptions.get(id)!.pause_collection).toEqual({ behavior: 'void', resumes_at: 1_803_859_200 });

    before = standIn.calls.length;
    const resumed = await provider.recurring.pauseSubscription(id, null);
    expect(standIn.calls[before]!.form).toEqual({ pause_collection: '', 'expand[0]': 'default_payment_method' });
    expect(resumed).toMatchObject({ id, status: 'active', pauseResumesAt: null });
    expect(standIn.subscriptions.get(id)!.pause_collection).toBeNull();
  });

  it('cancels at once with the donor’s reason as the comment; a second cancel answers the canceled subscription', async () => {
    const { provider, id } = await activeGift('cancel');
    let before = standIn.calls.length;
    const canceled = await provider.recurring.cancelSubscription(id, 'Moving abroad');
    expect(routes(standIn, before)).toEqual([`DELETE /v1/subscriptions/${id}`]);
    expect(standIn.calls[before]!.query).toEqual({ 'cancellation_details[comment]': 'Moving abroad', 'expand[0]': 'default_payment_method' });
    const stored = standIn.subscriptions.get(id)!;
    expect(stored.cancellation_details).toEqual({ comment: 'Moving abroad', feedback: null, reason: 'cancellation_requested' });
    expect(canceled).toMatchObject({ id, status: 'canceled', canceledAt: at(stored.canceled_at!), cancellationReason: 'cancellation_requested', card: VISA });

    // Stripe answers "No such subscription" to a second cancel; the provider reads it and answers it canceled.
    before = standIn.calls.length;
    expect(await provider.recurring.cancelSubscription(id, null)).toEqual(canceled);
    expect(routes(standIn, before)).toEqual([`DELETE /v1/subscriptions/${id}`, `GET /v1/subscriptions/${id}`]);
    expect(standIn.calls[before]!.query).toEqual({ 'expand[0]': 'default_payment_method' });

    // An unknown subscription is still an error.
    await expect(provider.recurring.cancelSubscription('sub_unknown', null)).rejects.toMatchObject({ statusCode: 400 });
  });

  it('creates a card setup for the customer (card, off_session) with the Idempotency-Key', async () => {
    const { provider, customerId } = await activeGift('setup');
    const before = standIn.calls.length;
    const setup = await provider.recurring.createCardSetup(customerId, 'setup-key-1');
    expect(routes(standIn, before)).toEqual(['POST /v1/setup_intents']);
    expect(standIn.calls[before]!.headers['idempotency-key']).toBe('setup-key-1');
    expect(standIn.calls[before]!.form).toEqual({ customer: customerId, 'allowed_payment_method_types[0]': 'card', usage: 'off_session' });
    expect(setup).toEqual({ id: expect.stringMatching(/^seti_standin\d{4}$/), clientSecret: `${setup.id}_secret_standin` });
    expect(standIn.setupIntents.get(setup.id)).toMatchObject({ customer: customerId, usage: 'off_session', status: 'requires_payment_method' });
    // A retry answers the same SetupIntent.
    expect(await provider.recurring.createCardSetup(customerId, 'setup-key-1')).toEqual(setup);
  });

  it('uses the card of a succeeded SetupIntent of the same customer, and refuses any other with the donor’s sentence', async () => {
    const { provider, id, customerId } = await activeGift('use-card');
    const other = await activeGift('use-card-other');
    const refused = { statusCode: 400, publicMessage: RECURRING_MESSAGES.cardSetupFailed };
    expect(RECURRING_MESSAGES.cardSetupFailed).toBe('Your card could not be saved. Please try another card.');

    const pending = await provider.recurring.createCardSetup(customerId, 'use-card-pending');
    let before = standIn.calls.length;
    const error = await provider.recurring.useCardFromSetup(id, pending.id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect(error).toMatchObject(refused);
    expect(routes(standIn, before)).toEqual([`GET /v1/setup_intents/${pending.id}`, `GET /v1/subscriptions/${id}`]);

    standIn.setSetupIntentStatus(pending.id, 'requires_action', 'pm_card_mastercard');
    await expect(provider.recurring.useCardFromSetup(id, pending.id)).rejects.toMatchObject(refused);

    const othersCard = await provider.recurring.createCardSetup(other.customerId, 'use-card-others');
    standIn.setSetupIntentStatus(othersCard.id, 'succeeded', 'pm_card_mastercard');
    await expect(provider.recurring.useCardFromSetup(id, othersCard.id)).rejects.toMatchObject(refused);
    await expect(provider.recurring.useCardFromSetup(id, 'seti_unknown')).rejects.toMatchObject(refused);
    expect(standIn.subscriptions.get(id)!.default_payment_method).toBe('pm_card_visa');

    const own = await provider.recurring.createCardSetup(customerId, 'use-card-own');
    standIn.setSetupIntentStatus(own.id, 'succeeded', 'pm_card_mastercard');
    before = standIn.calls.length;
    const snapshot = await provider.recurring.useCardFromSetup(id, own.id);
    // Active: the card is saved, nothing is charged.
    expect(routes(standIn, before)).toEqual([`GET /v1/setup_intents/${own.id}`, `GET /v1/subscriptions/${id}`, `POST /v1/subscriptions/${id}`]);
    expect(standIn.calls[before + 2]!.form).toEqual({ default_payment_method: 'pm_card_mastercard', 'expand[0]': 'default_payment_method' });
    expect(snapshot).toMatchObject({
      id,
      status: 'active',
      defaultPaymentMethodId: 'pm_card_mastercard',
      card: { brand: 'mastercard', last4: '4444', expMonth: 12, expYear: 2034 },
    });
  });

  it('past due: pays the open invoice with the new card at once; a decline there is no error, the gift stays past due', async () => {
    const { provider, id, customerId } = await activeGift('past-due');
    const failed = standIn.renewSubscription(id, 'failed');
    expect(standIn.subscriptions.get(id)!.status).toBe('past_due');

    // A card whose charges fail: saved, tried on the invoice, declined; the answer is the past-due subscription.
    const failing = await provider.recurring.createCardSetup(customerId, 'past-due-failing');
    standIn.setSetupIntentStatus(failing.id, 'succeeded', 'pm_card_chargeCustomerFail');
    let before = standIn.calls.length;
    const stillPastDue = await provider.recurring.useCardFromSetup(id, failing.id);
    expect(routes(standIn, before)).toEqual([
      `GET /v1/setup_intents/${failing.id}`,
      `GET /v1/subscriptions/${id}`,
      `POST /v1/subscriptions/${id}`,
      'GET /v1/invoices',
      `POST /v1/invoices/${failed.id}/pay`,
      `GET /v1/subscriptions/${id}`,
    ]);
    expect(standIn.calls[before + 3]!.query).toEqual({ subscription: id, status: 'open', limit: '1' });
    expect(standIn.calls[before + 4]!.form).toEqual({ payment_method: 'pm_card_chargeCustomerFail' });
    expect(stillPastDue).toMatchObject({ id, status: 'past_due', defaultPaymentMethodId: 'pm_card_chargeCustomerFail', card: { brand: 'visa', last4: '0341' } });
    expect(standIn.invoices.get(failed.id)).toMatchObject({ status: 'open', attempt_count: 2 });

    // A good card: the invoice is paid and the gift is active again.
    const good = await provider.recurring.createCardSetup(customerId, 'past-due-good');
    standIn.setSetupIntentStatus(good.id, 'succeeded', 'pm_card_visa');
    before = standIn.calls.length;
    const active = await provider.recurring.useCardFromSetup(id, good.id);
    expect(standIn.calls[before + 4]).toMatchObject({ method: 'POST', path: `/v1/invoices/${failed.id}/pay`, form: { payment_method: 'pm_card_visa' } });
    expect(active).toMatchObject({ id, status: 'active', defaultPaymentMethodId: 'pm_card_visa', card: VISA });
    expect(standIn.invoices.get(failed.id)).toMatchObject({ status: 'paid', amount_paid: 150_000, attempt_count: 3 });
  });
});

describe('snapshots of basil-shaped Stripe objects', () => {
  let standIn: StripeStandIn;
  beforeAll(async () => {
    standIn = await startStripeStandIn();
  });
  afterAll(async () => {
    await standIn?.close();
  });

  it('an invoice: subscription from parent.subscription_details, payment intent from payments, period from its line', async () => {
    const provider = providerFor(standIn);
    const created = await provider.recurring.createSubscription(gift({ amountMinor: 2500, currency: 'usd' }));
    standIn.payInvoice(created.firstPayment.invoiceId);
    const renewal = standIn.renewSubscription(created.subscription.id, 'failed');
    const line = renewal.lines.data[0]!;
    const intentId = renewal.payments.data[0]!.payment.payment_intent;

    const expanded = standIn.invoiceObject(renewal.id, ['payments']) as unknown as Stripe.Invoice;
    expect(invoiceFromStripe(expanded)).toEqual({
      id: renewal.id,
      subscriptionId: created.subscription.id,
      status: 'open',
      billingReason: 'subscription_cycle',
      amountDueMinor: 2500,
      amountPaidMinor: 0,
      currency: 'USD',
      paymentIntentId: intentId,
      attemptCount: 1,
      nextPaymentAttempt: at(renewal.next_payment_attempt!),
      periodStart: at(line.period.start),
      periodEnd: at(line.period.end),
      lastPaymentError: null,
    });
    // The renewal's line is the month now paid for; the invoice's own period is the month that ended.
    expect(line.period.start).toBe(renewal.period_end);
    expect(line.period.start).toBe(created.subscription.currentPeriodEnd!.getTime() / 1000);
    // As in a webhook event: no payments, so no payment intent.
    const plain = standIn.invoiceObject(renewal.id);
    expect(plain).not.toHaveProperty('payments');
    expect(plain).not.toHaveProperty('confirmation_secret');
    expect(plain).not.toHaveProperty('payment_intent');
    expect(invoiceFromStripe(plain as unknown as Stripe.Invoice).paymentIntentId).toBeNull();
  });

  it('an invoice without lines, parent or payments falls back to its own period; an expanded failed payment gives its error', () => {
    const base = {
      id: 'in_1',
      object: 'invoice',
      status: 'open',
      billing_reason: 'manual',
      amount_due: 1000,
      amount_paid: 0,
      currency: 'eur',
      attempt_count: 0,
      next_payment_attempt: null,
      period_start: 1_767_225_600,
      period_end: 1_769_904_000,
      lines: { object: 'list', data: [], has_more: false, url: '/v1/invoices/in_1/lines' },
      parent: null,
    };
    expect(invoiceFromStripe(base as unknown as Stripe.Invoice)).toEqual({
      id: 'in_1',
      subscriptionId: null,
      status: 'open',
      billingReason: 'manual',
      amountDueMinor: 1000,
      amountPaidMinor: 0,
      currency: 'EUR',
      paymentIntentId: null,
      attemptCount: 0,
      nextPaymentAttempt: null,
      periodStart: new Date('2026-01-01T00:00:00Z'),
      periodEnd: new Date('2026-02-01T00:00:00Z'),
      lastPaymentError: null,
    });
    const payment = (id: string, status: string, isDefault: boolean, intent: unknown) => ({
      id,
      object: 'invoice_payment',
      status,
      is_default: isDefault,
      payment: { type: 'payment_intent', payment_intent: intent },
    });
    const withPayments = {
      ...base,
      parent: { type: 'subscription_details', quote_details: null, subscription_details: { metadata: {}, subscription: { id: 'sub_9', object: 'subscription' } } },
      payments: {
        object: 'list',
        data: [
          payment('inpay_old', 'canceled', false, 'pi_old'),
          payment('inpay_now', 'open', true, {
            id: 'pi_now',
            object: 'payment_intent',
            last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
          }),
        ],
      },
    };
    expect(invoiceFromStripe(withPayments as unknown as Stripe.Invoice)).toMatchObject({
      subscriptionId: 'sub_9',
      paymentIntentId: 'pi_now',
      lastPaymentError: { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
    });
    // The payment that paid it wins over the default one.
    const paid = { ...withPayments, payments: { ...withPayments.payments, data: [...withPayments.payments.data, payment('inpay_paid', 'paid', false, 'pi_paid')] } };
    expect(invoiceFromStripe(paid as unknown as Stripe.Invoice)).toMatchObject({ paymentIntentId: 'pi_paid', lastPaymentError: null });
  });

  it('the first payment: the intent from payments, else from the client secret; nothing to confirm is null', () => {
    const invoice = { id: 'in_2', object: 'invoice', confirmation_secret: { client_secret: 'pi_3Abc123_secret_Xyz', type: 'payment_intent' } };
    expect(firstPaymentFromInvoice(invoice as unknown as Stripe.Invoice)).toEqual({ invoiceId: 'in_2', paymentIntentId: 'pi_3Abc123', clientSecret: 'pi_3Abc123_secret_Xyz' });
    const withPayments = { ...invoice, payments: { object: 'list', data: [{ status: 'open', is_default: true, payment: { type: 'payment_intent', payment_intent: 'pi_listed' } }] } };
    expect(firstPaymentFromInvoice(withPayments as unknown as Stripe.Invoice)).toMatchObject({ paymentIntentId: 'pi_listed' });
    expect(firstPaymentFromInvoice({ id: 'in_3', object: 'invoice', confirmation_secret: null } as unknown as Stripe.Invoice)).toBeNull();
  });

  it('a subscription: the amount and period of its item, pause, cancellation, and the card only when expanded', () => {
    const subscription = {
      id: 'sub_1',
      object: 'subscription',
      customer: { id: 'cus_1', object: 'customer' },
      status: 'canceled',
      currency: 'gbp',
      items: {
        object: 'list',
        data: [{ id: 'si_1', object: 'subscription_item', quantity: 2, current_period_start: 1_767_225_600, current_period_end: 1_769_904_000, price: { id: 'price_1', unit_amount: 1250, currency: 'gbp' } }],
      },
      pause_collection: { behavior: 'void', resumes_at: 1_772_323_200 },
      canceled_at: 1_768_000_000,
      cancellation_details: { comment: 'Moving abroad', feedback: null, reason: 'payment_failed' },
      default_payment_method: 'pm_123',
      metadata: { attempt_key: 'k' },
    };
    expect(subscriptionFromStripe(subscription as unknown as Stripe.Subscription)).toEqual({
      id: 'sub_1',
      customerId: 'cus_1',
      status: 'canceled',
      amountMinor: 2500,
      currency: 'GBP',
      currentPeriodEnd: new Date('2026-02-01T00:00:00Z'),
      pauseResumesAt: new Date('2026-03-01T00:00:00Z'),
      canceledAt: at(1_768_000_000),
      cancellationReason: 'payment_failed',
      defaultPaymentMethodId: 'pm_123',
      card: null,
      metadata: { attempt_key: 'k' },
    });
    const expanded = { ...subscription, default_payment_method: { id: 'pm_123', object: 'payment_method', type: 'card', card: { brand: 'amex', last4: '8431', exp_month: 3, exp_year: 2029 } } };
    expect(subscriptionFromStripe(expanded as unknown as Stripe.Subscription)).toMatchObject({
      defaultPaymentMethodId: 'pm_123',
      card: { brand: 'amex', last4: '8431', expMonth: 3, expYear: 2029 },
    });
  });
});

describe('signed billing events', () => {
  let standIn: StripeStandIn;
  let provider: StripeProvider;
  beforeAll(async () => {
    standIn = await startStripeStandIn();
    provider = providerFor(standIn);
  });
  afterAll(async () => {
    await standIn?.close();
  });

  it('invoice.paid and invoice.payment_failed carry their invoice; payment_intent events carry no invoice or subscription', async () => {
    const created = await provider.recurring.createSubscription(gift({ amountMinor: 50_000 }));
    const first = standIn.payInvoice(created.firstPayment.invoiceId);
    const paid = standIn.signedEvent('invoice.paid', standIn.invoiceObject(first.id), KEYS.webhookSecret);
    expect(provider.verifyWebhook(Buffer.from(paid.payload), paid.header)).toEqual({
      id: paid.event.id,
      type: 'invoice.paid',
      created: paid.event.created,
      intent: null,
      invoice: {
        id: first.id,
        subscriptionId: created.subscription.id,
        status: 'paid',
        billingReason: 'subscription_create',
        amountDueMinor: 50_000,
        amountPaidMinor: 50_000,
        currency: 'INR',
        // Basil's webhook invoices name no payment intent: the first payment's is known from the sign-up.
        paymentIntentId: null,
        attemptCount: 1,
        nextPaymentAttempt: null,
        periodStart: at(first.lines.data[0]!.period.start),
        periodEnd: created.subscription.currentPeriodEnd,
        lastPaymentError: null,
      },
    });

    const renewal = standIn.renewSubscription(created.subscription.id, 'failed');
    const failed = signedStripeEvent('invoice.payment_failed', standIn.invoiceObject(renewal.id), KEYS.webhookSecret, { id: 'evt_failed_1' });
    const event = verifyStripeSignature(Buffer.from(failed.payload), failed.header, KEYS.webhookSecret);
    expect(event).toMatchObject({
      id: 'evt_failed_1',
      type: 'invoice.payment_failed',
      intent: null,
      invoice: { id: renewal.id, status: 'open', billingReason: 'subscription_cycle', attemptCount: 1, nextPaymentAttempt: at(renewal.next_payment_attempt!), amountPaidMinor: 0 },
    });
    expect(event).not.toHaveProperty('subscription');

    const intentEvent = signedStripeEvent('payment_intent.succeeded', standIn.intents.get(created.firstPayment.paymentIntentId), KEYS.webhookSecret);
    const intentOnly = verifyStripeSignature(Buffer.from(intentEvent.payload), intentEvent.header, KEYS.webhookSecret);
    expect(Object.keys(intentOnly).sort()).toEqual(['created', 'id', 'intent', 'type']);
    expect(intentOnly.intent).toMatchObject({ id: created.firstPayment.paymentIntentId, status: 'succeeded', amountMinor: 50_000 });

    // Signed with another secret: refused.
    const forged = signedStripeEvent('invoice.paid', standIn.invoiceObject(first.id), 'whsec_other');
    expect(() => provider.verifyWebhook(Buffer.from(forged.payload), forged.header)).toThrow(WebhookSignatureError);
  });

  it('customer.subscription.updated and .deleted carry their subscription', async () => {
    const created = await provider.recurring.createSubscription(gift({ idempotencyKey: 'events-sub', metadata: { attempt_key: 'events-sub' } }));
    standIn.payInvoice(created.firstPayment.invoiceId);
    const updated = standIn.signedEvent('customer.subscription.updated', standIn.subscriptionObject(created.subscription.id), KEYS.webhookSecret);
    expect(provider.verifyWebhook(Buffer.from(updated.payload), updated.header)).toMatchObject({
      type: 'customer.subscription.updated',
      intent: null,
      subscription: { id: created.subscription.id, status: 'active', amountMinor: 150_000, card: null, defaultPaymentMethodId: 'pm_card_visa' },
    });

    const canceled = await provider.recurring.cancelSubscription(created.subscription.id, null);
    const deleted = standIn.signedEvent('customer.subscription.deleted', standIn.subscriptionObject(created.subscription.id), KEYS.webhookSecret);
    const event = provider.verifyWebhook(Buffer.from(deleted.payload), deleted.header);
    expect(event).toEqual({
      id: deleted.event.id,
      type: 'customer.subscription.deleted',
      created: deleted.event.created,
      intent: null,
      subscription: {
        id: created.subscription.id,
        customerId: created.subscription.customerId,
        status: 'canceled',
        amountMinor: 150_000,
        currency: 'INR',
        currentPeriodEnd: created.subscription.currentPeriodEnd,
        pauseResumesAt: null,
        canceledAt: canceled.canceledAt,
        cancellationReason: 'cancellation_requested',
        defaultPaymentMethodId: 'pm_card_visa',
        // Webhook objects are never expanded.
        card: null,
        metadata: { attempt_key: 'events-sub' },
      },
    });
    expect(canceled.canceledAt).toBeInstanceOf(Date);
  });
});
