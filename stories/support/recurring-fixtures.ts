// Deterministic monthly gifts for the recurring stories: fixed dates (no Date.now()), so texts and screenshots never
// change. Typed with the wire contract's own types (as types only: no TypeBox reaches the browser), so every story
// passes exactly what the site will pass.
import type { AdminGift, AdminGiftTotals, GiftCard, GiftPayment, GiftView } from '@charity/domain/contract';
import type { AdminGiftRecord, AdminGiftTotalsRecord, GiftCardRecord, GiftPaymentRecord, GiftRecord } from '@charity/ui';

/**
 * The ui's props types are the contract's, field for field, in both directions: the site passes contract objects to
 * the components, and its callbacks typed with the contract's AdminGift fit props typed with the ui's. A field added
 * to one and not the other fails the type-check here.
 */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const CONTRACT_MATCHES: [
  Same<GiftView, GiftRecord>,
  Same<GiftPayment, GiftPaymentRecord>,
  Same<GiftCard, GiftCardRecord>,
  Same<AdminGift, AdminGiftRecord>,
  Same<AdminGiftTotals, AdminGiftTotalsRecord>,
] = [true, true, true, true, true];

export const VISA_4242: GiftCard = { brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2028 };

/** Three payments of a ₹1,000 gift started on 27 August 2026 (10:00 in India); the last receipt is not issued yet. */
export const INR_PAYMENTS: GiftPayment[] = [
  {
    donation_id: 301,
    paid_at: '2026-08-27T04:30:00.000Z',
    amount: 1000,
    currency: 'INR',
    is_renewal: false,
    status: 'completed',
    receipt_number: 'RCP-2026-000301',
    receipt_url: '/api/receipts/RCP-2026-000301/download?token=t301',
  },
  {
    donation_id: 342,
    paid_at: '2026-09-27T04:30:00.000Z',
    amount: 1000,
    currency: 'INR',
    is_renewal: true,
    status: 'completed',
    receipt_number: 'RCP-2026-000342',
    receipt_url: '/api/receipts/RCP-2026-000342/download?token=t342',
  },
  {
    donation_id: 388,
    paid_at: '2026-10-27T04:30:00.000Z',
    amount: 1000,
    currency: 'INR',
    is_renewal: true,
    status: 'completed',
    receipt_number: null,
    receipt_url: null,
  },
];

const giftBase: GiftView = {
  id: 17,
  status: 'active',
  amount: 1000,
  currency: 'INR',
  donor_name: 'Asha Rao',
  donor_email_masked: 'a•••@example.org',
  donor_country_code: 'IN',
  campaign_title: 'Library Corners',
  started_at: '2026-08-27T04:30:00.000Z',
  next_charge_at: '2026-11-27T04:30:00.000Z',
  paused_until: null,
  cancelled_at: null,
  lapsed_at: null,
  last_failure_reason: null,
  card: VISA_4242,
  payments: INR_PAYMENTS,
  // 23:30 in India on 31 December.
  link_expires_at: '2026-12-31T18:00:00.000Z',
};

export const ACTIVE_GIFT: GiftView = giftBase;

/** Paused for two months after the October payment: nothing charged until 27 January 2027. */
export const PAUSED_GIFT: GiftView = {
  ...giftBase,
  status: 'paused',
  paused_until: '2027-01-27T04:30:00.000Z',
  next_charge_at: '2027-01-27T04:30:00.000Z',
};

/** A $25 gift to the general fund whose November renewal was declined; the next try is on 24 November. */
export const PAST_DUE_GIFT: GiftView = {
  ...giftBase,
  id: 23,
  status: 'past_due',
  amount: 25,
  currency: 'USD',
  donor_name: 'John Miller',
  donor_email_masked: 'j•••@example.com',
  donor_country_code: 'US',
  campaign_title: null,
  started_at: '2026-07-23T15:00:00.000Z',
  next_charge_at: '2026-11-24T15:00:00.000Z',
  last_failure_reason: 'Your card has insufficient funds.',
  card: { brand: 'mastercard', last4: '4444', exp_month: 11, exp_year: 2026 },
  payments: [
    {
      donation_id: 210,
      paid_at: '2026-07-23T15:00:00.000Z',
      amount: 25,
      currency: 'USD',
      is_renewal: false,
      status: 'completed',
      receipt_number: 'RCP-2026-000210',
      receipt_url: '/api/receipts/RCP-2026-000210/download?token=t210',
    },
    {
      donation_id: 266,
      paid_at: '2026-08-23T15:00:00.000Z',
      amount: 25,
      currency: 'USD',
      is_renewal: true,
      status: 'refunded',
      receipt_number: 'RCP-2026-000266',
      receipt_url: '/api/receipts/RCP-2026-000266/download?token=t266',
    },
  ],
};

