// The donation wizard (spec §4): its four steps and the payment panel (presentational), and the headless container
// both the site and DonateWidget drive them with (controller/).
export { StepIndicator, type StepIndicatorProps } from './StepIndicator';
export { AmountStep, type AmountStepProps, type AmountPresets } from './AmountStep';
export { DetailsStep, type DetailsStepProps } from './DetailsStep';
export { ReviewStep, type ReviewStepProps, type DonationCampaignRef } from './ReviewStep';
export {
  PaymentPanel,
  type PaymentPanelProps,
  type PaymentIntentSecret,
  type SaveAfterPaymentInput,
  type SavedDonation,
  type InvoiceRequest,
  type PaymentSucceeded,
} from './PaymentPanel';
export { ThankYou, THANK_YOU_TEXTS, type ThankYouProps, type ReceiptStatus, type DonationShare } from './ThankYou';
export { ReceiptNote, RECEIPT_NOTE_TEXTS, type ReceiptNoteProps } from './ReceiptNote';
export {
  DonationWizard,
  type DonationWizardProps,
  type DonationWizardPaymentControls,
} from './DonationWizard';
export {
  INITIAL_DONATION_WIZARD_VALUE,
  chosenAmount,
  currencyOf,
  detailsForCountry,
  type AmountStepValue,
  type DonationWizardValue,
  type LastDonation,
} from './wizard-value';
export * from './controller';
