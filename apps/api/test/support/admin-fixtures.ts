import { TEST_CARDS } from '@charity/domain';
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/open.js';
import { contactMessages, donations, mailOutbox } from '../../src/db/schema.js';

// Rows for the admin console's tests, written straight into the tables (the payment flow is tested elsewhere; here
// only what the rows say matters): donations with any status, date, currency or donor, a bulk insert of many in one
// statement, contact messages and outbox mails.

export type DonationInsert = typeof donations.$inferInsert;

let counter = 0;

/** A completed ₹1,000 one-time donation from an Indian donor, now, with what the test overrides. */
export function donationRow(overrides: Partial<DonationInsert> = {}): DonationInsert {
  counter += 1;
  const amount = overrides.amount ?? 1000;
  const currency = overrides.currency ?? 'INR';
  return {
    amount,
    currency,
    amountMinor: Math.round(amount * 100),
    amountInr: currency === 'INR' ? amount : amount * 83,
    donorName: 'Asha Verma',
    donorEmail: 'asha.verma@example.org',
    donorMobile: '9876543210',
    donorPan: 'ABCDE1234F',
    donorCountry: 'India',
    donorCountryCode: 'IN',
    donorState: 'Karnataka',
    donorCity: 'Bengaluru',
    donorAddress: '12, 100 Feet Road, Indiranagar',
    donorPincode: '560038',
    isAnonymous: false,
    donationType: 'one_time',
    source: 'website',
    status: 'completed',
    paymentIntentId: `pi_admin_${Date.now().toString(36)}_${counter}`,
    paymentMethodId: TEST_CARDS.visa.paymentMethod,
    ...overrides,
  };
}

/** Inserts donations (each a donationRow with its overrides); answers the rows in order. */
export async function insertDonations(db: Database, rows: Array<Partial<DonationInsert>>) {
  if (rows.length === 0) return [];
  return db.insert(donations).values(rows.map(donationRow)).returning();
}

export async function insertDonation(db: Database, overrides: Partial<DonationInsert> = {}) {
  const [row] = await insertDonations(db, [overrides]);
  return row!;
}

/**
 * `count` completed donations in one INSERT … SELECT generate_series (seconds for 100,000 on either database):
 * donor i is "Donor i", every 7th monthly, every 5th in USD; the newest is `newest`, then one every `stepSeconds`
 * back in time.
 */
export async function bulkInsertDonations(db: Database, count: number, { newest = new Date(), stepSeconds = 60 } = {}) {
  await db.execute(sql`
    insert into donations (amount, currency, amount_minor, amount_inr, donor_name, donor_email, donor_mobile, donor_country,
      donor_country_code, donor_state, donor_city, donor_address, donor_pincode, is_anonymous, donation_type, source, status,
      payment_intent_id, created_at)
    select case when g % 5 = 0 then 25 else 500 + g % 1000 end,
           case when g % 5 = 0 then 'USD' else 'INR' end,
           case when g % 5 = 0 then 2500 else (500 + g % 1000) * 100 end,
           case when g % 5 = 0 then 2075 else 500 + g % 1000 end,
           'Donor ' || g, 'donor' || g || '@example.org', '98765' || lpad((g % 100000)::text, 5, '0'), 'India',
           'IN', 'Karnataka', 'Bengaluru', g || ', MG Road', '560001', g % 11 = 0,
           case when g % 7 = 0 then 'monthly' else 'one_time' end, 'website', 'completed',
           'pi_bulk_' || g, ${newest.toISOString()}::timestamptz - g * ${stepSeconds}::int * interval '1 second'
    from generate_series(1, ${count}::int) as g`);
}

export async function insertMessages(db: Database, rows: Array<Partial<typeof contactMessages.$inferInsert>>) {
  return db
    .insert(contactMessages)
    .values(rows.map((row, i) => ({ name: `Visitor ${i + 1}`, email: `visitor${i + 1}@example.org`, subject: 'general', message: 'Hello there.', ...row })))
    .returning();
}

export async function insertMails(db: Database, rows: Array<Partial<typeof mailOutbox.$inferInsert>>) {
  return db
    .insert(mailOutbox)
    .values(rows.map((row, i) => ({ to: `person${i + 1}@example.org`, subject: `Mail ${i + 1}`, text: 'Body.', status: 'stored' as const, ...row })))
    .returning();
}
