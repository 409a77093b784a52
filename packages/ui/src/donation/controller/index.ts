// The one donation container of the browser, headless: the site (ky) and DonateWidget (fetch) differ only in their
// transport and in what they tell the page around them.
export {
  createDonationController,
  isStaleForCampaign,
  INITIAL_DONATION_STATE,
  type DonationController,
  type DonationControllerOptions,
  type DonationControllerState,
  type DonationState,
  type DonationActions,
} from './donation-controller';
export { loadPaymentProvider, loadPaymentsConfig, paymentSetupMessage, PaymentSetupError } from './provider';
export type { DonationTransport, PaymentProvider } from './transport';
export {
  useDonationController,
  useDonationWizard,
  usePaymentProvider,
  useDonationPayment,
  useAmountCeiling,
  type DonationWizardBinding,
  type PaymentProviderBinding,
  type DonationCompleted,
  type DonationPaymentOptions,
} from './hooks';
