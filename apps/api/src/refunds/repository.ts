import { fromMinorUnits, proportionalInr, type AdminRefund, type RefundStatus } from '@charity/domain';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/open.js';
import { campaigns, donations, refunds } from '../db/schema.js';

// The refunds module's tables (docs/decisions/024-refunds.md). Every change to a donation's refunds happens in a
// transaction that first locks the donation's row (lockDonation): two staff refunding at once, a webhook racing the
// staff member's own answer, or two replicas applying one event all queue on that lock, and each then recomputes
// the donation's totals from its refunds rows (settleDonation), so what the donation says always is what its
// refunds add up to, however the changes interleave.

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DonationRow = typeof donations.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;

/** The donation's row, locked until the transaction ends; null when there is none. */
export async function lockDonation(tx: Tx, where: { id: number } | { paymentIntentId: string }): Promise<DonationRow | null> {
  const condition = 'id' in where ? eq(donations.id, where.id) : eq(donations.paymentIntentId, where.paymentIntentId);
  const [row] = await tx.select().from(donations).where(condition).for('update');
  return row ?? null;
}

export async function refundsOf(db: Database | Tx, donationId: number): Promise<RefundRow[]> {
  return db.select().from(refunds).where(eq(refunds.donationId, donationId)).orderBy(asc(refunds.id));
}

/**
 * How far along a status is. A refund only ever moves forward (pending, then succeeded, then possibly failed:
 * Stripe's refunds can fail after they succeeded), so an event that arrives late never takes it back.
 */
export function statusRank(status: string): number {
  if (status === 'pending' || status === 'requires_action') return 0;
  if (status === 'succeeded') return 1;
  return 2; // failed, canceled
}

/** A provider status as ours (requires_action waits like pending). */
export function refundStatusOf(status: string): RefundStatus {
  if (status === 'succeeded' || status === 'failed' || status === 'canceled') return status;
  return 'pending';
}

export interface SettledTotals {
  refundedMinor: number;
  refundPendingMinor: number;
  status: DonationRow['status'];
}

/**
 * Recomputes the (locked) donation's refund totals from its refunds, and moves its campaign's raised amount and
 * count by the difference: the campaign's figures are net of refunds, and a donation refunded in full no longer
 * counts as a donation (it counts again if that refund fails later).
 */
export async function settleDonation(tx: Tx, donation: DonationRow): Promise<SettledTotals> {
  const rows = await refundsOf(tx, donation.id);
  let refundedMinor = 0;
  let refundPendingMinor = 0;
  let refundedInr = 0;
  for (const row of rows) {
    if (row.status === 'succeeded') {
      refundedMinor += row.amountMinor;
      refundedInr += row.amountInr;
    } else if (row.status === 'pending') refundPendingMinor += row.amountMinor;
  }
  refundedMinor = Math.min(refundedMinor, donation.amountMinor);
  refundedInr = refundedMinor >= donation.amountMinor ? donation.amountInr : Math.min(Math.round(refundedInr * 100) / 100, donation.amountInr);
  const counted = donation.status === 'completed' || donation.status === 'refunded';
  const status: DonationRow['status'] = !counted ? donation.status : refundedMinor >= donation.amountMinor ? 'refunded' : 'completed';
  await tx
    .update(donations)
    .set({
      refundedMinor,
      refundPendingMinor,
      refundedAmount: fromMinorUnits(refundedMinor, donation.currency),
      refundedInr,
      status,
    })
    .where(eq(donations.id, donation.id));
  if (donation.campaignId !== null && counted) {
    const inrChange = Math.round((refundedInr - donation.refundedInr) * 100) / 100;
    const countChange = (donation.status === 'refunded' ? 1 : 0) - (status === 'refunded' ? 1 : 0);
    if (inrChange !== 0 || countChange !== 0) {
      await tx
        .update(campaigns)
        .set({
          raisedAmount: sql`greatest(${campaigns.raisedAmount} - ${inrChange}::numeric, 0)`,
          donationCount: sql`greatest(${campaigns.donationCount} + ${countChange}::int, 0)`,
        })
        .where(eq(campaigns.id, donation.campaignId));
    }
  }
  return { refundedMinor, refundPendingMinor, status };
}

/** A refund staff asked for, holding its amount until the provider answers. */
export async function insertStaffRefund(
  tx: Tx,
  donation: DonationRow,
  request: { amountMinor: number; reason: string; requestedBy: string },
): Promise<RefundRow> {
  const [row] = await tx
    .insert(refunds)
    .values({
      donationId: donation.id,
      amountMinor: request.amountMinor,
      currency: donation.currency,
      amountInr: proportionalInr(donation.amountInr, request.amountMinor, donation.amountMinor),
      status: 'pending',
      source: 'staff',
      reason: request.reason,
      requestedBy: request.requestedBy,
    })
    .returning();
  return row!;
}

/** A refund made at the provider (its dashboard), seen for the first time. */
export async function insertProviderRefund(
  tx: Tx,
  donation: DonationRow,
  refund: { id: string; amountMinor: number; status: RefundStatus; reason: string; failureReason: string | null },
): Promise<RefundRow> {
  const [row] = await tx
    .insert(refunds)
    .values({
      donationId: donation.id,
      amountMinor: refund.amountMinor,
      currency: donation.currency,
      amountInr: proportionalInr(donation.amountInr, Math.min(refund.amountMinor, donation.amountMinor), donation.amountMinor),
      status: refund.status,
      source: 'provider',
      reason: refund.reason,
      providerRefundId: refund.id,
      failureReason: refund.failureReason,
    })
    .returning();
  return row!;
}

export function adminRefundJson(row: RefundRow): AdminRefund {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    amount_minor: row.amountMinor,
    currency: row.currency.toUpperCase(),
    status: row.status,
    source: row.source,
    reason: row.reason,
    requested_by: row.requestedBy,
    failure_reason: row.failureReason,
    provider_refund_id: row.providerRefundId,
    note:
      row.noteNumber && row.noteKind && row.noteIssuedAt
        ? { number: row.noteNumber, kind: row.noteKind, issued_at: row.noteIssuedAt.toISOString(), mail_status: row.noteMailStatus }
        : null,
  };
}
