import { RECURRING_MESSAGES } from '@charity/domain';
import Stripe from 'stripe';
import {
  PaymentProviderError,
  PROVIDER_UNAVAILABLE_MESSAGE,
  type CardSummary,
  type CreatedSubscription,
  type CreateSubscriptionInput,
  type InvoiceSnapshot,
  type PaymentErrorInfo,
  type RecurringProvider,
  type SubscriptionSnapshot,
} from './provider.js';

// Monthly gifts through Stripe Billing: a Customer holding the donor's card, and a Subscription with an inline
// monthly price (items[0].price_data) on one fixed Product, created `default_incomplete` so the browser confirms the
// first invoice's payment exactly as a one-time gift (the invoice's confirmation_secret). Shapes are those of API
// version 2025-03-31 ("basil") and later: an Invoice has no payment_intent (its payments list names it), its
// subscription is under parent.subscription_details, and a subscription's period end is on its items.
// This file depends only on the interface; stripe-provider.ts hands it its SDK client and its error mapping.

/** The one Product every monthly gift's inline price belongs to (price_data needs a product id). */
export const MONTHLY_GIFT_PRODUCT = { id: 'bbf_monthly_gift', name: 'Monthly gift' } as const;

/** What a subscription answer is read with: the card it charges, for the snapshot's card summary. */
const SUBSCRIPTION_EXPAND = ['default_payment_method'];
/** What the creation answer is read with: the first invoice's client secret and payments, and the card. */
export const CREATE_SUBSCRIPTION_EXPAND = ['latest_invoice.confirmation_secret', 'latest_invoice.payments', 'default_payment_method'];

function seconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

function dateFrom(epochSeconds: number | null | undefined): Date | null {
  return typeof epochSeconds === 'number' ? new Date(epochSeconds * 1000) : null;
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : value.id;
}

/** Stripe's resource_missing (404): the id is not known to the account. */
export function isResourceMissing(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeInvalidRequestError && (error.statusCode === 404 || error.code === 'resource_missing');
}

/** Why a payment failed, as Stripe reports it on a PaymentIntent (never card data). */
export function paymentErrorFromStripe(error: Stripe.PaymentIntent['last_payment_error']): PaymentErrorInfo | null {
  if (!error) return null;
  return {
    code: error.code ?? 'payment_failed',
    ...(error.decline_code ? { decline_code: error.decline_code } : {}),
    message: error.message ?? 'The payment failed.',
  };
}

/** Brand, last four and expiry of an expanded card PaymentMethod; null for an id or any other kind of method. */
export function cardFromStripe(paymentMethod: string | Stripe.PaymentMethod | null | undefined): CardSummary | null {
  if (!paymentMethod || typeof paymentMethod === 'string' || !paymentMethod.card) return null;
  const { brand, last4, exp_month: expMonth, exp_year: expYear } = paymentMethod.card;
  return { brand, last4, expMonth, expYear };
}

/** A Stripe Subscription as the server keeps track of it (the amount and period of its single item). */
export function subscriptionFromStripe(subscription: Stripe.Subscription): SubscriptionSnapshot {
  const item = subscription.items?.data?.[0];
  const price = item?.price;
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer) ?? '',
    status: subscription.status,
    amountMinor: (price?.unit_amount ?? 0) * (item?.quantity ?? 1),
    currency: (subscription.currency ?? price?.currency ?? '').toUpperCase(),
    currentPeriodEnd: dateFrom(item?.current_period_end),
    pauseResumesAt: dateFrom(subscription.pause_collection?.resumes_at),
    canceledAt: dateFrom(subscription.canceled_at),
    cancellationReason: subscription.cancellation_details?.reason ?? null,
    defaultPaymentMethodId: idOf(subscription.default_payment_method),
    card: cardFromStripe(subscription.default_payment_method),
    metadata: { ...(subscription.metadata ?? {}) },
  };
}

/**
 * The invoice's payment by a PaymentIntent: the one that paid it, else the default (current) one, else any. Only
 * present when `payments` was expanded (basil's invoices carry it on request only, and webhook events never do).
 */
function invoicePaymentIntent(invoice: Stripe.Invoice): string | Stripe.PaymentIntent | null {
  const payments = (invoice.payments?.data ?? []).filter((payment) => payment.payment?.payment_intent);
  const chosen = payments.find((p) => p.status === 'paid') ?? payments.find((p) => p.is_default) ?? payments[0];
  return chosen?.payment.payment_intent ?? null;
}

