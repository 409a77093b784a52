import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { BackupStatus, DashboardPeriod } from '@charity/domain';
import {
  AdminLayout,
  AdminPageHeader,
  BackupStatusNotice,
  DashboardError,
  DashboardTotals,
  DonationsChart,
  RecentDonationsTable,
  TopCampaignsList,
} from '@charity/ui';
import {
  ADMIN_USER,
  BACKUP_NONE,
  DAILY_BY_PERIOD,
  DASHBOARD_BACKUP,
  DASHBOARD_NOW,
  DESKTOP_1280,
  PHONE_375,
  RECENT_DONATIONS,
  TOP_CAMPAIGNS,
  TOTALS,
  fitsWindow,
} from './support/admin-fixtures-console';
import { componentDocs } from './support/docs';

interface DashboardScreenProps {
  state: 'ready' | 'loading' | 'error';
  /** The reply's `backup` (shown once the dashboard has loaded, as the site does). */
  backup: BackupStatus;
  onLogout: () => void;
  onRetry: () => void;
  onSelectDonation: () => void;
  onPeriodChange: (period: DashboardPeriod) => void;
}

/** /admin as the site composes it: the shell, the page header, then the dashboard pieces in the dashboard layout. */
function DashboardScreen({ state, backup, onLogout, onRetry, onSelectDonation, onPeriodChange }: DashboardScreenProps) {
  const [period, setPeriod] = useState<DashboardPeriod>('30d');
  return (
    <AdminLayout user={ADMIN_USER} currentPath="/admin" onLogout={onLogout}>
      <div className="cs-container cs-console-dashboard">
        <AdminPageHeader title="Dashboard" description="Completed donations; amounts in INR at the site's fixed rates." />
        {state === 'error' ? (
          <DashboardError onRetry={onRetry} />
        ) : (
          <>
            {state === 'ready' ? <BackupStatusNotice backup={backup} now={DASHBOARD_NOW} /> : null}
            <DashboardTotals totals={state === 'ready' ? TOTALS : null} status={state} />
            <div className="cs-console-dashboard__row">
              <DonationsChart
                daily={state === 'ready' ? DAILY_BY_PERIOD[period] : []}
                period={period}
                status={state}
                onPeriodChange={(next) => {
                  onPeriodChange(next);
                  setPeriod(next);
                }}
              />
              <TopCampaignsList campaigns={state === 'ready' ? TOP_CAMPAIGNS : []} status={state} />
            </div>
            <RecentDonationsTable donations={state === 'ready' ? RECENT_DONATIONS : []} status={state} onSelect={onSelectDonation} />
          </>
        )}
      </div>
    </AdminLayout>
  );
}

const meta = {
  title: 'Admin/Dashboard/DashboardScreen',
  component: DashboardScreen,
  parameters: {
    layout: 'fullscreen',
    docs: componentDocs({
      summary:
        'The whole admin dashboard screen (layout, the last backup, totals, chart, recent donations, top campaigns) in its ready, loading and error states.',
      usage: `<DashboardScreen state="ready" backup={dashboard.backup} … onLogout={logout} onRetry={reload}
  onSelectDonation={openDonation} onPeriodChange={setPeriod} />`,
      a11y: [
        'Composes AdminLayout (navigation landmark with `aria-current` on the current page) and the dashboard panels; every panel has a heading.',
        'Loading panels are marked `aria-busy` so assistive technology waits for the data.',
      ],
    }),
  },
  args: { state: 'ready', backup: DASHBOARD_BACKUP, onLogout: fn(), onRetry: fn(), onSelectDonation: fn(), onPeriodChange: fn() },
} satisfies Meta<typeof DashboardScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

function outline(canvasElement: HTMLElement): string[] {
  return Array.from(canvasElement.querySelectorAll('h1, h2')).map((heading) => `${heading.tagName} ${heading.textContent}`);
}

