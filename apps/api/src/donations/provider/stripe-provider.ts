import Stripe from 'stripe';
import {
  PaymentProviderError,
  PROVIDER_TIMEOUT_MESSAGE,
  PROVIDER_UNAVAILABLE_MESSAGE,
  WebhookSignatureError,
  type CreateIntentInput,
  type PaymentEvent,
  type PaymentIntentSnapshot,
  type PaymentProvider,
  type RecurringProvider,
  type RefundProvider,
} from './provider.js';
import { invoiceFromStripe, isResourceMissing, paymentErrorFromStripe, StripeRecurring, subscriptionFromStripe } from './stripe-recurring.js';
import { refundedChargeFromStripe, refundFromStripe, StripeRefunds } from './stripe-refunds.js';

// Real payments through Stripe (PAYMENTS_MODE=stripe); monthly gifts are in stripe-recurring.ts, refunds in
// stripe-refunds.ts. The SDK talks to api.stripe.com unless `host`, `port` and `protocol` say otherwise (the tests
// point it at a local stand-in that records the calls).

export interface StripeProviderOptions {
  secretKey: string;
  publishableKey: string;
  /** STRIPE_WEBHOOK_SECRET; null leaves the webhook disabled (503) rather than accepting unverified events. */
  webhookSecret: string | null;
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
  /** Per request, in ms (the SDK's default is 80 s: far longer than a donor waits). Default STRIPE_TIMEOUT_MS. */
  timeoutMs?: number;
  /** Retries after a connection failure, time-out, 409 or 5xx, with the same Idempotency-Key. Default STRIPE_NETWORK_RETRIES. */
  maxNetworkRetries?: number;
}

// The site gives up on a call after 60 s (spec §7). The SDK makes 1 + retries attempts, each up to the time-out, with
// 0.5–1 s pauses between them (0.5 s, then up to 1 s): 3 × 15 s + 1.5 s leaves a donor's create-intent its answer
// (504 with the spec's time-out sentence) well inside those 60 s, where 3 × 20 s would not.
export const STRIPE_TIMEOUT_MS = 15_000;
export const STRIPE_NETWORK_RETRIES = 2;
/** The longest the SDK can pause between attempts before the n-th retry (its 0.5 s start, doubling, jittered down). */
export function stripeRetryPauseBoundMs(retries: number): number {
  let total = 0;
  for (let n = 1; n <= retries; n += 1) total += Math.min(500 * 2 ** (n - 1), 5_000);
  return total;
}

/**
 * Stripe's own signature tolerance: an event signed more than 5 minutes before it arrives is refused (replay
 * protection), and so is one signed more than 5 minutes after (the SDK lets any future time through; a signature
 * dated ahead, by a wrong clock or a leaked secret, would stay replayable until that time had passed).
 */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
/** The SDK's message for a stale signature, kept for one signed too far ahead: the same refusal either way. */
const OUTSIDE_TOLERANCE = 'Timestamp outside the tolerance zone';

/** The `t=` of a Stripe-Signature header, read as the SDK reads it (the last one wins); NaN when there is none. */
function signedAtSeconds(signatureHeader: string): number {
  let timestamp = NaN;
  for (const item of signatureHeader.split(',')) {
    const [key, value] = item.split('=');
    if (key === 't') timestamp = Number.parseInt(value ?? '', 10);
  }
  return timestamp;
}

/** A Stripe PaymentIntent as the server keeps track of it. */
export function snapshotFromStripe(intent: Stripe.PaymentIntent, withClientSecret = false): PaymentIntentSnapshot {
  const paymentMethod = intent.payment_method;
  return {
    id: intent.id,
    status: intent.status,
    amountMinor: intent.amount,
    currency: intent.currency.toUpperCase(),
    clientSecret: withClientSecret ? intent.client_secret : null,
    paymentMethodId: typeof paymentMethod === 'string' ? paymentMethod : (paymentMethod?.id ?? null),
    lastPaymentError: paymentErrorFromStripe(intent.last_payment_error),
    metadata: { ...(intent.metadata ?? {}) },
  };
}

/**
 * A verified Stripe event as the webhook handler sees it: payment_intent.* events carry their intent, invoice.*
 * events their invoice, customer.subscription.* events their subscription, refund.* events their refund, and
 * charge.* events (charge.refunded) their charge's refunded total (by the kind of data.object).
 */
export function eventFromStripe(event: Stripe.Event): PaymentEvent {
  const object = event.data?.object as { object?: string } | undefined;
  const intent = object?.object === 'payment_intent' ? snapshotFromStripe(object as Stripe.PaymentIntent) : null;
  return {
    id: event.id,
    type: event.type,
    created: event.created,
    intent,
    ...(object?.object === 'invoice' ? { invoice: invoiceFromStripe(object as Stripe.Invoice) } : {}),
    ...(object?.object === 'subscription' ? { subscription: subscriptionFromStripe(object as Stripe.Subscription) } : {}),
    ...(object?.object === 'refund' ? { refund: refundFromStripe(object as Stripe.Refund) } : {}),
    ...(object?.object === 'charge' ? { charge: refundedChargeFromStripe(object as Stripe.Charge) } : {}),
  };
}

/**
 * Verifies Stripe's signature header (HMAC-SHA256 over "timestamp.body" with the endpoint secret) on the exact
 * bytes received, with the SDK's own code, then reads the event; the signature's time must be within
 * WEBHOOK_TOLERANCE_SECONDS of `receivedAtMs`, before or after. Used by both providers: the sandbox signs its
 * events the same way.
 */
