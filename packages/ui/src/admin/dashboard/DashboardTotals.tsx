import type { ReactNode } from 'react';
import { ADMIN_CONSOLE_MESSAGES, formatCurrency, formatNumber, percentChange, type DashboardTotals as DashboardTotalsData } from '@charity/domain';
import { Skeleton, SkeletonGroup } from '../../components/Skeleton';
import { cn } from '../../lib/cn';
import { countLabel } from '../shared/format';
import type { AdminConsoleStatus } from '../shared/types';

export const DASHBOARD_TOTALS_TEXT = {
  heading: 'Totals',
  loading: 'Loading totals...',
  unavailable: 'Totals are not available',
  totalDonations: 'Total donations',
  amountRaised: 'Online donations',
  amountRaisedNote: 'All currencies, in INR, net of refunds',
  raisedOffline: 'Raised offline',
  raisedOfflineNote: 'Entered by staff on campaigns; their public figures include it',
  donors: 'Donors',
  monthlyVsOneTime: 'Payments: monthly vs one-time',
  monthlyGifts: 'Monthly gifts',
  monthlyGiftsNote: (gained: number, lost: number) => `${gained} started, ${lost} ended this month`,
  monthly: 'Monthly',
  oneTime: 'One-time',
  thisMonth: 'This month',
  noDonationsLastMonth: 'No donations last month',
  sameAsLastMonth: 'Same as last month',
  byCurrency: 'By currency',
  noCurrencies: ADMIN_CONSOLE_MESSAGES.noDonationsYet,
} as const;

/** '+25% vs last month', '-10% vs last month', 'Same as last month', or 'No donations last month'. */
export function monthChangeText(thisMonthInr: number, lastMonthInr: number): string {
  const change = percentChange(thisMonthInr, lastMonthInr);
  if (change === null) return DASHBOARD_TOTALS_TEXT.noDonationsLastMonth;
  if (change === 0) return DASHBOARD_TOTALS_TEXT.sameAsLastMonth;
  return `${change > 0 ? '+' : ''}${change}% vs last month`;
}

export interface DashboardTotalsProps {
  totals: DashboardTotalsData | null;
  status: AdminConsoleStatus;
  className?: string;
}

const TILE_COUNT = 8;

/**
 * The dashboard's figures over every completed donation: count, amount raised (INR at the domain's rates), donors,
 * payments of monthly gifts vs one-time gifts, this month against last, and the amount per currency; and the monthly
 * gifts that run now (active ones, what they bring each month, started and ended this month). A description list, so each figure
 * is read with its name.
 */
export function DashboardTotals({ totals, status, className }: DashboardTotalsProps) {
  return (
    <section className={cn('cs-console-totals', className)} aria-label={DASHBOARD_TOTALS_TEXT.heading}>
      {status === 'loading' ? (
        <SkeletonGroup label={DASHBOARD_TOTALS_TEXT.loading}>
          <div className="cs-console-totals__grid">
            {Array.from({ length: TILE_COUNT }, (_, index) => (
              <div key={index} className="cs-console-tile" aria-hidden="true">
                <Skeleton shape="text" width="60%" />
                <Skeleton height="1.75rem" width="45%" />
              </div>
            ))}
          </div>
        </SkeletonGroup>
      ) : !totals ? (
        // The dashboard shows its error state; this only keeps a missing answer from looking like zeros.
        <p className="cs-console-muted">{DASHBOARD_TOTALS_TEXT.unavailable}</p>
      ) : (
        <TotalsTiles totals={totals} />
      )}
    </section>
  );
}

