import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

// A local HTTP server that answers the Stripe API calls the server makes the way api.stripe.com does (API version
// 2025-03-31 "basil" and later), and records every request, so tests can point the real `stripe` SDK at it
// (options host/port/protocol) and check what would be sent to Stripe:
// - one-time gifts: create and retrieve a PaymentIntent;
// - monthly gifts (Stripe Billing): products, customers, subscriptions with an inline price (create with
//   payment_behavior default_incomplete, retrieve, update, cancel), setup intents, invoices (retrieve, list, pay).
// - refunds: create against a succeeded PaymentIntent (refused as Stripe does: more than is left, already refunded in
//   full, a disputed charge), retrieve, and list by payment_intent (newest first, limit/has_more/starting_after);
//   charges exist only as the charge.refunded webhook object (chargeObject), with amount_refunded and no `refunds`.
// Invoices carry no payment_intent: their first payment is confirmed with `confirmation_secret` and the paying
// PaymentIntent is named in `payments`, both "includable" (answered only when expanded, never in webhook events);
// an invoice's subscription is at parent.subscription_details; a subscription's period is on its items.
// Idempotency-Keys are honoured as Stripe does: the same key on the same endpoint with the same parameters replays
// the first answer; with another endpoint or other parameters it is refused (idempotency_error).

export interface RecordedStripeCall {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The form-encoded body as sent (Stripe's API takes application/x-www-form-urlencoded). */
  raw: string;
  form: Record<string, string>;
  /** The query string's parameters (GET and DELETE carry theirs there, e.g. `expand[0]`). */
  query: Record<string, string>;
}

export interface StandInIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  payment_method: string | null;
  metadata: Record<string, string>;
  description: string | null;
  receipt_email: string | null;
  last_payment_error: null | { type: string; code: string; decline_code?: string; message: string };
  livemode: false;
  created: number;
}

type StripeList<T> = { object: 'list'; data: T[]; has_more: false; url: string };

export interface StandInPrice {
  id: string;
  object: 'price';
  active: boolean;
  currency: string;
  unit_amount: number;
  recurring: { interval: string; interval_count: number; usage_type: 'licensed' };
  product: string;
  type: 'recurring';
  livemode: false;
  created: number;
}

export interface StandInSubscriptionItem {
  id: string;
  object: 'subscription_item';
  price: StandInPrice;
  quantity: number;
  current_period_start: number;
  current_period_end: number;
  subscription: string;
  metadata: Record<string, string>;
  created: number;
}

/** A subscription as the stand-in keeps it: latest_invoice and default_payment_method as ids (expanded on request). */
export interface StandInSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  currency: string;
  items: StripeList<StandInSubscriptionItem>;
  latest_invoice: string | null;
  default_payment_method: string | null;
  pause_collection: { behavior: string; resumes_at: number | null } | null;
  payment_settings: {
    payment_method_options: null;
    payment_method_types: string[] | null;
    save_default_payment_method: string | null;
  };
  collection_method: 'charge_automatically';
  cancel_at: number | null;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  ended_at: number | null;
  cancellation_details: { comment: string | null; feedback: string | null; reason: string | null };
  billing_cycle_anchor: number;
  start_date: number;
  description: string | null;
  metadata: Record<string, string>;
  livemode: false;
  created: number;
}

export interface StandInInvoicePayment {
  id: string;
  object: 'invoice_payment';
  amount_paid: number | null;
  amount_requested: number;
  currency: string;
  invoice: string;
  is_default: boolean;
  livemode: false;
  payment: { type: 'payment_intent'; payment_intent: string };
  status: 'open' | 'paid' | 'canceled';
  status_transitions: { canceled_at: number | null; paid_at: number | null };
  created: number;
}

/** An invoice as the stand-in keeps it: confirmation_secret and payments are left out of answers unless expanded. */
export interface StandInInvoice {
  id: string;
  object: 'invoice';
  customer: string;
  status: 'draft' | 'open' | 'paid' | 'uncollectible' | 'void';
  billing_reason: string;
  collection_method: 'charge_automatically';
  currency: string;
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  attempt_count: number;
  attempted: boolean;
  next_payment_attempt: number | null;
  period_start: number;
  period_end: number;
  lines: StripeList<{
    id: string;
    object: 'line_item';
    amount: number;
    currency: string;
    description: string;
    invoice: string;
    period: { start: number; end: number };
    parent: {
      type: 'subscription_item_details';
      invoice_item_details: null;
      subscription_item_details: { subscription: string; subscription_item: string; proration: false; invoice_item: null };
    };
    pricing: { type: 'price_details'; price_details: { price: string; product: string }; unit_amount_decimal: string };
    quantity: number;
    metadata: Record<string, string>;
    livemode: false;
  }>;
  parent: {
    type: 'subscription_details';
    quote_details: null;
    subscription_details: { metadata: Record<string, string>; subscription: string };
  };
  confirmation_secret: { client_secret: string; type: 'payment_intent' } | null;
  payments: StripeList<StandInInvoicePayment>;
  status_transitions: { finalized_at: number | null; paid_at: number | null; voided_at: number | null };
  metadata: Record<string, string>;
  livemode: false;
  created: number;
}

export interface StandInSetupIntent {
  id: string;
  object: 'setup_intent';
  client_secret: string;
  customer: string;
  status: string;
  usage: string;
  payment_method: string | null;
  payment_method_types: string[];
  allowed_payment_method_types: string[] | null;
  last_setup_error: null;
  next_action: null;
  cancellation_reason: null;
  description: string | null;
  metadata: Record<string, string>;
  livemode: false;
  created: number;
}

/** A refund as Stripe answers it (API 2022-11-15 and later); failure_reason only once it failed. */
export interface StandInRefund {
  id: string;
  object: 'refund';
  amount: number;
  balance_transaction: string | null;
  charge: string;
  created: number;
  currency: string;
  destination_details: { type: 'card'; card: { type: 'refund'; reference_status: string; reference_type: string } };
  failure_reason?: string;
  failure_balance_transaction?: string;
  metadata: Record<string, string>;
  payment_intent: string;
  payment_method: string | null;
  reason: string | null;
  receipt_number: null;
  source_transfer_reversal: null;
  status: string;
  transfer_reversal: null;
}

