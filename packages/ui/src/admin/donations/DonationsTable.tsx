import type { ReactNode } from 'react';
import { ADMIN_CONSOLE_MESSAGES, donationSourceText, donationTypeLabel, formatCurrency, formatMinor, type AdminDonation } from '@charity/domain';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { Skeleton, SkeletonGroup } from '../../components/Skeleton';
import { HeartIcon } from '../../components/icons';
import { EyeIcon } from '../../events/icons';
import { cn } from '../../lib/cn';
import type { AdminRecordsStatus } from '../shared/types';
import { DonationStatusBadge } from '../shared/status-badges';
import { NotGiven } from './NotGiven';
import { donationCampaignText, donationSummaryText, GENERAL_DONATION_LABEL, inrEquivalentText } from './donation-text';
import { formatAdminDateTime } from '../shared/format';

export const DONATIONS_TABLE_TEXT = {
  caption: 'Donations',
  loading: 'Loading donations...',
  loadFailed: ADMIN_CONSOLE_MESSAGES.donationsLoadFailed,
  retry: 'Try again',
  empty: ADMIN_CONSOLE_MESSAGES.noDonationsYet,
  emptyFiltered: ADMIN_CONSOLE_MESSAGES.noDonationsMatch,
  emptyFilteredHint: 'Change or clear the filters to see more donations.',
  columnDate: 'Date',
  columnDonor: 'Donor',
  columnAmount: 'Amount',
  columnType: 'Type',
  columnCampaign: 'Campaign',
  columnCountry: 'Country',
  columnStatus: 'Status',
  columnReceipt: 'Receipt',
  columnSource: 'Source',
  columnActions: 'Actions',
  anonymous: 'Anonymous',
  noName: 'No name given',
  generalDonation: GENERAL_DONATION_LABEL,
  view: 'View',
  partlyRefunded: 'Partly refunded',
} as const;

/** '₹500 refunded' under a partly refunded donation's amount. */
export function refundedAmountText(donation: Pick<AdminDonation, 'currency'> & { refunded_minor: number }): string {
  return `${formatMinor(donation.refunded_minor, donation.currency)} refunded`;
}

export interface DonationsTableProps {
  donations: readonly AdminDonation[];
  /** Count and INR sum of the whole filtered set (every page); null while unknown. */
  summary: { count: number; amount_inr: number } | null;
  status: AdminRecordsStatus;
  /** Some filter is in effect: an empty result then says no donation matches rather than none exist. */
  filtered: boolean;
  /** The row's 'View' button: open the donation's details. */
  onSelect: (donation: AdminDonation) => void;
  onRetry: () => void;
  /** Below the table, e.g. the Pagination. */
  footer?: ReactNode;
  className?: string;
}

/**
 * The donation list of /admin/donations. Wide, so on small screens it scrolls sideways inside a
 * keyboard-focusable region rather than squeezing columns; each row opens through its 'View' button.
 */
