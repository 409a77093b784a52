// Components of the /donate page (around the donation wizard) and the site-wide 'Test mode' ribbon.
export { DONATE_PAGE_TEXT, DONATE_STAT_LABELS, WHY_DONATE_ITEMS } from './content';
export { DonateHero, donateHeroStats, type DonateHeroProps, type DonationStats } from './DonateHero';
export {
  WhyDonateSection,
  ImpactList,
  YourImpactSection,
  CountryGrid,
  InternationalDonationsSection,
  DonateCallToAction,
  type WhyDonateSectionProps,
  type ImpactExample,
  type ImpactListProps,
  type YourImpactSectionProps,
  type GridCountry,
  type CountryGridProps,
  type InternationalDonationsSectionProps,
  type DonateCallToActionProps,
} from './Sections';
export {
  FeaturedCampaignPicker,
  completedLabel,
  type FeaturedCampaignPickerProps,
} from './FeaturedCampaignPicker';
export {
  DonationFormSection,
  SelectedCampaignBanner,
  type DonationFormSectionProps,
  type SelectedCampaignBannerProps,
} from './DonationFormSection';
export { TestModeRibbon, TEST_MODE_TEXT, type TestModeRibbonProps } from './TestModeRibbon';
export { scrollToAndFocus } from './scroll';
