// The donation wizard wired to the site (store, API, payment provider). The Donate page renders
// <DonationWizard campaign={selected} />; the embed page for the partner widget adds partnerOrigin and callbacks.
export { DonationWizard, type DonationWizardProps } from './components/DonationWizard';
export type { CompletedDonation } from './components/PaymentStep';