/** Every retry failed: lapsed on 20 November 2026, nothing more is charged. */
export const LAPSED_GIFT: GiftView = {
  ...PAST_DUE_GIFT,
  status: 'lapsed',
  next_charge_at: null,
  lapsed_at: '2026-11-20T15:00:00.000Z',
};

/** Cancelled by the donor on 15 November 2026 (14:30 in India). */
export const CANCELLED_GIFT: GiftView = {
  ...giftBase,
  status: 'cancelled',
  next_charge_at: null,
  cancelled_at: '2026-11-15T09:00:00.000Z',
};

/** Active, but the server sent no card (a card the provider no longer describes). */
export const NO_CARD_GIFT: GiftView = { ...giftBase, card: null };

/** Just started: the first payment is taken, its receipt is on its way. */
export const NEW_GIFT: GiftView = {
  ...giftBase,
  started_at: '2026-11-22T06:30:00.000Z',
  next_charge_at: '2026-12-22T06:30:00.000Z',
  payments: [{ ...INR_PAYMENTS[0]!, donation_id: 401, paid_at: '2026-11-22T06:30:00.000Z', receipt_number: null, receipt_url: null }],
};

// ---- Staff list ----

const adminBase: AdminGift = {
  id: 17,
  status: 'active',
  donor_name: 'Asha Rao',
  donor_email: 'asha.rao@example.org',
  amount: 1000,
  currency: 'INR',
  amount_inr: 1000,
  campaign_title: 'Library Corners',
  started_at: '2026-08-27T04:30:00.000Z',
  next_charge_at: '2026-11-27T04:30:00.000Z',
  payments_count: 3,
  last_failure_reason: null,
  cancelled_at: null,
  cancel_reason: null,
  partner_origin: null,
};

export const ADMIN_ACTIVE: AdminGift = adminBase;
export const ADMIN_PAST_DUE: AdminGift = {
  ...adminBase,
  id: 23,
  status: 'past_due',
  donor_name: 'John Miller',
  donor_email: 'john.miller@example.com',
  amount: 25,
  currency: 'USD',
  amount_inr: 2075,
  campaign_title: null,
  started_at: '2026-07-23T15:00:00.000Z',
  next_charge_at: '2026-11-24T15:00:00.000Z',
  payments_count: 4,
  last_failure_reason: 'Your card has insufficient funds.',
  partner_origin: 'https://partner.example.net',
};
export const ADMIN_PAUSED: AdminGift = {
  ...adminBase,
  id: 31,
  status: 'paused',
  donor_name: 'Meera Krishnamurthy-Venkataraman',
  donor_email: 'meera.krishnamurthy.venkataraman@longfamilyname.example.in',
  amount: 2500,
  amount_inr: 2500,
  started_at: '2026-05-02T05:00:00.000Z',
  next_charge_at: '2027-01-02T05:00:00.000Z',
  payments_count: 6,
};
export const ADMIN_LAPSED: AdminGift = {
  ...adminBase,
  id: 12,
  status: 'lapsed',
  donor_name: 'Ravi Kumar',
  donor_email: 'ravi.kumar@example.in',
  amount: 500,
  amount_inr: 500,
  campaign_title: 'Nutritious Midday Meals',
  started_at: '2026-03-10T06:00:00.000Z',
  next_charge_at: null,
  payments_count: 7,
  last_failure_reason: 'Your card was declined.',
};
export const ADMIN_CANCELLED: AdminGift = {
  ...adminBase,
  id: 9,
  status: 'cancelled',
  donor_name: 'Emma Clarke',
  donor_email: 'emma.clarke@example.co.uk',
  amount: 15,
  currency: 'GBP',
  amount_inr: 1560,
  started_at: '2026-01-15T10:00:00.000Z',
  next_charge_at: null,
  payments_count: 10,
  cancelled_at: '2026-11-03T10:00:00.000Z',
  cancel_reason: 'Moving abroad',
};

export const ADMIN_GIFTS: AdminGift[] = [ADMIN_ACTIVE, ADMIN_PAST_DUE, ADMIN_PAUSED, ADMIN_LAPSED, ADMIN_CANCELLED];

export const ADMIN_GIFT_TOTALS: AdminGiftTotals = {
  active: 128,
  monthly_amount_inr: 245600,
  gained_this_month: 14,
  lost_this_month: 3,
};
