import { amountInrOf } from '../../donations/payload.js';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { renewalDate } from '@charity/domain';
import { campaigns, donations, paymentAttempts, recurringGifts as giftsTable, webhookEvents } from '../../db/schema.js';
import type { InvoiceSnapshot, PaymentEvent, PaymentIntentSnapshot, SubscriptionSnapshot } from '../../donations/provider/provider.js';
import type { PaymentAttemptRow } from '../../donations/repository/attempts.js';
import { recordDonation } from '../../donations/repository/donations.js';
import { issueReceipt, mailReceipt } from '../../receipts/issuing.js';
import { mailGift } from '../mails.js';
import { noticeLapsedGift } from '../../notices/staff-notices.js';
import { giftStatusFor, lockGift, majorAmount, recordChange, type GiftRow } from '../repository.js';

// Use case: apply what the provider reports about monthly gifts (docs/decisions/022-monthly-gifts.md). Every event
// is recorded in webhook_events in the same transaction as its effects, so a redelivered event changes nothing and a
// failed one is applied again by the provider's retry. Order does not matter: a renewal is a donation unique on its
// invoice, and a subscription's state is applied only when it is not older than the state on file.

export type RecurringEventOutcome = 'processed' | 'duplicate' | 'ignored';

export const RECURRING_EVENT_TYPES: ReadonlySet<string> = new Set([
  'invoice.paid',
  'invoice.payment_failed',
  'customer.subscription.updated',
  'customer.subscription.deleted',
]);

type Tx = Parameters<Parameters<FastifyInstance['db']['transaction']>[0]>[0];

async function recordEvent(tx: Tx, event: PaymentEvent): Promise<boolean> {
  const [fresh] = await tx
    .insert(webhookEvents)
    .values({ id: event.id, type: event.type, paymentIntentId: event.invoice?.paymentIntentId ?? null })
    .onConflictDoNothing({ target: webhookEvents.id })
    .returning({ id: webhookEvents.id });
  return fresh !== undefined;
}

function issueAndMail(app: FastifyInstance, donationId: number, what: string): void {
  app.payments.background(what, async () => {
    const issued = await issueReceipt(app.db, donationId);
    if (issued.created) await mailReceipt({ db: app.db, mailer: app.mailer, log: app.log, publicBaseUrl: app.config.publicBaseUrl }, issued);
  });
}

/**
 * The first payment of a monthly gift has its donation (saved by the browser or by the webhook): the donation
 * belongs to the gift, and the gift is active from now if its subscription has not said so yet. Idempotent.
 */
export async function linkFirstPayment(app: FastifyInstance, attempt: Pick<PaymentAttemptRow, 'subscriptionId'>, donationId: number): Promise<void> {
  if (!attempt.subscriptionId) return;
  const now = new Date();
  await app.db.transaction(async (tx) => {
    const gift = await lockGift(tx, attempt.subscriptionId!);
    if (!gift) return;
    await tx.update(donations).set({ recurringGiftId: gift.id }).where(and(eq(donations.id, donationId), isNull(donations.recurringGiftId)));
    if (gift.status === 'incomplete') {
      await tx
        .update(giftsTable)
        .set({ status: 'active', startedAt: now, nextChargeAt: gift.nextChargeAt ?? renewalDate(now, 1) })
        .where(eq(giftsTable.id, gift.id));
    } else if (!gift.startedAt) {
      await tx.update(giftsTable).set({ startedAt: now }).where(eq(giftsTable.id, gift.id));
    }
  });
}


/** A renewal's donation: from the gift's donation data, for what the invoice charged, once per invoice. */
async function recordRenewal(tx: Tx, gift: GiftRow, invoice: InvoiceSnapshot): Promise<number | null> {
  const data = gift.donationData;
  const amount = majorAmount(invoice.amountPaidMinor || invoice.amountDueMinor, invoice.currency || gift.currency);
  const currency = (invoice.currency || gift.currency).toUpperCase();
  const amountInr = amountInrOf({ amount, currency });
  const [inserted] = await tx
    .insert(donations)
    .values({
      campaignId: gift.campaignId,
      amount,
      currency,
      amountMinor: invoice.amountPaidMinor || invoice.amountDueMinor,
      amountInr,
      donorName: data.donor.full_name,
      donorEmail: data.donor.email,
      donorMobile: data.donor.mobile,
      donorPan: data.donor.pan_number,
      donorCountry: data.donor.country,
      donorCountryCode: data.donor.country_code,
      donorState: data.donor.state,
      donorCity: data.donor.city,
      donorAddress: data.donor.address,
      donorPincode: data.donor.pincode,
      isAnonymous: data.donor.is_anonymous,
      showFirstName: data.donor.show_first_name === true,
      donationType: 'monthly',
      source: data.source,
      partnerOrigin: gift.partnerOrigin,
      status: 'completed',
      paymentIntentId: invoice.paymentIntentId,
      recurringGiftId: gift.id,
      invoiceId: invoice.id,
      isRenewal: true,
    })
    .onConflictDoNothing()
    .returning({ id: donations.id });
  if (!inserted) return null;
  if (gift.campaignId !== null) {
    await tx
      .update(campaigns)
      .set({ raisedAmount: sql`${campaigns.raisedAmount} + ${amountInr}::numeric`, donationCount: sql`${campaigns.donationCount} + 1` })
      .where(eq(campaigns.id, gift.campaignId));
  }
  return inserted.id;
}