export function DonationsTable({ donations, summary, status, filtered, onSelect, onRetry, footer, className }: DonationsTableProps) {
  if (status === 'loading') {
    return (
      <div className={cn('cs-donations-table cs-donations-table--loading', className)}>
        <SkeletonGroup label={DONATIONS_TABLE_TEXT.loading}>
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="cs-donations-table__skeleton-row" />
          ))}
        </SkeletonGroup>
      </div>
    );
  }
  if (status === 'error') {
    return (
      <EmptyState
        className={className}
        icon={<HeartIcon />}
        title={DONATIONS_TABLE_TEXT.loadFailed}
        actions={<Button onClick={onRetry}>{DONATIONS_TABLE_TEXT.retry}</Button>}
      />
    );
  }
  if (donations.length === 0) {
    return filtered ? (
      <EmptyState
        className={className}
        icon={<HeartIcon />}
        title={DONATIONS_TABLE_TEXT.emptyFiltered}
        description={DONATIONS_TABLE_TEXT.emptyFilteredHint}
      />
    ) : (
      <EmptyState className={className} icon={<HeartIcon />} title={DONATIONS_TABLE_TEXT.empty} />
    );
  }
  // The source column only appears when a row on this page came through a partner's widget: it then names the partner
  // ('Widget: <origin>') or 'Website', as the detail, the CSV and the dashboard do (the domain's donationSourceText).
  const showSource = donations.some((donation) => donation.partner_origin);
  return (
    <div className={cn('cs-donations-table', className)}>
      {summary ? (
        <p className="cs-donations-table__summary" role="status">
          {donationSummaryText(summary)}
        </p>
      ) : null}
      <div className="cs-donations-table__scroll" tabIndex={0} role="region" aria-label={DONATIONS_TABLE_TEXT.caption}>
        <table className="cs-donations-table__table">
          <caption className="cs-visually-hidden">{DONATIONS_TABLE_TEXT.caption}</caption>
          <thead>
            <tr>
              <th scope="col">{DONATIONS_TABLE_TEXT.columnDate}</th>
              <th scope="col">{DONATIONS_TABLE_TEXT.columnDonor}</th>
              <th scope="col" className="cs-donations-table__number">
                {DONATIONS_TABLE_TEXT.columnAmount}
              </th>
              <th scope="col">{DONATIONS_TABLE_TEXT.columnType}</th>
              <th scope="col">{DONATIONS_TABLE_TEXT.columnCampaign}</th>
              <th scope="col">{DONATIONS_TABLE_TEXT.columnCountry}</th>
              <th scope="col">{DONATIONS_TABLE_TEXT.columnStatus}</th>
              <th scope="col">{DONATIONS_TABLE_TEXT.columnReceipt}</th>
              {showSource ? <th scope="col">{DONATIONS_TABLE_TEXT.columnSource}</th> : null}
              <th scope="col">
                <span className="cs-visually-hidden">{DONATIONS_TABLE_TEXT.columnActions}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {donations.map((donation) => (
              <DonationRow key={donation.id} donation={donation} showSource={showSource} onSelect={onSelect} />
            ))}
          </tbody>
        </table>
      </div>
      {footer ? <div className="cs-donations-table__footer">{footer}</div> : null}
    </div>
  );
}

function DonationRow({
  donation,
  showSource,
  onSelect,
}: {
  donation: AdminDonation;
  showSource: boolean;
  onSelect: (donation: AdminDonation) => void;
}) {
  const inr = inrEquivalentText(donation);
  const country = donation.donor_country || donation.donor_country_code;
  // A fully refunded donation reads 'Refunded'; a completed one that gave some back is marked as partly refunded.
  const refunded = donation.refunded_minor ?? 0;
  const partlyRefunded = donation.status === 'completed' && refunded > 0;
  return (
    <tr>
      <td className="cs-donations-table__date">
        <time dateTime={donation.created_at}>{formatAdminDateTime(donation.created_at) ?? donation.created_at}</time>
      </td>
      <th scope="row" className="cs-donations-table__donor">
        <span className="cs-donations-table__name">
          {donation.donor_name || DONATIONS_TABLE_TEXT.noName}
          {donation.is_anonymous ? <Badge tone="grey">{DONATIONS_TABLE_TEXT.anonymous}</Badge> : null}
        </span>
        {donation.donor_email ? <span className="cs-donations-table__email">{donation.donor_email}</span> : null}
      </th>
      <td className="cs-donations-table__number">
        <span className="cs-donations-table__amount">{formatCurrency(donation.amount, donation.currency)}</span>
        {inr ? <span className="cs-donations-table__inr">{inr}</span> : null}
        {partlyRefunded ? (
          <span className="cs-donations-table__refunded">{refundedAmountText({ currency: donation.currency, refunded_minor: refunded })}</span>
        ) : null}
      </td>
      <td>{donationTypeLabel(donation)}</td>
      <td>{donationCampaignText(donation)}</td>
      <td>{country || <NotGiven />}</td>
      <td>
        {partlyRefunded ? (
          <span className="cs-donations-table__status">
            <DonationStatusBadge status={donation.status} />
            <Badge tone="grey">{DONATIONS_TABLE_TEXT.partlyRefunded}</Badge>
          </span>
        ) : (
          <DonationStatusBadge status={donation.status} />
        )}
      </td>
      <td className="cs-donations-table__code">{donation.receipt_number || <NotGiven label="None" />}</td>
      {showSource ? <td className="cs-donations-table__code">{donationSourceText(donation)}</td> : null}
      <td>
        <Button variant="outline" size="sm" icon={<EyeIcon size={16} />} onClick={() => onSelect(donation)}>
          {DONATIONS_TABLE_TEXT.view}
          <span className="cs-visually-hidden"> donation {donation.id}</span>
        </Button>
      </td>
    </tr>
  );
}
