/** The numbers behind DonationsChart: its spoken summary and its value axis. Pure, so stories can assert them. */
import { DASHBOARD_PERIOD_LABELS, formatCurrency, type DailyDonations, type DashboardPeriod } from '@charity/domain';
import { countLabel, formatConsoleDay } from '../shared/format';

export interface DailyTotals {
  amountInr: number;
  count: number;
  /** The first day with the highest amount; null when every day is zero. */
  highest: DailyDonations | null;
}

export function dailyTotals(daily: readonly DailyDonations[]): DailyTotals {
  let amountInr = 0;
  let count = 0;
  let highest: DailyDonations | null = null;
  for (const day of daily) {
    amountInr += day.amount_inr;
    count += day.count;
    if (day.amount_inr > 0 && (!highest || day.amount_inr > highest.amount_inr)) highest = day;
  }
  return { amountInr, count, highest };
}

/**
 * The chart's accessible name, e.g. 'Donations per day, last 30 days: total ₹12,500 from 7 donations; highest
 * ₹5,000 on 12 Nov 2026'. The table under the chart has every day.
 */
export function donationsChartSummary(daily: readonly DailyDonations[], period: DashboardPeriod): string {
  const { amountInr, count, highest } = dailyTotals(daily);
  const head = `Donations per day, ${DASHBOARD_PERIOD_LABELS[period].toLowerCase()}`;
  if (!highest) return `${head}: no donations`;
  return `${head}: total ${formatCurrency(amountInr, 'INR')} from ${countLabel(count, 'donation')}; highest ${formatCurrency(
    highest.amount_inr,
    'INR',
  )} on ${formatConsoleDay(highest.date)}`;
}

/** The top of the value axis: the smallest 1, 2 or 5 × 10ⁿ at or above the highest day (at least ₹10), so
 * its half, the middle gridline, is a whole number of rupees too. */
export function chartCeiling(max: number): number {
  if (!Number.isFinite(max) || max <= 10) return 10;
  const magnitude = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 5, 10].find((factor) => factor * magnitude >= max) ?? 10;
  return step * magnitude;
}