/** invoice.paid: a renewal's donation (with its receipt), or the first payment's when the browser and its event never came. */
async function invoicePaid(app: FastifyInstance, event: PaymentEvent, invoice: InvoiceSnapshot): Promise<RecurringEventOutcome> {
  if (invoice.billingReason === 'subscription_create') {
    // The first payment is the attempt's: its donation is written by the payment's own path. If it is missing
    // (that path's event never came), write it here from the attempt, as the payment's webhook would.
    const outcome = await app.db.transaction(async (tx) => ((await recordEvent(tx, event)) ? 'processed' : 'duplicate'));
    if (outcome === 'duplicate' || !invoice.subscriptionId) return outcome;
    const [attempt] = await app.db.select().from(paymentAttempts).where(eq(paymentAttempts.subscriptionId, invoice.subscriptionId)).limit(1);
    if (!attempt) return 'ignored';
    const [existing] = await app.db.select({ id: donations.id }).from(donations).where(eq(donations.paymentAttemptId, attempt.id)).limit(1);
    if (existing) {
      await linkFirstPayment(app, attempt, existing.id);
      return outcome;
    }
    const intent: PaymentIntentSnapshot = {
      id: attempt.paymentIntentId,
      status: 'succeeded',
      amountMinor: attempt.amountMinor,
      currency: attempt.currency,
      clientSecret: null,
      paymentMethodId: attempt.paymentMethodId,
      lastPaymentError: null,
      metadata: {},
    };
    if (invoice.amountPaidMinor !== attempt.amountMinor) {
      app.log.error({ eventId: event.id, invoiceId: invoice.id }, 'webhook: a first invoice does not match its attempt; nothing saved, check it by hand');
      return 'ignored';
    }
    const saved = await recordDonation(app.db, attempt, intent);
    await linkFirstPayment(app, attempt, saved.id);
    if (saved.created) {
      app.responseCache.invalidate('campaigns', 'stats');
      issueAndMail(app, saved.id, 'issuing a receipt for a monthly gift’s first payment');
    }
    return outcome;
  }
  if (!invoice.subscriptionId) {
    await app.db.transaction((tx) => recordEvent(tx, event));
    return 'ignored';
  }
  const subscriptionId = invoice.subscriptionId;
  const result = await app.db.transaction(async (tx) => {
    if (!(await recordEvent(tx, event))) return { outcome: 'duplicate' as const, donationId: null };
    const gift = await lockGift(tx, subscriptionId);
    if (!gift) return { outcome: 'ignored' as const, donationId: null };
    const donationId = await recordRenewal(tx, gift, invoice);
    // Paid: whatever failed before is behind it.
    await tx
      .update(giftsTable)
      .set({ failureCount: 0, lastFailureReason: null, lastFailureAt: null, ...(invoice.periodEnd ? { nextChargeAt: invoice.periodEnd } : {}) })
      .where(eq(giftsTable.id, gift.id));
    if (donationId !== null) await recordChange(tx, gift.id, 'renewal', 'provider', { invoiceId: invoice.id, donationId });
    return { outcome: 'processed' as const, donationId };
  });
  if (result.outcome === 'ignored') app.log.warn({ eventId: event.id, subscriptionId }, 'webhook: a paid invoice of a subscription that is not a gift of ours; nothing saved');
  if (result.donationId !== null) {
    app.log.info({ donationId: result.donationId, invoiceId: invoice.id, subscriptionId }, 'monthly gift renewed');
    app.responseCache.invalidate('campaigns', 'stats');
    issueAndMail(app, result.donationId, 'issuing a renewal’s receipt');
  }
  return result.outcome;
}

