// Components of the campaigns area; each file exports its component, and this barrel re-exports them.
export {
  CampaignCard,
  CAMPAIGN_STATUS_TONES,
  DONATE_NOW_LABEL,
  type CampaignCardProps,
  type CampaignImagePriority,
  type CampaignCardCampaign,
} from './CampaignCard';
export {
  CampaignFilters,
  CAMPAIGN_STATUS_FILTER_LABELS,
  CAMPAIGN_FEATURED_FILTER_LABELS,
  type CampaignFiltersProps,
} from './CampaignFilters';
export {
  CampaignGrid,
  CAMPAIGN_GRID_LOADING_SKELETONS,
  CAMPAIGN_GRID_LOADING_MORE_SKELETONS,
  CAMPAIGN_GRID_TEXT,
  campaignResultsText,
  type CampaignGridProps,
} from './CampaignGrid';
export {
  FeaturedCampaigns,
  FEATURED_CAMPAIGNS_LOADING_SKELETONS,
  FEATURED_CAMPAIGNS_TEXT,
  type FeaturedCampaignsProps,
} from './FeaturedCampaigns';
export { resolveImageUrl } from './image-url';
export {
  CampaignPageView,
  CAMPAIGN_PAGE_TEXTS,
  type CampaignPageViewProps,
  type CampaignSupporter,
  type CampaignSupportersState,
} from './CampaignPageView';
