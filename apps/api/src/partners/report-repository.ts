import {
  nextReportMonth,
  ORGANISATION_UTC_OFFSET_MINUTES,
  organisationDayStart,
  reportMonthFirstDay,
  type KnownPartner,
  type PartnerReportRow,
} from '@charity/domain';
import { and, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { PartnerOrigins } from '../config.js';
import type { Database } from '../db/open.js';
import { donations } from '../db/schema.js';

// The partner report's reads (docs/decisions/031-partner-report.md): the partners staff can pick, and what each
// partner's widget brought per organisation month and currency. Its counting rules are the domain's
// (packages/domain/src/partner-report.ts) and the donations list's: completed donations, net of refunds.

export interface PartnerReportFilters {
  /** 'YYYY-MM' or '' (from the first donation). */
  from: string;
  /** 'YYYY-MM' or '' (to the last). */
  to: string;
  /** A partner's normalised origin, or '' for every partner. */
  partner: string;
}

/**
 * The partners in PARTNER_ORIGINS and those seen on a donation (a partner taken off the list keeps its past
 * donations, and with PARTNER_ORIGINS=* only donations name them), A to Z.
 */
export async function knownPartners(db: Database, configured: PartnerOrigins): Promise<KnownPartner[]> {
  const seen = await db
    .select({ origin: donations.partnerOrigin, donations: count() })
    .from(donations)
    .where(isNotNull(donations.partnerOrigin))
    .groupBy(donations.partnerOrigin);
  const byOrigin = new Map<string, KnownPartner>();
  for (const origin of configured.origins) byOrigin.set(origin, { origin, configured: true, donations: 0 });
  for (const row of seen) {
    if (row.origin === null) continue;
    const known = byOrigin.get(row.origin);
    byOrigin.set(row.origin, { origin: row.origin, configured: known?.configured ?? false, donations: row.donations });
  }
  return [...byOrigin.values()].sort((a, b) => (a.origin < b.origin ? -1 : a.origin > b.origin ? 1 : 0));
}

/**
 * The donation's organisation month, 'YYYY-MM': its instant shifted by the organisation's fixed offset (an interval,
 * so neither the server's TimeZone setting nor a time zone database, which PGlite lacks, plays any part).
 */
// The offset is the domain's constant written into the statement (never input): as a bound parameter the GROUP BY's
// copy of the expression would be another parameter, and PostgreSQL would not see the two as the same expression.
const OFFSET = sql.raw(`interval '${Math.trunc(ORGANISATION_UTC_OFFSET_MINUTES)} minutes'`);
const organisationMonth = sql<string>`to_char(${donations.createdAt} at time zone ${OFFSET}, 'YYYY-MM')`;
const completed = sql`${donations.status} = 'completed'`;

/** One row per partner, organisation month and currency: partner A to Z, newest month first, then currency. */
export async function partnerReportRows(db: Database, filters: PartnerReportFilters): Promise<PartnerReportRow[]> {
  const conditions = [
    isNotNull(donations.partnerOrigin),
    // Completed donations are counted; fully refunded ones (status 'refunded') only for what went back.
    inArray(donations.status, ['completed', 'refunded']),
  ];
  if (filters.partner) conditions.push(eq(donations.partnerOrigin, filters.partner));
  if (filters.from) conditions.push(sql`${donations.createdAt} >= ${organisationDayStart(reportMonthFirstDay(filters.from)).toISOString()}::timestamptz`);
  if (filters.to) {
    const end = organisationDayStart(reportMonthFirstDay(nextReportMonth(filters.to)));
    conditions.push(sql`${donations.createdAt} < ${end.toISOString()}::timestamptz`);
  }
  const rows = await db
    .select({
      partner: sql<string>`${donations.partnerOrigin}`,
      month: organisationMonth,
      currency: donations.currency,
      donations: sql<number>`count(*) filter (where ${completed})`.mapWith(Number),
      // The same address typed in another case is the same donor.
      donors: sql<number>`count(distinct lower(${donations.donorEmail})) filter (where ${completed})`.mapWith(Number),
      amount: sql<string>`coalesce(sum(${donations.amount} - ${donations.refundedAmount}) filter (where ${completed}), 0)`.mapWith(Number),
      refunded: sql<string>`coalesce(sum(${donations.refundedAmount}), 0)`.mapWith(Number),
    })
    .from(donations)
    .where(and(...conditions))
    .groupBy(donations.partnerOrigin, organisationMonth, donations.currency)
    .orderBy(donations.partnerOrigin, sql`${organisationMonth} desc`, donations.currency);
  return rows.map((row) => ({
    partner_origin: row.partner,
    month: row.month,
    currency: row.currency,
    donations: row.donations,
    donors: row.donors,
    // numeric(14,2) sums arrive as text: exact, then read as a number with at most two decimals.
    amount: Math.round(row.amount * 100) / 100,
    refunded_amount: Math.round(row.refunded * 100) / 100,
  }));
}
