import { randomBytes } from 'node:crypto';
import { nextRetryAt, renewalDate, TEST_CARDS } from '@charity/domain';
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/open.js';
import { sandboxClock, sandboxEvents, sandboxInvoices, sandboxPaymentIntents, sandboxSetupIntents, sandboxSubscriptions } from '../../db/schema.js';
import {
  CLIENT_SECRET_PATTERN,
  PaymentProviderError,
  type CardSummary,
  type CreatedSubscription,
  type CreateSubscriptionInput,
  type PaymentIntentSnapshot,
  type RecurringProvider,
  type SubscriptionSnapshot,
} from './provider.js';

// The sandbox's monthly gifts: subscriptions and invoices shaped like Stripe's (API version 2025-03-31 and later),
// billed by the sandbox's own clock, which `npm run sandbox -- advance 32d` moves forward like a Stripe test clock
// (docs/decisions/022-monthly-gifts.md). It emits the events Stripe emits (invoice.paid, invoice.payment_failed,
// customer.subscription.updated / .deleted), signed, to the server's own webhook, so the module's code is the same
// in both modes. Every change and the events reporting it are written in one transaction (sandbox_events is an
// outbox): a renewal is charged once, and its events are delivered, again after a crash, until the webhook took them.
//
// The sandbox's cards off-session (renewals): TEST_CARDS.visa and .authentication are charged (a card authenticated
// when the gift began needs no new authentication, as with Stripe); .declined and .renewalFails are declined. On
// session (the first payment, the donor present) .renewalFails succeeds: it is the way to see a failed renewal.

type SubscriptionRow = typeof sandboxSubscriptions.$inferSelect;
type InvoiceRow = typeof sandboxInvoices.$inferSelect;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The card behind each sandbox payment method, as a subscription shows it. Expiry is fixed: the sandbox has no real cards. */
const CARDS: ReadonlyMap<string, CardSummary> = new Map(
  Object.values(TEST_CARDS).map((card) => [card.paymentMethod, { brand: 'visa', last4: card.number.slice(-4), expMonth: 12, expYear: 2034 }]),
);
const OFF_SESSION_FAILS: ReadonlySet<string> = new Set([TEST_CARDS.declined.paymentMethod, TEST_CARDS.renewalFails.paymentMethod]);

export const SANDBOX_RENEWAL_DECLINE = { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } as const;

export const SANDBOX_RECURRING_MESSAGES = {
  unknownSubscription: 'No such subscription.',
  unknownSetupIntent: 'No such setup intent.',
  setupNotSucceeded: 'The new card has not been confirmed. Please enter it again.',
  setupOtherCustomer: 'The new card could not be used. Please enter it again.',
  canceled: 'This subscription is canceled.',
} as const;

/** Signs an event as Stripe would and hands it over (the sandbox provider's). */
export interface SandboxEventSigner {
  signedEvent(type: string, object: Record<string, unknown>, createdSeconds: number, id?: string): { id: string; payload: string; signature: string };
  deliverSigned(payload: string, signature: string): Promise<void>;
  createIntent(input: {
    amountMinor: number;
    currency: string;
    idempotencyKey: string;
    paymentMethodId: string;
    metadata: Record<string, string>;
    description: string;
    receiptEmail: string | null;
  }): Promise<PaymentIntentSnapshot>;
}

function randomId(prefix: string, bytes = 12): string {
  return `${prefix}${randomBytes(bytes).toString('hex')}`;
}

const seconds = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : null);

/** The subscription as Stripe's API shows it (basil: the period on the item). */
export function stripeShapedSubscription(row: SubscriptionRow, latestInvoice: string | null = null) {
  const card = CARDS.get(row.paymentMethodId) ?? null;
  return {
    id: row.id,
    object: 'subscription',
    customer: row.customerId,
    status: row.status,
    currency: row.currency.toLowerCase(),
    billing_cycle_anchor: seconds(row.billingAnchor),
    items: {
      object: 'list',
      data: [
        {
          id: `si_${row.id.slice(4)}`,
          object: 'subscription_item',
          quantity: 1,
          current_period_start: row.billingAnchor ? seconds(renewalDate(row.billingAnchor, row.periods)) : null,
          current_period_end: seconds(row.currentPeriodEnd),
          price: {
            id: `price_${row.id.slice(4)}`,
            object: 'price',
            currency: row.currency.toLowerCase(),
            unit_amount: row.amountMinor,
            recurring: { interval: 'month', interval_count: 1 },
          },
        },
      ],
    },
    pause_collection: row.pauseResumesAt ? { behavior: 'void', resumes_at: seconds(row.pauseResumesAt) } : null,
    canceled_at: seconds(row.canceledAt),
    cancellation_details: { reason: row.cancellationReason, comment: null, feedback: null },
    default_payment_method: card
      ? { id: row.paymentMethodId, object: 'payment_method', type: 'card', card: { brand: card.brand, last4: card.last4, exp_month: card.expMonth, exp_year: card.expYear } }
      : row.paymentMethodId,
    latest_invoice: latestInvoice,
    metadata: row.metadata,
    description: row.description,
    created: seconds(row.createdAt),
    livemode: false,
  };
}

