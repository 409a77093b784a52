import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { DASHBOARD_PERIOD_LABELS } from '@charity/domain';
import { AdminPageHeader, BackupStatusNotice, DashboardError, DashboardTotals, DonationsChart, RecentDonationsTable, TopCampaignsList } from '@charity/ui';
import { useAdminDashboardStore } from '../features/admin-dashboard/stores';
import { useDocumentTitle } from '../lib/use-document-title';

export const DASHBOARD_PAGE_TEXT = {
  title: 'Dashboard',
  description: 'Donations, campaigns and donors at a glance. Totals count every completed donation.',
} as const;

/**
 * /admin (docs/decisions/005-admin-console.md): when the last backup was made (a warning when there is none or it is
 * too old: decision 042), totals, the daily chart of the chosen period, top campaigns and the latest donations.
 */
export default function AdminDashboardPage() {
  useDocumentTitle(DASHBOARD_PAGE_TEXT.title);
  const navigate = useNavigate();
  const dashboard = useAdminDashboardStore((s) => s.dashboard);
  const status = useAdminDashboardStore((s) => s.status);
  const period = useAdminDashboardStore((s) => s.period);
  const { load, reset } = useAdminDashboardStore.getState();

  useEffect(() => {
    void load();
    return reset;
  }, [load, reset]);

  return (
    <div className="cs-container cs-admin-page">
      <AdminPageHeader title={DASHBOARD_PAGE_TEXT.title} description={DASHBOARD_PAGE_TEXT.description} />
      {status === 'error' ? (
        <div className="cs-admin-page__sections">
          <DashboardError onRetry={() => void load()} />
        </div>
      ) : (
        <div className="cs-admin-page__sections">
          {dashboard ? <BackupStatusNotice backup={dashboard.backup} /> : null}
          <DashboardTotals totals={dashboard?.totals ?? null} status={status} />
          <DonationsChart daily={dashboard?.daily ?? []} period={period} onPeriodChange={(next) => void load(next)} status={status} />
          <div className="cs-admin-page__columns">
            <TopCampaignsList campaigns={dashboard?.top_campaigns ?? []} status={status} />
            <RecentDonationsTable
              donations={dashboard?.recent_donations ?? []}
              status={status}
              // The donation's detail lives on the donations screen; the link can be shared or bookmarked.
              onSelect={(donation) => navigate(`/admin/donations?donation=${donation.id}`)}
            />
          </div>
        </div>
      )}
      <p className="cs-visually-hidden" aria-live="polite">
        {status === 'ready' ? `Showing ${DASHBOARD_PERIOD_LABELS[period].toLowerCase()}` : ''}
      </p>
    </div>
  );
}
