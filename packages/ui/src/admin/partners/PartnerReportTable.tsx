import { useId } from 'react';
import {
  PARTNER_REPORT_TEXT,
  formatNumber,
  partnerReportAmountText,
  reportMonthLabel,
  type PartnerReportRow,
} from '@charity/domain';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { EmptyState } from '../../components/EmptyState';
import { Skeleton, SkeletonGroup } from '../../components/Skeleton';
import { cn } from '../../lib/cn';
import { AlertIcon, DownloadIcon, InboxIcon } from '../shared/icons';
import type { AdminConsoleStatus } from '../shared/types';

export const PARTNER_REPORT_TABLE_TEXT = {
  heading: 'Partner report',
  description: "What each partner's donate widget brought, per month and currency.",
  loading: 'Loading the partner report...',
  loadFailed: 'Failed to load the partner report',
  retry: 'Try again',
  empty: 'No donations through a partner’s widget yet',
  emptyHint: 'Gifts made through a partner site’s donate widget are reported here by month, once there are some.',
  downloadCsv: 'Download CSV',
  downloading: 'Downloading...',
  columnPartner: 'Partner',
  columnMonth: 'Month',
  columnCurrency: 'Currency',
  columnDonations: 'Donations',
  columnDonors: 'Donors',
  columnAmount: 'Amount (net of refunds)',
  columnRefunded: 'Refunded',
  refundsNote: PARTNER_REPORT_TEXT.refundsNote,
  timeZoneNote: PARTNER_REPORT_TEXT.timeZoneNote,
} as const;

export interface PartnerReportTableProps {
  /** Partner (A to Z), newest month first, then currency: the API's order is kept. */
  rows: readonly PartnerReportRow[];
  status: AdminConsoleStatus;
  /** The zone whose calendar months the rows follow (the API's `time_zone`), said under the heading. */
  timeZone: string;
  onRetry: () => void;
  /** 'Download CSV': the same rows as a file (the page fetches it with the staff member's token). */
  onDownloadCsv: () => void;
  /** The CSV is being fetched: the button waits. */
  downloading?: boolean;
  /** The heading's level, to fit the page outline (2 under the page's h1). */
  headingLevel?: 2 | 3;
  className?: string;
}

/**
 * The partner report (docs/decisions/031-partner-report.md): one row per partner site, organisation month and
 * currency, with the completed donations, distinct donors, the amount net of refunds (currencies are never added
 * together) and what was refunded; notes say how months and refunds are counted, and 'Download CSV' gives the same
 * rows as a file. On a phone the table scrolls sideways inside a named, keyboard-focusable region.
 */
export function PartnerReportTable({
  rows,
  status,
  timeZone,
  onRetry,
  onDownloadCsv,
  downloading = false,
  headingLevel = 2,
  className,
}: PartnerReportTableProps) {
  const headingId = useId();
  const Heading = `h${headingLevel}` as const;
  const stateHeading = headingLevel === 2 ? 3 : 4;

  let body;
  if (status === 'loading') {
    body = (
      <SkeletonGroup label={PARTNER_REPORT_TABLE_TEXT.loading}>
        <div className="cs-console-stack" aria-hidden="true">
          {[0, 1, 2, 3].map((index) => (
            <Skeleton key={index} height="1.5rem" />
          ))}
        </div>
      </SkeletonGroup>
    );
  } else if (status === 'error') {
    body = (
      <EmptyState
        icon={<AlertIcon />}
        headingLevel={stateHeading}
        title={PARTNER_REPORT_TABLE_TEXT.loadFailed}
        actions={<Button onClick={onRetry}>{PARTNER_REPORT_TABLE_TEXT.retry}</Button>}
      />
    );
  } else if (rows.length === 0) {
    body = (
      <EmptyState
        icon={<InboxIcon />}
        headingLevel={stateHeading}
        title={PARTNER_REPORT_TABLE_TEXT.empty}
        description={PARTNER_REPORT_TABLE_TEXT.emptyHint}
      />
    );
  } else {
    body = (
      // Focusable so keyboard users can scroll it sideways on a narrow screen; named by the heading.
      <div className="cs-console-table-scroll" role="group" aria-labelledby={headingId} tabIndex={0}>
        <table className="cs-console-table">
          <caption className="cs-visually-hidden">{PARTNER_REPORT_TABLE_TEXT.heading}</caption>
          <thead>
            <tr>
              <th scope="col">{PARTNER_REPORT_TABLE_TEXT.columnPartner}</th>
              <th scope="col">{PARTNER_REPORT_TABLE_TEXT.columnMonth}</th>
              <th scope="col">{PARTNER_REPORT_TABLE_TEXT.columnCurrency}</th>
              <th scope="col" className="cs-console-table__number">
                {PARTNER_REPORT_TABLE_TEXT.columnDonations}
              </th>
              <th scope="col" className="cs-console-table__number">
                {PARTNER_REPORT_TABLE_TEXT.columnDonors}
              </th>
              <th scope="col" className="cs-console-table__number">
                {PARTNER_REPORT_TABLE_TEXT.columnAmount}
              </th>
              <th scope="col" className="cs-console-table__number">
                {PARTNER_REPORT_TABLE_TEXT.columnRefunded}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={`${row.partner_origin}|${row.month}|${row.currency}`}>
                <th scope="row">{row.partner_origin}</th>
                <td className="cs-console-table__nowrap">
                  <time dateTime={row.month}>{reportMonthLabel(row.month)}</time>
                </td>
                <td>{row.currency}</td>
                <td className="cs-console-table__number">{formatNumber(row.donations)}</td>
                <td className="cs-console-table__number">{formatNumber(row.donors)}</td>
                <td className="cs-console-table__number cs-console-table__nowrap">{partnerReportAmountText(row.amount, row.currency)}</td>
                <td className="cs-console-table__number cs-console-table__nowrap">{partnerReportAmountText(row.refunded_amount, row.currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <Card as="section" className={cn('cs-console-panel', className)} aria-labelledby={headingId}>
      <div className="cs-console-panel__header">
        <div>
          <Heading id={headingId} className="cs-console-panel__title">
            {PARTNER_REPORT_TABLE_TEXT.heading}
          </Heading>
          <p className="cs-console-muted">{PARTNER_REPORT_TABLE_TEXT.description}</p>
        </div>
        <Button
          variant="outline"
          icon={<DownloadIcon size={18} />}
          onClick={onDownloadCsv}
          disabled={status !== 'ready'}
          loading={downloading}
          loadingText={PARTNER_REPORT_TABLE_TEXT.downloading}
        >
          {PARTNER_REPORT_TABLE_TEXT.downloadCsv}
        </Button>
      </div>
      <ul className="cs-console-muted">
        <li>{PARTNER_REPORT_TABLE_TEXT.timeZoneNote(timeZone)}</li>
        <li>{PARTNER_REPORT_TABLE_TEXT.refundsNote}</li>
      </ul>
      {body}
    </Card>
  );
}
