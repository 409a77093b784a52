// Monthly gifts (recurring donations): the donor's manage page (its summary, payments, the change, pause and cancel
// dialogs, and the form that asks for a new link) and the staff list with its cancel dialog. Props in, callbacks out;
// the props types mirror the wire contract's GiftView, GiftPayment, GiftCard, AdminGift and AdminGiftTotals (types.ts).
export type { GiftRecord, GiftPaymentRecord, GiftCardRecord, AdminGiftRecord, AdminGiftTotalsRecord } from './types';
export { GENERAL_FUND_LABEL, giftCampaignText, giftCardText, giftStateText } from './gift-text';
export { GiftStatusBadge, GIFT_STATUS_TONES, type GiftStatusBadgeProps } from './GiftStatusBadge';
export { GiftSummary, GIFT_SUMMARY_TEXT, type GiftSummaryProps } from './GiftSummary';
export { GiftPaymentsTable, GIFT_PAYMENTS_TEXT, giftReceiptLinkText, type GiftPaymentsTableProps } from './GiftPaymentsTable';
export {
  ChangeAmountDialog,
  CHANGE_AMOUNT_TEXT,
  changeAmountHint,
  newMonthlyAmountProblem,
  type ChangeAmountDialogProps,
} from './ChangeAmountDialog';
export { PauseGiftDialog, PAUSE_GIFT_TEXT, pauseMonthsLabel, type PauseGiftDialogProps } from './PauseGiftDialog';
export { CancelGiftDialog, CANCEL_GIFT_TEXT, cancelReasonValue, type CancelGiftDialogProps } from './CancelGiftDialog';
export { ManageGiftView, MANAGE_GIFT_TEXT, giftLinkNote, type ManageGiftViewProps } from './ManageGiftView';
export {
  RequestGiftLinkForm,
  REQUEST_GIFT_LINK_TEXT,
  giftLinkEmailProblem,
  type RequestGiftLinkFormProps,
} from './RequestGiftLinkForm';
export { AdminGiftList, ADMIN_GIFTS_TEXT, type AdminGiftListProps } from './AdminGiftList';
export {
  StaffCancelGiftDialog,
  STAFF_CANCEL_GIFT_TEXT,
  staffCancelGiftTitle,
  type StaffCancelGiftDialogProps,
} from './StaffCancelGiftDialog';
