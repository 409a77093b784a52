import { formatMinor, REFUND_MESSAGES, refundRequestError } from '@charity/domain';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { donations, refunds, webhookEvents } from '../db/schema.js';
import { PaymentProviderError, type PaymentEvent, type RefundSnapshot } from '../donations/provider/provider.js';
import { issueNote, mailNote } from './notes.js';
import { noticeFailedRefund } from '../notices/staff-notices.js';
import {
  insertProviderRefund,
  insertStaffRefund,
  lockDonation,
  refundStatusOf,
  settleDonation,
  statusRank,
  type RefundRow,
  type Tx,
} from './repository.js';

// Refunds' use cases (docs/decisions/024-refunds.md). Two ways in, one way to apply:
//  - requestRefund: staff ask from the donation's detail. Under the donation's row lock the request is checked
//    against what is left (refunds in flight included) and recorded 'pending', holding its amount; only then is the
//    provider called, with the refund row's id as the idempotency key. Two staff refunding at once queue on the lock
//    and the second sees the first's hold: they cannot refund more than the donation between them.
//  - applyRefundEvent: the provider's refund.* and charge.refunded events (a refund made in Stripe's dashboard, or
//    our own reported back). Each event is recorded in webhook_events in the same transaction as its effect.
// Both end in applySnapshot: the refund row found (by the provider's id, or ours in its metadata) or created, moved
// forward only (a late event never takes a refund back), the donation's totals and its campaign's recomputed, and a
// note issued for a refund that has just succeeded, mailed after the commit.