function TotalsTiles({ totals }: { totals: DashboardTotalsData }) {
  const change = percentChange(totals.this_month.amount_inr, totals.last_month.amount_inr);
  const trend = change === null || change === 0 ? 'flat' : change > 0 ? 'up' : 'down';
  return (
    <dl className="cs-console-totals__grid">
      <Tile label={DASHBOARD_TOTALS_TEXT.totalDonations} value={formatNumber(totals.count)} />
      <Tile
        label={DASHBOARD_TOTALS_TEXT.amountRaised}
        value={formatCurrency(totals.amount_inr, 'INR')}
        note={DASHBOARD_TOTALS_TEXT.amountRaisedNote}
      />
      <Tile
        label={DASHBOARD_TOTALS_TEXT.raisedOffline}
        value={formatCurrency(totals.offline_amount_inr, 'INR')}
        note={DASHBOARD_TOTALS_TEXT.raisedOfflineNote}
      />
      <Tile label={DASHBOARD_TOTALS_TEXT.donors} value={formatNumber(totals.donors)} />
      <Tile
        label={DASHBOARD_TOTALS_TEXT.monthlyGifts}
        value={`${countLabel(totals.recurring.active, 'active gift')}, ${formatCurrency(totals.recurring.monthly_amount_inr, 'INR')} a month`}
        note={DASHBOARD_TOTALS_TEXT.monthlyGiftsNote(totals.recurring.gained_this_month, totals.recurring.lost_this_month)}
        compact
      />
      <Tile
        label={DASHBOARD_TOTALS_TEXT.monthlyVsOneTime}
        value={
          <ul className="cs-console-tile__pairs">
            <li>
              <span className="cs-console-tile__pair-name">{DASHBOARD_TOTALS_TEXT.monthly}</span>{' '}
              <span className="cs-console-tile__pair-value">
                {countLabel(totals.monthly.count, 'donation')}, {formatCurrency(totals.monthly.amount_inr, 'INR')}
              </span>
            </li>
            <li>
              <span className="cs-console-tile__pair-name">{DASHBOARD_TOTALS_TEXT.oneTime}</span>{' '}
              <span className="cs-console-tile__pair-value">
                {countLabel(totals.one_time.count, 'donation')}, {formatCurrency(totals.one_time.amount_inr, 'INR')}
              </span>
            </li>
          </ul>
        }
        compact
      />
      <Tile
        label={DASHBOARD_TOTALS_TEXT.thisMonth}
        value={formatCurrency(totals.this_month.amount_inr, 'INR')}
        note={
          <>
            {countLabel(totals.this_month.count, 'donation')}
            <br />
            <span className={cn('cs-console-trend', `cs-console-trend--${trend}`)}>
              {trend === 'up' ? <TrendArrow direction="up" /> : trend === 'down' ? <TrendArrow direction="down" /> : null}
              {monthChangeText(totals.this_month.amount_inr, totals.last_month.amount_inr)}
            </span>
          </>
        }
      />
      <Tile
        label={DASHBOARD_TOTALS_TEXT.byCurrency}
        value={
          totals.by_currency.length === 0 ? (
            <span className="cs-console-muted">{DASHBOARD_TOTALS_TEXT.noCurrencies}</span>
          ) : (
            <ul className="cs-console-tile__pairs">
              {totals.by_currency.map((row) => (
                <li key={row.currency}>
                  <span className="cs-console-tile__pair-name">{row.currency}</span>{' '}
                  <span className="cs-console-tile__pair-value">
                    {formatCurrency(row.amount, row.currency)} ({countLabel(row.count, 'donation')})
                  </span>
                </li>
              ))}
            </ul>
          )
        }
        compact
      />
    </dl>
  );
}

function Tile({ label, value, note, compact = false }: { label: string; value: ReactNode; note?: ReactNode; compact?: boolean }) {
  return (
    <div className="cs-console-tile">
      <dt className="cs-console-tile__label">{label}</dt>
      <dd className={cn('cs-console-tile__value', compact && 'cs-console-tile__value--compact')}>{value}</dd>
      {note ? <dd className="cs-console-tile__note">{note}</dd> : null}
    </div>
  );
}

/** Decorative: the text beside it says the direction in words. */
function TrendArrow({ direction }: { direction: 'up' | 'down' }) {
  return (
    <svg className="cs-console-trend__icon" width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={direction === 'up' ? 'M12 5l7 9H5z' : 'M12 19l7-9H5z'} fill="currentColor" />
    </svg>
  );
}
