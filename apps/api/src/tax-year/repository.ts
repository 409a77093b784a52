import { financialYearDays, isValidPan, organisationDayEnd, organisationDayStart } from '@charity/domain';
import { and, asc, desc, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { rowsOf } from '../admin/sql-rows.js';
import type { Database } from '../db/open.js';
import { annualStatements, campaigns, donations, mailOutbox, taxCertificates } from '../db/schema.js';

// The financial year's reads (docs/decisions/027-tax-year.md). A year is the organisation's calendar: from 1 April
// 00:00 IST to the instant 1 April of the next year begins, compared as instants (no time zone database involved).
// Money leaves here in paise: numeric(14,2) rupees times 100 are whole numbers, summed exactly by the database.

/** Readers: the database or a transaction on it. */
export type Reader = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

export function yearBounds(year: string): { start: Date; end: Date } {
  const { from, to } = financialYearDays(year);
  return { start: organisationDayStart(from), end: organisationDayEnd(to) };
}

/** One Indian donor's completed gifts of the year, with name, PAN and address from their latest gift. */
export interface EligibleDonorRow {
  email: string;
  name: string;
  pan: string | null;
  address: string;
  donations: number;
  grossInrMinor: number;
  refundedInrMinor: number;
}

interface RawDonor {
  email: string;
  name: string | null;
  pan: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  pincode: string | null;
  donations: number | string;
  gross: number | string;
  refunded: number | string;
}

/** 'address, city, state, pincode' on one line, empty parts left out (what 10BD's single address field takes). */
export function addressOneLine(parts: Array<string | null | undefined>): string {
  return parts
    .map((part) => (part ?? '').replace(/\s+/g, ' ').trim())
    .filter((part) => part.length > 0)
    .join(', ');
}

/**
 * Donations eligible under 80G in the year, per donor (lowercased email): completed gifts of donors whose country is
 * India, net of partial refunds (a gift refunded in full has status 'refunded' and is not eligible). The PAN is
 * the latest non-empty one the donor gave that year, uppercased; one that is not a valid PAN counts as none.
 */
export async function eligibleDonors(db: Reader, year: string): Promise<EligibleDonorRow[]> {
  const { start, end } = yearBounds(year);
  const latest = (column: unknown) => sql`(array_agg(${column} order by ${donations.createdAt} desc, ${donations.id} desc))[1]`;
  const result = await db.execute(sql`
    select lower(${donations.donorEmail}) as email,
           ${latest(donations.donorName)} as name,
           (array_agg(upper(trim(${donations.donorPan})) order by ${donations.createdAt} desc, ${donations.id} desc)
              filter (where coalesce(trim(${donations.donorPan}), '') <> ''))[1] as pan,
           ${latest(donations.donorAddress)} as address,
           ${latest(donations.donorCity)} as city,
           ${latest(donations.donorState)} as state,
           ${latest(donations.donorPincode)} as pincode,
           count(*)::int as donations,
           sum(round(${donations.amountInr} * 100))::float8 as gross,
           sum(round(${donations.refundedInr} * 100))::float8 as refunded
    from ${donations}
    where ${donations.status} = 'completed'
      and ${donations.donorCountryCode} = 'IN'
      and coalesce(${donations.donorEmail}, '') <> ''
      and ${donations.createdAt} >= ${start.toISOString()}::timestamptz
      and ${donations.createdAt} < ${end.toISOString()}::timestamptz
    group by 1`);
  return rowsOf<RawDonor>(result).map((row) => ({
    email: row.email,
    name: (row.name ?? '').replace(/\s+/g, ' ').trim(),
    pan: row.pan && isValidPan(row.pan) ? row.pan : null,
    address: addressOneLine([row.address, row.city, row.state, row.pincode]),
    donations: Number(row.donations),
    grossInrMinor: Number(row.gross),
    refundedInrMinor: Number(row.refunded),
  }));
}

/** Every donor (lowercased email) with a completed gift in the year, from any country: who gets a statement. */
export async function donorEmailsOfYear(db: Reader, year: string): Promise<string[]> {
  const { start, end } = yearBounds(year);
  const result = await db.execute(sql`
    select distinct lower(${donations.donorEmail}) as email
    from ${donations}
    where ${donations.status} = 'completed'
      and coalesce(${donations.donorEmail}, '') <> ''
      and ${donations.createdAt} >= ${start.toISOString()}::timestamptz
      and ${donations.createdAt} < ${end.toISOString()}::timestamptz
    order by 1`);
  return rowsOf<{ email: string }>(result).map((row) => row.email);
}

/** Whether the address gave (a completed gift) in the year. */
export async function gaveInYear(db: Reader, year: string, email: string): Promise<boolean> {
  const { start, end } = yearBounds(year);
  const [row] = await db
    .select({ id: donations.id })
    .from(donations)
    .where(
      and(
        eq(donations.status, 'completed'),
        sql`lower(${donations.donorEmail}) = ${email}`,
        gte(donations.createdAt, start),
        lt(donations.createdAt, end),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export type DonorDonationRow = Awaited<ReturnType<typeof donationsOfDonor>>[number];

/**
 * A donor's gifts of the year for their statement, oldest first: completed ones and those refunded in full (shown
 * with their refund, net zero), so the statement agrees with the receipts and credit notes the donor holds.
 */
export async function donationsOfDonor(db: Reader, year: string, email: string) {
  const { start, end } = yearBounds(year);
  return db
    .select({
      id: donations.id,
      createdAt: donations.createdAt,
      receiptNumber: donations.receiptNumber,
      campaignTitle: campaigns.title,
      currency: donations.currency,
      amountMinor: donations.amountMinor,
      refundedMinor: donations.refundedMinor,
      netInrMinor: sql<string>`round((${donations.amountInr} - ${donations.refundedInr}) * 100)::float8`.mapWith(Number),
      grossInrMinor: sql<string>`round(${donations.amountInr} * 100)::float8`.mapWith(Number),
      refundedInrMinor: sql<string>`round(${donations.refundedInr} * 100)::float8`.mapWith(Number),
      donorName: donations.donorName,
      donorPan: donations.donorPan,
      donorCountryCode: donations.donorCountryCode,
      donorAddress: donations.donorAddress,
      donorCity: donations.donorCity,
      donorState: donations.donorState,
      donorPincode: donations.donorPincode,
      donorCountry: donations.donorCountry,
    })
    .from(donations)
    .leftJoin(campaigns, eq(campaigns.id, donations.campaignId))
    .where(
      and(
        inArray(donations.status, ['completed', 'refunded']),
        sql`lower(${donations.donorEmail}) = ${email}`,
        gte(donations.createdAt, start),
        lt(donations.createdAt, end),
      ),
    )
    .orderBy(asc(donations.createdAt), asc(donations.id));
}

export interface StatementStatusRow {
  id: number;
  email: string;
  mailStatus: string;
  sentAt: Date;
}

/** Each donor's latest mailed statement of the year (the donor's own requests are not mailed statements). */
export async function latestMailedStatements(db: Reader, year: string): Promise<Map<string, StatementStatusRow>> {
  const rows = await db
    .select({
      id: annualStatements.id,
      email: annualStatements.donorEmail,
      mailStatus: annualStatements.mailStatus,
      issuedAt: annualStatements.issuedAt,
      mailedAt: mailOutbox.sentAt,
    })
    .from(annualStatements)
    .leftJoin(mailOutbox, eq(mailOutbox.id, annualStatements.mailOutboxId))
    .where(and(eq(annualStatements.financialYear, year), isNotNull(annualStatements.mailStatus)))
    .orderBy(asc(annualStatements.id));
  const latest = new Map<string, StatementStatusRow>();
  for (const row of rows) latest.set(row.email, { id: row.id, email: row.email, mailStatus: row.mailStatus!, sentAt: row.mailedAt ?? row.issuedAt });
  return latest;
}

export type CertificateRow = typeof taxCertificates.$inferSelect;

/** The year's uploaded Form 10BE certificates (the certificates module writes them). */
export async function certificatesOfYear(db: Reader, year: string): Promise<CertificateRow[]> {
  return db.select().from(taxCertificates).where(eq(taxCertificates.financialYear, year)).orderBy(desc(taxCertificates.id));
}
