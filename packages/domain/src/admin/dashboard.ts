/**
 * GET /api/admin/dashboard (docs/decisions/005-admin-console.md): what the server answers in `data`, and the period
 * choices.
 */
import type { AdminDonation } from './donations';

export const DASHBOARD_PERIODS = ['30d', '90d', '365d'] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];
export const DEFAULT_DASHBOARD_PERIOD: DashboardPeriod = '30d';
export const DASHBOARD_PERIOD_LABELS: Readonly<Record<DashboardPeriod, string>> = {
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  '365d': 'Last 365 days',
};
export const DASHBOARD_PERIOD_DAYS: Readonly<Record<DashboardPeriod, number>> = { '30d': 30, '90d': 90, '365d': 365 };

export function isDashboardPeriod(value: unknown): value is DashboardPeriod {
  return typeof value === 'string' && (DASHBOARD_PERIODS as readonly string[]).includes(value);
}

/** A count of donations and their sum in INR (at the domain's fixed rates, as campaign totals add up). */
export interface DonationTally {
  count: number;
  amount_inr: number;
}

export interface CurrencyTotal {
  currency: string;
  /** In the currency itself (major units). */
  amount: number;
  count: number;
}

/** Totals over every completed donation (all time), plus the two calendar months in the organisation's time. */
export interface DashboardTotals extends DonationTally {
  /**
   * Raised outside the website, as staff entered it on the campaigns (drafts left out). Not in amount_inr, which
   * counts online donations only; the public campaign figures are the two together.
   */
  offline_amount_inr: number;
  /** Distinct donors, by e-mail address (case-insensitive). */
  donors: number;
  by_currency: CurrencyTotal[];
  monthly: DonationTally;
  one_time: DonationTally;
  this_month: DonationTally;
  last_month: DonationTally;
  /** Monthly gifts now (docs/decisions/022-monthly-gifts.md): the subscriptions, not the payments above. */
  recurring: RecurringTotals;
}

/** Active monthly gifts (active or being retried), what they bring each month in INR, and this month's gains and losses. */
export interface RecurringTotals {
  active: number;
  monthly_amount_inr: number;
  gained_this_month: number;
  lost_this_month: number;
}

/** One calendar day of the chart (organisation time); every day of the period is present, zero-filled, oldest first. */
export interface DailyDonations extends DonationTally {
  date: string;
}

export interface TopCampaign {
  id: number;
  title: string;
  /** What the public campaign shows as raised: amount_inr + offline_amount. */
  raised_amount: number;
  /** INR raised through completed online donations, net of refunds. */
  amount_inr: number;
  /** Raised offline, entered by staff. */
  offline_amount: number;
  /** As the public campaign shows it (online and offline). */
  donation_count: number;
  target_amount: number;
}

export interface AdminDashboard {
  period: DashboardPeriod;
  /** First and last day of the chart, 'YYYY-MM-DD', inclusive. */
  from: string;
  to: string;
  totals: DashboardTotals;
  daily: DailyDonations[];
  /** At most 5 non-draft campaigns, by the amount they show as raised, highest first. */
  top_campaigns: TopCampaign[];
  /** At most 10, newest first. */
  recent_donations: AdminDonation[];
  /** The newest archive `npm run backup` made, and whether it is too old (docs/decisions/042-backups.md). */
  backup: BackupStatus;
}

export const BACKUP_SOURCES = ['backup', 'restored'] as const;
/** 'backup': made by `npm run backup` here; 'restored': the archive this site was restored from. */
export type BackupSource = (typeof BACKUP_SOURCES)[number];

/** The newest row of backup_runs (by made_at), as the dashboard shows it. */
export interface LastBackup {
  /** When the archive was made (an ISO instant; for a restored archive, when the archive itself was made). */
  made_at: string;
  archive_bytes: number;
  source: BackupSource;
}

export interface BackupStatus {
  /** null: no backup has ever been recorded. */
  last: LastBackup | null;
  /** BACKUP_WARN_DAYS: the dashboard warns when the newest backup is older than this many days. */
  warn_after_days: number;
  /** No backup at all, or the newest made more than warn_after_days days before now (isBackupOverdue). */
  overdue: boolean;
}

const DAY_MS = 86_400_000;

/**
 * Whether the dashboard warns about backups: there is none, its time cannot be read, or it was made more than
 * `warnAfterDays` whole days (of 24 hours) before `now`. Exactly `warnAfterDays` days old is not yet overdue; a
 * backup dated after `now` (another machine's clock) is not overdue.
 */
export function isBackupOverdue(madeAt: string | null, warnAfterDays: number, now: Date): boolean {
  if (madeAt === null) return true;
  const made = Date.parse(madeAt);
  if (Number.isNaN(made)) return true;
  return now.getTime() - made > warnAfterDays * DAY_MS;
}

/** Whole days (of 24 hours) from `madeAt` to `now`: 0 within the first day, and for an unreadable or future time. */
export function backupAgeDays(madeAt: string, now: Date): number {
  const made = Date.parse(madeAt);
  if (Number.isNaN(made)) return 0;
  return Math.max(0, Math.floor((now.getTime() - made) / DAY_MS));
}

/** Percentage change from `previous` to `current`, rounded; null when there is nothing to compare with. */
export function percentChange(current: number, previous: number): number | null {
  if (!Number.isFinite(current) || !Number.isFinite(previous) || previous === 0) return null;
  return Math.round(((current - previous) / previous) * 100);
}
