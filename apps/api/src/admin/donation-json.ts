import type { AdminDonation, AdminDonationDetail } from '@charity/domain';
import type { DonationDetail, DonationListRow } from './donations-repository.js';

// Donations as the admin console receives them (the domain's AdminDonation and AdminDonationDetail), and their
// JSON schemas: Fastify serialises with them, so a column that is not in the contract can never leak out.

export function adminDonationJson(row: DonationListRow): AdminDonation {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    donor_name: row.donorName,
    donor_email: row.donorEmail,
    is_anonymous: row.isAnonymous,
    amount: row.amount,
    currency: row.currency,
    amount_inr: row.amountInr,
    donation_type: row.donationType,
    status: row.status,
    campaign_id: row.campaignId,
    campaign_title: row.campaignTitle,
    donor_country: row.donorCountry,
    donor_country_code: row.donorCountryCode,
    receipt_number: row.receiptNumber,
    payment_intent_id: row.paymentIntentId,
    partner_origin: row.partnerOrigin,
    source: row.source,
  };
}

export function adminDonationDetailJson(row: DonationDetail): AdminDonationDetail {
  return {
    ...adminDonationJson(row),
    donor_mobile: row.donorMobile,
    donor_pan: row.donorPan,
    donor_state: row.donorState,
    donor_city: row.donorCity,
    donor_address: row.donorAddress,
    donor_pincode: row.donorPincode,
    payment_method_id: row.paymentMethodId,
    receipt: row.receipt ? { number: row.receipt.number, issued_at: row.receipt.issuedAt.toISOString(), mail_status: row.receipt.mailStatus } : null,
  };
}

const text = { type: 'string' } as const;
const nullableText = { type: ['string', 'null'] } as const;

export const adminDonationProperties = {
  id: { type: 'integer' },
  created_at: text,
  donor_name: nullableText,
  donor_email: nullableText,
  is_anonymous: { type: 'boolean' },
  amount: { type: 'number' },
  currency: text,
  amount_inr: { type: 'number' },
  donation_type: text,
  status: text,
  campaign_id: { type: ['integer', 'null'] },
  campaign_title: nullableText,
  donor_country: nullableText,
  donor_country_code: nullableText,
  receipt_number: nullableText,
  payment_intent_id: nullableText,
  partner_origin: nullableText,
  source: text,
} as const;

export const adminDonationSchema = { type: 'object', properties: adminDonationProperties } as const;

export const adminDonationDetailSchema = {
  type: 'object',
  properties: {
    ...adminDonationProperties,
    donor_mobile: nullableText,
    donor_pan: nullableText,
    donor_state: nullableText,
    donor_city: nullableText,
    donor_address: nullableText,
    donor_pincode: nullableText,
    payment_method_id: nullableText,
    receipt: {
      type: ['object', 'null'],
      properties: { number: text, issued_at: text, mail_status: nullableText },
    },
  },
} as const;
