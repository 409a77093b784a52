// The donation wizard wired to the site (store, API, payment provider). The Donate page renders
// <DonationWizard campaign={selected} />; the partner widget adds apiBase.
export { DonationWizard, type DonationWizardProps } from './components/DonationWizard';
export type { CompletedDonation } from './components/PaymentStep';
