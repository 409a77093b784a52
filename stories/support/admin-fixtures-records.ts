// Deterministic records for the admin campaign and donation stories: fixed dates, no network (images are data URIs).
import type { AdminDonation, AdminDonationDetail, AdminRefund } from '@charity/domain';
import type { AdminCampaignRecord } from '@charity/ui';

/** The moment the stories are rendered "at": campaign statuses and "ended" depend on it. */
export const RECORDS_NOW = new Date('2026-11-22T06:30:00Z');

/** A photo-like placeholder as an inline SVG data URI. */
export function photo(label: string, colour: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450" viewBox="0 0 800 450"><rect width="800" height="450" fill="${colour}"/><text x="400" y="245" font-family="sans-serif" font-size="64" text-anchor="middle" fill="#ffffff">${label}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** A real 1×1 PNG, so an uploaded file previews like a picture. */
export function pngFile(name = 'library.png'): File {
  const bytes = Uint8Array.from(
    atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='),
    (c) => c.charCodeAt(0),
  );
  return new File([bytes], name, { type: 'image/png' });
}

const campaignBase = {
  created_at: '2026-09-01T04:30:00.000Z',
  updated_at: '2026-09-01T04:30:00.000Z',
  currency: 'INR',
} as const;

export const LIBRARY_CORNERS: AdminCampaignRecord = {
  ...campaignBase,
  id: 7,
  title: 'Library Corners',
  description: 'Reading corners with 200 books in ten village schools.',
  status: 'active',
  is_featured: true,
  category: 'education',
  image_url: photo('Books', '#1d5fa8'),
  target_amount: 150000,
  raised_amount: 45000,
  donation_count: 12,
  start_date: '2026-09-01T00:00:00.000Z',
  end_date: '2027-03-31T00:00:00.000Z',
};

export const HEALTH_CAMP: AdminCampaignRecord = {
  ...campaignBase,
  id: 8,
  title: 'Winter Health Camp',
  description: 'Free check-ups and vaccinations for children under five.',
  status: 'draft',
  is_featured: false,
  category: 'health',
  image_url: null,
  target_amount: 80000,
  raised_amount: 0,
  donation_count: 0,
  start_date: null,
  end_date: null,
};

/** Still set to Active, but its end date has passed: it reads Completed, and staff see what they set. */
export const SCHOOL_KITS: AdminCampaignRecord = {
  ...campaignBase,
  id: 5,
  title: 'School Kits 2026',
  description: 'Bags, books and uniforms for the new school year.',
  status: 'active',
  is_featured: false,
  category: 'family-support',
  image_url: photo('Kits', '#1e7b3c'),
  target_amount: 200000,
  raised_amount: 212500,
  donation_count: 1032,
  // Most of it came as cheques at the school fair, entered by staff.
  offline_amount: 200000,
  offline_donation_count: 1000,
  start_date: '2026-04-01T00:00:00.000Z',
  end_date: '2026-06-30T00:00:00.000Z',
};

export const CAMPAIGNS: AdminCampaignRecord[] = [LIBRARY_CORNERS, HEALTH_CAMP, SCHOOL_KITS];

const donationBase = {
  is_anonymous: false,
  donation_type: 'one_time',
  status: 'completed',
  donor_country: 'India',
  donor_country_code: 'IN',
  partner_origin: null,
  source: 'website',
} as const;

/** 22 Nov 2026, 11:15 in organisation time (05:45 UTC). */
export const INR_DONATION: AdminDonation = {
  ...donationBase,
  id: 42,
  created_at: '2026-11-22T05:45:00.000Z',
  donor_name: 'Asha Rao',
  donor_email: 'asha.rao@example.org',
  amount: 5000,
  currency: 'INR',
  amount_inr: 5000,
  campaign_id: 7,
  campaign_title: 'Library Corners',
  receipt_number: 'RCP-2026-000042',
  payment_intent_id: 'pi_3QxAshaRao0042',
};

/** A monthly gift in dollars, anonymous, still pending, through a partner's widget. */
export const USD_DONATION: AdminDonation = {
  ...donationBase,
  id: 41,
  created_at: '2026-11-21T18:40:00.000Z',
  donor_name: 'John Miller',
  donor_email: 'john.miller@example.com',
  is_anonymous: true,
  amount: 50,
  currency: 'USD',
  amount_inr: 4150,
  donation_type: 'monthly',
  status: 'pending',
  campaign_id: null,
  campaign_title: null,
  donor_country: 'United States',
  donor_country_code: 'US',
  receipt_number: null,
  payment_intent_id: 'pi_3QxJohnMiller041',
  partner_origin: 'https://partner.example.net',
  source: 'widget',
};

export const FAILED_DONATION: AdminDonation = {
  ...donationBase,
  id: 40,
  created_at: '2026-11-20T10:00:00.000Z',
  donor_name: 'Ravi Kumar',
  donor_email: null,
  amount: 1000,
  currency: 'INR',
  amount_inr: 1000,
  status: 'failed',
  campaign_id: 8,
  campaign_title: 'Winter Health Camp',
  donor_country: null,
  donor_country_code: null,
  receipt_number: null,
  payment_intent_id: null,
};

export const DONATIONS: AdminDonation[] = [INR_DONATION, USD_DONATION, FAILED_DONATION];

export const DONATION_DETAIL: AdminDonationDetail = {
  ...INR_DONATION,
  donor_mobile: '+91 98765 43210',
  donor_pan: 'ABCDE1234F',
  donor_state: 'Maharashtra',
  donor_city: 'Pune',
  donor_address: '12 Lake Road, Shivaji Nagar',
  donor_pincode: '411005',
  payment_method_id: 'pm_1QxVisa4242',
  receipt: { number: 'RCP-2026-000042', issued_at: '2026-11-22T05:46:00.000Z', mail_status: 'stored' },
  amount_minor: 500000,
  refunded_minor: 0,
  refund_pending_minor: 0,
  refunds: [],
};

export const PENDING_DETAIL: AdminDonationDetail = {
  ...USD_DONATION,
  donor_mobile: null,
  donor_pan: null,
  donor_state: null,
  donor_city: 'Austin',
  donor_address: null,
  donor_pincode: null,
  payment_method_id: null,
  receipt: null,
  amount_minor: 5000,
  refunded_minor: 0,
  refund_pending_minor: 0,
  refunds: [],
};

export const NO_EMAIL_DETAIL: AdminDonationDetail = {
  ...FAILED_DONATION,
  status: 'completed',
  receipt_number: 'RCP-2026-000040',
  donor_mobile: null,
  donor_pan: null,
  donor_state: null,
  donor_city: null,
  donor_address: null,
  donor_pincode: null,
  payment_method_id: 'pm_1QxUpi',
  receipt: null,
  amount_minor: 100000,
  refunded_minor: 0,
  refund_pending_minor: 0,
  refunds: [],
};

// ---- Refunds (docs/decisions/024-refunds.md): one ₹1,500 gift in each state a refund can leave it ----

/** 23 Nov 2026, 09:30 in organisation time (04:00 UTC): a ₹1,500 gift, completed, with its receipt. */
export const REFUNDABLE_DONATION: AdminDonation = {
  ...donationBase,
  id: 45,
  created_at: '2026-11-23T04:00:00.000Z',
  donor_name: 'Meera Iyer',
  donor_email: 'meera.iyer@example.org',
  amount: 1500,
  currency: 'INR',
  amount_inr: 1500,
  campaign_id: 7,
  campaign_title: 'Library Corners',
  receipt_number: 'RCP-2026-000045',
  payment_intent_id: 'pi_3QxMeeraIyer045',
  refunded_minor: 0,
};

export const REFUNDABLE_DETAIL: AdminDonationDetail = {
  ...REFUNDABLE_DONATION,
  donor_mobile: '+91 91234 56789',
  donor_pan: 'FGHIJ5678K',
  donor_state: 'Karnataka',
  donor_city: 'Bengaluru',
  donor_address: '4 Church Street',
  donor_pincode: '560001',
  payment_method_id: 'pm_1QxVisa4242',
  receipt: { number: 'RCP-2026-000045', issued_at: '2026-11-23T04:01:00.000Z', mail_status: 'sent' },
  amount_minor: 150000,
  refunded_minor: 0,
  refund_pending_minor: 0,
  refunds: [],
};

const refundBase = {
  currency: 'INR',
  source: 'staff',
  requested_by: 'priya.nair@brightbeginnings.org.in',
  failure_reason: null,
} as const;

/** ₹500 given back on 24 Nov 2026, 15:20: the credit note that reduces the receipt, mailed. */
export const CREDIT_NOTE_REFUND: AdminRefund = {
  ...refundBase,
  id: 1,
  created_at: '2026-11-24T09:50:00.000Z',
  amount_minor: 50000,
  status: 'succeeded',
  reason: 'Duplicate gift',
  provider_refund_id: 're_3QxMeera0001',
  note: { number: 'BBF/CN/2026-27/000001', kind: 'credit', issued_at: '2026-11-24T09:50:05.000Z', mail_status: 'sent' },
};

/** The remaining ₹1,000, refunded at the payment provider (its dashboard): the cancellation note, not mailed. */
export const CANCELLATION_NOTE_REFUND: AdminRefund = {
  id: 2,
  created_at: '2026-11-25T06:15:00.000Z',
  amount_minor: 100000,
  currency: 'INR',
  status: 'succeeded',
  source: 'provider',
  reason: 'requested_by_customer',
  requested_by: null,
  failure_reason: null,
  provider_refund_id: 're_3QxMeera0002',
  note: { number: 'BBF/CN/2026-27/000002', kind: 'cancellation', issued_at: '2026-11-25T06:15:04.000Z', mail_status: 'stored' },
};

/** Asked for, still with the provider: it holds its ₹500, no note yet. */
export const PENDING_REFUND: AdminRefund = {
  ...refundBase,
  id: 3,
  created_at: '2026-11-24T09:50:00.000Z',
  amount_minor: 50000,
  status: 'pending',
  reason: 'Gave twice by mistake',
  provider_refund_id: 're_3QxMeera0003',
  note: null,
};

/** Refused by the provider: nothing went back, no note. */
export const FAILED_REFUND: AdminRefund = {
  ...refundBase,
  id: 4,
  created_at: '2026-11-24T09:50:00.000Z',
  amount_minor: 50000,
  status: 'failed',
  reason: 'Duplicate gift',
  failure_reason: 'The card was closed; the bank could not take the money back.',
  provider_refund_id: 're_3QxMeera0004',
  note: null,
};

/**
 * Settled, then failed days later (a closed card account): it counts for nothing again, but the credit note it
 * issued stays on record, shown with the failed refund.
 */
export const FAILED_AFTER_NOTE_REFUND: AdminRefund = {
  ...refundBase,
  id: 5,
  created_at: '2026-11-25T04:30:00.000Z',
  amount_minor: 20000,
  status: 'failed',
  reason: 'Wrong campaign',
  failure_reason: 'The refund could not be returned to the card (account closed).',
  provider_refund_id: 're_3QxMeera0005',
  note: { number: 'BBF/CN/2026-27/000003', kind: 'credit', issued_at: '2026-11-25T04:30:06.000Z', mail_status: 'sent' },
};

/** ₹500 of ₹1,500 refunded: still completed, with a credit note. */
export const PARTLY_REFUNDED_DETAIL: AdminDonationDetail = {
  ...REFUNDABLE_DETAIL,
  refunded_minor: 50000,
  refunds: [CREDIT_NOTE_REFUND],
};

/** All of it back, in two refunds: status 'refunded', the second refund's cancellation note. */
export const FULLY_REFUNDED_DETAIL: AdminDonationDetail = {
  ...REFUNDABLE_DETAIL,
  status: 'refunded',
  refunded_minor: 150000,
  refunds: [CREDIT_NOTE_REFUND, CANCELLATION_NOTE_REFUND],
};

export const REFUND_PENDING_DETAIL: AdminDonationDetail = {
  ...REFUNDABLE_DETAIL,
  refund_pending_minor: 50000,
  refunds: [PENDING_REFUND],
};

export const REFUND_FAILED_DETAIL: AdminDonationDetail = {
  ...REFUNDABLE_DETAIL,
  refunds: [FAILED_REFUND, FAILED_AFTER_NOTE_REFUND],
};

/** Rows of the list: the partly refunded gift (still completed) and one refunded in full. */
export const PARTLY_REFUNDED_DONATION: AdminDonation = { ...REFUNDABLE_DONATION, refunded_minor: 50000 };
export const FULLY_REFUNDED_DONATION: AdminDonation = {
  ...REFUNDABLE_DONATION,
  id: 44,
  created_at: '2026-11-22T12:00:00.000Z',
  donor_name: 'Kiran Shah',
  donor_email: 'kiran.shah@example.org',
  receipt_number: 'RCP-2026-000044',
  payment_intent_id: 'pi_3QxKiranShah044',
  status: 'refunded',
  refunded_minor: 150000,
};

export const FILTER_CAMPAIGNS = [
  { id: 7, title: 'Library Corners' },
  { id: 8, title: 'Winter Health Camp' },
];
export const FILTER_COUNTRIES = [
  { code: 'IN', name: 'India' },
  { code: 'US', name: 'United States' },
  { code: 'GB', name: 'United Kingdom' },
];
export const FILTER_CURRENCIES = ['INR', 'USD', 'GBP'];
