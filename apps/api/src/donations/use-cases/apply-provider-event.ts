import type { FastifyInstance } from 'fastify';
import { issueReceipt, mailReceipt } from '../../receipts/issuing.js';
import type { PaymentEvent, PaymentIntentSnapshot } from '../provider/provider.js';
import { CARD_TESTING_LIMIT, recentFailures, recordPaymentFailure, updateAttemptFromIntent } from '../repository/attempts.js';
import { recordDonation } from '../repository/donations.js';
import { recordEventOnly, succeededEventState } from '../repository/webhook-events.js';
import { intentMismatch } from './intent-mismatch.js';
import { applyRecurringEvent, linkFirstPayment } from '../../recurring/use-cases/apply-events.js';
import { applyRefundEvent } from '../../refunds/use-cases.js';

// Use case: apply what the provider reports about a payment. Two ways in, one set of effects:
//  - applyProviderEvent: a verified webhook event (Stripe's, or the sandbox's posted to the same route). The event id
//    is recorded in the same statement as its effects (repository/), so an event is either fully applied and
//    remembered, or (on any failure) neither: the provider's retry then applies it again. A redelivered event finds
//    its id and is acknowledged without doing anything.
//  - applyIntentUpdate: the intent a confirmation answered (the sandbox's browser-facing routes): the attempt follows
//    at once, and a decline is counted at once (the next create-intent must already see it).
// Attempt state, campaign totals, the response cache and the receipt a webhook's donation needs change here, not in
// the routes or the providers.

export type EventOutcome = 'processed' | 'duplicate' | 'ignored';

/** Logs a failed payment once, and warns when its address has just reached the card-testing limit. */
async function noteFailure(app: FastifyInstance, event: PaymentEvent, counted: { clientIp: string; counted: boolean }) {
  if (!counted.counted) return; // seen before (the sandbox's confirm, then its webhook): logged then
  const error = event.intent?.lastPaymentError;
  app.log.info(
    { paymentIntentId: event.intent?.id, code: error?.code, declineCode: error?.decline_code, clientIp: counted.clientIp },
    'payment failed',
  );
  const { count } = await recentFailures(app.db, counted.clientIp, new Date());
  if (count === CARD_TESTING_LIMIT.maxFailures) {
    app.log.warn(
      { clientIp: counted.clientIp, failures: count, windowMinutes: CARD_TESTING_LIMIT.windowMs / 60_000 },
      'card-testing defence: this address reached the limit of failed payments; create-intent now refuses it',
    );
  }
}

/**
 * payment_intent.succeeded, in one statement in the common cases (two when it writes the donation), none of them
 * needing BEGIN/COMMIT. The first statement reads the intent's attempt and whether the event was seen before and,
 * when the intent's donation already exists (the browser saved it first: the usual order), records the event
 * there and then: nothing else is left to do. Otherwise the event is recorded together with its effect (the
 * donation, in recordDonation's statement), or alone when it has none, so it is remembered only once applied.
 */
async function processSucceeded(app: FastifyInstance, event: PaymentEvent, intent: PaymentIntentSnapshot) {
  const state = await succeededEventState(app.db, event, intent.id);
  if (state.donated) return { outcome: state.recorded ? ('processed' as const) : ('duplicate' as const), newDonationId: null };
  if (state.seen) return { outcome: 'duplicate' as const, newDonationId: null };

  const attempt = state.attempt;
  if (!attempt) {
    if (!(await recordEventOnly(app.db, event))) return { outcome: 'duplicate' as const, newDonationId: null };
    // Another integration on the same Stripe account, or an intent from a different database.
    app.log.warn({ eventId: event.id, paymentIntentId: intent.id }, 'webhook: a succeeded payment with no recorded attempt; nothing saved');
    return { outcome: 'ignored' as const, newDonationId: null };
  }
  const mismatch = intentMismatch(attempt, intent);
  if (mismatch) {
    if (!(await recordEventOnly(app.db, event))) return { outcome: 'duplicate' as const, newDonationId: null };
    app.log.error(
      { eventId: event.id, paymentIntentId: intent.id, mismatch, expectedMinor: attempt.amountMinor, paidMinor: intent.amountMinor },
      'webhook: a succeeded payment does not match its recorded attempt; nothing saved, check it by hand',
    );
    return { outcome: 'ignored' as const, newDonationId: null };
  }
  const saved = await recordDonation(app.db, attempt, intent, { id: event.id, type: event.type });
  // A monthly gift's first payment: the donation belongs to its gift (before the receipt, whose mail links to it).
  if (attempt.subscriptionId) await linkFirstPayment(app, attempt, saved.id);
  return { outcome: saved.eventRecorded ? ('processed' as const) : ('duplicate' as const), newDonationId: saved.created ? saved.id : null };
}

