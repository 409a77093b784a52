import { HTTP_MESSAGES } from '@charity/domain';

// The card payment provider, as the rest of the server sees it. Two implementations: StripeProvider (the
// `stripe` SDK, PAYMENTS_MODE=stripe) and SandboxProvider (built in, the default without keys), which follows
// Stripe's test payment methods and emits the same webhook events. The donations module's use cases
// (../use-cases/) only ever talk to this interface, so the donation flow is the same code in both modes; the one
// thing only the sandbox has, the browser-facing stand-in for Stripe.js, is its own plugin (sandbox-routes.ts),
// registered only in sandbox mode. Providers keep their own state and never write the module's tables (payment
// attempts, donations): they report what happened, and the use cases record it (docs/decisions/019-donations-module.md).

export type PaymentsMode = 'sandbox' | 'stripe';

/** Stripe's PaymentIntent statuses. Only 'succeeded' may ever become a donation. */
export type PaymentIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'canceled'
  | 'succeeded';

/** Why the last attempt to pay an intent failed, as Stripe reports it (never card data). */
export interface PaymentErrorInfo {
  code: string;
  decline_code?: string;
  message: string;
}

/** What the server needs to know of a payment intent, whichever provider holds it. */
export interface PaymentIntentSnapshot {
  id: string;
  status: PaymentIntentStatus | (string & {});
  /** In the currency's minor unit (paise, cents). */
  amountMinor: number;
  /** ISO 4217, upper case (Stripe itself answers lower case). */
  currency: string;
  /** Only on the answer to createIntent (the browser needs it to confirm the payment); null otherwise. */
  clientSecret: string | null;
  paymentMethodId: string | null;
  lastPaymentError: PaymentErrorInfo | null;
  metadata: Record<string, string>;
}

export interface CreateIntentInput {
  amountMinor: number;
  /** ISO 4217, either case. */
  currency: string;
  /** One per payment attempt (a UUID): a retried request never creates a second intent. */
  idempotencyKey: string;
  /** The card the browser tokenised (pm_…); the browser confirms the intent with it. */
  paymentMethodId: string;
  /** Plain references only (attempt key, campaign id, country): never donor contact details or card data. */
  metadata: Record<string, string>;
  description: string;
  receiptEmail: string | null;
}

/** A verified provider event. `intent` is the payment intent the event is about (payment_intent.* events). */
export interface PaymentEvent {
  id: string;
  type: string;
  /** Seconds since the epoch, as Stripe sends it. */
  created: number;
  intent: PaymentIntentSnapshot | null;
  /** invoice.* events: the invoice. */
  invoice?: InvoiceSnapshot | null;
  /** customer.subscription.* events: the subscription. */
  subscription?: SubscriptionSnapshot | null;
  /** refund.created / refund.updated / refund.failed events: the refund. */
  refund?: RefundSnapshot | null;
  /** charge.refunded: the refunded charge's payment intent (its refunds are then listed from the provider). */
  charge?: { id: string; paymentIntentId: string | null; amountRefundedMinor: number } | null;
}

// Refunds (docs/decisions/024-refunds.md): Stripe's Refund objects, or the sandbox's own, which play the same states
// and events (including Stripe's test card whose refunds fail after they succeeded, 4000 0000 0000 5126).

/** Stripe's refund statuses (requires_action is for refunds to some non-card methods; kept as a string). */
export type ProviderRefundStatus = 'pending' | 'requires_action' | 'succeeded' | 'failed' | 'canceled';

export interface RefundSnapshot {
  /** re_… */
  id: string;
  paymentIntentId: string | null;
  amountMinor: number;
  /** ISO 4217, upper case. */
  currency: string;
  status: ProviderRefundStatus | (string & {});
  /** failure_reason when it failed: 'expired_or_canceled_card', 'lost_or_stolen_card', 'unknown'…; else null. */
  failureReason: string | null;
  /** Stripe's reason enum ('duplicate', 'fraudulent', 'requested_by_customer') or null. */
  reason: string | null;
  /** Ours on a refund staff made here ({ refund_id }); whatever the dashboard's user left otherwise. */
  metadata: Record<string, string>;
  created: Date;
}

