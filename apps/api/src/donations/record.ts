import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/open.js';
import { campaigns, donations, paymentAttempts } from '../db/schema.js';
import type { PaymentAttemptRow } from '../payments/attempts.js';
import type { PaymentIntentSnapshot } from '../payments/provider.js';
import { amountInrOf } from './payload.js';

// The one way a donation is written, whether the browser saves it (POST /api/donations/save-after-payment) or
// the provider's webhook does (payment_intent.succeeded): from the payment attempt recorded at create-intent,
// once per payment intent, with the campaign's totals in the same transaction.

export interface SavedDonation {
  id: number;
  receiptNumber: string | null;
  /** True for the request that wrote the row; false for every repeat (which changes nothing). */
  created: boolean;
}

/**
 * Why an intent cannot become this attempt's donation, or null when it can: it must have succeeded, for exactly
 * the amount and currency the server asked for.
 */
export function intentMismatch(attempt: PaymentAttemptRow, intent: PaymentIntentSnapshot): 'not_succeeded' | 'amount' | null {
  if (intent.status !== 'succeeded') return 'not_succeeded';
  if (intent.id !== attempt.paymentIntentId || intent.amountMinor !== attempt.amountMinor || intent.currency.toUpperCase() !== attempt.currency) {
    return 'amount';
  }
  return null;
}

/**
 * Writes the donation of a succeeded intent (the caller has checked intentMismatch). Idempotent on the intent id:
 * the insert does nothing when a row exists (a concurrent writer's included: PostgreSQL makes it wait for that
 * transaction, then skip), and the existing row is answered instead. Only the writer of the row adds to the
 * campaign's raised amount (in INR) and donor count, in the same transaction, so totals never count a donation
 * twice or miss one.
 */
export async function recordDonation(db: Database, attempt: PaymentAttemptRow, intent: PaymentIntentSnapshot): Promise<SavedDonation> {
  const data = attempt.donationData;
  const amountInr = amountInrOf(data);
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(donations)
      .values({
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
        donationType: data.donation_type,
        source: data.source,
        status: 'completed',
        paymentIntentId: attempt.paymentIntentId,
        paymentMethodId: intent.paymentMethodId ?? attempt.paymentMethodId,
        paymentAttemptId: attempt.id,
        // Checked against PARTNER_ORIGINS at create-intent; copied so the admin list and CSV show the partner.
        partnerOrigin: attempt.partnerOrigin,
      })
      .onConflictDoNothing({ target: donations.paymentIntentId })
      .returning({ id: donations.id, receiptNumber: donations.receiptNumber });

    if (!inserted) {
      const [existing] = await tx
        .select({ id: donations.id, receiptNumber: donations.receiptNumber })
        .from(donations)
        .where(eq(donations.paymentIntentId, attempt.paymentIntentId))
        .limit(1);
      if (!existing) throw new Error(`The donation for ${attempt.paymentIntentId} conflicted but cannot be found.`);
      return { ...existing, created: false };
    }

    if (attempt.campaignId !== null) {
      await tx
        .update(campaigns)
        .set({
          raisedAmount: sql`${campaigns.raisedAmount} + ${amountInr}`,
          donationCount: sql`${campaigns.donationCount} + 1`,
        })
        .where(eq(campaigns.id, attempt.campaignId));
    }
    await tx.update(paymentAttempts).set({ status: 'succeeded', lastErrorCode: null }).where(eq(paymentAttempts.id, attempt.id));
    return { ...inserted, created: true };
  });
}