/** A Stripe Invoice as the server keeps track of it. */
export function invoiceFromStripe(invoice: Stripe.Invoice): InvoiceSnapshot {
  const paymentIntent = invoicePaymentIntent(invoice);
  const period = invoice.lines?.data?.[0]?.period;
  return {
    id: invoice.id,
    subscriptionId: idOf(invoice.parent?.subscription_details?.subscription),
    status: invoice.status ?? 'draft',
    billingReason: invoice.billing_reason ?? null,
    amountDueMinor: invoice.amount_due,
    amountPaidMinor: invoice.amount_paid,
    currency: invoice.currency.toUpperCase(),
    paymentIntentId: idOf(paymentIntent),
    attemptCount: invoice.attempt_count ?? 0,
    nextPaymentAttempt: dateFrom(invoice.next_payment_attempt),
    // A renewal invoice's own period_start/end are the period just ended; its line's period is the one paid for.
    periodStart: dateFrom(period?.start ?? invoice.period_start),
    periodEnd: dateFrom(period?.end ?? invoice.period_end),
    lastPaymentError: typeof paymentIntent === 'object' && paymentIntent ? paymentErrorFromStripe(paymentIntent.last_payment_error) : null,
  };
}

/**
 * What the browser needs to confirm the first invoice's payment: its client secret (confirmation_secret, expanded),
 * and the PaymentIntent's id, from the invoice's payments or else from the secret itself ('pi_…_secret_…').
 * Null when the invoice has nothing to confirm.
 */
export function firstPaymentFromInvoice(invoice: Stripe.Invoice): CreatedSubscription['firstPayment'] | null {
  const clientSecret = invoice.confirmation_secret?.client_secret;
  if (!clientSecret) return null;
  const paymentIntentId = idOf(invoicePaymentIntent(invoice)) ?? /^(pi_[A-Za-z0-9]+)_secret_/.exec(clientSecret)?.[1] ?? null;
  if (!paymentIntentId) return null;
  return { invoiceId: invoice.id, paymentIntentId, clientSecret };
}

export class StripeRecurring implements RecurringProvider {
  /** The monthly-gift product's id once known to exist at Stripe (retrieved or created), for this instance's life. */
  private product: Promise<string> | null = null;

  constructor(
    private readonly stripe: Stripe,
    /** The provider's mapping of an SDK failure to an answer a route can give. */
    private readonly providerError: (error: unknown) => PaymentProviderError,
  ) {}

  /** Retrieves the product, creating it (with its fixed id) the first time; another process creating it first is fine. */
  private ensureProduct(): Promise<string> {
    this.product ??= (async () => {
      try {
        return (await this.stripe.products.retrieve(MONTHLY_GIFT_PRODUCT.id)).id;
      } catch (error) {
        if (!isResourceMissing(error)) throw error;
      }
      try {
        return (await this.stripe.products.create({ id: MONTHLY_GIFT_PRODUCT.id, name: MONTHLY_GIFT_PRODUCT.name })).id;
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_already_exists') return MONTHLY_GIFT_PRODUCT.id;
        throw error;
      }
    })().catch((error: unknown) => {
      this.product = null;
      throw error;
    });
    return this.product;
  }

  async createSubscription(input: CreateSubscriptionInput): Promise<CreatedSubscription> {
    let subscription: Stripe.Subscription;
    try {
      const product = await this.ensureProduct();
      const customer = await this.stripe.customers.create(
        {
          email: input.email,
          name: input.name,
          payment_method: input.paymentMethodId,
          invoice_settings: { default_payment_method: input.paymentMethodId },
        },
        { idempotencyKey: `${input.idempotencyKey}:customer` },
      );
      subscription = await this.stripe.subscriptions.create(
        {
          customer: customer.id,
          items: [
            {
              price_data: {
                currency: input.currency.toLowerCase(),
                unit_amount: input.amountMinor,
                recurring: { interval: 'month' },
                product,
              },
            },
          ],
          payment_behavior: 'default_incomplete',
          payment_settings: { save_default_payment_method: 'on_subscription', payment_method_types: ['card'] },
          default_payment_method: input.paymentMethodId,
          metadata: input.metadata,
          description: input.description,
          expand: CREATE_SUBSCRIPTION_EXPAND,
        },
        { idempotencyKey: `${input.idempotencyKey}:subscription` },
      );
    } catch (error) {
      throw this.providerError(error);
    }
    const invoice = subscription.latest_invoice;
    const firstPayment = invoice && typeof invoice === 'object' ? firstPaymentFromInvoice(invoice) : null;
    if (!firstPayment) {
      throw new PaymentProviderError(502, PROVIDER_UNAVAILABLE_MESSAGE, {
        detail: `Stripe answered subscription ${subscription.id} (${subscription.status}) without a first payment to confirm`,
      });
    }
    return { subscription: subscriptionFromStripe(subscription), firstPayment };
  }

  async retrieveSubscription(id: string): Promise<SubscriptionSnapshot | null> {
    try {
      return subscriptionFromStripe(await this.stripe.subscriptions.retrieve(id, { expand: SUBSCRIPTION_EXPAND }));
    } catch (error) {
      if (isResourceMissing(error)) return null;
      throw this.providerError(error);
    }
  }