/** A stand-in intent's charge, as in a charge.refunded event: amount_refunded counts refunds in flight; no `refunds`. */
export interface StandInCharge {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  captured: boolean;
  currency: string;
  disputed: boolean;
  paid: boolean;
  payment_intent: string;
  payment_method: string | null;
  refunded: boolean;
  status: string;
  failure_code: null;
  failure_message: null;
  description: string | null;
  receipt_email: string | null;
  metadata: Record<string, string>;
  livemode: false;
  created: number;
}

/** The refund reasons Stripe accepts on a create. */
const REFUND_REASONS = new Set(['duplicate', 'fraudulent', 'requested_by_customer']);
/** Refund statuses that hold their amount on the charge (a failed or canceled refund gives it back). */
const REFUND_HOLDS = new Set(['pending', 'requires_action', 'succeeded']);
export interface StandInCustomer {
  id: string;
  object: 'customer';
  email: string | null;
  name: string | null;
  invoice_settings: { default_payment_method: string | null; custom_fields: null; footer: null; rendering_options: null };
  metadata: Record<string, string>;
  livemode: false;
  created: number;
}

export interface StandInProduct {
  id: string;
  object: 'product';
  name: string;
  active: boolean;
  livemode: false;
  created: number;
}

/** Stripe's test payment methods: the card each stands for, and whether charging it is declined. */
export const STAND_IN_CARDS: Record<string, { brand: string; last4: string; declines: boolean }> = {
  pm_card_visa: { brand: 'visa', last4: '4242', declines: false },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', declines: false },
  pm_card_amex: { brand: 'amex', last4: '8431', declines: false },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', declines: true },
  pm_card_chargeCustomerFail: { brand: 'visa', last4: '0341', declines: true },
  pm_card_authenticationRequired: { brand: 'visa', last4: '3155', declines: false },
};
/** Any other pm_… id is a Visa ending 4242. Every stand-in card expires 12/2034. */
export const STAND_IN_CARD_EXPIRY = { exp_month: 12, exp_year: 2034 } as const;
const DECLINE = { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } as const;

export interface StripeStandIn {
  port: number;
  calls: RecordedStripeCall[];
  intents: Map<string, StandInIntent>;
  products: Map<string, StandInProduct>;
  customers: Map<string, StandInCustomer>;
  subscriptions: Map<string, StandInSubscription>;
  invoices: Map<string, StandInInvoice>;
  setupIntents: Map<string, StandInSetupIntent>;
  /** The next create answers with this status and error body instead (e.g. 402 card_error, 500). */
  failNextCreate(status: number, error: Record<string, unknown>): void;
  /** The next `times` requests (default 1) to `method path` (a path or a pattern) answer with this status and error. */
  failNextRequest(method: string, path: string | RegExp, status: number, error: Record<string, unknown>, times?: number): void;
  /** What the browser's confirmation of a SetupIntent does: its status, and the card it saved (attached to its customer). */
  setSetupIntentStatus(id: string, status: string, paymentMethod?: string): void;
  /** The invoice paid (its PaymentIntent succeeded, e.g. the browser confirmed the first payment); its subscription active. */
  payInvoice(invoiceId: string): StandInInvoice;
  /**
   * A renewal: the subscription's next period and its invoice (billing_reason subscription_cycle), paid with the
   * default card, or failed ('failed', or a card that declines): then open, one attempt, retried in a day, and the
   * subscription past_due. Answers the new invoice.
   */
  renewSubscription(subscriptionId: string, outcome?: 'paid' | 'failed'): StandInInvoice;
  /** The invoice as Stripe would put it in an API answer with these expansions, or in a webhook event (none). */
  invoiceObject(id: string, expand?: string[]): Record<string, unknown>;
  /** The subscription as Stripe would put it in an API answer with these expansions, or in a webhook event (none). */
  subscriptionObject(id: string, expand?: string[]): Record<string, unknown>;
  /** A webhook event about `object`, signed with `secret` (see signedStripeEvent). */
  signedEvent(type: string, object: unknown, secret: string): SignedStripeEvent;
  /** Every refund made (POST /v1/refunds) or recorded, by id. */
  refunds: Map<string, StandInRefund>;
  /**
   * A refund of the intent's charge made elsewhere (Stripe's dashboard), without a request: the unrefunded rest unless
   * `amount` says; 'succeeded' unless `status` says ('failed' with `failure_reason`). `created` lets a test order them.
   */
  recordRefund(
    paymentIntentId: string,
    fields?: { amount?: number; status?: string; failure_reason?: string; reason?: string | null; metadata?: Record<string, string>; created?: number },
  ): StandInRefund;
  /** What happens to a refund later: 'failed' (with Stripe's failure_reason, e.g. 'expired_or_canceled_card'), 'canceled'… */
  setRefundStatus(id: string, status: string, failureReason?: string): StandInRefund;
  /** The donor disputed the intent's charge: refunds of it are refused from now on (charge_disputed). */
  disputeCharge(paymentIntentId: string): void;
  /** The intent's charge as Stripe would put it in a charge.* webhook event: amount_refunded, no `refunds` list. */
  chargeObject(paymentIntentId: string): StandInCharge;
  close(): Promise<void>;
}

export interface SignedStripeEvent {
  event: { id: string; object: 'event'; type: string; created: number; data: { object: unknown } };
  /** The exact bytes to post. */
  payload: string;
  /** The Stripe-Signature header for them. */
  header: string;
}

let eventCounter = 0;

/** A Stripe event JSON about `object` and its Stripe-Signature header (the SDK's own test signer). */
export function signedStripeEvent(
  type: string,
  object: unknown,
  secret: string,
  options: { id?: string; created?: number; timestamp?: number } = {},
): SignedStripeEvent {
  eventCounter += 1;
  const created = options.created ?? Math.floor(Date.now() / 1000);
  const event = {
    id: options.id ?? `evt_standin${String(eventCounter).padStart(4, '0')}`,
    object: 'event' as const,
    api_version: '2025-03-31.basil',
    type,
    created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  };
  const payload = JSON.stringify(event);
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }) });
  return { event, payload, header };
}