export async function applyProviderEvent(app: FastifyInstance, event: PaymentEvent): Promise<EventOutcome> {
  // Invoices and subscriptions: the monthly gifts' own events (src/recurring/use-cases/apply-events.ts).
  const recurring = await applyRecurringEvent(app, event);
  if (recurring) return recurring;
  // Refunds, made by staff here or at the provider (src/refunds/use-cases.ts).
  const refund = await applyRefundEvent(app, event);
  if (refund) return refund;
  let newDonationId: number | null = null;
  let failure: { clientIp: string; counted: boolean } | null = null;
  let outcome: EventOutcome;

  const intent = event.intent;
  if (event.type === 'payment_intent.succeeded' && intent) {
    ({ outcome, newDonationId } = await processSucceeded(app, event, intent));
  } else if (event.type === 'payment_intent.payment_failed' && intent) {
    // One statement: the event id, the failure (counted once per event) and the attempt's status, or nothing.
    const recorded = await recordPaymentFailure(app.db, event, { recordEvent: true });
    if (recorded === 'duplicate') outcome = 'duplicate';
    else if (recorded) {
      failure = recorded;
      outcome = 'processed';
    } else outcome = 'ignored';
  } else {
    // Nothing to apply: one statement records the event.
    outcome = (await recordEventOnly(app.db, event)) ? 'ignored' : 'duplicate';
  }

  // A processed event may have written a donation (committed by now): totals and statistics change.
  if (outcome === 'processed') app.responseCache.invalidate('campaigns', 'stats');
  if (failure) await noteFailure(app, event, failure);
  if (newDonationId !== null) {
    const donationId = newDonationId;
    app.log.info({ donationId, paymentIntentId: event.intent?.id, eventId: event.id }, 'webhook: donation saved (the browser had not saved it yet)');
    // The donor may have closed the tab after paying: the receipt goes out all the same. If the browser asks
    // for it too, it gets the same receipt and no second mail.
    app.payments.background('issuing a receipt after a webhook', async () => {
      const issued = await issueReceipt(app.db, donationId);
      if (issued.created) await mailReceipt({ db: app.db, mailer: app.mailer, log: app.log, publicBaseUrl: app.config.publicBaseUrl }, issued);
    });
  }
  return outcome;
}

/**
 * The intent a confirmation answered (the sandbox's confirm and authenticate): brings the attempt in step, and counts
 * a decline at once. A declined intent's attempt is marked failed by the statement that counts the failure; any
 * answer is one UPDATE of the attempt (an attempt that succeeded stays succeeded: events can arrive out of order).
 */
export async function applyIntentUpdate(app: FastifyInstance, update: { intent: PaymentIntentSnapshot; event: PaymentEvent | null }): Promise<void> {
  // Also when nothing moved (a repeated confirmation of a paid intent): an attempt a crash left behind catches up.
  if (update.event?.type === 'payment_intent.payment_failed') {
    const recorded = await recordPaymentFailure(app.db, update.event);
    // Without recordEvent it never answers 'duplicate': a failure seen before comes back with counted false.
    if (recorded && recorded !== 'duplicate') await noteFailure(app, update.event, recorded);
    return;
  }
  await updateAttemptFromIntent(app.db, update.intent);
}