export interface CreateRefundInput {
  paymentIntentId: string;
  amountMinor: number;
  /** One per refund row (refund-<id>): a retried request never refunds twice at the provider. */
  idempotencyKey: string;
  /** References only ({ refund_id, donation_id }): never donor details. */
  metadata: Record<string, string>;
  reason: 'requested_by_customer' | 'duplicate' | 'fraudulent';
}

export interface RefundProvider {
  /**
   * Asks the provider to refund part or all of a succeeded payment. Answers the refund as created (usually
   * 'succeeded' or 'pending' for cards). Throws PaymentProviderError(400, …) when the provider refuses it (more
   * than is left, a disputed charge), 502/504 when it could not be asked.
   */
  createRefund(input: CreateRefundInput): Promise<RefundSnapshot>;
  /** Every refund of a payment intent, newest first (charge.refunded carries no list since API 2022-11-15). */
  listRefunds(paymentIntentId: string): Promise<RefundSnapshot[]>;
}

// Monthly gifts (docs/decisions/022-monthly-gifts.md): a Stripe Subscription with an inline monthly price, or the
// sandbox's own subscriptions, which play the same states and events. The module keeps its own record of each gift
// (recurring_gifts) and brings it in step from these snapshots.

/** Stripe's subscription statuses. */
export type SubscriptionStatus =
  | 'incomplete'
  | 'incomplete_expired'
  | 'trialing'
  | 'active'
  | 'past_due'
  | 'canceled'
  | 'unpaid'
  | 'paused';

/** The card a subscription charges: brand, last four digits and expiry only. */
export interface CardSummary {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface SubscriptionSnapshot {
  id: string;
  customerId: string;
  status: SubscriptionStatus | (string & {});
  amountMinor: number;
  /** ISO 4217, upper case. */
  currency: string;
  /** When the current period ends: the next renewal while the subscription runs. */
  currentPeriodEnd: Date | null;
  /** pause_collection.resumes_at: invoices until then are voided, not charged. */
  pauseResumesAt: Date | null;
  canceledAt: Date | null;
  /** cancellation_details.reason: 'cancellation_requested', 'payment_failed', 'payment_disputed' or null. */
  cancellationReason: string | null;
  defaultPaymentMethodId: string | null;
  card: CardSummary | null;
  metadata: Record<string, string>;
}

export interface InvoiceSnapshot {
  id: string;
  subscriptionId: string | null;
  /** draft, open, paid, uncollectible, void. */
  status: string;
  /** subscription_create (the first payment), subscription_cycle (a renewal), subscription_update, manual… */
  billingReason: string | null;
  amountDueMinor: number;
  amountPaidMinor: number;
  currency: string;
  /** The payment intent that paid (or tried to pay) it, when the provider says (Stripe's basil invoices may not). */
  paymentIntentId: string | null;
  attemptCount: number;
  /** When the provider tries again after a failure; null when it will not (the last retry failed). */
  nextPaymentAttempt: Date | null;
  periodStart: Date | null;
  periodEnd: Date | null;
  lastPaymentError: PaymentErrorInfo | null;
}

export interface CreateSubscriptionInput {
  amountMinor: number;
  currency: string;
  /** One per sign-up (a UUID), used for the customer and the subscription (suffixed): a retry never doubles them. */
  idempotencyKey: string;
  paymentMethodId: string;
  email: string;
  name: string;
  /** References only (attempt key, campaign id, country, gift kind): never contact details or card data. */
  metadata: Record<string, string>;
  description: string;
}

export interface CreatedSubscription {
  subscription: SubscriptionSnapshot;
  /** The first invoice's payment: the browser confirms it with `clientSecret` exactly as a one-time gift. */
  firstPayment: { invoiceId: string; paymentIntentId: string; clientSecret: string };
}

export interface RecurringProvider {
  createSubscription(input: CreateSubscriptionInput): Promise<CreatedSubscription>;
  retrieveSubscription(id: string): Promise<SubscriptionSnapshot | null>;
  /** The new monthly amount from the next renewal on (no proration: nothing is charged now). */
  changeSubscriptionAmount(id: string, amountMinor: number, idempotencyKey: string): Promise<SubscriptionSnapshot>;
  /** No payment until `resumesAt` (invoices in between are voided); null resumes collection now. */
  pauseSubscription(id: string, resumesAt: Date | null): Promise<SubscriptionSnapshot>;
  /** Ends it at once; nothing more is charged. */
  cancelSubscription(id: string, reason: string | null): Promise<SubscriptionSnapshot>;
  /** A SetupIntent for a new card, confirmed by the browser with its client secret. */
  createCardSetup(customerId: string, idempotencyKey: string): Promise<{ id: string; clientSecret: string }>;
  /**
   * Makes the card of a succeeded SetupIntent the subscription's default, and pays an open invoice with it when the
   * subscription is past due (a donor who changes the card after a failure is charged again at once, as Stripe's
   * own hosted page does). Throws PaymentProviderError(400) when the SetupIntent did not succeed or is not this
   * customer's.
   */
  useCardFromSetup(subscriptionId: string, setupIntentId: string): Promise<SubscriptionSnapshot>;
}

export interface PaymentProvider {
  readonly mode: PaymentsMode;
  /** The key the browser needs to load Stripe.js; null in the sandbox. */
  readonly publishableKey: string | null;
  /** False when events cannot be verified (Stripe without STRIPE_WEBHOOK_SECRET): the webhook then answers 503. */
  readonly webhooksEnabled: boolean;
  /**
   * True when retrieveIntent reads this server's own database (the sandbox): the save then reads the intent and the
   * recorded attempt at once. False (Stripe): the intent is a call to Stripe, made only for an intent we recorded, so
   * requests with made-up ids never reach Stripe.
   */
  readonly retrievesLocally?: boolean;
  createIntent(input: CreateIntentInput): Promise<PaymentIntentSnapshot>;
  /** The intent as the provider holds it now; null when the provider does not know the id. */
  retrieveIntent(id: string): Promise<PaymentIntentSnapshot | null>;
  /** Checks the signature over the exact bytes received; throws WebhookSignatureError when it does not hold. */
  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): PaymentEvent;
  /** Monthly gifts: subscriptions at the provider. */
  readonly recurring: RecurringProvider;
  /** Refunds of succeeded payments. */
  readonly refunds: RefundProvider;
}