  async changeSubscriptionAmount(id: string, amountMinor: number, idempotencyKey: string): Promise<SubscriptionSnapshot> {
    try {
      const current = await this.stripe.subscriptions.retrieve(id);
      const item = current.items.data[0];
      if (!item) throw new Error(`Stripe subscription ${id} has no item`);
      const updated = await this.stripe.subscriptions.update(
        id,
        {
          items: [
            {
              id: item.id,
              price_data: {
                currency: current.currency,
                unit_amount: amountMinor,
                recurring: { interval: 'month' },
                product: idOf(item.price.product) ?? MONTHLY_GIFT_PRODUCT.id,
              },
            },
          ],
          // The new amount applies from the next renewal: nothing is charged or credited now.
          proration_behavior: 'none',
          expand: SUBSCRIPTION_EXPAND,
        },
        { idempotencyKey },
      );
      return subscriptionFromStripe(updated);
    } catch (error) {
      throw this.providerError(error);
    }
  }

  async pauseSubscription(id: string, resumesAt: Date | null): Promise<SubscriptionSnapshot> {
    try {
      const updated = await this.stripe.subscriptions.update(id, {
        // 'void': invoices of the paused months are voided, never charged later; '' clears the pause.
        pause_collection: resumesAt ? { behavior: 'void', resumes_at: seconds(resumesAt) } : '',
        expand: SUBSCRIPTION_EXPAND,
      });
      return subscriptionFromStripe(updated);
    } catch (error) {
      throw this.providerError(error);
    }
  }

  async cancelSubscription(id: string, reason: string | null): Promise<SubscriptionSnapshot> {
    try {
      const canceled = await this.stripe.subscriptions.cancel(id, {
        ...(reason ? { cancellation_details: { comment: reason } } : {}),
        expand: SUBSCRIPTION_EXPAND,
      });
      return subscriptionFromStripe(canceled);
    } catch (error) {
      // Stripe answers "No such subscription" to cancelling one already canceled (a repeated request, or Stripe
      // ended it after the last retry failed): the end asked for is there, so answer it as it is.
      if (isResourceMissing(error)) {
        const existing = await this.retrieveSubscription(id);
        if (existing?.status === 'canceled') return existing;
      }
      throw this.providerError(error);
    }
  }

  async createCardSetup(customerId: string, idempotencyKey: string): Promise<{ id: string; clientSecret: string }> {
    let setupIntent: Stripe.SetupIntent;
    try {
      setupIntent = await this.stripe.setupIntents.create(
        { customer: customerId, allowed_payment_method_types: ['card'], usage: 'off_session' },
        { idempotencyKey },
      );
    } catch (error) {
      throw this.providerError(error);
    }
    if (!setupIntent.client_secret) {
      throw new PaymentProviderError(502, PROVIDER_UNAVAILABLE_MESSAGE, { detail: `Stripe answered SetupIntent ${setupIntent.id} without a client secret` });
    }
    return { id: setupIntent.id, clientSecret: setupIntent.client_secret };
  }

  async useCardFromSetup(subscriptionId: string, setupIntentId: string): Promise<SubscriptionSnapshot> {
    const refused = (detail: string) => new PaymentProviderError(400, RECURRING_MESSAGES.cardSetupFailed, { detail });
    try {
      let setupIntent: Stripe.SetupIntent;
      try {
        setupIntent = await this.stripe.setupIntents.retrieve(setupIntentId);
      } catch (error) {
        if (isResourceMissing(error)) throw refused(`Stripe does not know SetupIntent ${setupIntentId}`);
        throw error;
      }
      const current = await this.stripe.subscriptions.retrieve(subscriptionId);
      const paymentMethod = idOf(setupIntent.payment_method);
      if (setupIntent.status !== 'succeeded' || !paymentMethod) {
        throw refused(`SetupIntent ${setupIntentId} is ${setupIntent.status}, not succeeded`);
      }
      const customer = idOf(current.customer);
      if (idOf(setupIntent.customer) !== customer) {
        throw refused(`SetupIntent ${setupIntentId} belongs to another customer than subscription ${subscriptionId}'s`);
      }
      const updated = await this.stripe.subscriptions.update(subscriptionId, { default_payment_method: paymentMethod, expand: SUBSCRIPTION_EXPAND });
      if (updated.status !== 'past_due') return subscriptionFromStripe(updated);

      // A renewal failed: charge the open invoice with the new card now, as Stripe's hosted page does. A decline is
      // not an error here: the card is saved, the gift stays past due, and Stripe keeps retrying with the new card.
      const open = await this.stripe.invoices.list({ subscription: subscriptionId, status: 'open', limit: 1 });
      const invoice = open.data[0];
      if (!invoice) return subscriptionFromStripe(updated);
      try {
        await this.stripe.invoices.pay(invoice.id, { payment_method: paymentMethod });
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeCardError)) throw error;
      }
      return subscriptionFromStripe(await this.stripe.subscriptions.retrieve(subscriptionId, { expand: SUBSCRIPTION_EXPAND }));
    } catch (error) {
      if (error instanceof PaymentProviderError) throw error;
      throw this.providerError(error);
    }
  }
}