export function verifyStripeSignature(rawBody: Buffer, signatureHeader: string | undefined, secret: string, receivedAtMs = Date.now()): PaymentEvent {
  if (!signatureHeader) throw new WebhookSignatureError('No Stripe-Signature header.');
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, signatureHeader, secret, WEBHOOK_TOLERANCE_SECONDS, undefined, receivedAtMs);
  } catch (error) {
    throw new WebhookSignatureError((error as Error).message);
  }
  // The signature matched, so its time is the signer's: the SDK has refused it if too old, this if too far ahead
  // (or not a number, which the SDK lets through).
  const aheadSeconds = signedAtSeconds(signatureHeader) - Math.floor(receivedAtMs / 1000);
  if (!(aheadSeconds <= WEBHOOK_TOLERANCE_SECONDS)) {
    throw new WebhookSignatureError(OUTSIDE_TOLERANCE);
  }
  if (typeof event?.id !== 'string' || typeof event.type !== 'string') throw new WebhookSignatureError('Not a Stripe event.');
  return eventFromStripe(event);
}

/** Turns an SDK failure into something a route can answer: the donor sees a sentence, the log the detail. */
function providerError(error: unknown): PaymentProviderError {
  if (error instanceof Stripe.errors.StripeCardError) {
    return new PaymentProviderError(400, error.message, { cause: error, detail: `Stripe card error ${error.code ?? ''}` });
  }
  if (error instanceof Stripe.errors.StripeInvalidRequestError) {
    // Usually a payment method the browser made with another account's key, or one already used up.
    return new PaymentProviderError(400, 'The card details could not be used. Please enter them again.', {
      cause: error,
      detail: `Stripe refused the request: ${error.code ?? error.type}`,
    });
  }
  if (error instanceof Stripe.errors.StripeConnectionError && (error as { detail?: { code?: string } }).detail?.code === 'ETIMEDOUT') {
    // Stripe did not answer in time (every retry included): the gateway time-out, with the spec's time-out sentence.
    return new PaymentProviderError(504, PROVIDER_TIMEOUT_MESSAGE, { cause: error, detail: `Stripe request timed out: ${error.message}` });
  }
  // 5xx from Stripe, a reset or refused connection: Stripe could not be reached or failed (the SDK retried already).
  return new PaymentProviderError(502, PROVIDER_UNAVAILABLE_MESSAGE, {
    cause: error,
    detail: `Stripe request failed: ${error instanceof Error ? `${error.name} ${(error as { code?: string }).code ?? ''}` : String(error)}`,
  });
}

export class StripeProvider implements PaymentProvider {
  readonly mode = 'stripe' as const;
  readonly publishableKey: string;
  readonly webhooksEnabled: boolean;
  private readonly stripe: Stripe;
  private readonly webhookSecret: string | null;
  /** Monthly gifts: Stripe Billing subscriptions (stripe-recurring.ts), with this provider's client and error mapping. */
  readonly recurring: RecurringProvider;
  /** Refunds of succeeded payments (stripe-refunds.ts), with this provider's client and error mapping. */
  readonly refunds: RefundProvider;

  constructor(options: StripeProviderOptions) {
    this.publishableKey = options.publishableKey;
    this.webhookSecret = options.webhookSecret;
    this.webhooksEnabled = options.webhookSecret !== null;
    this.stripe = new Stripe(options.secretKey, {
      // Safe for creating intents: every attempt carries the attempt's own Idempotency-Key (see createIntent).
      maxNetworkRetries: options.maxNetworkRetries ?? STRIPE_NETWORK_RETRIES,
      timeout: options.timeoutMs ?? STRIPE_TIMEOUT_MS,
      telemetry: false,
      appInfo: { name: 'Bright Beginnings Foundation donations' },
      ...(options.host ? { host: options.host } : {}),
      ...(options.port ? { port: options.port } : {}),
      ...(options.protocol ? { protocol: options.protocol } : {}),
    });
    this.recurring = new StripeRecurring(this.stripe, providerError);
    this.refunds = new StripeRefunds(this.stripe, providerError);
  }

  async createIntent(input: CreateIntentInput): Promise<PaymentIntentSnapshot> {
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: input.amountMinor,
          currency: input.currency.toLowerCase(),
          payment_method: input.paymentMethodId,
          // Cards only: the browser confirms with confirmCardPayment, and no method that redirects elsewhere
          // can be offered to a donor who is not expecting it.
          allowed_payment_method_types: ['card'],
          metadata: input.metadata,
          description: input.description,
          ...(input.receiptEmail ? { receipt_email: input.receiptEmail } : {}),
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return snapshotFromStripe(intent, true);
    } catch (error) {
      throw providerError(error);
    }
  }

  async retrieveIntent(id: string): Promise<PaymentIntentSnapshot | null> {
    try {
      return snapshotFromStripe(await this.stripe.paymentIntents.retrieve(id));
    } catch (error) {
      if (isResourceMissing(error)) return null;
      throw providerError(error);
    }
  }

  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): PaymentEvent {
    if (!this.webhookSecret) throw new WebhookSignatureError('STRIPE_WEBHOOK_SECRET is not set.');
    return verifyStripeSignature(rawBody, signatureHeader, this.webhookSecret);
  }
}
