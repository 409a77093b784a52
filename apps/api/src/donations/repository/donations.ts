import { count, countDistinct, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/open.js';
import { prepared, preparedSql } from '../../db/prepared.js';
import { campaigns, donations, paymentAttempts, webhookEvents } from '../../db/schema.js';
import { amountInrOf } from '../payload.js';
import type { PaymentIntentSnapshot } from '../provider/provider.js';
import type { PaymentAttemptRow } from './attempts.js';
import { rowsOf } from './sql-rows.js';

// The one way a donation is written, whether the browser saves it (use-cases/save-donation.ts) or the provider's
// webhook does (use-cases/apply-provider-event.ts): from the payment attempt recorded at create-intent, once per
// payment intent, with the campaign's totals in the same statement (so the same transaction). And the donations'
// totals the donate page shows.

export interface SavedDonation {
  id: number;
  receiptNumber: string | null;
  /** True for the request that wrote the row; false for every repeat (which changes nothing). */
  created: boolean;
}

/** The webhook event a donation is written for: recorded in the same statement as the donation (events.ts). */
export interface DonationEvent {
  id: string;
  type: string;
}

/**
 * Writes the donation of a succeeded intent (the caller has checked intentMismatch), in ONE statement: the insert,
 * the campaign's raised amount (in INR) and donor count, the attempt's status, and (for the webhook) the event id
 * are data-modifying CTEs of one statement, so they commit together or not at all, without BEGIN/COMMIT round
 * trips. Idempotent on the intent id: the insert does nothing when a row exists (a concurrent writer's included:
 * PostgreSQL makes it wait for that transaction, then skip); only the writer of the row adds to the campaign, so
 * totals never count a donation twice or miss one. A row that existed before the statement began is answered by the
 * same statement; one a concurrent writer committed while this statement waited is outside its snapshot, so a
 * second statement (a fresh snapshot) reads it.
 *
 * With `event`: `eventRecorded` says whether this statement recorded the event id (false: a concurrent delivery of
 * the same event did).
 */
export async function recordDonation(
  db: Database,
  attempt: PaymentAttemptRow,
  intent: PaymentIntentSnapshot,
  event?: DonationEvent,
): Promise<SavedDonation & { eventRecorded: boolean }> {
  const data = attempt.donationData;
  const amountInr = amountInrOf(data);
  const statement = recordDonationStatement(db, event !== undefined);
  const result = await statement.execute({
    // attempt.campaign_id rather than data.campaign_id: it is set to null if the campaign was deleted since.
    campaignId: attempt.campaignId,
    amount: data.amount,
    currency: data.currency,
    amountMinor: attempt.amountMinor,
    amountInr,
    donorName: data.donor.full_name,
    donorEmail: data.donor.email,
    donorMobile: data.donor.mobile,
    donorPan: data.donor.pan_number,
    donorCountry: data.donor.country,
    donorCountryCode: data.donor.country_code,
    donorState: data.donor.state,
    donorCity: data.donor.city,
    donorAddress: data.donor.address,
    donorPincode: data.donor.pincode,
    isAnonymous: data.donor.is_anonymous,
    showFirstName: data.donor.show_first_name === true,
    donationType: data.donation_type,
    source: data.source,
    paymentIntentId: attempt.paymentIntentId,
    paymentMethodId: intent.paymentMethodId ?? attempt.paymentMethodId,
    paymentAttemptId: attempt.id,
    // Checked against PARTNER_ORIGINS at create-intent; copied so the admin list and CSV show the partner.
    partnerOrigin: attempt.partnerOrigin,
    ...(event ? { eventId: event.id, eventType: event.type } : {}),
  });
  const [row] = rowsOf(result) as Array<{ event_recorded: boolean; id: number | string | null; receipt_number: string | null; created: boolean | null }>;
  if (!row) throw new Error('Recording a donation answered no row.');
  const eventRecorded = row.event_recorded === true;
  if (row.id !== null) return { id: Number(row.id), receiptNumber: row.receipt_number, created: row.created === true, eventRecorded };

  // The insert waited for a concurrent writer of this intent's donation and skipped: read it in a fresh snapshot.
  const [existing] = await prepared(db, 'donation_by_intent', () =>
    db
      .select({ id: donations.id, receiptNumber: donations.receiptNumber })
      .from(donations)
      .where(eq(donations.paymentIntentId, sql.placeholder('paymentIntentId')))
      .limit(1)
      .prepare('donation_by_intent'),
  ).execute({ paymentIntentId: attempt.paymentIntentId });
  if (!existing) throw new Error(`The donation for ${attempt.paymentIntentId} conflicted but cannot be found.`);
  return { ...existing, created: false, eventRecorded };
}

/** The donation values recordDonation's statement takes as placeholders (the insert's columns). */
const DONATION_COLUMNS = [
  'campaignId',
  'amount',
  'currency',
  'amountMinor',
  'amountInr',
  'donorName',
  'donorEmail',
  'donorMobile',
  'donorPan',
  'donorCountry',
  'donorCountryCode',
  'donorState',
  'donorCity',
  'donorAddress',
  'donorPincode',
  'isAnonymous',
  'showFirstName',
  'donationType',
  'source',
  'paymentIntentId',
  'paymentMethodId',
  'paymentAttemptId',
  'partnerOrigin',
] as const;

/** recordDonation's statement, prepared once per database: with the webhook's event id, or without (the browser's save). */
function recordDonationStatement(db: Database, withEvent: boolean) {
  const name = withEvent ? 'donation_record_event' : 'donation_record';
  return preparedSql(db, name, () => {
    const values = Object.fromEntries(DONATION_COLUMNS.map((column) => [column, sql.placeholder(column)]));
    const insertDonation = db
      .insert(donations)
      .values({ ...(values as unknown as typeof donations.$inferInsert), status: 'completed' })
      .onConflictDoNothing({ target: donations.paymentIntentId })
      .returning({ id: donations.id, receiptNumber: donations.receiptNumber });
    const recordEvent = withEvent
      ? db
          .insert(webhookEvents)
          .values({ id: sql.placeholder('eventId'), type: sql.placeholder('eventType'), paymentIntentId: sql.placeholder('paymentIntentId') })
          .onConflictDoNothing({ target: webhookEvents.id })
          .returning({ id: webhookEvents.id })
      : null;
    return sql`
    with ${recordEvent ? sql`ev as (${recordEvent.getSQL()}),` : sql``} ins as (${insertDonation.getSQL()}),
    campaign as (
      update ${campaigns} set raised_amount = ${campaigns.raisedAmount} + ${sql.placeholder('amountInr')}::numeric, donation_count = ${campaigns.donationCount} + 1
      where ${campaigns.id} = ${sql.placeholder('campaignId')}::int and exists (select 1 from ins)
    ), attempt as (
      update ${paymentAttempts} set status = 'succeeded', last_error_code = null, updated_at = now()
      where ${paymentAttempts.id} = ${sql.placeholder('paymentAttemptId')}::int and exists (select 1 from ins)
    ), saved as (
      select id, receipt_number, true as created from ins
      union all
      select ${donations.id}, ${donations.receiptNumber}, false from ${donations} where ${donations.paymentIntentId} = ${sql.placeholder('paymentIntentId')}::text
    )
    select ${recordEvent ? sql`(select count(*) from ev) > 0` : sql`false`} as event_recorded, saved.id, saved.receipt_number, saved.created
    from (select 1) as one left join saved on true`;
  });
}

/** Completed donations: how many, their sum in INR and their distinct countries (GET /api/stats). */
export async function completedDonationTotals(db: Database): Promise<{ count: number; amountInr: number; countries: number }> {
  const [row] = await db
    // Net of refunds (a partly refunded donation counts what is left of it; a refunded one is no longer 'completed').
    .select({ n: count(), inr: sql<string>`sum(${donations.amountInr} - ${donations.refundedInr})`, countries: countDistinct(donations.donorCountryCode) })
    .from(donations)
    .where(eq(donations.status, 'completed'));
  return { count: row?.n ?? 0, amountInr: Number(row?.inr ?? 0), countries: row?.countries ?? 0 };
}
