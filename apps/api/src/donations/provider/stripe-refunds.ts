import Stripe from 'stripe';
import { PaymentProviderError, type CreateRefundInput, type PaymentEvent, type RefundProvider, type RefundSnapshot } from './provider.js';

// Refunds through Stripe (docs/decisions/024-refunds.md): POST /v1/refunds against the donation's PaymentIntent,
// with the refund row's own Idempotency-Key, and GET /v1/refunds?payment_intent=… to read every refund of a payment
// (a charge.refunded event carries none: Charge objects have not included `refunds` since API version 2022-11-15).
// Shapes are those of the API version the `stripe` SDK in use pins (Refund.failure_reason and Refund.reason;
// Charge.amount_refunded). This file depends only on the interface; stripe-provider.ts hands it its SDK client and
// its error mapping, which it uses for everything but Stripe's refusals (those get sentences written for staff).

/** One page of GET /v1/refunds: Stripe's largest. */
export const REFUND_LIST_PAGE_SIZE = 100;

/** What staff read when Stripe refuses a refund: nothing was refunded, and why when Stripe says. */
export const STRIPE_REFUND_REFUSALS = {
  alreadyRefunded: 'The payment provider says this payment has already been refunded in full. Nothing was refunded.',
  amountTooLarge: 'The payment provider refused the refund: it is more than what is left of the payment there. Nothing was refunded.',
  disputed: 'The payment provider cannot refund this payment: the donor has disputed it with their bank (a chargeback). Nothing was refunded.',
  refused: 'The payment provider refused the refund. Nothing was refunded.',
  listRefused: 'The payment provider could not list the refunds of this payment.',
} as const;

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : value.id;
}

/** A Stripe Refund as the server keeps track of it. */
export function refundFromStripe(refund: Stripe.Refund): RefundSnapshot {
  return {
    id: refund.id,
    paymentIntentId: idOf(refund.payment_intent),
    amountMinor: refund.amount,
    currency: refund.currency.toUpperCase(),
    // Null only for refunds of some non-card methods before they are processed: pending, as far as we can tell.
    status: refund.status ?? 'pending',
    failureReason: refund.failure_reason ?? null,
    reason: refund.reason ?? null,
    metadata: { ...(refund.metadata ?? {}) },
    created: new Date(refund.created * 1000),
  };
}

/** What a charge.refunded event says: the charge, its payment intent and how much of it is refunded (in flight included). */
export function refundedChargeFromStripe(charge: Stripe.Charge): NonNullable<PaymentEvent['charge']> {
  return { id: charge.id, paymentIntentId: idOf(charge.payment_intent), amountRefundedMinor: charge.amount_refunded };
}

/**
 * Stripe's refusal of a refund (a 400 invalid_request_error, or an Idempotency-Key reused with other parameters) as
 * a sentence staff can act on; null for anything else (an outage, a time-out, a key Stripe does not accept), which
 * the provider's own mapping answers.
 */
export function refundRefusal(error: unknown): PaymentProviderError | null {
  if (error instanceof Stripe.errors.StripeIdempotencyError) {
    return new PaymentProviderError(400, STRIPE_REFUND_REFUSALS.refused, { cause: error, detail: `Stripe refused the refund's Idempotency-Key: ${error.message}` });
  }
  if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) return null;
  const code = error.code ?? '';
  let publicMessage: string = STRIPE_REFUND_REFUSALS.refused;
  if (code === 'charge_already_refunded') publicMessage = STRIPE_REFUND_REFUSALS.alreadyRefunded;
  else if (code === 'charge_disputed' || code === 'refund_disputed_payment' || /charged back|disputed/i.test(error.message)) {
    publicMessage = STRIPE_REFUND_REFUSALS.disputed;
  } else if (code === 'amount_too_large' || /greater than (the )?(unrefunded|charge) amount/i.test(error.message)) {
    publicMessage = STRIPE_REFUND_REFUSALS.amountTooLarge;
  }
  return new PaymentProviderError(400, publicMessage, {
    cause: error,
    detail: `Stripe refused the refund (${code || error.rawType || error.type}${error.param ? `, param ${error.param}` : ''}): ${error.message}`,
  });
}

export class StripeRefunds implements RefundProvider {
  constructor(
    private readonly stripe: Stripe,
    /** The provider's mapping of an SDK failure to an answer a route can give (502/504 for outages and time-outs). */
    private readonly providerError: (error: unknown) => PaymentProviderError,
  ) {}

  async createRefund(input: CreateRefundInput): Promise<RefundSnapshot> {
    try {
      const refund = await this.stripe.refunds.create(
        {
          payment_intent: input.paymentIntentId,
          amount: input.amountMinor,
          reason: input.reason,
          metadata: input.metadata,
        },
        // The refund row's own key: the SDK's retries, and ours after a crash, never refund twice.
        { idempotencyKey: input.idempotencyKey },
      );
      return refundFromStripe(refund);
    } catch (error) {
      throw refundRefusal(error) ?? this.providerError(error);
    }
  }

  async listRefunds(paymentIntentId: string): Promise<RefundSnapshot[]> {
    const refunds: RefundSnapshot[] = [];
    try {
      // The SDK follows has_more with starting_after=<the last id>, page after page.
      for await (const refund of this.stripe.refunds.list({ payment_intent: paymentIntentId, limit: REFUND_LIST_PAGE_SIZE })) {
        refunds.push(refundFromStripe(refund));
      }
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError) {
        throw new PaymentProviderError(400, STRIPE_REFUND_REFUSALS.listRefused, {
          cause: error,
          detail: `Stripe refused to list the refunds of ${paymentIntentId} (${error.code ?? error.rawType ?? error.type}): ${error.message}`,
        });
      }
      throw this.providerError(error);
    }
    // Stripe lists newest first; a stable sort keeps that promise whatever the pages were.
    return refunds.sort((a, b) => b.created.getTime() - a.created.getTime());
  }
}
