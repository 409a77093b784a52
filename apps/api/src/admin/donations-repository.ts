import { PARTNER_FILTER_NONE } from '@charity/domain';
import { and, count, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import { escapeLike } from '../campaigns/repository.js';
import type { Database } from '../db/open.js';
import { campaigns, donations, receipts } from '../db/schema.js';
import { MAX_ID } from '../routes/shared.js';
import type { DonationListFilters } from './donation-filters.js';
import { refundsOf, type RefundRow } from '../refunds/repository.js';
import { organisationDayEnd, organisationDayStart } from './organisation-time.js';

// Every donation query of the admin console: the filtered list and its summary, one donation with its receipt,
// and the CSV export's batches. Donor contact details are selected here, and only ever answered behind the admin
// guard.

/** A donation's INR less what was refunded of it: what every total counts (docs/decisions/024-refunds.md). */
export const netInr = sql`(${donations.amountInr} - ${donations.refundedInr})`;

/** A row of the list (AdminDonation). */
export const donationListColumns = {
  id: donations.id,
  createdAt: donations.createdAt,
  donorName: donations.donorName,
  donorEmail: donations.donorEmail,
  isAnonymous: donations.isAnonymous,
  amount: donations.amount,
  currency: donations.currency,
  amountInr: donations.amountInr,
  donationType: donations.donationType,
  status: donations.status,
  campaignId: donations.campaignId,
  campaignTitle: campaigns.title,
  donorCountry: donations.donorCountry,
  donorCountryCode: donations.donorCountryCode,
  receiptNumber: donations.receiptNumber,
  paymentIntentId: donations.paymentIntentId,
  partnerOrigin: donations.partnerOrigin,
  source: donations.source,
  isRenewal: donations.isRenewal,
  refundedMinor: donations.refundedMinor,
};

/** Everything about a donor and the payment (the detail view and the CSV export). */
export const donationDetailColumns = {
  ...donationListColumns,
  donorMobile: donations.donorMobile,
  donorPan: donations.donorPan,
  donorState: donations.donorState,
  donorCity: donations.donorCity,
  donorAddress: donations.donorAddress,
  donorPincode: donations.donorPincode,
  paymentMethodId: donations.paymentMethodId,
  amountMinor: donations.amountMinor,
  refundPendingMinor: donations.refundPendingMinor,
  refundedAmount: donations.refundedAmount,
  refundedInr: donations.refundedInr,
};

/** The SQL conditions of the filters; undefined when there are none. */
export function donationConditions(filters: DonationListFilters): SQL | undefined {
  const conditions: Array<SQL | undefined> = [];
  if (filters.q) {
    // Parameterised ILIKE (case-insensitive); %, _ and \ in the term match themselves.
    const pattern = `%${escapeLike(filters.q)}%`;
    const id = /^\d{1,10}$/.test(filters.q) ? Number(filters.q) : NaN;
    conditions.push(
      or(
        ilike(donations.donorName, pattern),
        ilike(donations.donorEmail, pattern),
        ilike(donations.receiptNumber, pattern),
        ilike(donations.paymentIntentId, pattern),
        id >= 1 && id <= MAX_ID ? eq(donations.id, id) : undefined,
      ),
    );
  }
  if (filters.from) conditions.push(sql`${donations.createdAt} >= ${organisationDayStart(filters.from).toISOString()}::timestamptz`);
  if (filters.to) conditions.push(sql`${donations.createdAt} < ${organisationDayEnd(filters.to).toISOString()}::timestamptz`);
  if (filters.campaign === 'none') conditions.push(isNull(donations.campaignId));
  else if (filters.campaign !== null) conditions.push(eq(donations.campaignId, filters.campaign));
  if (filters.country) conditions.push(eq(donations.donorCountryCode, filters.country));
  if (filters.currency) conditions.push(eq(donations.currency, filters.currency));
  if (filters.type) conditions.push(eq(donations.donationType, filters.type));
  if (filters.status) conditions.push(eq(donations.status, filters.status));
  if (filters.partner === PARTNER_FILTER_NONE) conditions.push(isNull(donations.partnerOrigin));
  else if (filters.partner) conditions.push(eq(donations.partnerOrigin, filters.partner));
  return and(...conditions);
}

/** Newest first; the id breaks ties so pages never repeat or skip a donation. */
const newestFirst = [desc(donations.createdAt), desc(donations.id)];

export async function listDonations(db: Database, filters: DonationListFilters, { page, limit }: { page: number; limit: number }) {
  return db
    .select(donationListColumns)
    .from(donations)
    .leftJoin(campaigns, eq(campaigns.id, donations.campaignId))
    .where(donationConditions(filters))
    .orderBy(...newestFirst)
    .limit(limit)
    .offset((page - 1) * limit);
}

export interface DonationSummary {
  /** Every donation the filters match, whatever its status (the list's total). */
  count: number;
  /** INR of the completed ones among them, or of the filtered status when the filters name one. */
  amount_inr: number;
}

/** The whole filtered set in one pass: its size and its money. */
export async function summariseDonations(db: Database, filters: DonationListFilters): Promise<DonationSummary> {
  // Money counts completed donations only, unless the filter asks for a status: then that status's money.
  // Net of refunds: a partly refunded donation counts what is left of it; a refunded one, nothing.
  const amount = filters.status
    ? sql<string>`coalesce(sum(${netInr}), 0)`
    : sql<string>`coalesce(sum(${netInr}) filter (where ${donations.status} = 'completed'), 0)`;
  const [row] = await db
    .select({ count: count(), amount: amount.mapWith(Number) })
    .from(donations)
    .where(donationConditions(filters));
  return { count: row?.count ?? 0, amount_inr: row?.amount ?? 0 };
}

export interface DonationDetail extends DonationDetailRow {
  receipt: { number: string; issuedAt: Date; mailStatus: string | null } | null;
  refunds: RefundRow[];
}

export async function findDonation(db: Database, id: number): Promise<DonationDetail | null> {
  const [row] = await db
    .select({ ...donationDetailColumns, receiptId: receipts.id, receiptNumberIssued: receipts.number, issuedAt: receipts.issuedAt, mailStatus: receipts.mailStatus })
    .from(donations)
    .leftJoin(campaigns, eq(campaigns.id, donations.campaignId))
    .leftJoin(receipts, eq(receipts.donationId, donations.id))
    .where(eq(donations.id, id))
    .limit(1);
  if (!row) return null;
  const { receiptId, receiptNumberIssued, issuedAt, mailStatus, ...donation } = row;
  return {
    ...donation,
    refunds: await refundsOf(db, id),
    receipt: receiptId !== null && receiptNumberIssued !== null && issuedAt !== null ? { number: receiptNumberIssued, issuedAt, mailStatus } : null,
  };
}

/**
 * One batch of the export, newest first, after the donation `afterId` (keyset pagination on (created_at, id)).
 * The cursor's created_at is read back from the row itself, in the database, so its microseconds are compared
 * exactly (a JavaScript Date keeps only milliseconds and would skip or repeat rows at a batch boundary).
 * Donations are never deleted (financial records), so the cursor row always exists.
 */
export async function donationBatch(db: Database, filters: DonationListFilters, afterId: number | null, size: number) {
  const after =
    afterId === null
      ? undefined
      : sql`(${donations.createdAt}, ${donations.id}) < (select cursor_row.created_at, cursor_row.id from donations cursor_row where cursor_row.id = ${afterId})`;
  return db
    .select(donationDetailColumns)
    .from(donations)
    .leftJoin(campaigns, eq(campaigns.id, donations.campaignId))
    .where(and(donationConditions(filters), after))
    .orderBy(...newestFirst)
    .limit(size);
}

export type DonationListRow = Awaited<ReturnType<typeof listDonations>>[number];
export type DonationDetailRow = Awaited<ReturnType<typeof donationBatch>>[number];
