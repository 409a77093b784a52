import type { FastifyInstance } from 'fastify';
import { webhookEvents } from '../db/schema.js';
import { intentMismatch, recordDonation } from '../donations/record.js';
import { issueReceipt, mailReceipt } from '../donations/receipts.js';
import { CARD_TESTING_LIMIT, findAttemptByIntent, recentFailures, recordPaymentFailure } from './attempts.js';
import type { PaymentEvent } from './provider.js';

// What a verified provider event does. The event id is recorded in the same transaction as its effects, so an
// event is either fully applied and remembered, or (on any failure) neither: the provider's retry then applies
// it again. A redelivered event finds its id and is acknowledged without doing anything.

export type EventOutcome = 'processed' | 'duplicate' | 'ignored';

/** Logs a failed payment once, and warns when its address has just reached the card-testing limit. */
export async function noteFailure(app: FastifyInstance, event: PaymentEvent, counted: { clientIp: string; counted: boolean }) {
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

export async function processPaymentEvent(app: FastifyInstance, event: PaymentEvent): Promise<EventOutcome> {
  let newDonationId: number | null = null;
  let failure: { clientIp: string; counted: boolean } | null = null;

  const outcome = await app.db.transaction(async (tx): Promise<EventOutcome> => {
    const [fresh] = await tx
      .insert(webhookEvents)
      .values({ id: event.id, type: event.type, paymentIntentId: event.intent?.id ?? null })
      .onConflictDoNothing({ target: webhookEvents.id })
      .returning({ id: webhookEvents.id });
    if (!fresh) return 'duplicate';

    const intent = event.intent;
    if (!intent) return 'ignored';
    switch (event.type) {
      case 'payment_intent.succeeded': {
        const attempt = await findAttemptByIntent(tx, intent.id);
        if (!attempt) {
          // Another integration on the same Stripe account, or an intent from a different database.
          app.log.warn({ eventId: event.id, paymentIntentId: intent.id }, 'webhook: a succeeded payment with no recorded attempt; nothing saved');
          return 'ignored';
        }
        const mismatch = intentMismatch(attempt, intent);
        if (mismatch) {
          app.log.error(
            { eventId: event.id, paymentIntentId: intent.id, mismatch, expectedMinor: attempt.amountMinor, paidMinor: intent.amountMinor },
            'webhook: a succeeded payment does not match its recorded attempt; nothing saved, check it by hand',
          );
          return 'ignored';
        }
        const saved = await recordDonation(tx, attempt, intent);
        if (saved.created) newDonationId = saved.id;
        return 'processed';
      }
      case 'payment_intent.payment_failed': {
        const recorded = await recordPaymentFailure(tx, event);
        if (recorded) failure = { clientIp: recorded.attempt.clientIp, counted: recorded.counted };
        return recorded ? 'processed' : 'ignored';
      }
      default:
        return 'ignored';
    }
  });

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
