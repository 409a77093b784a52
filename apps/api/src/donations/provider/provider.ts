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
