import { and, asc, count, eq, gt, ne } from 'drizzle-orm';
import type { Database } from '../db/open.js';
import { paymentAttempts, paymentFailures, type PaymentAttemptStatus } from '../db/schema.js';
import type { PaymentEvent, PaymentIntentSnapshot } from './provider.js';

// Payment attempts (one per intent the server created) and the failures the card-testing defence counts.

export type PaymentAttemptRow = typeof paymentAttempts.$inferSelect;
export type NewPaymentAttempt = typeof paymentAttempts.$inferInsert;

/**
 * Card-testing defence: at most this many failed payments per client address in the window; the next
 * create-intent is refused with 429 until the oldest of them leaves the window. Failures live in the database,
 * so a restart does not forget them and every API process shares the count.
 */
export const CARD_TESTING_LIMIT = { maxFailures: 5, windowMs: 10 * 60 * 1000 } as const;

export async function insertAttempt(db: Database, values: NewPaymentAttempt): Promise<PaymentAttemptRow> {
  const [row] = await db.insert(paymentAttempts).values(values).returning();
  if (!row) throw new Error('Recording a payment attempt returned no row.');
  return row;
}

export async function findAttemptByIntent(db: Database, paymentIntentId: string): Promise<PaymentAttemptRow | null> {
  const [row] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.paymentIntentId, paymentIntentId)).limit(1);
  return row ?? null;
}

/** The attempt's status for an intent's status; null when the intent is still waiting on the donor. */
export function attemptStatusFor(intent: PaymentIntentSnapshot): PaymentAttemptStatus | null {
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

export interface RecordedFailure {
  attempt: PaymentAttemptRow;
  /** False when this failure (its event id) had been counted already. */
  counted: boolean;
}

/**
 * Records a payment_intent.payment_failed event against the address that created the intent, once per event id,
 * and marks the attempt failed. Null when the intent is not one of ours.
 */
export async function recordPaymentFailure(db: Database, event: PaymentEvent): Promise<RecordedFailure | null> {
  const intent = event.intent;
  if (!intent) return null;
  const attempt = await findAttemptByIntent(db, intent.id);
  if (!attempt) return null;
  const inserted = await db
    .insert(paymentFailures)
    .values({
      key: event.id,
      paymentIntentId: intent.id,
      clientIp: attempt.clientIp,
      code: intent.lastPaymentError?.code ?? null,
      declineCode: intent.lastPaymentError?.decline_code ?? null,
    })
    .onConflictDoNothing({ target: paymentFailures.key })
    .returning({ id: paymentFailures.id });
  await db
    .update(paymentAttempts)
    .set({ status: 'failed', lastErrorCode: intent.lastPaymentError?.code ?? null })
    .where(and(eq(paymentAttempts.id, attempt.id), ne(paymentAttempts.status, 'succeeded')));
  return { attempt, counted: inserted.length > 0 };
}

export interface RecentFailures {
  count: number;
  /** When the oldest failure in the window leaves it (null without failures). */
  windowEndsAt: Date | null;
}

/** Failed payments from one client address within the card-testing window ending at `now`. */
export async function recentFailures(db: Database, clientIp: string, now: Date): Promise<RecentFailures> {
  const since = new Date(now.getTime() - CARD_TESTING_LIMIT.windowMs);
  const where = and(eq(paymentFailures.clientIp, clientIp), gt(paymentFailures.createdAt, since));
  const [total] = await db.select({ n: count() }).from(paymentFailures).where(where);
  const n = total?.n ?? 0;
  if (n < CARD_TESTING_LIMIT.maxFailures) return { count: n, windowEndsAt: null };
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