function json(status: number, body: unknown) {
  return { status, body: JSON.stringify(body) };
}

function missing(kind: string, id: string, param = 'id') {
  return json(404, { error: { type: 'invalid_request_error', code: 'resource_missing', param, message: `No such ${kind}: '${id}'` } });
}

function invalid(message: string, extra: Record<string, unknown> = {}) {
  return json(400, { error: { type: 'invalid_request_error', message, ...extra } });
}

function now(): number {
  return Math.floor(Date.now() / 1000);
}

/** The same day and time a month later (the last day of a shorter month), as Stripe's monthly billing anchors. */
function addMonth(epochSeconds: number): number {
  const date = new Date(epochSeconds * 1000);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + 1);
  const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, last));
  return Math.floor(date.getTime() / 1000);
}

/** metadata[key]=value pairs of a form. */
function metadataOf(form: Record<string, string>): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [name, value] of Object.entries(form)) {
    const match = /^metadata\[(.+)\]$/.exec(name);
    if (match) metadata[match[1]!] = value;
  }
  return metadata;
}

/** The values of a form's indexed array `name[0]`, `name[1]`… in order. */
function arrayOf(form: Record<string, string>, name: string): string[] {
  const values: Array<[number, string]> = [];
  for (const [key, value] of Object.entries(form)) {
    if (key.startsWith(`${name}[`)) {
      const match = /^\[(\d+)\]$/.exec(key.slice(name.length));
      if (match) values.push([Number(match[1]), value]);
    }
  }
  return values.sort((a, b) => a[0] - b[0]).map(([, value]) => value);
}

