import { and, asc, count, eq, gt, ne, notExists, sql } from 'drizzle-orm';
import type { Database } from '../../db/open.js';
import { prepared } from '../../db/prepared.js';
import { blockedPaymentRequests, donations, paymentAttempts, paymentFailures, webhookEvents, type PaymentAttemptStatus } from '../../db/schema.js';
import type { PaymentEvent, PaymentIntentSnapshot } from '../provider/provider.js';

// Payment attempts (one per intent the server created) and the failures the card-testing defence counts. Only the
// module's use cases call these (../use-cases/): an attempt's status changes nowhere else.

export type PaymentAttemptRow = typeof paymentAttempts.$inferSelect;
export type NewPaymentAttempt = typeof paymentAttempts.$inferInsert;

/**
 * Card-testing defence: at most this many failed payments per client address in the window; the next
 * create-intent is refused with 429 until the oldest of them leaves the window. Failures live in the database,
 * so a restart does not forget them and every API process shares the count.
 */
export const CARD_TESTING_LIMIT = { maxFailures: 5, windowMs: 10 * 60 * 1000 } as const;

/** The columns create-intent writes (the insert's placeholders); the rest take their defaults. */
const ATTEMPT_COLUMNS = [
  'paymentIntentId',
  'idempotencyKey',
  'donationData',
  'amount',
  'amountMinor',
  'currency',
  'campaignId',
  'paymentMethodId',
  'clientIp',
  'partnerOrigin',
  'subscriptionId',
] as const satisfies ReadonlyArray<keyof NewPaymentAttempt>;
type AttemptValues = Omit<Pick<NewPaymentAttempt, (typeof ATTEMPT_COLUMNS)[number]>, 'subscriptionId'> & { subscriptionId?: string | null };

export async function insertAttempt(db: Database, values: AttemptValues): Promise<PaymentAttemptRow> {
  const insert = prepared(db, 'attempt_insert', () =>
    db
      .insert(paymentAttempts)
      .values(Object.fromEntries(ATTEMPT_COLUMNS.map((column) => [column, sql.placeholder(column)])) as unknown as NewPaymentAttempt)
      .returning()
      .prepare('attempt_insert'),
  );
  const [row] = await insert.execute(Object.fromEntries(ATTEMPT_COLUMNS.map((column) => [column, values[column] ?? null])));
  if (!row) throw new Error('Recording a payment attempt returned no row.');
  return row;
}

export async function findAttemptByIntent(db: Database, paymentIntentId: string): Promise<PaymentAttemptRow | null> {
  const select = prepared(db, 'attempt_by_intent', () =>
    db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.paymentIntentId, sql.placeholder('paymentIntentId')))
      .limit(1)
      .prepare('attempt_by_intent'),
  );
  const [row] = await select.execute({ paymentIntentId });
  return row ?? null;
}

/** The attempt's status for an intent's status; null when the intent is still waiting on the donor. */
export function attemptStatusFor(intent: Pick<PaymentIntentSnapshot, 'status' | 'lastPaymentError'>): PaymentAttemptStatus | null {
  if (intent.status === 'succeeded') return 'succeeded';
  if (intent.status === 'requires_action') return 'requires_action';
  if (intent.status === 'requires_payment_method' && intent.lastPaymentError) return 'failed';
  if (intent.status === 'canceled') return 'failed';
  return null;
}

/** Follows the intent's status; an attempt that succeeded stays succeeded (events can arrive out of order). */
export async function updateAttemptFromIntent(db: Database, intent: PaymentIntentSnapshot): Promise<void> {
  const status = attemptStatusFor(intent);
  if (!status) return;
  await db
    .update(paymentAttempts)
    .set({ status, lastErrorCode: intent.lastPaymentError?.code ?? null })
    .where(and(eq(paymentAttempts.paymentIntentId, intent.id), ne(paymentAttempts.status, 'succeeded')));
}

/** Stripe retries an unacknowledged event for up to three days; the sandbox's reconciler looks back as far. */
export const REDELIVERY_WINDOW_MS = 3 * 24 * 3_600_000;

/**
 * Intents of attempts created after `createdAfter` that have no donation yet, by attempt id after `afterId`: the
 * ones a lost payment_intent.succeeded could still be owed for (the provider says which of them succeeded).
 */
export async function intentsAwaitingDonation(
  db: Database,
  { createdAfter, afterId, limit }: { createdAfter: Date; afterId: number; limit: number },
): Promise<Array<{ id: number; paymentIntentId: string }>> {
  return db
    .select({ id: paymentAttempts.id, paymentIntentId: paymentAttempts.paymentIntentId })
    .from(paymentAttempts)
    .where(
      and(
        gt(paymentAttempts.createdAt, createdAfter),
        gt(paymentAttempts.id, afterId),
        notExists(db.select({ id: donations.id }).from(donations).where(eq(donations.paymentIntentId, paymentAttempts.paymentIntentId))),
      ),
    )
    .orderBy(asc(paymentAttempts.id))
    .limit(limit);
}