export class WebhookSignatureError extends Error {
  override readonly name = 'WebhookSignatureError';
}

/**
 * A provider call that failed. `publicMessage` is safe to show a donor; `statusCode` is what the route answers
 * (400 for a request the provider refused, 502 when the provider could not be reached or failed, 504 when it did
 * not answer in time).
 */
export class PaymentProviderError extends Error {
  override readonly name = 'PaymentProviderError';
  constructor(
    readonly statusCode: number,
    readonly publicMessage: string,
    options?: { cause?: unknown; detail?: string },
  ) {
    super(options?.detail ?? publicMessage, options?.cause === undefined ? undefined : { cause: options.cause });
  }
}

export const PROVIDER_UNAVAILABLE_MESSAGE = 'The payment service could not be reached. Please try again in a moment.';
/** The provider did not answer in time: the catalogue's time-out sentence (spec §8), with 504. */
export const PROVIDER_TIMEOUT_MESSAGE = HTTP_MESSAGES.timeout;

/** pm_… / pi_… / evt_…: Stripe ids are letters, digits and underscores after their prefix. */
export const PAYMENT_METHOD_ID_PATTERN = /^pm_[A-Za-z0-9_]{1,200}$/;
export const PAYMENT_INTENT_ID_PATTERN = /^pi_[A-Za-z0-9_]{1,200}$/;
export const REFUND_ID_PATTERN = /^re_[A-Za-z0-9_]{1,200}$/;
export const SETUP_INTENT_ID_PATTERN = /^seti_[A-Za-z0-9_]{1,200}$/;
/**
 * A client secret (pi_…_secret_…, seti_…_secret_…) is letters, digits, underscores and dashes: anything else names no
 * intent, and is answered so before a query (text with a NUL byte must not reach the database, which refuses it: the
 * API fuzz found the 500).
 */
export const CLIENT_SECRET_PATTERN = /^[A-Za-z0-9_-]{1,300}$/;
