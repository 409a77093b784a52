import { sql } from 'drizzle-orm';
import type { Database } from '../../db/open.js';
import { preparedSql } from '../../db/prepared.js';
import { donations, paymentAttempts, webhookEvents } from '../../db/schema.js';
import type { PaymentEvent } from '../provider/provider.js';
import type { PaymentAttemptRow } from './attempts.js';
import { rowOf, rowsOf } from './sql-rows.js';

// The provider events the server has applied (webhook_events), recorded in the same statement as their effects
// (data-modifying CTEs: one statement is one transaction, without BEGIN/COMMIT round trips), so an event is either
// fully applied and remembered, or (on any failure) neither. The statements that apply a failure or write a
// donation record the event themselves (attempts.ts recordPaymentFailure, donations.ts recordDonation).

/** Records the event id alone (an event with nothing to apply): true when this call recorded it, false when seen before. */
export async function recordEventOnly(db: Database, event: PaymentEvent): Promise<boolean> {
  const [fresh] = await db
    .insert(webhookEvents)
    .values({ id: event.id, type: event.type, paymentIntentId: event.intent?.id ?? null })
    .onConflictDoNothing({ target: webhookEvents.id })
    .returning({ id: webhookEvents.id });
  return fresh !== undefined;
}

export interface SucceededEventState {
  /** The intent's donation exists (the browser saved it first: the usual order). */
  donated: boolean;
  /** …and this statement recorded the event there and then (false: it had been recorded before). */
  recorded: boolean;
  /** The event id was recorded before this statement. */
  seen: boolean;
  /** The intent's payment attempt, null when the intent is not one of ours. */
  attempt: PaymentAttemptRow | null;
}

/**
 * One statement for a payment_intent.succeeded event: reads the intent's attempt and whether the event was seen
 * before and, when the intent's donation already exists, records the event there and then (nothing else is left to
 * do).
 */
export async function succeededEventState(db: Database, event: PaymentEvent, intentId: string): Promise<SucceededEventState> {
  const statement = preparedSql(
    db,
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
  const result = await statement.execute({ intentId, eventId: event.id, eventType: event.type });
  const [row] = rowsOf(result);
  if (!row) throw new Error('Reading a payment event\'s state answered no row.');
  return {
    donated: row.donated === true,
    recorded: row.recorded === true,
    seen: row.seen === true,
    attempt: row.id === null ? null : rowOf(paymentAttempts, row),
  };
}
