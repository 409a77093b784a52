import { randomBytes } from 'node:crypto';
import { TEST_CARDS } from '@charity/domain';
import { and, asc, desc, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import type { Database } from '../../db/open.js';
import { sandboxPaymentIntents, sandboxRefunds } from '../../db/schema.js';
import { PaymentProviderError, type CreateRefundInput, type RefundProvider, type RefundSnapshot } from './provider.js';
import type { SandboxRecurring } from './sandbox-recurring.js';

// The sandbox's refunds (PAYMENTS_MODE=sandbox), played as Stripe plays them for cards: a refund of a succeeded
// payment is 'succeeded' at once, emits refund.created and charge.refunded, and can never take more than is left of
// the payment (Stripe's own refusal, word for word in spirit). One test card misbehaves on purpose, as Stripe's does:
// TEST_CARDS.refundFails (4000 0000 0000 5126) refunds succeed, then fail SANDBOX_REFUND_FAILURE_DELAY_MS later on
// the sandbox clock, with refund.failed and refund.updated (the sandbox's billing run, or `npm run sandbox -- advance`,
// plays the failure). Events go through the sandbox's one outbox (SandboxRecurring.record), in the same transaction
// as the change they report.

/** How long after it "succeeded" a refund of the failing test card fails (on the sandbox clock). */
export const SANDBOX_REFUND_FAILURE_DELAY_MS = 60_000;
/** What Stripe reports for that card's failed refund. */
export const SANDBOX_REFUND_FAILURE_REASON = 'expired_or_canceled_card';

export const SANDBOX_REFUND_MESSAGES = {
  unknownPayment: 'No such payment_intent.',
  notSucceeded: 'This payment has not succeeded, so there is nothing to refund.',
  alreadyRefunded: 'This payment has already been refunded in full.',
  tooMuch: (amount: number, left: number) => `Refund amount (${amount}) is greater than unrefunded amount on charge (${left}).`,
  idempotencyMismatch: 'Keys for idempotent requests can only be used with the same parameters they were first used with.',
} as const;

type RefundRow = typeof sandboxRefunds.$inferSelect;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

function snapshot(row: RefundRow): RefundSnapshot {
  return {
    id: row.id,
    paymentIntentId: row.paymentIntentId,
    amountMinor: row.amountMinor,
    currency: row.currency.toUpperCase(),
    status: row.status,
    failureReason: row.failureReason,
    reason: row.reason,
    metadata: { ...row.metadata },
    created: row.createdAt,
  };
}

/** The refund as Stripe puts it in an event's data.object. */
function stripeShapedRefund(row: RefundRow) {
  return {
    id: row.id,
    object: 'refund',
    amount: row.amountMinor,
    currency: row.currency.toLowerCase(),
    charge: chargeId(row.paymentIntentId),
    payment_intent: row.paymentIntentId,
    status: row.status,
    reason: row.reason,
    failure_reason: row.failureReason,
    metadata: row.metadata,
    created: Math.floor(row.createdAt.getTime() / 1000),
  };
}

function chargeId(paymentIntentId: string): string {
  return `ch_${paymentIntentId.replace(/^pi_/, '')}`;
}

const HOLDING: readonly string[] = ['pending', 'succeeded'];

export class SandboxRefunds implements RefundProvider {
  constructor(
    private readonly db: Database,
    private readonly events: Pick<SandboxRecurring, 'record' | 'deliverSoon' | 'now'>,
  ) {}

  async createRefund(input: CreateRefundInput): Promise<RefundSnapshot> {
    const now = await this.events.now();
    const row = await this.db.transaction(async (tx) => {
      // The payment's row is the lock two refunds of it wait on, as Stripe serialises refunds of one charge.
      const [intent] = await tx.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, input.paymentIntentId)).for('update');
      if (!intent) throw new PaymentProviderError(400, SANDBOX_REFUND_MESSAGES.unknownPayment);
      const [existing] = await tx.select().from(sandboxRefunds).where(eq(sandboxRefunds.idempotencyKey, input.idempotencyKey)).limit(1);
      if (existing) {
        if (existing.paymentIntentId !== input.paymentIntentId || existing.amountMinor !== input.amountMinor) {
          throw new PaymentProviderError(400, SANDBOX_REFUND_MESSAGES.idempotencyMismatch);
        }
        return existing;
      }
      if (intent.status !== 'succeeded') throw new PaymentProviderError(400, SANDBOX_REFUND_MESSAGES.notSucceeded);
      const taken = await this.refundedOf(tx, intent.id);
      const left = intent.amountMinor - taken;
      if (left <= 0) throw new PaymentProviderError(400, SANDBOX_REFUND_MESSAGES.alreadyRefunded);
      if (input.amountMinor > left) throw new PaymentProviderError(400, SANDBOX_REFUND_MESSAGES.tooMuch(input.amountMinor, left));
      const fails = intent.paymentMethodId === TEST_CARDS.refundFails.paymentMethod;
      const [created] = await tx
        .insert(sandboxRefunds)
        .values({
          id: `re_sbx_${randomBytes(12).toString('hex')}`,
          idempotencyKey: input.idempotencyKey,
          paymentIntentId: intent.id,
          amountMinor: input.amountMinor,
          currency: intent.currency,
          status: 'succeeded',
          reason: input.reason,
          metadata: input.metadata,
          failAt: fails ? new Date(now.getTime() + SANDBOX_REFUND_FAILURE_DELAY_MS) : null,
          createdAt: now,
        })
        .returning();
      await this.events.record(tx, 'refund.created', stripeShapedRefund(created!), now);
      await this.events.record(tx, 'charge.refunded', this.stripeShapedCharge(intent, taken + input.amountMinor), now);
      return created!;
    });
    this.events.deliverSoon();
    return snapshot(row);
  }

  async listRefunds(paymentIntentId: string): Promise<RefundSnapshot[]> {
    const rows = await this.db
      .select()
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.paymentIntentId, paymentIntentId))
      .orderBy(desc(sandboxRefunds.createdAt), desc(sandboxRefunds.id));
    return rows.map(snapshot);
  }

  /**
   * Fails the failing card's refunds whose time has come (the sandbox clock's `now`): each in its own transaction,
   * claimed by its fail_at so two processes never fail one twice. Answers how many failed.
   */
  async failDue(now: Date): Promise<number> {
    const due = await this.db
      .select({ id: sandboxRefunds.id })
      .from(sandboxRefunds)
      .where(and(isNotNull(sandboxRefunds.failAt), lte(sandboxRefunds.failAt, now)))
      .orderBy(asc(sandboxRefunds.failAt))
      .limit(100);
    let failed = 0;
    for (const { id } of due) {
      const done = await this.db.transaction(async (tx) => {
        const [row] = await tx
          .update(sandboxRefunds)
          .set({ status: 'failed', failureReason: SANDBOX_REFUND_FAILURE_REASON, failAt: null })
          .where(and(eq(sandboxRefunds.id, id), isNotNull(sandboxRefunds.failAt), eq(sandboxRefunds.status, 'succeeded')))
          .returning();
        if (!row) return false;
        await this.events.record(tx, 'refund.failed', stripeShapedRefund(row), now);
        await this.events.record(tx, 'refund.updated', stripeShapedRefund(row), now);
        return true;
      });
      if (done) failed += 1;
    }
    if (failed > 0) this.events.deliverSoon();
    return failed;
  }

  private async refundedOf(tx: Tx, paymentIntentId: string): Promise<number> {
    const rows = await tx
      .select({ amountMinor: sandboxRefunds.amountMinor })
      .from(sandboxRefunds)
      .where(and(eq(sandboxRefunds.paymentIntentId, paymentIntentId), inArray(sandboxRefunds.status, [...HOLDING])));
    return rows.reduce((sum, row) => sum + row.amountMinor, 0);
  }

  private stripeShapedCharge(intent: typeof sandboxPaymentIntents.$inferSelect, amountRefunded: number) {
    return {
      id: chargeId(intent.id),
      object: 'charge',
      amount: intent.amountMinor,
      amount_refunded: amountRefunded,
      currency: intent.currency.toLowerCase(),
      payment_intent: intent.id,
      refunded: amountRefunded >= intent.amountMinor,
      status: 'succeeded',
    };
  }
}
