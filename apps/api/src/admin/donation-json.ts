import type { AdminDonation, AdminDonationDetail } from '@charity/domain';
import type { DonationDetail, DonationListRow } from './donations-repository.js';
import { adminRefundJson } from '../refunds/repository.js';

// Donations as the admin console receives them (the domain's AdminDonation and AdminDonationDetail). Their schemas
// are the contract's (AdminDonationReply): Fastify serialises with them, so no other column can ever leak out.

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
    is_renewal: row.isRenewal,
    refunded_minor: row.refundedMinor,
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
    amount_minor: row.amountMinor,
    refunded_minor: row.refundedMinor,
    refund_pending_minor: row.refundPendingMinor,
    refunds: row.refunds.map(adminRefundJson),
  };
}