/** The invoice as Stripe's API shows it (basil: no payment_intent; the subscription under parent; payments listed). */
export function stripeShapedInvoice(row: InvoiceRow, customerId: string) {
  return {
    id: row.id,
    object: 'invoice',
    customer: customerId,
    status: row.status,
    billing_reason: row.billingReason,
    amount_due: row.amountMinor,
    amount_paid: row.status === 'paid' ? row.amountMinor : 0,
    amount_remaining: row.status === 'paid' ? 0 : row.amountMinor,
    currency: row.currency.toLowerCase(),
    attempt_count: row.attemptCount,
    attempted: row.attemptCount > 0,
    next_payment_attempt: seconds(row.nextPaymentAttempt),
    period_start: seconds(row.periodStart),
    period_end: seconds(row.periodEnd),
    lines: {
      object: 'list',
      data: [
        {
          id: `il_${row.id.slice(7)}`,
          object: 'line_item',
          amount: row.amountMinor,
          currency: row.currency.toLowerCase(),
          period: { start: seconds(row.periodStart), end: seconds(row.periodEnd) },
        },
      ],
    },
    parent: { type: 'subscription_details', subscription_details: { subscription: row.subscriptionId, metadata: {} } },
    payments: {
      object: 'list',
      data: row.paymentIntentId
        ? [{ object: 'invoice_payment', status: row.status === 'paid' ? 'paid' : 'open', payment: { type: 'payment_intent', payment_intent: row.paymentIntentId } }]
        : [],
    },
    last_finalization_error: null,
    created: seconds(row.createdAt),
    livemode: false,
  };
}

function snapshot(row: SubscriptionRow): SubscriptionSnapshot {
  return {
    id: row.id,
    customerId: row.customerId,
    status: row.status,
    amountMinor: row.amountMinor,
    currency: row.currency.toUpperCase(),
    currentPeriodEnd: row.currentPeriodEnd,
    pauseResumesAt: row.pauseResumesAt,
    canceledAt: row.canceledAt,
    cancellationReason: row.cancellationReason,
    defaultPaymentMethodId: row.paymentMethodId,
    card: CARDS.get(row.paymentMethodId) ?? null,
    metadata: row.metadata,
  };
}

export interface BillingRunResult {
  renewals: number;
  failures: number;
  lapsed: number;
}

export class SandboxRecurring implements RecurringProvider {
  private delivering: Promise<void> | null = null;
  /** More of the sandbox's timed work, run by each billing run before delivery (the refunds that fail later). */
  afterBilling: ((now: Date) => Promise<unknown>) | null = null;

  constructor(
    private readonly db: Database,
    private readonly signer: SandboxEventSigner,
    private readonly onDeliveryError: (error: unknown, eventId: string) => void,
  ) {}

  /** The sandbox clock's time: the real time plus how far it has been moved. */
  async now(): Promise<Date> {
    const [row] = await this.db.select({ offsetMs: sandboxClock.offsetMs }).from(sandboxClock).where(eq(sandboxClock.id, 1)).limit(1);
    return new Date(Date.now() + (row?.offsetMs ?? 0));
  }

  async clockOffsetMs(): Promise<number> {
    const [row] = await this.db.select({ offsetMs: sandboxClock.offsetMs }).from(sandboxClock).where(eq(sandboxClock.id, 1)).limit(1);
    return row?.offsetMs ?? 0;
  }