/** invoice.payment_failed of a renewal: the gift shows the failure and the next try, and the donor is told. */
async function invoiceFailed(app: FastifyInstance, event: PaymentEvent, invoice: InvoiceSnapshot): Promise<RecurringEventOutcome> {
  if (invoice.billingReason === 'subscription_create' || !invoice.subscriptionId) {
    // A first payment's failure is the payment attempt's (its own event); nothing to add for the gift.
    await app.db.transaction((tx) => recordEvent(tx, event));
    return 'ignored';
  }
  let reason = invoice.lastPaymentError?.message ?? null;
  if (!reason && invoice.paymentIntentId) {
    const intent = await app.payments.provider.retrieveIntent(invoice.paymentIntentId).catch(() => null);
    reason = intent?.lastPaymentError?.message ?? null;
  }
  const subscriptionId = invoice.subscriptionId;
  const at = new Date(event.created * 1000);
  const result = await app.db.transaction(async (tx) => {
    if (!(await recordEvent(tx, event))) return { outcome: 'duplicate' as const, gift: null };
    const gift = await lockGift(tx, subscriptionId);
    if (!gift) return { outcome: 'ignored' as const, gift: null };
    const [updated] = await tx
      .update(giftsTable)
      .set({
        failureCount: invoice.attemptCount,
        lastFailureReason: reason ?? 'The payment was declined.',
        lastFailureAt: at,
        ...(invoice.nextPaymentAttempt ? { nextChargeAt: invoice.nextPaymentAttempt } : {}),
      })
      .where(eq(giftsTable.id, gift.id))
      .returning();
    await recordChange(tx, gift.id, 'payment_failed', 'provider', { invoiceId: invoice.id, attempt: invoice.attemptCount, reason });
    return { outcome: 'processed' as const, gift: updated ?? null };
  });
  // The last failure is told by the lapse (customer.subscription.deleted); the others ask for another card.
  if (result.gift && invoice.nextPaymentAttempt) await mailGift(app, result.gift, 'payment_failed', { nextTry: invoice.nextPaymentAttempt });
  return result.outcome;
}

/** customer.subscription.updated / .deleted: the gift follows the subscription, unless the event is older than its state. */
async function subscriptionChanged(app: FastifyInstance, event: PaymentEvent, sub: SubscriptionSnapshot): Promise<RecurringEventOutcome> {
  const at = new Date(event.created * 1000);
  const result = await app.db.transaction(async (tx) => {
    if (!(await recordEvent(tx, event))) return { outcome: 'duplicate' as const, before: null, after: null };
    const gift = await lockGift(tx, sub.id);
    if (!gift) return { outcome: 'ignored' as const, before: null, after: null };
    if (gift.providerStateAt && gift.providerStateAt.getTime() > at.getTime()) return { outcome: 'processed' as const, before: null, after: null };
    const status = giftStatusFor(gift.status, sub);
    const amountChanged = sub.amountMinor > 0 && sub.amountMinor !== gift.amountMinor;
    const amount = amountChanged ? majorAmount(sub.amountMinor, gift.currency) : gift.amount;
    const [after] = await tx
      .update(giftsTable)
      .set({
        status,
        providerStateAt: at,
        // Paused: the next payment is the first after the pause (the renewals in between are voided, not charged).
        ...(status === 'active' ? { nextChargeAt: sub.currentPeriodEnd ?? gift.nextChargeAt } : {}),
        ...(status === 'paused' ? { nextChargeAt: sub.pauseResumesAt ?? sub.currentPeriodEnd ?? gift.nextChargeAt } : {}),
        pausedUntil: status === 'paused' ? sub.pauseResumesAt : null,
        card: sub.card ?? gift.card,
        ...(amountChanged ? { amount, amountMinor: sub.amountMinor, amountInr: amountInrOf({ amount, currency: gift.currency }) } : {}),
        ...(status === 'active' && !gift.startedAt ? { startedAt: at } : {}),
        ...(status === 'cancelled' && !gift.cancelledAt ? { cancelledAt: sub.canceledAt ?? at, cancelledBy: gift.cancelledBy ?? 'provider', nextChargeAt: null } : {}),
        ...(status === 'lapsed' && !gift.lapsedAt ? { lapsedAt: sub.canceledAt ?? at, nextChargeAt: null } : {}),
      })
      .where(eq(giftsTable.id, gift.id))
      .returning();
    if (status !== gift.status) await recordChange(tx, gift.id, `status:${status}`, 'provider', { from: gift.status, eventId: event.id });
    return { outcome: 'processed' as const, before: gift, after: after ?? null };
  });
  const { before, after } = result;
  if (before && after && before.status !== after.status) {
    if (after.status === 'lapsed') {
      await mailGift(app, after, 'lapsed');
      await noticeLapsedGift(app, {
        id: after.id,
        donorName: after.donationData.donor.full_name || null,
        donorEmail: after.donorEmail,
        amount: after.amount,
        currency: after.currency,
        failureReason: after.lastFailureReason,
      });
    }
    // Cancelled elsewhere (the provider's dashboard): the donor or staff who cancel here are mailed by their own use case.
    if (after.status === 'cancelled' && before.cancelledBy === null) await mailGift(app, after, 'cancelled');
  }
  return result.outcome;
}

/** Applies one monthly-gift event; null when the event is not one (the payment events are the donations module's). */
export async function applyRecurringEvent(app: FastifyInstance, event: PaymentEvent): Promise<RecurringEventOutcome | null> {
  if (!RECURRING_EVENT_TYPES.has(event.type)) return null;
  if (event.type === 'invoice.paid' && event.invoice) return invoicePaid(app, event, event.invoice);
  if (event.type === 'invoice.payment_failed' && event.invoice) return invoiceFailed(app, event, event.invoice);
  if (event.subscription) return subscriptionChanged(app, event, event.subscription);
  return null;
}

