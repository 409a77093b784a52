import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { donations } from '../db/schema.js';
import { yearBounds, type Reader } from './repository.js';

// Staff record the PAN a donor sent them (docs/decisions/027-tax-year.md): a donor listed without one on
// /admin/tax-year replies by mail, and from then on Form 10BD reports them.

/**
 * Sets the PAN (already normalised and valid) on every donation of the donor's that the year's 80G summary counts —
 * the same rows eligibleDonors sums: completed, from India, in the year, by the lowercased address. All of them, not
 * only the latest, so whichever gift is their latest carries it (a refund in full can make an older gift the latest).
 * One statement, so the donor is never half recorded. Receipts (and annual statements)
 * already issued are not touched: each froze the donor's details when it was issued, and a donor holds it as it was.
 * Answers how many donations were changed: 0 when the address made no eligible donation that year.
 */
export async function recordDonorPan(db: Reader, year: string, email: string, pan: string): Promise<number> {
  const { start, end } = yearBounds(year);
  const changed = await db
    .update(donations)
    .set({ donorPan: pan })
    .where(
      and(
        eq(donations.status, 'completed'),
        eq(donations.donorCountryCode, 'IN'),
        sql`lower(${donations.donorEmail}) = ${email}`,
        gte(donations.createdAt, start),
        lt(donations.createdAt, end),
      ),
    )
    .returning({ id: donations.id });
  return changed.length;
}
