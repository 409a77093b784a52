import { useId } from 'react';
import {
  ADMIN_CONSOLE_MESSAGES,
  DASHBOARD_PERIODS,
  DASHBOARD_PERIOD_LABELS,
  formatCurrency,
  formatNumber,
  type DailyDonations,
  type DashboardPeriod,
} from '@charity/domain';
import { Card } from '../../components/Card';
import { Skeleton, SkeletonGroup } from '../../components/Skeleton';
import { cn } from '../../lib/cn';
import { chartCeiling, dailyTotals, donationsChartSummary } from './chart-data';
import { countLabel, formatConsoleDay, formatConsoleShortDay } from '../shared/format';
import type { AdminConsoleStatus } from '../shared/types';

export const DONATIONS_CHART_TEXT = {
  heading: 'Donations per day',
  periodLabel: 'Period',
  loading: 'Loading chart...',
  empty: 'No donations in this period',
  showNumbers: 'Show the numbers',
  date: 'Date',
  donations: 'Donations',
  amount: 'Amount (INR)',
} as const;

export interface DonationsChartProps {
  /** Every day of the period, oldest first, zero-filled (as GET /api/admin/dashboard answers). */
  daily: readonly DailyDonations[];
  period: DashboardPeriod;
  onPeriodChange: (period: DashboardPeriod) => void;
  status: AdminConsoleStatus;
  className?: string;
}

/**
 * Completed donations per day over 30, 90 or 365 days, in INR: a period switcher (toggle buttons with
 * aria-pressed), a bar chart drawn in SVG whose accessible name summarises it, and every day's numbers in a
 * table under 'Show the numbers'. The switcher stays in place while a new period loads, so focus stays on it.
 */
export function DonationsChart({ daily, period, onPeriodChange, status, className }: DonationsChartProps) {
  const headingId = useId();
  const captionId = useId();
  const first = daily[0];
  const last = daily[daily.length - 1];
  return (
    <Card as="section" className={cn('cs-console-panel cs-console-chart', className)} aria-labelledby={headingId}>
      <div className="cs-console-panel__header">
        <div>
          <h2 id={headingId} className="cs-console-panel__title">
            {DONATIONS_CHART_TEXT.heading}
          </h2>
          {status === 'ready' && first && last ? (
            <p className="cs-console-panel__subtitle">
              {formatConsoleDay(first.date)} – {formatConsoleDay(last.date)}
            </p>
          ) : null}
        </div>
        <div className="cs-console-periods" role="group" aria-label={DONATIONS_CHART_TEXT.periodLabel}>
          {DASHBOARD_PERIODS.map((choice) => (
            <button
              key={choice}
              type="button"
              className="cs-console-periods__button"
              aria-pressed={choice === period}
              onClick={() => {
                if (choice !== period) onPeriodChange(choice);
              }}
            >
              {DASHBOARD_PERIOD_LABELS[choice]}
            </button>
          ))}
        </div>
      </div>
      {status === 'loading' ? (
        <SkeletonGroup label={DONATIONS_CHART_TEXT.loading}>
          <Skeleton className="cs-console-chart__skeleton" />
        </SkeletonGroup>
      ) : status === 'error' ? (
        <p className="cs-console-empty">{ADMIN_CONSOLE_MESSAGES.dashboardLoadFailed}</p>
      ) : dailyTotals(daily).highest === null ? (
        <p className="cs-console-empty">{DONATIONS_CHART_TEXT.empty}</p>
      ) : (
        <>
          <BarChart daily={daily} period={period} />
          <details className="cs-console-details">
            <summary className="cs-console-details__summary">{DONATIONS_CHART_TEXT.showNumbers}</summary>
            {/* Focusable so keyboard users can scroll it sideways on a narrow screen; named by the caption. */}
            <div className="cs-console-table-scroll" role="group" aria-labelledby={captionId} tabIndex={0}>
              <table className="cs-console-table">
                <caption id={captionId} className="cs-visually-hidden">
                  {DONATIONS_CHART_TEXT.heading}, {DASHBOARD_PERIOD_LABELS[period].toLowerCase()}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">{DONATIONS_CHART_TEXT.date}</th>
                    <th scope="col" className="cs-console-table__number">
                      {DONATIONS_CHART_TEXT.donations}
                    </th>
                    <th scope="col" className="cs-console-table__number">
                      {DONATIONS_CHART_TEXT.amount}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {daily.map((day) => (
                    <tr key={day.date}>
                      <th scope="row">{formatConsoleDay(day.date)}</th>
                      <td className="cs-console-table__number">{formatNumber(day.count)}</td>
                      <td className="cs-console-table__number">{formatCurrency(day.amount_inr, 'INR')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      )}
    </Card>
  );
}

/** Bars 0..100 high in a viewBox stretched to the plot; the axis labels are HTML so text never stretches. */
function BarChart({ daily, period }: { daily: readonly DailyDonations[]; period: DashboardPeriod }) {
  const max = Math.max(0, ...daily.map((day) => day.amount_inr));
  const ceiling = chartCeiling(max);
  const ticks = [ceiling, ceiling / 2, 0].map((value) => formatCurrency(value, 'INR'));
  const axisWidth = `${Math.max(...ticks.map((tick) => tick.length)) + 1}ch`;
  const count = daily.length;
  // Thin gaps between bars while they are wide enough to show them; a year of bars touches.
  const gap = count <= 31 ? 0.3 : count <= 90 ? 0.2 : 0;
  const middle = daily[Math.floor((count - 1) / 2)];
  const first = daily[0];
  const last = daily[count - 1];

  return (
    // role=img: one summary for assistive technology; the table under 'Show the numbers' has every figure.
    <div className="cs-console-chart__figure" role="img" aria-label={donationsChartSummary(daily, period)}>
      <div className="cs-console-chart__y-axis" style={{ width: axisWidth }}>
        {ticks.map((tick, index) => (
          <span key={index} className="cs-console-chart__tick" style={{ top: `${index * 50}%` }}>
            {tick}
          </span>
        ))}
      </div>
      <svg
        key={period}
        className="cs-console-chart__plot"
        viewBox={`0 0 ${count} 100`}
        preserveAspectRatio="none"
        focusable="false"
      >
        {[0, 50, 100].map((y) => (
          <line
            key={y}
            className={cn('cs-console-chart__grid', y === 100 && 'cs-console-chart__grid--base')}
            x1={0}
            x2={count}
            y1={y}
            y2={y}
            vectorEffect="non-scaling-stroke"
          />
        ))}
        {daily.map((day, index) => {
          if (day.amount_inr <= 0) return null;
          // A tiny day still shows as a sliver rather than vanishing beside a big one.
          const height = Math.max(1.5, (day.amount_inr / ceiling) * 100);
          return (
            <rect
              key={day.date}
              className="cs-console-chart__bar"
              x={index + gap / 2}
              y={100 - height}
              width={1 - gap}
              height={height}
            >
              <title>{`${formatConsoleDay(day.date)}: ${formatCurrency(day.amount_inr, 'INR')} (${countLabel(day.count, 'donation')})`}</title>
            </rect>
          );
        })}
      </svg>
      <div className="cs-console-chart__x-axis">
        {first ? <span>{formatConsoleShortDay(first.date)}</span> : null}
        {middle && count > 2 ? <span>{formatConsoleShortDay(middle.date)}</span> : null}
        {last && count > 1 ? <span>{formatConsoleShortDay(last.date)}</span> : null}
      </div>
    </div>
  );
}
