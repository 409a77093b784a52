// The /donate page around the donation wizard, and the site-wide test-mode ribbon's data.
export { DonatePageMeta, DONATE_PAGE_META, donateCanonicalUrl } from './components/DonatePageMeta';
export { useDonationStats } from './hooks/use-donation-stats';
export { useFeaturedCampaigns, type FeaturedCampaignsState } from './hooks/use-featured-campaigns';
export { useSelectedCampaign, type CampaignSelection } from './hooks/use-selected-campaign';
export { usePaymentsMode, loadPaymentsMode } from './hooks/use-payments-mode';
export type { SelectedCampaign } from './selection';
export type { DonationStats, PaymentsMode } from './api/donate-page-api';
