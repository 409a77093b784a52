import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { preparedSql } from '../db/prepared.js';
import { donations, paymentAttempts, webhookEvents } from '../db/schema.js';
import { intentMismatch, recordDonation } from '../donations/record.js';
import { issueReceipt, mailReceipt } from '../donations/receipts.js';
import { CARD_TESTING_LIMIT, recentFailures, recordPaymentFailure } from './attempts.js';
import type { PaymentEvent, PaymentIntentSnapshot } from './provider.js';
import { rowOf, rowsOf } from './sql-rows.js';

// What a verified provider event does. The event id is recorded in the same statement as its effects (data-modifying
// CTEs: one statement is one transaction, without BEGIN/COMMIT round trips), so an event is either fully applied
// and remembered, or (on any failure) neither: the provider's retry then applies it again. A redelivered event finds
// its id and is acknowledged without doing anything.

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

/** Records the event id alone (an event with nothing to apply): true when this call recorded it, false when seen before. */
async function recordEventOnly(app: FastifyInstance, event: PaymentEvent): Promise<boolean> {
  const [fresh] = await app.db
    .insert(webhookEvents)
    .values({ id: event.id, type: event.type, paymentIntentId: event.intent?.id ?? null })
    .onConflictDoNothing({ target: webhookEvents.id })
    .returning({ id: webhookEvents.id });
  return fresh !== undefined;
}

/**
 * payment_intent.succeeded, in one statement in the common cases (two when it writes the donation), none of them
 * needing BEGIN/COMMIT. The first statement reads the intent's attempt and whether the event was seen before and,
 * when the intent's donation already exists (the browser saved it first: the usual order), records the event
 * there and then: nothing else is left to do. Otherwise the event is recorded together with its effect (the
 * donation, in recordDonation's statement), or alone when it has none, so it is remembered only once applied.
 */
async function processSucceeded(app: FastifyInstance, event: PaymentEvent, intent: PaymentIntentSnapshot) {
  const statement = preparedSql(
    app.db,
    'webhook_succeeded_state',
    () => sql`
    with existing as (
      select ${donations.id} from ${donations} where ${donations.paymentIntentId} = ${sql.placeholder('intentId')}::text
    ), ev as (
      insert into ${webhookEvents} (id, type, payment_intent_id)
      select ${sql.placeholder('eventId')}::text, ${sql.placeholder('eventType')}::text, ${sql.placeholder('intentId')}::text where exists (select 1 from existing)
      on conflict (id) do nothing
      returning id
    )
    select exists (select 1 from existing) as donated, (select count(*) from ev) > 0 as recorded,
           exists (select 1 from ${webhookEvents} where ${webhookEvents.id} = ${sql.placeholder('eventId')}::text) as seen, a.*
    from (select 1) as one left join ${paymentAttempts} a on a.payment_intent_id = ${sql.placeholder('intentId')}::text`,
  );
  const result = await statement.execute({ intentId: intent.id, eventId: event.id, eventType: event.type });
  const [row] = rowsOf(result);
  if (!row) throw new Error('Reading a payment event\'s state answered no row.');
  if (row.donated === true) return { outcome: row.recorded === true ? ('processed' as const) : ('duplicate' as const), newDonationId: null };
  if (row.seen === true) return { outcome: 'duplicate' as const, newDonationId: null };

  const attempt = row.id === null ? null : rowOf(paymentAttempts, row);
  if (!attempt) {
    if (!(await recordEventOnly(app, event))) return { outcome: 'duplicate' as const, newDonationId: null };
    // Another integration on the same Stripe account, or an intent from a different database.
    app.log.warn({ eventId: event.id, paymentIntentId: intent.id }, 'webhook: a succeeded payment with no recorded attempt; nothing saved');
    return { outcome: 'ignored' as const, newDonationId: null };
  }
  const mismatch = intentMismatch(attempt, intent);
  if (mismatch) {
    if (!(await recordEventOnly(app, event))) return { outcome: 'duplicate' as const, newDonationId: null };
    app.log.error(
      { eventId: event.id, paymentIntentId: intent.id, mismatch, expectedMinor: attempt.amountMinor, paidMinor: intent.amountMinor },
      'webhook: a succeeded payment does not match its recorded attempt; nothing saved, check it by hand',
    );
    return { outcome: 'ignored' as const, newDonationId: null };
  }
  const saved = await recordDonation(app.db, attempt, intent, { id: event.id, type: event.type });
  return { outcome: saved.eventRecorded ? ('processed' as const) : ('duplicate' as const), newDonationId: saved.created ? saved.id : null };
}

export async function processPaymentEvent(app: FastifyInstance, event: PaymentEvent): Promise<EventOutcome> {
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
    outcome = (await recordEventOnly(app, event)) ? 'ignored' : 'duplicate';
  }

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