export class RefundRefusal extends Error {
  override readonly name = 'RefundRefusal';
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

/** The answer when the provider could not be reached: the refund stays pending and is asked again. */
export const REFUND_PROVIDER_UNREACHABLE =
  'The payment service could not be reached. The refund is kept as pending and will be asked for again automatically.';

/** Staff refunds still pending without the provider's answer are asked again after this long (same idempotency key). */
export const REFUND_RETRY_AFTER_MS = 60_000;

type Effects = { mailRefundIds: number[]; failed: RefundRow[] };

const ABOVE_REMAINDER = REFUND_MESSAGES.amountAboveRemainder('').split(':')[0]!;
/** The donation's state refuses it (409); anything else wrong is the request's own (400). */
function isConflict(problem: string): boolean {
  return problem === REFUND_MESSAGES.nothingLeft || problem === REFUND_MESSAGES.notCompleted || problem.startsWith(ABOVE_REMAINDER);
}

function idempotencyKeyFor(refundId: number): string {
  return `refund-${refundId}`;
}

/** What a provider refund says, applied to our row (found or new), under the donation's lock. */
async function applySnapshot(tx: Tx, snapshot: RefundSnapshot, effects: Effects, knownRefundId?: number): Promise<RefundRow | null> {
  const ourId = knownRefundId ?? (Number.parseInt(snapshot.metadata.refund_id ?? '', 10) || null);
  // The row, to find its donation (then locked, then the row read again under the lock).
  let [row] = await tx.select().from(refunds).where(eq(refunds.providerRefundId, snapshot.id)).limit(1);
  if (!row && ourId !== null) [row] = await tx.select().from(refunds).where(and(eq(refunds.id, ourId), isNull(refunds.providerRefundId))).limit(1);
  const donation = row
    ? await lockDonation(tx, { id: row.donationId })
    : snapshot.paymentIntentId
      ? await lockDonation(tx, { paymentIntentId: snapshot.paymentIntentId })
      : null;
  if (!donation) return null;
  const status = refundStatusOf(snapshot.status);
  if (row) {
    [row] = await tx.select().from(refunds).where(eq(refunds.id, row.id));
    const forward = statusRank(status) > statusRank(row!.status);
    if (!forward && row!.providerRefundId === snapshot.id) return row!;
    [row] = await tx
      .update(refunds)
      .set({
        providerRefundId: snapshot.id,
        ...(forward ? { status, failureReason: status === 'failed' || status === 'canceled' ? (snapshot.failureReason ?? 'unknown') : row!.failureReason } : {}),
      })
      .where(eq(refunds.id, row!.id))
      .returning();
    if (forward && (status === 'failed' || status === 'canceled')) effects.failed.push(row!);
  } else {
    // Made at the provider (its dashboard): recorded as the provider's.
    const reason = snapshot.reason ? `Refunded at the payment provider (${snapshot.reason.replace(/_/g, ' ')})` : 'Refunded at the payment provider';
    row = await insertProviderRefund(tx, donation, {
      id: snapshot.id,
      amountMinor: snapshot.amountMinor,
      status,
      reason,
      failureReason: status === 'failed' || status === 'canceled' ? (snapshot.failureReason ?? 'unknown') : null,
    });
  }
  const settled = await settleDonation(tx, donation);
  if (row!.status === 'succeeded' && !row!.noteNumber) {
    row = await issueNote(tx, donation, row!, settled.refundedMinor);
    if (row.noteMailStatus === 'queued') effects.mailRefundIds.push(row.id);
  }
  return row!;
}

function afterCommit(app: FastifyInstance, effects: Effects): void {
  app.responseCache.invalidate('campaigns', 'stats');
  for (const refund of effects.failed) {
    app.log.warn({ refundId: refund.id, donationId: refund.donationId, reason: refund.failureReason }, 'a refund failed; staff are told');
    app.payments.background('telling staff of a failed refund', () => noticeFailedRefund(app, refund));
  }
  for (const refundId of effects.mailRefundIds) {
    app.payments.background('mailing a refund note', () => mailNote({ db: app.db, mailer: app.mailer, log: app.log }, refundId));
  }
}

export interface RefundRequest {
  donationId: number;
  amountMinor: number;
  reason: string;
  requestedBy: string;
}

export interface RefundAnswer {
  refund: RefundRow;
  message: string;
}

/** Staff's refund. Throws RefundRefusal with the status and the domain's words when it cannot be made. */
export async function requestRefund(app: FastifyInstance, request: RefundRequest): Promise<RefundAnswer> {
  const reason = request.reason.trim();
  const held = await app.db.transaction(async (tx) => {
    const donation = await lockDonation(tx, { id: request.donationId });
    if (!donation) throw new RefundRefusal(404, REFUND_MESSAGES.notFound);
    const problem = refundRequestError(
      { amount_minor: request.amountMinor, reason },
      {
        status: donation.status,
        currency: donation.currency,
        amount_minor: donation.amountMinor,
        refunded_minor: donation.refundedMinor,
        refund_pending_minor: donation.refundPendingMinor,
      },
    );
    if (problem) throw new RefundRefusal(isConflict(problem) ? 409 : 400, problem);
    if (!donation.paymentIntentId) throw new RefundRefusal(409, REFUND_MESSAGES.notCompleted);
    const refund = await insertStaffRefund(tx, donation, { amountMinor: request.amountMinor, reason, requestedBy: request.requestedBy });
    await settleDonation(tx, donation);
    return { refund, paymentIntentId: donation.paymentIntentId };
  });
  app.log.info({ refundId: held.refund.id, donationId: request.donationId, amountMinor: request.amountMinor }, 'refund requested by staff');
  return askProvider(app, held.refund, held.paymentIntentId);
}

/** Calls the provider for a pending staff refund and applies its answer (also the retry of one left pending). */
async function askProvider(app: FastifyInstance, refund: RefundRow, paymentIntentId: string): Promise<RefundAnswer> {
  let snapshot: RefundSnapshot;
  try {
    snapshot = await app.payments.provider.refunds.createRefund({
      paymentIntentId,
      amountMinor: refund.amountMinor,
      idempotencyKey: idempotencyKeyFor(refund.id),
      metadata: { refund_id: String(refund.id), donation_id: String(refund.donationId) },
      reason: 'requested_by_customer',
    });
  } catch (error) {
    if (error instanceof PaymentProviderError && error.statusCode === 400) {
      // Refused for good: the hold is released and the refusal kept on the row for staff.
      const effects: Effects = { mailRefundIds: [], failed: [] };
      await app.db.transaction(async (tx) => {
        const donation = await lockDonation(tx, { id: refund.donationId });
        if (!donation) return;
        const [failed] = await tx
          .update(refunds)
          .set({ status: 'failed', failureReason: error.publicMessage })
          .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending')))
          .returning();
        if (failed) effects.failed.push(failed);
        await settleDonation(tx, donation);
      });
      afterCommit(app, effects);
      app.log.warn({ refundId: refund.id, reason: error.message }, 'the payment provider refused a refund');
      throw new RefundRefusal(409, `${REFUND_MESSAGES.providerRefused} ${error.publicMessage}`);
    }
    app.log.error({ err: error, refundId: refund.id }, 'refund: the payment provider could not be asked; the refund stays pending');
    throw new RefundRefusal(error instanceof PaymentProviderError && error.statusCode === 504 ? 504 : 502, REFUND_PROVIDER_UNREACHABLE);
  }
  const effects: Effects = { mailRefundIds: [], failed: [] };
  const applied = await app.db.transaction((tx) => applySnapshot(tx, snapshot, effects, refund.id));
  afterCommit(app, effects);
  const row = applied ?? refund;
  if (row.status === 'failed' || row.status === 'canceled') {
    throw new RefundRefusal(409, `${REFUND_MESSAGES.providerRefused} ${row.failureReason ?? ''}`.trim());
  }
  return { refund: row, message: row.status === 'succeeded' ? REFUND_MESSAGES.issued : REFUND_MESSAGES.pending };
}

export const REFUND_EVENT_TYPES: ReadonlySet<string> = new Set(['refund.created', 'refund.updated', 'refund.failed', 'charge.refunded']);

async function recordEvent(tx: Tx, event: PaymentEvent): Promise<boolean> {
  const [fresh] = await tx
    .insert(webhookEvents)
    .values({ id: event.id, type: event.type, paymentIntentId: event.refund?.paymentIntentId ?? event.charge?.paymentIntentId ?? null })
    .onConflictDoNothing({ target: webhookEvents.id })
    .returning({ id: webhookEvents.id });
  return fresh !== undefined;
}

/**
 * A verified refund.* or charge.refunded event; null for any other type. A charge.refunded event carries no list of
 * refunds (since Stripe's API of 2022-11-15), so the payment's refunds are listed from the provider and each applied:
 * whichever event arrives first, or again, the refunds end the same.
 */
export async function applyRefundEvent(app: FastifyInstance, event: PaymentEvent): Promise<'processed' | 'duplicate' | 'ignored' | null> {
  if (!REFUND_EVENT_TYPES.has(event.type)) return null;
  const [seen] = await app.db.select({ id: webhookEvents.id }).from(webhookEvents).where(eq(webhookEvents.id, event.id)).limit(1);
  if (seen) return 'duplicate';
  let snapshots: RefundSnapshot[] = [];
  if (event.refund) snapshots = [event.refund];
  else if (event.charge?.paymentIntentId) snapshots = await app.payments.provider.refunds.listRefunds(event.charge.paymentIntentId);
  const effects: Effects = { mailRefundIds: [], failed: [] };
  const outcome = await app.db.transaction(async (tx) => {
    if (!(await recordEvent(tx, event))) return 'duplicate' as const;
    let applied = 0;
    // Oldest first, so notes are numbered in the order the refunds were made.
    for (const snapshot of [...snapshots].sort((a, b) => a.created.getTime() - b.created.getTime())) {
      if (await applySnapshot(tx, snapshot, effects)) applied += 1;
    }
    return applied > 0 ? ('processed' as const) : ('ignored' as const);
  });
  if (outcome === 'processed') afterCommit(app, effects);
  if (outcome === 'ignored') app.log.warn({ eventId: event.id, type: event.type }, 'webhook: a refund of a payment with no donation here; nothing recorded');
  return outcome;
}

/**
 * Staff refunds left pending without the provider's answer (it could not be reached, or the process stopped
 * mid-call): asked again with the same idempotency key, so the provider makes at most one refund for each.
 */
export async function retryPendingRefunds(app: FastifyInstance, now = new Date()): Promise<number> {
  const stale = await app.db
    .select()
    .from(refunds)
    .where(and(eq(refunds.status, 'pending'), eq(refunds.source, 'staff'), isNull(refunds.providerRefundId), lt(refunds.createdAt, new Date(now.getTime() - REFUND_RETRY_AFTER_MS))))
    .limit(20);
  let retried = 0;
  for (const refund of stale) {
    const [donation] = await app.db.select({ paymentIntentId: donations.paymentIntentId }).from(donations).where(eq(donations.id, refund.donationId));
    if (!donation?.paymentIntentId) continue;
    try {
      await askProvider(app, refund, donation.paymentIntentId);
      retried += 1;
    } catch (error) {
      if (!(error instanceof RefundRefusal)) throw error;
      app.log.warn({ refundId: refund.id, answer: error.message }, 'a pending refund asked again');
    }
  }
  return retried;
}

/** For a log line or a message: '₹500.00'. */
export function refundAmountText(refund: Pick<RefundRow, 'amountMinor' | 'currency'>): string {
  return formatMinor(refund.amountMinor, refund.currency);
}
