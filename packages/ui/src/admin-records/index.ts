// Admin campaign and donation records (issue 6). Each file exports its component; this barrel re-exports them.
// Internal helpers (status badge, date formatting) stay unexported: admin-console has its own with the same names.
export { Pagination, PAGINATION_TEXT, pageOfText, type PaginationProps } from './Pagination';
export {
  AdminCampaignList,
  ADMIN_CAMPAIGNS_TEXT,
  raisedOfGoalText,
  type AdminCampaignListProps,
  type AdminCampaignRecord,
  type AdminRecordsStatus,
} from './AdminCampaignList';
export { CampaignFormModal, CAMPAIGN_FORM_TEXT, type CampaignFormModalProps } from './CampaignFormModal';
export { CAMPAIGN_IMAGE_ACCEPT, CAMPAIGN_IMAGE_TEXT, type CampaignImageChoice } from './CampaignImageField';
export { DonationFilters, DONATION_FILTERS_TEXT, type DonationFiltersProps } from './DonationFilters';
export { DonationsTable, DONATIONS_TABLE_TEXT, type DonationsTableProps } from './DonationsTable';
export { donationSummaryText, donationCampaignText, inrEquivalentText } from './donation-text';
export {
  DonationDetailDialog,
  DONATION_DETAIL_TEXT,
  donationDialogTitle,
  resendBlockedReason,
  type DonationDetailDialogProps,
} from './DonationDetailDialog';