  /** Moves the clock forward by `ms` and bills everything that fell due; answers the new time and what happened. */
  async advanceClock(ms: number): Promise<BillingRunResult & { now: Date; offsetMs: number }> {
    const [row] = await this.db
      .insert(sandboxClock)
      .values({ id: 1, offsetMs: ms })
      .onConflictDoUpdate({ target: sandboxClock.id, set: { offsetMs: sql`${sandboxClock.offsetMs} + ${ms}`, updatedAt: new Date() } })
      .returning({ offsetMs: sandboxClock.offsetMs });
    const offsetMs = row?.offsetMs ?? ms;
    const result = await this.runBilling();
    return { ...result, now: new Date(Date.now() + offsetMs), offsetMs };
  }

  async createSubscription(input: CreateSubscriptionInput): Promise<CreatedSubscription> {
    if (!CARDS.has(input.paymentMethodId)) {
      throw new PaymentProviderError(400, `This test payment method is not known to the sandbox. In test mode use a Stripe test card such as ${TEST_CARDS.visa.spaced}.`);
    }
    const now = await this.now();
    const subscriptionId = randomId('sub_sbx_');
    const [inserted] = await this.db
      .insert(sandboxSubscriptions)
      .values({
        id: subscriptionId,
        customerId: randomId('cus_sbx_'),
        idempotencyKey: input.idempotencyKey,
        status: 'incomplete',
        amountMinor: input.amountMinor,
        currency: input.currency.toUpperCase(),
        paymentMethodId: input.paymentMethodId,
        metadata: input.metadata,
        description: input.description,
      })
      .onConflictDoNothing({ target: sandboxSubscriptions.idempotencyKey })
      .returning();
    const subscription = inserted ?? (await this.bySubscriptionKey(input.idempotencyKey));
    const invoiceId = `in_sbx_${subscription.id.slice(8)}_0`;
    await this.db
      .insert(sandboxInvoices)
      .values({
        id: invoiceId,
        subscriptionId: subscription.id,
        period: 0,
        status: 'open',
        billingReason: 'subscription_create',
        amountMinor: subscription.amountMinor,
        currency: subscription.currency,
        periodStart: now,
        periodEnd: renewalDate(now, 1),
      })
      .onConflictDoNothing();
    // The first invoice's payment: an ordinary sandbox intent, which the browser confirms (3-D Secure included).
    const intent = await this.signer.createIntent({
      amountMinor: subscription.amountMinor,
      currency: subscription.currency,
      idempotencyKey: `${input.idempotencyKey}:first-invoice`,
      paymentMethodId: input.paymentMethodId,
      metadata: { ...input.metadata, invoice: invoiceId, subscription: subscription.id },
      description: input.description,
      receiptEmail: null,
    });
    await this.db.update(sandboxInvoices).set({ paymentIntentId: intent.id }).where(eq(sandboxInvoices.id, invoiceId));
    if (!intent.clientSecret) throw new Error('The sandbox answered an intent without a client secret.');
    return { subscription: snapshot(subscription), firstPayment: { invoiceId, paymentIntentId: intent.id, clientSecret: intent.clientSecret } };
  }

