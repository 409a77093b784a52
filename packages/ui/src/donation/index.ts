// The donation wizard (spec §4): its four steps, the payment panel and the browser payment sandbox.
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
} from './wizard-value';
export {
  createSandboxStripe,
  createHttpSandboxTransport,
  askSandboxAuthentication,
  isSandboxStripe,
  SandboxTransportError,
  SANDBOX_AUTH_TEXT,
  type SandboxStripeOptions,
  type SandboxTransport,
  type SandboxPaymentIntent,
  type SandboxAuthenticationOutcome,
} from './sandbox-stripe';
