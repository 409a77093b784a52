import { Type, type Static } from 'typebox';
import { CANCEL_REASON_MAX_LENGTH, GIFT_STATUSES, LISTED_GIFT_STATUSES, PAUSE_MONTHS } from '../recurring';
import { FIELD_MAX_LENGTHS } from '../field-limits';
import { Nullable, Ok, OkWithMessage, PageMeta, Paging, StringEnum } from './common';

// Monthly gifts on the wire (docs/decisions/022-monthly-gifts.md): the donor's manage page (reached with a link's
// token in the X-Gift-Token header, never in a URL), the staff list, and the sandbox's clock.

/** The card a gift is charged to: never more than the brand, the last four digits and the expiry. */
export const GiftCard = Type.Object({
  brand: Type.String(),
  last4: Type.String(),
  exp_month: Type.Integer(),
  exp_year: Type.Integer(),
});
export type GiftCard = Static<typeof GiftCard>;

/** One payment of a gift: the first or a renewal, with its receipt when issued. */
export const GiftPayment = Type.Object({
  donation_id: Type.Integer(),
  paid_at: Type.String({ description: 'ISO 8601' }),
  amount: Type.Number(),
  currency: Type.String(),
  is_renewal: Type.Boolean(),
  status: Type.String({ description: 'completed or refunded' }),
  receipt_number: Nullable(Type.String()),
  /** Server-relative download path with a fresh token; null when the receipt is not issued yet. */
  receipt_url: Nullable(Type.String()),
});
export type GiftPayment = Static<typeof GiftPayment>;

/** The gift as its donor sees it on the manage page. */
export const GiftView = Type.Object({
  id: Type.Integer(),
  status: StringEnum(GIFT_STATUSES),
  amount: Type.Number(),
  currency: Type.String(),
  donor_name: Type.String(),
  /** Shown masked ('a•••@example.com'): whoever holds the link sees whose gift it is, not the whole address. */
  donor_email_masked: Type.String(),
  donor_country_code: Nullable(Type.String()),
  campaign_title: Nullable(Type.String()),
  started_at: Nullable(Type.String()),
  next_charge_at: Nullable(Type.String()),
  paused_until: Nullable(Type.String()),
  cancelled_at: Nullable(Type.String()),
  lapsed_at: Nullable(Type.String()),
  last_failure_reason: Nullable(Type.String()),
  card: Nullable(GiftCard),
  payments: Type.Array(GiftPayment),
  link_expires_at: Type.String(),
});
export type GiftView = Static<typeof GiftView>;

export const GiftReply = Ok(GiftView);
export type GiftReply = Static<typeof GiftReply>;
export const GiftChangedReply = OkWithMessage(GiftView);
export type GiftChangedReply = Static<typeof GiftChangedReply>;

export const GiftTokenHeaders = Type.Object({ 'x-gift-token': Type.Optional(Type.String({ maxLength: 100 })) });

export const RequestLinksFields = Type.Object({ email: Type.String({ maxLength: FIELD_MAX_LENGTHS.donor.email }) });
export type RequestLinksFields = Static<typeof RequestLinksFields>;
export const ChangeAmountFields = Type.Object({ amount: Type.Number() });
export type ChangeAmountFields = Static<typeof ChangeAmountFields>;
export const PauseFields = Type.Object({ months: Type.Integer({ description: `One of ${PAUSE_MONTHS.join(', ')}` }) });
export type PauseFields = Static<typeof PauseFields>;
export const CancelFields = Type.Object({ reason: Type.Optional(Nullable(Type.String({ maxLength: CANCEL_REASON_MAX_LENGTH }))) });
export type CancelFields = Static<typeof CancelFields>;
export const CardSetupReply = Ok(Type.Object({ client_secret: Type.String(), setup_intent_id: Type.String() }));
export type CardSetupReply = Static<typeof CardSetupReply>;
export const ChangeCardFields = Type.Object({ setup_intent_id: Type.String({ maxLength: 255 }) });
export type ChangeCardFields = Static<typeof ChangeCardFields>;

/** A gift in the staff list: amounts, dates and state; the donor's email is shown, never editable. */
export const AdminGift = Type.Object({
  id: Type.Integer(),
  status: StringEnum(GIFT_STATUSES),
  donor_name: Type.String(),
  donor_email: Type.String(),
  amount: Type.Number(),
  currency: Type.String(),
  /** The monthly amount in INR at the domain's fixed rates. */
  amount_inr: Type.Number(),
  campaign_title: Nullable(Type.String()),
  started_at: Nullable(Type.String()),
  next_charge_at: Nullable(Type.String()),
  payments_count: Type.Integer(),
  last_failure_reason: Nullable(Type.String()),
  cancelled_at: Nullable(Type.String()),
  cancel_reason: Nullable(Type.String()),
  partner_origin: Nullable(Type.String()),
});
export type AdminGift = Static<typeof AdminGift>;

export const AdminGiftsQuery = Type.Object({
  ...Paging(20),
  status: Type.Optional(StringEnum(['', ...LISTED_GIFT_STATUSES] as const)),
  search: Type.Optional(Type.String({ maxLength: 200 })),
});
export type AdminGiftsQuery = Static<typeof AdminGiftsQuery>;

export const AdminGiftTotals = Type.Object({
  active: Type.Integer(),
  /** Sum of active (and past due) gifts' monthly amounts in INR. */
  monthly_amount_inr: Type.Number(),
  gained_this_month: Type.Integer(),
  lost_this_month: Type.Integer(),
});
export type AdminGiftTotals = Static<typeof AdminGiftTotals>;

export const AdminGiftsReply = Ok(Type.Object({ gifts: Type.Array(AdminGift), totals: AdminGiftTotals, pagination: PageMeta }));
export type AdminGiftsReply = Static<typeof AdminGiftsReply>;

export const SandboxConfirmSetupFields = Type.Object({ client_secret: Type.String({ maxLength: 300 }), payment_method: Type.String({ maxLength: 255 }) });
export const SandboxSetupIntentReply = Type.Object({ id: Type.String(), status: Type.String(), payment_method: Nullable(Type.String()) });

export const StaffCancelFields = Type.Object({ reason: Type.Optional(Nullable(Type.String({ maxLength: CANCEL_REASON_MAX_LENGTH }))) });

export const SandboxClockReply = Ok(Type.Object({ now: Type.String(), offset_ms: Type.Number() }));
export type SandboxClockReply = Static<typeof SandboxClockReply>;
export const AdvanceClockFields = Type.Object({ by: Type.String({ maxLength: 20, description: "e.g. '32d', '12h', '2w', '1mo'" }) });
export const AdvanceClockReply = OkWithMessage(
  Type.Object({ now: Type.String(), offset_ms: Type.Number(), renewals: Type.Integer(), failures: Type.Integer(), lapsed: Type.Integer() }),
);
export type AdvanceClockReply = Static<typeof AdvanceClockReply>;