/** 1280 px: the navigation bar, one h1, the tiles, the chart beside the top campaigns, then the recent donations. */
export const Desktop: Story = {
  ...DESKTOP_1280,
  play: async ({ canvas, canvasElement, args }) => {
    await expect(window.innerWidth).toBe(1280);
    await expect(canvas.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    // The last backup, quietly, between the header and the totals.
    const backup = canvas.getByText('Last backup: 22 Nov 2026, 02:00 (14.2 MB).');
    await expect(backup.getBoundingClientRect().top).toBeGreaterThan(canvas.getByRole('heading', { level: 1 }).getBoundingClientRect().bottom);
    await expect(backup.getBoundingClientRect().bottom).toBeLessThan(canvas.getByRole('region', { name: 'Totals' }).getBoundingClientRect().top);
    await expect(canvas.queryByRole('status')).toBeNull();
    await expect(outline(canvasElement)).toEqual([
      'H1 Dashboard',
      'H2 Donations per day',
      'H2 Top campaigns',
      'H2 Recent donations',
    ]);
    const chart = canvas.getByRole('region', { name: 'Donations per day' }).getBoundingClientRect();
    const top = canvas.getByRole('region', { name: 'Top campaigns' }).getBoundingClientRect();
    await expect(top.top).toBe(chart.top);
    await expect(top.left).toBeGreaterThan(chart.right);
    await expect(chart.width).toBeGreaterThan(top.width);

    await userEvent.click(within(canvas.getByRole('group', { name: 'Period' })).getByRole('button', { name: 'Last 90 days' }));
    await expect(args.onPeriodChange).toHaveBeenCalledOnce();
    await expect(args.onPeriodChange).toHaveBeenCalledWith('90d');
    await expect(canvas.getByRole('img')).toHaveAccessibleName(
      'Donations per day, last 90 days: total ₹30,000 from 17 donations; highest ₹8,000 on 5 Oct 2026',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'View donation from Ravi Kumar, 21 Nov 2026, 15:45' }));
    await expect(args.onSelectDonation).toHaveBeenCalledOnce();
    await expect(fitsWindow()).toBe(true);
  },
};

/** 375 px: the links wrap (every screen in view, none off-screen), every panel is full width one under another, nothing widens the page. */
export const Phone: Story = {
  ...PHONE_375,
  play: async ({ canvas }) => {
    await expect(window.innerWidth).toBe(375);
    const nav = canvas.getByRole('navigation', { name: 'Admin' });
    await expect(nav.scrollWidth).toBe(nav.clientWidth);
    for (const link of within(nav).getAllByRole('link')) await expect(link.getBoundingClientRect().right).toBeLessThanOrEqual(375);
    const chart = canvas.getByRole('region', { name: 'Donations per day' }).getBoundingClientRect();
    const top = canvas.getByRole('region', { name: 'Top campaigns' }).getBoundingClientRect();
    await expect(top.top).toBeGreaterThan(chart.bottom);
    await expect(Math.round(top.width)).toBe(Math.round(chart.width));
    await expect(fitsWindow()).toBe(true);
  },
};

/** A new site where no backup was ever made: the warning above the figures, in words, read out politely. */
export const NoBackupYet: Story = {
  ...DESKTOP_1280,
  args: { backup: BACKUP_NONE },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(
      'Warning: No backup has been made yet. Run npm run backup on the server and schedule it every night: see README, Backups.',
    );
    await expect(canvas.getByRole('status').getBoundingClientRect().bottom).toBeLessThan(
      canvas.getByRole('region', { name: 'Totals' }).getBoundingClientRect().top,
    );
    await expect(fitsWindow()).toBe(true);
  },
};

/** Loading: the shell and header are there at once; every panel shows its placeholder (the backup line waits for the reply). */
export const Loading: Story = {
  args: { state: 'loading' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(canvas.getAllByRole('status').map((status) => status.textContent)).toEqual([
      'Loading totals...',
      'Loading chart...',
      'Loading top campaigns...',
      'Loading recent donations...',
    ]);
  },
};

/** The dashboard could not load: one error with 'Try again' instead of four. */
export const Failed: Story = {
  args: { state: 'error' },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('heading', { level: 2, name: 'Failed to load dashboard' })).toBeVisible();
    await expect(canvas.queryByRole('region', { name: 'Totals' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
    await expect(canvas.getByRole('button', { name: 'Logout' })).toBeEnabled();
  },
};