const EXPANDABLE = {
  subscription: new Set(['latest_invoice', 'latest_invoice.confirmation_secret', 'latest_invoice.payments', 'default_payment_method', 'customer']),
  invoice: new Set(['confirmation_secret', 'payments', 'customer']),
  setupIntent: new Set(['payment_method', 'customer']),
};

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const calls: RecordedStripeCall[] = [];
  const intents = new Map<string, StandInIntent>();
  const byIdempotencyKey = new Map<string, StandInIntent>();
  const products = new Map<string, StandInProduct>();
  const customers = new Map<string, StandInCustomer>();
  const subscriptions = new Map<string, StandInSubscription>();
  const invoices = new Map<string, StandInInvoice>();
  const setupIntents = new Map<string, StandInSetupIntent>();
  const refunds = new Map<string, StandInRefund>();
  /** PaymentIntents whose charge the donor disputed: Stripe refuses to refund them (charge_disputed). */
  const disputed = new Set<string>();
  /**
   * The customers each payment method is attached to. Stripe's test ids (pm_card_visa…) make a new method each time
   * they are used, so one id may be attached to several customers here.
   */
  const attachedTo = new Map<string, Set<string>>();
  const attach = (paymentMethod: string, customer: string) => attachedTo.set(paymentMethod, new Set([...(attachedTo.get(paymentMethod) ?? []), customer]));
  const isAttached = (paymentMethod: string, customer: string) => attachedTo.get(paymentMethod)?.has(customer) ?? false;
  /** Answers kept for Idempotency-Keys (every endpoint but payment_intents, which keeps its own replay above). */
  const replies = new Map<string, { method: string; path: string; raw: string; status: number; body: string }>();
  let nextFailure: { status: number; error: Record<string, unknown> } | null = null;
  const failures: Array<{ method: string; path: string | RegExp; status: number; error: Record<string, unknown>; times: number }> = [];
  let counter = 0;
  const nextId = (prefix: string) => {
    counter += 1;
    return `${prefix}_standin${String(counter).padStart(4, '0')}`;
  };

  function paymentMethodObject(id: string, customer: string | null) {
    const card = STAND_IN_CARDS[id] ?? { brand: 'visa', last4: '4242' };
    return {
      id,
      object: 'payment_method',
      type: 'card',
      allow_redisplay: 'unspecified',
      billing_details: { address: null, email: null, name: null, phone: null },
      card: { brand: card.brand, display_brand: card.brand, last4: card.last4, ...STAND_IN_CARD_EXPIRY, country: 'US', funding: 'credit', checks: null },
      customer,
      metadata: {},
      livemode: false,
      created: 1_700_000_000,
    };
  }

  function renderInvoice(invoice: StandInInvoice, expand: string[]) {
    const { confirmation_secret: confirmationSecret, payments, ...rest } = invoice;
    return {
      ...rest,
      ...(expand.includes('confirmation_secret') ? { confirmation_secret: confirmationSecret } : {}),
      ...(expand.includes('payments') ? { payments } : {}),
      ...(expand.includes('customer') ? { customer: customers.get(invoice.customer) ?? invoice.customer } : {}),
    };
  }

  function renderSubscription(subscription: StandInSubscription, expand: string[]) {
    const invoiceExpand = expand.filter((path) => path.startsWith('latest_invoice.')).map((path) => path.slice('latest_invoice.'.length));
    const invoice = subscription.latest_invoice ? invoices.get(subscription.latest_invoice) : undefined;
    return {
      ...subscription,
      latest_invoice: invoice && (expand.includes('latest_invoice') || invoiceExpand.length > 0) ? renderInvoice(invoice, invoiceExpand) : subscription.latest_invoice,
      default_payment_method:
        subscription.default_payment_method && expand.includes('default_payment_method')
          ? paymentMethodObject(subscription.default_payment_method, subscription.customer)
          : subscription.default_payment_method,
      ...(expand.includes('customer') ? { customer: customers.get(subscription.customer) ?? subscription.customer } : {}),
    };
  }

  /** The expansions asked for, or an error answer naming the first one this kind of object cannot expand. */
  function expansions(params: Record<string, string>, kind: keyof typeof EXPANDABLE): string[] | { status: number; body: string } {
    const expand = arrayOf(params, 'expand');
    const unknown = expand.find((path) => !EXPANDABLE[kind].has(path));
    return unknown === undefined ? expand : invalid(`This property cannot be expanded (${unknown}).`, { param: 'expand' });
  }

  function newPaymentIntent(amount: number, currency: string, paymentMethod: string | null, description: string): StandInIntent {
    const id = nextId('pi');
    const intent: StandInIntent = {
      id,
      object: 'payment_intent',
      amount,
      currency,
      status: paymentMethod ? 'requires_confirmation' : 'requires_payment_method',
      client_secret: `${id}_secret_standin`,
      payment_method: paymentMethod,
      metadata: {},
      description,
      receipt_email: null,
      last_payment_error: null,
      livemode: false,
      created: now(),
    };
    intents.set(id, intent);
    return intent;
  }

  /**
   * An open invoice for the subscription's current period (its line's period), with its PaymentIntent. As Stripe,
   * the invoice's own period_start/period_end are the period before (for the first invoice: its creation, twice).
   */
  function newInvoice(subscription: StandInSubscription, billingReason: string, ownPeriod?: { start: number; end: number }): StandInInvoice {
    const item = subscription.items.data[0]!;
    const id = nextId('in');
    const amount = item.price.unit_amount * item.quantity;
    const intent = newPaymentIntent(amount, subscription.currency, subscription.default_payment_method, billingReason === 'subscription_create' ? 'Subscription creation' : 'Subscription update');
    const created = now();
    const invoice: StandInInvoice = {
      id,
      object: 'invoice',
      customer: subscription.customer,
      status: 'open',
      billing_reason: billingReason,
      collection_method: 'charge_automatically',
      currency: subscription.currency,
      amount_due: amount,
      amount_paid: 0,
      amount_remaining: amount,
      attempt_count: 0,
      attempted: false,
      next_payment_attempt: null,
      period_start: ownPeriod?.start ?? created,
      period_end: ownPeriod?.end ?? created,
      lines: {
        object: 'list',
        data: [
          {
            id: nextId('il'),
            object: 'line_item',
            amount,
            currency: subscription.currency,
            description: `${item.quantity} × Monthly gift (at ${item.price.unit_amount} / month)`,
            invoice: id,
            period: { start: item.current_period_start, end: item.current_period_end },
            parent: {
              type: 'subscription_item_details',
              invoice_item_details: null,
              subscription_item_details: { subscription: subscription.id, subscription_item: item.id, proration: false, invoice_item: null },
            },
            pricing: { type: 'price_details', price_details: { price: item.price.id, product: item.price.product }, unit_amount_decimal: String(item.price.unit_amount) },
            quantity: item.quantity,
            metadata: {},
            livemode: false,
          },
        ],
        has_more: false,
        url: `/v1/invoices/${id}/lines`,
      },
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { metadata: { ...subscription.metadata }, subscription: subscription.id },
      },
      confirmation_secret: { client_secret: intent.client_secret, type: 'payment_intent' },
      payments: {
        object: 'list',
        data: [
          {
            id: nextId('inpay'),
            object: 'invoice_payment',
            amount_paid: null,
            amount_requested: amount,
            currency: subscription.currency,
            invoice: id,
            is_default: true,
            livemode: false,
            payment: { type: 'payment_intent', payment_intent: intent.id },
            status: 'open',
            status_transitions: { canceled_at: null, paid_at: null },
            created,
          },
        ],
        has_more: false,
        url: `/v1/invoice_payments?invoice=${id}`,
      },
      status_transitions: { finalized_at: created, paid_at: null, voided_at: null },
      metadata: {},
      livemode: false,
      created,
    };
    invoices.set(id, invoice);
    subscription.latest_invoice = id;
    return invoice;
  }

  function intentOf(invoice: StandInInvoice): StandInIntent {
    return intents.get(invoice.payments.data[0]!.payment.payment_intent)!;
  }

  function markPaid(invoice: StandInInvoice, paymentMethod: string | null): void {
    const paidAt = now();
    const intent = intentOf(invoice);
    intent.status = 'succeeded';
    intent.last_payment_error = null;
    if (paymentMethod) intent.payment_method = paymentMethod;
    invoice.status = 'paid';
    invoice.amount_paid = invoice.amount_due;
    invoice.amount_remaining = 0;
    invoice.attempt_count += 1;
    invoice.attempted = true;
    invoice.next_payment_attempt = null;
    invoice.status_transitions.paid_at = paidAt;
    const payment = invoice.payments.data[0]!;
    payment.status = 'paid';
    payment.amount_paid = invoice.amount_due;
    payment.status_transitions.paid_at = paidAt;
    const subscription = subscriptions.get(invoice.parent.subscription_details.subscription);
    if (subscription && (subscription.status === 'incomplete' || subscription.status === 'past_due')) subscription.status = 'active';
  }

  function markFailed(invoice: StandInInvoice, paymentMethod: string | null): void {
    const intent = intentOf(invoice);
    intent.status = 'requires_payment_method';
    intent.last_payment_error = { ...DECLINE };
    if (paymentMethod) intent.payment_method = paymentMethod;
    invoice.attempt_count += 1;
    invoice.attempted = true;
    invoice.next_payment_attempt = now() + 86_400;
  }

  function handleBilling(method: string, path: string, params: Record<string, string>): { status: number; body: string } | null {
    // Products
    if (method === 'POST' && path === '/v1/products') {
      if (!params.name) return invalid('Missing required param: name.', { param: 'name' });
      const id = params.id ?? nextId('prod');
      if (products.has(id)) return invalid(`Product already exists.`, { code: 'resource_already_exists', param: 'id' });
      const product: StandInProduct = { id, object: 'product', name: params.name, active: true, livemode: false, created: now() };
      products.set(id, product);
      return json(200, product);
    }
    const productPath = /^\/v1\/products\/([^/]+)$/.exec(path);
    if (method === 'GET' && productPath) {
      const product = products.get(decodeURIComponent(productPath[1]!));
      return product ? json(200, product) : missing('product', decodeURIComponent(productPath[1]!));
    }

    // Customers
    if (method === 'POST' && path === '/v1/customers') {
      const id = nextId('cus');
      const paymentMethod = params.payment_method ?? null;
      const customer: StandInCustomer = {
        id,
        object: 'customer',
        email: params.email ?? null,
        name: params.name ?? null,
        invoice_settings: {
          default_payment_method: params['invoice_settings[default_payment_method]'] ?? null,
          custom_fields: null,
          footer: null,
          rendering_options: null,
        },
        metadata: metadataOf(params),
        livemode: false,
        created: now(),
      };
      customers.set(id, customer);
      if (paymentMethod) attach(paymentMethod, id);
      return json(200, customer);
    }

    // Subscriptions
    if (method === 'POST' && path === '/v1/subscriptions') {
      const expand = expansions(params, 'subscription');
      if (!Array.isArray(expand)) return expand;
      const customerId = params.customer ?? '';
      if (!customers.has(customerId)) return missing('customer', customerId, 'customer');
      const prefix = 'items[0][price_data]';
      const product = params[`${prefix}[product]`];
      if (params['items[0][price]']) return invalid('The stand-in only knows inline prices (items[0][price_data]).');
      if (!product) return invalid('Missing required param: items[0][price_data][product].', { param: `${prefix}[product]` });
      if (!products.has(product)) return missing('product', product, `${prefix}[product]`);
      if (!params[`${prefix}[recurring][interval]`]) return invalid('Missing required param: items[0][price_data][recurring].', { param: `${prefix}[recurring]` });
      if (params['items[1][price_data][product]'] ?? params['items[1][price]']) return invalid('The stand-in keeps one item per subscription.');
      if (params.payment_behavior !== 'default_incomplete') {
        return invalid('The stand-in only creates subscriptions with payment_behavior=default_incomplete.', { param: 'payment_behavior' });
      }
      const paymentMethod = params.default_payment_method ?? null;
      if (paymentMethod && !isAttached(paymentMethod, customerId)) {
        return invalid(`The customer does not have a payment method with the ID ${paymentMethod}.`, { code: 'resource_missing', param: 'default_payment_method' });
      }
      const id = nextId('sub');
      const start = now();
      const currency = (params[`${prefix}[currency]`] ?? '').toLowerCase();
      const price: StandInPrice = {
        id: nextId('price'),
        object: 'price',
        active: false,
        currency,
        unit_amount: Number(params[`${prefix}[unit_amount]`]),
        recurring: { interval: params[`${prefix}[recurring][interval]`]!, interval_count: 1, usage_type: 'licensed' },
        product,
        type: 'recurring',
        livemode: false,
        created: start,
      };
      const subscription: StandInSubscription = {
        id,
        object: 'subscription',
        customer: customerId,
        status: 'incomplete',
        currency,
        items: {
          object: 'list',
          data: [
            {
              id: nextId('si'),
              object: 'subscription_item',
              price,
              quantity: Number(params['items[0][quantity]'] ?? 1),
              current_period_start: start,
              current_period_end: addMonth(start),
              subscription: id,
              metadata: {},
              created: start,
            },
          ],
          has_more: false,
          url: `/v1/subscription_items?subscription=${id}`,
        },
        latest_invoice: null,
        default_payment_method: paymentMethod,
        pause_collection: null,
        payment_settings: {
          payment_method_options: null,
          payment_method_types: arrayOf(params, 'payment_settings[payment_method_types]').length
            ? arrayOf(params, 'payment_settings[payment_method_types]')
            : null,
          save_default_payment_method: params['payment_settings[save_default_payment_method]'] ?? 'off',
        },
        collection_method: 'charge_automatically',
        cancel_at: null,
        cancel_at_period_end: false,
        canceled_at: null,
        ended_at: null,
        cancellation_details: { comment: null, feedback: null, reason: null },
        billing_cycle_anchor: start,
        start_date: start,
        description: params.description ?? null,
        metadata: metadataOf(params),
        livemode: false,
        created: start,
      };
      subscriptions.set(id, subscription);
      newInvoice(subscription, 'subscription_create');
      return json(200, renderSubscription(subscription, expand));
    }
    const subscriptionPath = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (subscriptionPath) {
      const id = decodeURIComponent(subscriptionPath[1]!);
      const subscription = subscriptions.get(id);
      if (!subscription) return missing('subscription', id);
      const expand = expansions(params, 'subscription');
      if (!Array.isArray(expand)) return expand;
      if (method === 'GET') return json(200, renderSubscription(subscription, expand));
      if (method === 'DELETE') {
        // Stripe treats a canceled subscription as deleted here (stripe/stripe-go#1887).
        if (subscription.status === 'canceled') return missing('subscription', id);
        const at = now();
        subscription.status = 'canceled';
        subscription.canceled_at = at;
        subscription.ended_at = at;
        subscription.cancellation_details = {
          comment: params['cancellation_details[comment]'] || null,
          feedback: params['cancellation_details[feedback]'] || null,
          reason: 'cancellation_requested',
        };
        return json(200, renderSubscription(subscription, expand));
      }
      if (method === 'POST') {
        if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') {
          return invalid('A canceled subscription can only update its cancellation_details and metadata.');
        }
        const itemId = params['items[0][id]'];
        if (itemId !== undefined || params['items[0][price_data][product]'] !== undefined) {
          const item = subscription.items.data[0]!;
          if (itemId !== item.id) return invalid(`Invalid subscription_item id: ${itemId ?? '(none)'}`, { param: 'items[0][id]' });
          const prefix = 'items[0][price_data]';
          const product = params[`${prefix}[product]`] ?? '';
          if (!products.has(product)) return missing('product', product, `${prefix}[product]`);
          if (!params[`${prefix}[recurring][interval]`]) return invalid('Missing required param: items[0][price_data][recurring].');
          item.price = {
            ...item.price,
            id: nextId('price'),
            currency: (params[`${prefix}[currency]`] ?? '').toLowerCase(),
            unit_amount: Number(params[`${prefix}[unit_amount]`]),
            recurring: { interval: params[`${prefix}[recurring][interval]`]!, interval_count: 1, usage_type: 'licensed' },
            product,
            created: now(),
          };
        }
        if (params.pause_collection === '') subscription.pause_collection = null;
        else if (params['pause_collection[behavior]']) {
          const resumesAt = params['pause_collection[resumes_at]'];
          subscription.pause_collection = { behavior: params['pause_collection[behavior]'], resumes_at: resumesAt ? Number(resumesAt) : null };
        }
        if (params.default_payment_method) {
          if (!isAttached(params.default_payment_method, subscription.customer)) {
            return invalid(`The customer does not have a payment method with the ID ${params.default_payment_method}.`, {
              code: 'resource_missing',
              param: 'default_payment_method',
            });
          }
          subscription.default_payment_method = params.default_payment_method;
        }
        Object.assign(subscription.metadata, metadataOf(params));
        if (params.description !== undefined) subscription.description = params.description || null;
        return json(200, renderSubscription(subscription, expand));
      }
    }

    // Invoices
    if (method === 'GET' && path === '/v1/invoices') {
      const limit = Number(params.limit ?? 10);
      const matching = [...invoices.values()]
        .reverse()
        .filter((invoice) => !params.subscription || invoice.parent.subscription_details.subscription === params.subscription)
        .filter((invoice) => !params.customer || invoice.customer === params.customer)
        .filter((invoice) => !params.status || invoice.status === params.status);
      return json(200, { object: 'list', data: matching.slice(0, limit).map((invoice) => renderInvoice(invoice, [])), has_more: matching.length > limit, url: '/v1/invoices' });
    }
    const invoicePath = /^\/v1\/invoices\/([^/]+)(\/pay)?$/.exec(path);
    if (invoicePath) {
      const id = decodeURIComponent(invoicePath[1]!);
      const invoice = invoices.get(id);
      if (!invoice) return missing('invoice', id);
      const expand = expansions(params, 'invoice');
      if (!Array.isArray(expand)) return expand;
      if (method === 'GET' && !invoicePath[2]) return json(200, renderInvoice(invoice, expand));
      if (method === 'POST' && invoicePath[2]) {
        if (invoice.status === 'paid') return invalid('Invoice is already paid', { code: 'invoice_already_paid' });
        if (invoice.status !== 'open') return invalid(`You can only pay an open invoice. This invoice is ${invoice.status}.`, { code: 'invoice_not_open' });
        const subscription = subscriptions.get(invoice.parent.subscription_details.subscription);
        const paymentMethod = params.payment_method ?? subscription?.default_payment_method ?? null;
        if (!paymentMethod) return invalid('This invoice has no payment method to charge.', { code: 'invoice_no_payment_method_types' });
        if (!isAttached(paymentMethod, invoice.customer)) {
          return invalid(`The customer does not have a payment method with the ID ${paymentMethod}.`, { code: 'resource_missing', param: 'payment_method' });
        }
        if (STAND_IN_CARDS[paymentMethod]?.declines) {
          markFailed(invoice, paymentMethod);
          return json(402, { error: { ...DECLINE, payment_intent: { ...intentOf(invoice) } } });
        }
        markPaid(invoice, paymentMethod);
        return json(200, renderInvoice(invoice, expand));
      }
    }

    // SetupIntents
    if (method === 'POST' && path === '/v1/setup_intents') {
      const customerId = params.customer ?? '';
      if (!customers.has(customerId)) return missing('customer', customerId, 'customer');
      const id = nextId('seti');
      const allowed = arrayOf(params, 'allowed_payment_method_types');
      const setupIntent: StandInSetupIntent = {
        id,
        object: 'setup_intent',
        client_secret: `${id}_secret_standin`,
        customer: customerId,
        status: 'requires_payment_method',
        usage: params.usage ?? 'off_session',
        payment_method: null,
        payment_method_types: allowed.length ? allowed : ['card'],
        allowed_payment_method_types: allowed.length ? allowed : null,
        last_setup_error: null,
        next_action: null,
        cancellation_reason: null,
        description: params.description ?? null,
        metadata: metadataOf(params),
        livemode: false,
        created: now(),
      };
      setupIntents.set(id, setupIntent);
      return json(200, setupIntent);
    }
    const setupPath = /^\/v1\/setup_intents\/([^/]+)$/.exec(path);
    if (method === 'GET' && setupPath) {
      const id = decodeURIComponent(setupPath[1]!);
      const setupIntent = setupIntents.get(id);
      return setupIntent ? json(200, setupIntent) : missing('setup_intent', id, 'intent');
    }
    const refundAnswer = handleRefunds(method, path, params);
    if (refundAnswer) return refundAnswer;
    return null;
  }

  // Refunds (API 2022-11-15 and later: a Charge carries amount_refunded, never its refunds; GET /v1/refunds lists them)

  /** The charge a stand-in PaymentIntent's payment made ('pi_standin0001' → 'ch_standin0001'). */
  function chargeIdOf(intent: StandInIntent): string {
    return `ch_${intent.id.slice('pi_'.length)}`;
  }

  /** What is refunded of the intent's charge: succeeded refunds and those still in flight (failed ones give theirs back). */
  function refundedOf(intent: StandInIntent): number {
    let total = 0;
    for (const refund of refunds.values()) {
      if (refund.payment_intent === intent.id && REFUND_HOLDS.has(refund.status)) total += refund.amount;
    }
    return total;
  }

  function unrefunded(intent: StandInIntent): number {
    return intent.amount - refundedOf(intent);
  }

  /** An amount in minor units as Stripe writes it in messages: '₹2,000.00', '$10.50', '¥500'. */
  function formatMinorAmount(minor: number, currency: string): string {
    const format = new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() });
    return format.format(minor / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
  }

  function chargeOf(intent: StandInIntent): StandInCharge {
    const refunded = refundedOf(intent);
    const paid = intent.status === 'succeeded';
    return {
      id: chargeIdOf(intent),
      object: 'charge',
      amount: intent.amount,
      amount_captured: paid ? intent.amount : 0,
      amount_refunded: refunded,
      captured: paid,
      currency: intent.currency,
      disputed: disputed.has(intent.id),
      paid,
      payment_intent: intent.id,
      payment_method: intent.payment_method,
      refunded: paid && refunded >= intent.amount,
      status: paid ? 'succeeded' : 'pending',
      failure_code: null,
      failure_message: null,
      description: intent.description,
      receipt_email: intent.receipt_email,
      metadata: { ...intent.metadata },
      livemode: false,
      created: intent.created,
    };
  }

  function newRefund(
    intent: StandInIntent,
    amount: number,
    fields: { reason: string | null; metadata: Record<string, string>; status: string; created?: number },
  ): StandInRefund {
    const id = nextId('re');
    const refund: StandInRefund = {
      id,
      object: 'refund',
      amount,
      balance_transaction: `txn_${id.slice('re_'.length)}`,
      charge: chargeIdOf(intent),
      created: fields.created ?? now(),
      currency: intent.currency,
      destination_details: { type: 'card', card: { type: 'refund', reference_status: 'pending', reference_type: 'acquirer_reference_number' } },
      metadata: fields.metadata,
      payment_intent: intent.id,
      payment_method: intent.payment_method,
      reason: fields.reason,
      receipt_number: null,
      source_transfer_reversal: null,
      status: fields.status,
      transfer_reversal: null,
    };
    refunds.set(id, refund);
    return refund;
  }

  function markRefundFailed(refund: StandInRefund, failureReason: string): void {
    refund.status = 'failed';
    refund.failure_reason = failureReason;
    refund.failure_balance_transaction = `txn_${refund.id.slice('re_'.length)}_failure`;
  }

  function handleRefunds(method: string, path: string, params: Record<string, string>): { status: number; body: string } | null {
    if (method === 'POST' && path === '/v1/refunds') {
      if (params.charge) return invalid('The stand-in refunds by payment_intent only.', { param: 'charge' });
      const intentId = params.payment_intent;
      if (!intentId) return invalid('One of the following params should be provided for this request: payment_intent or charge.');
      const intent = intents.get(intentId);
      if (!intent) return missing('payment_intent', intentId, 'payment_intent');
      if (intent.status !== 'succeeded') return invalid(`This PaymentIntent (${intentId}) does not have a successful charge to refund.`);
      if (disputed.has(intentId)) {
        return invalid(`Charge ${chargeIdOf(intent)} has been charged back; cannot issue a refund.`, { code: 'charge_disputed' });
      }
      const left = unrefunded(intent);
      if (left <= 0) return invalid(`Charge ${chargeIdOf(intent)} has already been refunded.`, { code: 'charge_already_refunded' });
      const amount = params.amount === undefined ? left : Number(params.amount);
      if (!Number.isSafeInteger(amount) || amount <= 0) return invalid('Invalid positive integer', { code: 'parameter_invalid_integer', param: 'amount' });
      if (amount > left) {
        return invalid(
          `Refund amount (${formatMinorAmount(amount, intent.currency)}) is greater than unrefunded amount on charge (${formatMinorAmount(left, intent.currency)})`,
          { param: 'amount' },
        );
      }
      const reason = params.reason ?? null;
      if (reason !== null && !REFUND_REASONS.has(reason)) {
        return invalid('Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer', { param: 'reason' });
      }
      return json(200, newRefund(intent, amount, { reason, metadata: metadataOf(params), status: 'succeeded' }));
    }
    if (method === 'GET' && path === '/v1/refunds') {
      const limit = params.limit === undefined ? 10 : Number(params.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
        return invalid('This value must be greater than or equal to 1 and less than or equal to 100.', { param: 'limit' });
      }
      const intentId = params.payment_intent;
      if (intentId !== undefined && !intents.has(intentId)) return missing('payment_intent', intentId, 'payment_intent');
      // Newest first, as Stripe lists (the later one first within a second).
      const order = [...refunds.values()];
      const matching = order
        .map((refund, index) => ({ refund, index }))
        .filter(({ refund }) => intentId === undefined || refund.payment_intent === intentId)
        .filter(({ refund }) => params.charge === undefined || refund.charge === params.charge)
        .sort((a, b) => b.refund.created - a.refund.created || b.index - a.index)
        .map(({ refund }) => refund);
      let from = 0;
      if (params.starting_after !== undefined) {
        const at = matching.findIndex((refund) => refund.id === params.starting_after);
        if (at < 0) return missing('refund', params.starting_after, 'starting_after');
        from = at + 1;
      }
      const page = matching.slice(from, from + limit);
      return json(200, { object: 'list', data: page, has_more: from + limit < matching.length, url: '/v1/refunds' });
    }
    const refundPath = /^\/v1\/refunds\/([^/]+)$/.exec(path);
    if (method === 'GET' && refundPath) {
      const id = decodeURIComponent(refundPath[1]!);
      const refund = refunds.get(id);
      return refund ? json(200, refund) : missing('refund', id, 'refund');
    }
    return null;
  }

  function handle(method: string, path: string, headers: IncomingHttpHeaders, form: Record<string, string>, query: Record<string, string>, raw: string) {
    const injected = failures.findIndex((failure) => failure.method === method && (typeof failure.path === 'string' ? failure.path === path : failure.path.test(path)));
    if (injected >= 0) {
      const failure = failures[injected]!;
      failure.times -= 1;
      if (failure.times <= 0) failures.splice(injected, 1);
      return json(failure.status, { error: failure.error });
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      if (nextFailure) {
        const failure = nextFailure;
        nextFailure = null;
        return json(failure.status, { error: failure.error });
      }
      const key = headers['idempotency-key'];
      const replay = typeof key === 'string' ? byIdempotencyKey.get(key) : undefined;
      if (replay) return json(200, replay);
      counter += 1;
      const id = `pi_standin${String(counter).padStart(4, '0')}`;
      const intent: StandInIntent = {
        id,
        object: 'payment_intent',
        amount: Number(form.amount),
        currency: form.currency ?? '',
        status: 'requires_confirmation',
        client_secret: `${id}_secret_standin`,
        payment_method: form.payment_method ?? null,
        metadata: metadataOf(form),
        description: form.description ?? null,
        receipt_email: form.receipt_email ?? null,
        last_payment_error: null,
        livemode: false,
        created: Math.floor(Date.now() / 1000),
      };
      intents.set(id, intent);
      if (typeof key === 'string') byIdempotencyKey.set(key, intent);
      return json(200, intent);
    }
    const retrieve = /^\/v1\/payment_intents\/([^/?]+)$/.exec(path);
    if (method === 'GET' && retrieve) {
      const intent = intents.get(decodeURIComponent(retrieve[1]!));
      if (!intent) {
        return json(404, {
          error: { type: 'invalid_request_error', code: 'resource_missing', param: 'intent', message: `No such payment_intent: '${retrieve[1]}'` },
        });
      }
      // Stripe never sends the client secret back to a secret-key retrieve of someone else's intent; keep it simple.
      return json(200, intent);
    }

    // Everything else keeps Stripe's idempotency: a key replays its first answer on the same endpoint and parameters.
    const key = method === 'POST' ? headers['idempotency-key'] : undefined;
    if (typeof key === 'string') {
      const kept = replies.get(key);
      if (kept) {
        if (kept.method !== method || kept.path !== path) {
          return json(400, { error: { type: 'idempotency_error', message: 'Keys for idempotent requests can only be used for the same endpoint they were first used for.' } });
        }
        if (kept.raw !== raw) {
          return json(400, {
            error: { type: 'idempotency_error', message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.` },
          });
        }
        return { status: kept.status, body: kept.body };
      }
    }
    const answer = handleBilling(method, path, { ...query, ...form });
    if (answer) {
      if (typeof key === 'string' && answer.status < 500) replies.set(key, { method, path, raw, ...answer });
      return answer;
    }
    return json(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` } });
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const form = Object.fromEntries(new URLSearchParams(raw));
      const [path = '/', search = ''] = (request.url ?? '/').split('?');
      const query = Object.fromEntries(new URLSearchParams(search));
      calls.push({ method: request.method ?? '', path, headers: request.headers, raw, form, query });
      const { status, body } = handle(request.method ?? '', path, request.headers, form, query, raw);
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_standin_${calls.length}` });
      response.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));

  function subscriptionOrThrow(id: string): StandInSubscription {
    const subscription = subscriptions.get(id);
    if (!subscription) throw new Error(`The stand-in has no subscription ${id}`);
    return subscription;
  }

  return {
    port: (server.address() as AddressInfo).port,
    calls,
    intents,
    products,
    customers,
    subscriptions,
    invoices,
    setupIntents,
    failNextCreate(status, error) {
      nextFailure = { status, error };
    },
    failNextRequest(method, path, status, error, times = 1) {
      failures.push({ method, path, status, error, times });
    },
    setSetupIntentStatus(id, status, paymentMethod) {
      const setupIntent = setupIntents.get(id);
      if (!setupIntent) throw new Error(`The stand-in has no SetupIntent ${id}`);
      setupIntent.status = status;
      if (paymentMethod) {
        setupIntent.payment_method = paymentMethod;
        if (status === 'succeeded') attach(paymentMethod, setupIntent.customer);
      }
    },
    payInvoice(invoiceId) {
      const invoice = invoices.get(invoiceId);
      if (!invoice) throw new Error(`The stand-in has no invoice ${invoiceId}`);
      markPaid(invoice, null);
      return invoice;
    },
    renewSubscription(subscriptionId, outcome = 'paid') {
      const subscription = subscriptionOrThrow(subscriptionId);
      const item = subscription.items.data[0]!;
      const ended = { start: item.current_period_start, end: item.current_period_end };
      item.current_period_start = item.current_period_end;
      item.current_period_end = addMonth(item.current_period_end);
      const invoice = newInvoice(subscription, 'subscription_cycle', ended);
      const paymentMethod = subscription.default_payment_method;
      if (outcome === 'failed' || !paymentMethod || STAND_IN_CARDS[paymentMethod]?.declines) {
        markFailed(invoice, paymentMethod);
        subscription.status = 'past_due';
      } else {
        markPaid(invoice, paymentMethod);
      }
      return invoice;
    },
    invoiceObject(id, expand = []) {
      const invoice = invoices.get(id);
      if (!invoice) throw new Error(`The stand-in has no invoice ${id}`);
      return renderInvoice(invoice, expand);
    },
    subscriptionObject(id, expand = []) {
      return renderSubscription(subscriptionOrThrow(id), expand);
    },
    signedEvent: (type, object, secret) => signedStripeEvent(type, object, secret),
    refunds,
    recordRefund(paymentIntentId, fields = {}) {
      const intent = intents.get(paymentIntentId);
      if (!intent) throw new Error(`The stand-in has no PaymentIntent ${paymentIntentId}`);
      const refund = newRefund(intent, fields.amount ?? unrefunded(intent), {
        reason: fields.reason ?? null,
        metadata: fields.metadata ?? {},
        status: fields.status ?? 'succeeded',
        ...(fields.created === undefined ? {} : { created: fields.created }),
      });
      if (refund.status === 'failed') markRefundFailed(refund, fields.failure_reason ?? 'unknown');
      return refund;
    },
    setRefundStatus(id, status, failureReason) {
      const refund = refunds.get(id);
      if (!refund) throw new Error(`The stand-in has no refund ${id}`);
      if (status === 'failed') markRefundFailed(refund, failureReason ?? 'unknown');
      else refund.status = status;
      return refund;
    },
    disputeCharge(paymentIntentId) {
      if (!intents.has(paymentIntentId)) throw new Error(`The stand-in has no PaymentIntent ${paymentIntentId}`);
      disputed.add(paymentIntentId);
    },
    chargeObject(paymentIntentId) {
      const intent = intents.get(paymentIntentId);
      if (!intent) throw new Error(`The stand-in has no PaymentIntent ${paymentIntentId}`);
      return chargeOf(intent);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
