import type { GiftStatus } from '@charity/domain';

// What the monthly-gift components show. The wire shapes are defined once, in the wire contract
// (packages/domain/src/contract/recurring.ts: GiftView, GiftPayment, GiftCard, AdminGift, AdminGiftTotals); these are
// the published library's own props types, because the built ui package inlines no TypeBox types (its .d.ts may
// import nothing private: scripts/pack-test.mjs). They are field for field the contract's, so the site passes the
// contract's objects here and its callbacks typed with the contract's AdminGift fit the props;
// stories/support/recurring-fixtures.ts has the compiler check that the two stay the same types.

/** The card a gift is charged to: never more than the brand, the last four digits and the expiry. */
export interface GiftCardRecord {
  /** As the payment provider names it: 'visa', 'mastercard', 'amex' … */
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

/** One payment of a gift: the first or a renewal, with its receipt once issued. */
export interface GiftPaymentRecord {
  donation_id: number;
  /** ISO 8601. */
  paid_at: string;
  amount: number;
  currency: string;
  is_renewal: boolean;
  /** 'completed' or 'refunded'. */
  status: string;
  receipt_number: string | null;
  /** Server-relative download path with a fresh token; null while the receipt is not issued yet. */
  receipt_url: string | null;
}

/** A monthly gift as its donor sees it on the manage page (the contract's GiftView). */
export interface GiftRecord {
  id: number;
  status: GiftStatus;
  amount: number;
  currency: string;
  donor_name: string;
  /** 'a•••@example.org': whoever holds the link sees whose gift it is, not the whole address. */
  donor_email_masked: string;
  donor_country_code: string | null;
  campaign_title: string | null;
  started_at: string | null;
  next_charge_at: string | null;
  paused_until: string | null;
  cancelled_at: string | null;
  lapsed_at: string | null;
  last_failure_reason: string | null;
  card: GiftCardRecord | null;
  payments: GiftPaymentRecord[];
  /** When the link that opened the page stops working (ISO 8601). */
  link_expires_at: string;
}

/** A gift in the staff list (the contract's AdminGift): the donor's email is shown, never editable. */
export interface AdminGiftRecord {
  id: number;
  status: GiftStatus;
  donor_name: string;
  donor_email: string;
  amount: number;
  currency: string;
  /** The monthly amount in INR at the domain's fixed rates. */
  amount_inr: number;
  campaign_title: string | null;
  started_at: string | null;
  next_charge_at: string | null;
  payments_count: number;
  last_failure_reason: string | null;
  cancelled_at: string | null;
  cancel_reason: string | null;
  partner_origin: string | null;
}

/** The figures above the staff list (the contract's AdminGiftTotals). */
export interface AdminGiftTotalsRecord {
  active: number;
  /** Sum of active (and past due) gifts' monthly amounts in INR. */
  monthly_amount_inr: number;
  gained_this_month: number;
  lost_this_month: number;
}
