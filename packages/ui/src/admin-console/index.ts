// Admin console shell, dashboard and messages (issue 6). Each file exports its component; this barrel re-exports them.
export { AdminLayout, ADMIN_LAYOUT_TEXT, type AdminLayoutProps } from './AdminLayout';
export { AdminPageHeader, type AdminPageHeaderProps } from './AdminPageHeader';
export { DashboardTotals, DASHBOARD_TOTALS_TEXT, monthChangeText, type DashboardTotalsProps } from './DashboardTotals';
export { DonationsChart, DONATIONS_CHART_TEXT, type DonationsChartProps } from './DonationsChart';
export { donationsChartSummary } from './chart-data';
export { TopCampaignsList, TOP_CAMPAIGNS_TEXT, type TopCampaignsListProps } from './TopCampaignsList';
export { RecentDonationsTable, RECENT_DONATIONS_TEXT, type RecentDonationsTableProps } from './RecentDonationsTable';
export { DashboardError, DASHBOARD_ERROR_TEXT, type DashboardErrorProps } from './DashboardError';
export { MessagesInbox, MESSAGES_INBOX_TEXT, type MessagesInboxProps } from './MessagesInbox';
export { OutboxList, OUTBOX_TEXT, type OutboxListProps } from './OutboxList';
export type { AdminConsoleStatus } from './types';