  async retrieveSubscription(id: string): Promise<SubscriptionSnapshot | null> {
    const [row] = await this.db.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.id, id)).limit(1);
    return row ? snapshot(row) : null;
  }

  /**
   * The first invoice's intent succeeded (the donor confirmed it): the invoice is paid, the subscription active and
   * anchored now, and invoice.paid and customer.subscription.updated are emitted. Called by the sandbox provider when
   * an intent carrying an invoice succeeds; idempotent (only an open invoice moves).
   */
  async firstInvoicePaid(intent: PaymentIntentSnapshot): Promise<void> {
    const invoiceId = intent.metadata.invoice;
    if (!invoiceId) return;
    const now = await this.now();
    await this.db.transaction(async (tx) => {
      const [invoice] = await tx.select().from(sandboxInvoices).where(eq(sandboxInvoices.id, invoiceId)).for('update');
      if (!invoice || invoice.status !== 'open') return;
      const [sub] = await tx.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.id, invoice.subscriptionId)).for('update');
      if (!sub) return;
      const [paid] = await tx
        .update(sandboxInvoices)
        .set({ status: 'paid', attemptCount: 1, paymentIntentId: intent.id, nextPaymentAttempt: null })
        .where(eq(sandboxInvoices.id, invoiceId))
        .returning();
      const [active] = await tx
        .update(sandboxSubscriptions)
        .set({ status: 'active', billingAnchor: now, periods: 0, currentPeriodEnd: renewalDate(now, 1), updatedAt: new Date() })
        .where(eq(sandboxSubscriptions.id, sub.id))
        .returning();
      await this.record(tx, 'invoice.paid', stripeShapedInvoice(paid!, sub.customerId), now);
      await this.record(tx, 'customer.subscription.updated', stripeShapedSubscription(active!, invoiceId), now);
    });
    this.deliverSoon();
  }

  async changeSubscriptionAmount(id: string, amountMinor: number): Promise<SubscriptionSnapshot> {
    return this.change(id, { amountMinor });
  }

  async pauseSubscription(id: string, resumesAt: Date | null): Promise<SubscriptionSnapshot> {
    return this.change(id, { pauseResumesAt: resumesAt });
  }

  async cancelSubscription(id: string): Promise<SubscriptionSnapshot> {
    const now = await this.now();
    const row = await this.db.transaction(async (tx) => {
      const sub = await this.lockSubscription(tx, id);
      if (sub.status === 'canceled') return sub;
      const [canceled] = await tx
        .update(sandboxSubscriptions)
        .set({ status: 'canceled', canceledAt: now, cancellationReason: 'cancellation_requested', updatedAt: new Date() })
        .where(eq(sandboxSubscriptions.id, id))
        .returning();
      // Nothing more is charged: an invoice still being retried is voided.
      await tx
        .update(sandboxInvoices)
        .set({ status: 'void', nextPaymentAttempt: null })
        .where(and(eq(sandboxInvoices.subscriptionId, id), eq(sandboxInvoices.status, 'open')));
      await this.record(tx, 'customer.subscription.deleted', stripeShapedSubscription(canceled!), now);
      return canceled!;
    });
    this.deliverSoon();
    return snapshot(row);
  }

  async createCardSetup(customerId: string, idempotencyKey: string): Promise<{ id: string; clientSecret: string }> {
    const id = randomId('seti_sbx_');
    const [row] = await this.db
      .insert(sandboxSetupIntents)
      .values({ id, clientSecret: `${id}_secret_${randomBytes(16).toString('hex')}`, idempotencyKey, customerId, status: 'requires_payment_method' })
      .onConflictDoNothing({ target: sandboxSetupIntents.idempotencyKey })
      .returning();
    const setup = row ?? (await this.db.select().from(sandboxSetupIntents).where(eq(sandboxSetupIntents.idempotencyKey, idempotencyKey)).limit(1))[0];
    if (!setup) throw new Error('A sandbox setup intent vanished while being created.');
    return { id: setup.id, clientSecret: setup.clientSecret };
  }

  /** What Stripe.js's confirmCardSetup does at Stripe: the card is saved (any known test card; a declined one is refused). */
  async confirmSetup(clientSecret: string, paymentMethodId: string): Promise<{ id: string; status: string; paymentMethodId: string | null }> {
    if (!CLIENT_SECRET_PATTERN.test(clientSecret)) throw new PaymentProviderError(404, SANDBOX_RECURRING_MESSAGES.unknownSetupIntent);
    const [setup] = await this.db.select().from(sandboxSetupIntents).where(eq(sandboxSetupIntents.clientSecret, clientSecret)).limit(1);
    if (!setup) throw new PaymentProviderError(404, SANDBOX_RECURRING_MESSAGES.unknownSetupIntent);
    if (setup.status === 'succeeded') return { id: setup.id, status: setup.status, paymentMethodId: setup.paymentMethodId };
    // Stripe refuses to save a card that declines at once (4000 0000 0000 0002); 0341 saves and fails later.
    const ok = CARDS.has(paymentMethodId) && paymentMethodId !== TEST_CARDS.declined.paymentMethod;
    const [moved] = await this.db
      .update(sandboxSetupIntents)
      .set({ status: ok ? 'succeeded' : 'requires_payment_method', paymentMethodId: ok ? paymentMethodId : null })
      .where(and(eq(sandboxSetupIntents.id, setup.id), inArray(sandboxSetupIntents.status, ['requires_payment_method'])))
      .returning();
    const row = moved ?? setup;
    return { id: row.id, status: row.status, paymentMethodId: row.paymentMethodId };
  }

  async useCardFromSetup(subscriptionId: string, setupIntentId: string): Promise<SubscriptionSnapshot> {
    const [setup] = await this.db.select().from(sandboxSetupIntents).where(eq(sandboxSetupIntents.id, setupIntentId)).limit(1);
    const [sub] = await this.db.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.id, subscriptionId)).limit(1);
    if (!sub) throw new PaymentProviderError(404, SANDBOX_RECURRING_MESSAGES.unknownSubscription);
    if (!setup || setup.customerId !== sub.customerId) throw new PaymentProviderError(400, SANDBOX_RECURRING_MESSAGES.setupOtherCustomer);
    if (setup.status !== 'succeeded' || !setup.paymentMethodId) throw new PaymentProviderError(400, SANDBOX_RECURRING_MESSAGES.setupNotSucceeded);
    const changed = await this.change(subscriptionId, { paymentMethodId: setup.paymentMethodId });
    if (changed.status === 'past_due') {
      // As Stripe's hosted page does: the open invoice is tried again at once with the new card.
      const now = await this.now();
      await this.db
        .update(sandboxInvoices)
        .set({ nextPaymentAttempt: now })
        .where(and(eq(sandboxInvoices.subscriptionId, subscriptionId), eq(sandboxInvoices.status, 'open')));
      await this.runBilling();
      return (await this.retrieveSubscription(subscriptionId)) ?? changed;
    }
    return changed;
  }

  /**
   * Bills everything due by the sandbox clock, earliest first, one renewal or retry at a time, until nothing is due:
   * a clock moved three months ahead takes three renewals (and their retries) in order. Then delivers any event not
   * delivered yet. Safe to run in several processes at once: each step locks its row and re-checks it.
   */
  async runBilling(): Promise<BillingRunResult> {
    const result: BillingRunResult = { renewals: 0, failures: 0, lapsed: 0 };
    const now = await this.now();
    for (let step = 0; step < 10_000; step += 1) {
      const [period] = await this.db
        .select({ id: sandboxSubscriptions.id, at: sandboxSubscriptions.currentPeriodEnd })
        .from(sandboxSubscriptions)
        .where(and(eq(sandboxSubscriptions.status, 'active'), lte(sandboxSubscriptions.currentPeriodEnd, now)))
        .orderBy(asc(sandboxSubscriptions.currentPeriodEnd))
        .limit(1);
      const [attempt] = await this.db
        .select({ id: sandboxInvoices.id, at: sandboxInvoices.nextPaymentAttempt })
        .from(sandboxInvoices)
        .where(and(eq(sandboxInvoices.status, 'open'), eq(sandboxInvoices.billingReason, 'subscription_cycle'), lte(sandboxInvoices.nextPaymentAttempt, now)))
        .orderBy(asc(sandboxInvoices.nextPaymentAttempt))
        .limit(1);
      if (!period && !attempt) break;
      if (attempt && (!period || attempt.at!.getTime() <= period.at!.getTime())) {
        const outcome = await this.chargeInvoice(attempt.id, now);
        if (outcome === 'paid') result.renewals += 1;
        else if (outcome === 'failed') result.failures += 1;
        else if (outcome === 'lapsed') {
          result.failures += 1;
          result.lapsed += 1;
        }
      } else if (period) {
        await this.openNextPeriod(period.id, now);
      }
    }
    if (this.afterBilling) await this.afterBilling(now);
    await this.deliverPending();
    return result;
  }

  /** Delivers every event not delivered yet, oldest first (one delivery run per process at a time). */
  async deliverPending(): Promise<void> {
    while (this.delivering) await this.delivering;
    const run = (async () => {
      for (;;) {
        const pending = await this.db
          .select()
          .from(sandboxEvents)
          .where(isNull(sandboxEvents.deliveredAt))
          .orderBy(asc(sandboxEvents.createdAt), asc(sandboxEvents.id))
          .limit(50);
        let delivered = 0;
        for (const event of pending) {
          const body = JSON.parse(event.payload) as { type: string; data: { object: Record<string, unknown> }; created: number };
          // Signed now (Stripe signs each delivery at its own time), with the event's own id: the webhook skips repeats.
          const signed = this.signer.signedEvent(body.type, body.data.object, body.created, event.id);
          try {
            await this.signer.deliverSigned(signed.payload, signed.signature);
          } catch (error) {
            this.onDeliveryError(error, event.id);
            return; // in order: the rest waits for the next run
          }
          await this.db.update(sandboxEvents).set({ deliveredAt: new Date() }).where(eq(sandboxEvents.id, event.id));
          delivered += 1;
        }
        if (pending.length < 50 || delivered === 0) return;
      }
    })();
    this.delivering = run.finally(() => {
      this.delivering = null;
    });
    await this.delivering;
  }

  /** Resolves when the deliveries under way have finished. */
  async idle(): Promise<void> {
    while (this.delivering) await this.delivering;
  }

  /** Delivers the events just recorded, after the caller's commit (the refunds' sandbox uses it too). */
  deliverSoon(): void {
    void this.deliverPending().catch((error: unknown) => this.onDeliveryError(error, 'pending'));
  }

  /** Records an event in the sandbox's outbox, in the caller's transaction (shared with sandbox-refunds.ts). */
  async record(tx: Tx, type: string, object: Record<string, unknown>, at: Date): Promise<void> {
    const id = randomId('evt_sbx_');
    const body = { id, object: 'event', type, created: Math.floor(at.getTime() / 1000), data: { object } };
    await tx.insert(sandboxEvents).values({ id, type, payload: JSON.stringify(body) });
  }

  private async bySubscriptionKey(key: string): Promise<SubscriptionRow> {
    const [row] = await this.db.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.idempotencyKey, key)).limit(1);
    if (!row) throw new Error('A sandbox subscription vanished while being created.');
    return row;
  }

  private async lockSubscription(tx: Tx, id: string): Promise<SubscriptionRow> {
    const [sub] = await tx.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.id, id)).for('update');
    if (!sub) throw new PaymentProviderError(404, SANDBOX_RECURRING_MESSAGES.unknownSubscription);
    return sub;
  }

  private async change(
    id: string,
    values: Partial<Pick<SubscriptionRow, 'amountMinor' | 'pauseResumesAt' | 'paymentMethodId'>>,
  ): Promise<SubscriptionSnapshot> {
    const now = await this.now();
    const row = await this.db.transaction(async (tx) => {
      const sub = await this.lockSubscription(tx, id);
      if (sub.status === 'canceled' || sub.status === 'incomplete_expired') throw new PaymentProviderError(400, SANDBOX_RECURRING_MESSAGES.canceled);
      const [changed] = await tx
        .update(sandboxSubscriptions)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(sandboxSubscriptions.id, id))
        .returning();
      await this.record(tx, 'customer.subscription.updated', stripeShapedSubscription(changed!), now);
      return changed!;
    });
    this.deliverSoon();
    return snapshot(row);
  }

  /** The renewal of one period: its invoice (unique per period), open for payment now, or void during a pause. */
  private async openNextPeriod(subscriptionId: string, now: Date): Promise<void> {
    await this.db.transaction(async (tx) => {
      const sub = await this.lockSubscription(tx, subscriptionId);
      if (sub.status !== 'active' || !sub.currentPeriodEnd || !sub.billingAnchor || sub.currentPeriodEnd > now) return;
      const period = sub.periods + 1;
      const start = renewalDate(sub.billingAnchor, period);
      const end = renewalDate(sub.billingAnchor, period + 1);
      const paused = sub.pauseResumesAt !== null && sub.pauseResumesAt.getTime() > start.getTime();
      const [invoice] = await tx
        .insert(sandboxInvoices)
        .values({
          id: `in_sbx_${sub.id.slice(8)}_${period}`,
          subscriptionId: sub.id,
          period,
          status: paused ? 'void' : 'open',
          billingReason: 'subscription_cycle',
          amountMinor: sub.amountMinor,
          currency: sub.currency,
          periodStart: start,
          periodEnd: end,
          nextPaymentAttempt: paused ? null : start,
        })
        .onConflictDoNothing()
        .returning();
      const resumes = sub.pauseResumesAt !== null && !paused;
      const [moved] = await tx
        .update(sandboxSubscriptions)
        .set({ periods: period, currentPeriodEnd: end, ...(resumes ? { pauseResumesAt: null } : {}), updatedAt: new Date() })
        .where(eq(sandboxSubscriptions.id, sub.id))
        .returning();
      if (invoice?.status === 'void') await this.record(tx, 'invoice.voided', stripeShapedInvoice(invoice, sub.customerId), start);
      // The period moved on (and a pause may have ended): the subscription's new state.
      await this.record(tx, 'customer.subscription.updated', stripeShapedSubscription(moved!, invoice?.id ?? null), start);
    });
  }

  /** One try to pay a renewal's invoice with the saved card, in one transaction with its events. */
  private async chargeInvoice(invoiceId: string, now: Date): Promise<'paid' | 'failed' | 'lapsed' | 'skipped'> {
    return this.db.transaction(async (tx) => {
      const [invoice] = await tx.select().from(sandboxInvoices).where(eq(sandboxInvoices.id, invoiceId)).for('update');
      if (!invoice || invoice.status !== 'open' || !invoice.nextPaymentAttempt || invoice.nextPaymentAttempt > now) return 'skipped';
      const sub = await this.lockSubscription(tx, invoice.subscriptionId);
      const at = invoice.nextPaymentAttempt;
      if (sub.status === 'canceled') {
        await tx.update(sandboxInvoices).set({ status: 'void', nextPaymentAttempt: null }).where(eq(sandboxInvoices.id, invoiceId));
        return 'skipped';
      }
      const attempt = invoice.attemptCount + 1;
      const fails = OFF_SESSION_FAILS.has(sub.paymentMethodId);
      const intentId = randomId('pi_sbx_');
      await tx.insert(sandboxPaymentIntents).values({
        id: intentId,
        clientSecret: `${intentId}_secret_${randomBytes(16).toString('hex')}`,
        idempotencyKey: `${invoice.id}:attempt-${attempt}`,
        amountMinor: invoice.amountMinor,
        currency: invoice.currency,
        status: fails ? 'requires_payment_method' : 'succeeded',
        paymentMethodId: sub.paymentMethodId,
        metadata: { invoice: invoice.id, subscription: sub.id },
        description: sub.description,
        lastPaymentError: fails ? SANDBOX_RENEWAL_DECLINE : null,
      });
      if (!fails) {
        const [paid] = await tx
          .update(sandboxInvoices)
          .set({ status: 'paid', attemptCount: attempt, nextPaymentAttempt: null, paymentIntentId: intentId, lastPaymentError: null })
          .where(eq(sandboxInvoices.id, invoiceId))
          .returning();
        await this.record(tx, 'invoice.paid', stripeShapedInvoice(paid!, sub.customerId), at);
        if (sub.status !== 'active') {
          const [active] = await tx.update(sandboxSubscriptions).set({ status: 'active', updatedAt: new Date() }).where(eq(sandboxSubscriptions.id, sub.id)).returning();
          await this.record(tx, 'customer.subscription.updated', stripeShapedSubscription(active!, invoice.id), at);
        }
        return 'paid';
      }
      const firstFailedAt = invoice.firstFailedAt ?? at;
      const next = nextRetryAt(firstFailedAt, attempt);
      const [failed] = await tx
        .update(sandboxInvoices)
        .set({ attemptCount: attempt, firstFailedAt, nextPaymentAttempt: next, paymentIntentId: intentId, lastPaymentError: SANDBOX_RENEWAL_DECLINE })
        .where(eq(sandboxInvoices.id, invoiceId))
        .returning();
      await this.record(tx, 'invoice.payment_failed', stripeShapedInvoice(failed!, sub.customerId), at);
      if (next) {
        if (sub.status !== 'past_due') {
          const [pastDue] = await tx.update(sandboxSubscriptions).set({ status: 'past_due', updatedAt: new Date() }).where(eq(sandboxSubscriptions.id, sub.id)).returning();
          await this.record(tx, 'customer.subscription.updated', stripeShapedSubscription(pastDue!, invoice.id), at);
        }
        return 'failed';
      }
      // The last retry failed: as a Stripe account set to "cancel the subscription" after its retries.
      await tx.update(sandboxInvoices).set({ status: 'uncollectible' }).where(eq(sandboxInvoices.id, invoiceId));
      const [canceled] = await tx
        .update(sandboxSubscriptions)
        .set({ status: 'canceled', canceledAt: at, cancellationReason: 'payment_failed', updatedAt: new Date() })
        .where(eq(sandboxSubscriptions.id, sub.id))
        .returning();
      await this.record(tx, 'customer.subscription.deleted', stripeShapedSubscription(canceled!, invoice.id), at);
      return 'lapsed';
    });
  }
}
