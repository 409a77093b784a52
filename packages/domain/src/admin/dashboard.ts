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
}

/** Percentage change from `previous` to `current`, rounded; null when there is nothing to compare with. */
export function percentChange(current: number, previous: number): number | null {
  if (!Number.isFinite(current) || !Number.isFinite(previous) || previous === 0) return null;
  return Math.round(((current - previous) / previous) * 100);
}