export interface RecordedFailure {
  /** The address that created the intent (its attempt's): the one the card-testing defence counts against. */
  clientIp: string;
  /** False when this failure (its event id) had been counted already. */
  counted: boolean;
}

/**
 * Records a payment_intent.payment_failed event against the address that created the intent, once per event id,
 * and marks the attempt failed (unless it succeeded meanwhile: events can arrive out of order), in one statement.
 * Null when the intent is not one of ours. `recordEvent` (the webhook): the event id goes into webhook_events in
 * the same statement, and the failure is applied only if this statement recorded it, so a redelivered event
 * changes nothing ('duplicate') and a failure leaves neither.
 */
export async function recordPaymentFailure(
  db: Database,
  event: PaymentEvent,
  { recordEvent = false } = {},
): Promise<RecordedFailure | null | 'duplicate'> {
  const intent = event.intent;
  if (!intent) return null;
  const code = intent.lastPaymentError?.code ?? null;
  const declineCode = intent.lastPaymentError?.decline_code ?? null;
  const result = await db.execute(sql`
    with ${
      recordEvent
        ? sql`ev as (
      insert into ${webhookEvents} (id, type, payment_intent_id) values (${event.id}::text, ${event.type}::text, ${intent.id}::text)
      on conflict (id) do nothing returning id
    ), `
        : sql``
    }attempt as (
      select ${paymentAttempts.id} as id, ${paymentAttempts.clientIp} as client_ip from ${paymentAttempts}
      where ${paymentAttempts.paymentIntentId} = ${intent.id}::text ${recordEvent ? sql`and exists (select 1 from ev)` : sql``}
    ), failure as (
      insert into ${paymentFailures} (key, payment_intent_id, client_ip, code, decline_code)
      select ${event.id}::text, ${intent.id}::text, client_ip, ${code}::text, ${declineCode}::text from attempt
      on conflict (key) do nothing returning id
    ), failed as (
      update ${paymentAttempts} set status = 'failed', last_error_code = ${code}::text, updated_at = now()
      from attempt where ${paymentAttempts.id} = attempt.id and ${paymentAttempts.status} <> 'succeeded'
    )
    select ${recordEvent ? sql`(select count(*) from ev) > 0` : sql`true`} as event_recorded, attempt.client_ip,
           (select count(*) from failure) > 0 as counted
    from (select 1) as one left join attempt on true`);
  const [row] = (result as unknown as { rows: Array<{ event_recorded: boolean; client_ip: string | null; counted: boolean }> }).rows;
  if (!row) throw new Error('Recording a payment failure answered no row.');
  if (row.event_recorded !== true) return 'duplicate';
  if (row.client_ip === null) return null;
  return { clientIp: row.client_ip, counted: row.counted === true };
}

export interface RecentFailures {
  count: number;
  /** When the oldest failure in the window leaves it (null without failures). */
  windowEndsAt: Date | null;
}

/** Failed payments from one client address within the card-testing window ending at `now`. */
export async function recentFailures(db: Database, clientIp: string, now: Date): Promise<RecentFailures> {
  const since = new Date(now.getTime() - CARD_TESTING_LIMIT.windowMs);
  // Asked before every payment: prepared.
  const counter = prepared(db, 'failures_count', () =>
    db
      .select({ n: count() })
      .from(paymentFailures)
      .where(and(eq(paymentFailures.clientIp, sql.placeholder('clientIp')), gt(paymentFailures.createdAt, sql.placeholder('since'))))
      .prepare('failures_count'),
  );
  const [total] = await counter.execute({ clientIp, since: since.toISOString() });
  const n = total?.n ?? 0;
  if (n < CARD_TESTING_LIMIT.maxFailures) return { count: n, windowEndsAt: null };
  const where = and(eq(paymentFailures.clientIp, clientIp), gt(paymentFailures.createdAt, since));
  // The limit lifts when enough failures have left the window: the (n - max + 1)-th oldest decides.
  const [pivot] = await db
    .select({ at: paymentFailures.createdAt })
    .from(paymentFailures)
    .where(where)
    .orderBy(asc(paymentFailures.createdAt))
    .offset(n - CARD_TESTING_LIMIT.maxFailures)
    .limit(1);
  return { count: n, windowEndsAt: pivot ? new Date(pivot.at.getTime() + CARD_TESTING_LIMIT.windowMs) : null };
}

/**
 * A create-intent the card-testing defence refused: its time, address and, if the body held one, the donor's email
 * (docs/decisions/023-payment-attempts-for-staff.md). The only write of a refusal.
 */
export async function recordBlockedRequest(db: Database, values: { clientIp: string; email: string | null }): Promise<void> {
  await db.insert(blockedPaymentRequests).values({ clientIp: values.clientIp, email: values.email });
}
