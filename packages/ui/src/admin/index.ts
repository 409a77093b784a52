// The admin screens' components: one folder per screen area, and this one barrel, which is all the package exports
// from them. Where a file goes:
// - shell/      the frame of every signed-in screen (AdminLayout, AdminPageHeader);
// - sign-in/    the login screen;
// - dashboard/  the dashboard's totals, chart, top campaigns, recent donations, the last backup and its error state;
// - events/, campaigns/, donations/, messages/, partners/: the screen of that name, with its dialogs and its wording
//   helpers;
// - shared/     what two or more areas use (ConfirmDialog, Pagination, status badges, dates and counts, icons, the
//               load-state and user types). A helper used by one area stays in that area's folder.
// Anything internal (status badges, date formatting, icons) stays unexported.

// shell
export { AdminLayout, ADMIN_LAYOUT_TEXT, type AdminLayoutProps } from './shell/AdminLayout';
export { AdminPageHeader, type AdminPageHeaderProps } from './shell/AdminPageHeader';
export { SessionExpiryNotice, type SessionExpiryNoticeProps } from './shell/SessionExpiryNotice';

// sign-in
export { LoginForm, LOGIN_TEXT, type LoginFormProps, type LoginCredentials } from './sign-in/LoginForm';
export { SessionEndedDialog, type SessionEndedDialogProps } from './sign-in/SessionEndedDialog';

// dashboard
export { DashboardTotals, DASHBOARD_TOTALS_TEXT, monthChangeText, type DashboardTotalsProps } from './dashboard/DashboardTotals';
export { DonationsChart, DONATIONS_CHART_TEXT, type DonationsChartProps } from './dashboard/DonationsChart';
export { donationsChartSummary } from './dashboard/chart-data';
export { TopCampaignsList, TOP_CAMPAIGNS_TEXT, type TopCampaignsListProps } from './dashboard/TopCampaignsList';
export { RecentDonationsTable, RECENT_DONATIONS_TEXT, type RecentDonationsTableProps } from './dashboard/RecentDonationsTable';
export { DashboardError, DASHBOARD_ERROR_TEXT, type DashboardErrorProps } from './dashboard/DashboardError';
export { BackupStatusNotice, BACKUP_STATUS_TEXT, backupStatusText, type BackupStatusNoticeProps } from './dashboard/BackupStatusNotice';

// events
export { EventFormModal, EVENT_FORM_TEXT, eventFormValues, type EventFormModalProps, type EventFormValues } from './events/EventFormModal';
export {
  AdminEventList,
  ADMIN_EVENTS_TEXT,
  EVENT_IMAGE_ACCEPT,
  eventImagesHeading,
  type AdminEventListProps,
  type AdminEventListStatus,
} from './events/AdminEventList';
export { AdminEventFilters, type AdminEventFiltersProps } from './events/AdminEventFilters';
export { AdminEventsHeader, ADMIN_HEADER_TEXT, welcomeLine, type AdminEventsHeaderProps } from './events/AdminEventsHeader';

// campaigns
export {
  AdminCampaignList,
  ADMIN_CAMPAIGNS_TEXT,
  raisedOfGoalText,
  type AdminCampaignListProps,
  type AdminCampaignRecord,
} from './campaigns/AdminCampaignList';
export { CampaignFormModal, CAMPAIGN_FORM_TEXT, type CampaignFormModalProps } from './campaigns/CampaignFormModal';
export { CAMPAIGN_IMAGE_ACCEPT, CAMPAIGN_IMAGE_TEXT, type CampaignImageChoice } from './campaigns/CampaignImageField';

// donations
export { DonationFilters, DONATION_FILTERS_TEXT, type DonationFiltersProps } from './donations/DonationFilters';
export { DonationsTable, DONATIONS_TABLE_TEXT, refundedAmountText, type DonationsTableProps } from './donations/DonationsTable';
export { donationSummaryText, donationCampaignText, inrEquivalentText } from './donations/donation-text';
export {
  AttemptsTable,
  ATTEMPTS_TABLE_TEXT,
  attemptCountText,
  attemptsInHourText,
  failuresText,
  type AttemptsTableProps,
} from './donations/AttemptsTable';
export {
  DonationDetailDialog,
  DONATION_DETAIL_TEXT,
  donationDialogTitle,
  resendBlockedReason,
  refundBlockedReason,
  refundedOfText,
  refundRequestedByText,
  refundNoteText,
  type DonationDetailDialogProps,
} from './donations/DonationDetailDialog';
export {
  RefundDialog,
  REFUND_DIALOG_TEXT,
  refundDialogTitle,
  refundLeftText,
  refundAmountLabel,
  refundButtonText,
  refundReasonHint,
  refundProblems,
  type RefundDialogProps,
  type RefundDialogDonation,
  type RefundRequest,
} from './donations/RefundDialog';

// messages
export { MessagesInbox, MESSAGES_INBOX_TEXT, type MessagesInboxProps } from './messages/MessagesInbox';
export { OutboxList, OUTBOX_TEXT, type OutboxListProps, type OutboxAttachment, type OutboxAttachmentRef } from './messages/OutboxList';

// partners
export { PartnerReportTable, PARTNER_REPORT_TABLE_TEXT, type PartnerReportTableProps } from './partners/PartnerReportTable';

// settings
export { OrganisationSettingsForm, ORGANISATION_SETTINGS_FORM_TEXT, settingsVersionText, footerCountText, type OrganisationSettingsFormProps } from './settings/OrganisationSettingsForm';

// tax-year
export * from './tax-year';

// shared
export { ConfirmDialog, type ConfirmDialogProps } from './shared/ConfirmDialog';
export { Pagination, PAGINATION_TEXT, pageOfText, type PaginationProps } from './shared/Pagination';
export type { AdminConsoleStatus, AdminRecordsStatus, AdminHeaderUser } from './shared/types';
