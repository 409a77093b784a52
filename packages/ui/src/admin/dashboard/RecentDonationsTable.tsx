import { useId } from 'react';
import { ADMIN_CONSOLE_MESSAGES, donationSourceText, formatCurrency, type AdminDonation } from '@charity/domain';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { Skeleton, SkeletonGroup } from '../../components/Skeleton';
import { cn } from '../../lib/cn';
import { formatConsoleDateTime } from '../shared/format';
import { DonationStatusBadge } from '../shared/status-badges';
import type { AdminConsoleStatus } from '../shared/types';

export const RECENT_DONATIONS_TEXT = {
  heading: 'Recent donations',
  loading: 'Loading recent donations...',
  date: 'Date',
  donor: 'Donor',
  amount: 'Amount',
  campaign: 'Campaign',
  status: 'Status',
  source: 'Source',
  actions: 'Actions',
  anonymous: 'Anonymous',
  generalDonation: 'General donation',
  unknownDonor: 'Unknown donor',
  view: 'View',
} as const;

/** The donor as staff see them: the name even for an anonymous gift, else the e-mail address. */
export function donorLabel(donation: Pick<AdminDonation, 'donor_name' | 'donor_email'>): string {
  return donation.donor_name?.trim() || donation.donor_email?.trim() || RECENT_DONATIONS_TEXT.unknownDonor;
}

export interface RecentDonationsTableProps {
  /** At most 10, newest first (the API's order is kept). */
  donations: readonly AdminDonation[];
  status: AdminConsoleStatus;
  /** With it, each row gets a 'View' button (e.g. to open the donation's detail). */
  onSelect?: (donation: AdminDonation) => void;
  className?: string;
}

/**
 * The dashboard's latest donations: date, donor (an 'Anonymous' badge when the donor asked not to be named in
 * public; staff still see the name), amount in its own currency, campaign or 'General donation', status, and the
 * source when a partner's widget gift is among them.
 * The table scrolls sideways on a phone instead of squeezing its columns.
 */
export function RecentDonationsTable({ donations, status, onSelect, className }: RecentDonationsTableProps) {
  const headingId = useId();
  // As in the donations list: a Source column ('Website' or 'Widget: <partner origin>') when a partner's gift is shown.
  const showSource = donations.some((donation) => donation.partner_origin);
  return (
    <Card as="section" className={cn('cs-console-panel', className)} aria-labelledby={headingId}>
      <div className="cs-console-panel__header">
        <h2 id={headingId} className="cs-console-panel__title">
          {RECENT_DONATIONS_TEXT.heading}
        </h2>
      </div>
      {status === 'loading' ? (
        <SkeletonGroup label={RECENT_DONATIONS_TEXT.loading}>
          <div className="cs-console-stack" aria-hidden="true">
            {[0, 1, 2, 3].map((index) => (
              <Skeleton key={index} height="1.5rem" />
            ))}
          </div>
        </SkeletonGroup>
      ) : status === 'error' ? (
        <p className="cs-console-empty">{ADMIN_CONSOLE_MESSAGES.dashboardLoadFailed}</p>
      ) : donations.length === 0 ? (
        <p className="cs-console-empty">{ADMIN_CONSOLE_MESSAGES.noDonationsYet}</p>
      ) : (
        // Focusable so keyboard users can scroll it sideways on a narrow screen; named by the heading.
        <div className="cs-console-table-scroll" role="group" aria-labelledby={headingId} tabIndex={0}>
          <table className="cs-console-table">
            <thead>
              <tr>
                <th scope="col">{RECENT_DONATIONS_TEXT.date}</th>
                <th scope="col">{RECENT_DONATIONS_TEXT.donor}</th>
                <th scope="col" className="cs-console-table__number">
                  {RECENT_DONATIONS_TEXT.amount}
                </th>
                <th scope="col">{RECENT_DONATIONS_TEXT.campaign}</th>
                <th scope="col">{RECENT_DONATIONS_TEXT.status}</th>
                {showSource ? <th scope="col">{RECENT_DONATIONS_TEXT.source}</th> : null}
                {onSelect ? (
                  <th scope="col">
                    <span className="cs-visually-hidden">{RECENT_DONATIONS_TEXT.actions}</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {donations.map((donation) => {
                const donor = donorLabel(donation);
                const date = formatConsoleDateTime(donation.created_at);
                return (
                  <tr key={donation.id}>
                    <td className="cs-console-table__nowrap">{date}</td>
                    <td>
                      <span className="cs-console-donor">
                        <span>{donor}</span>
                        {donation.is_anonymous ? <Badge tone="grey">{RECENT_DONATIONS_TEXT.anonymous}</Badge> : null}
                      </span>
                    </td>
                    <td className="cs-console-table__number cs-console-table__nowrap">
                      {formatCurrency(donation.amount, donation.currency)}
                    </td>
                    <td>{donation.campaign_title?.trim() || RECENT_DONATIONS_TEXT.generalDonation}</td>
                    <td>
                      <DonationStatusBadge status={donation.status} />
                    </td>
                    {showSource ? <td>{donationSourceText(donation)}</td> : null}
                    {onSelect ? (
                      <td>
                        <Button variant="outline" size="sm" onClick={() => onSelect(donation)}>
                          {RECENT_DONATIONS_TEXT.view}
                          <span className="cs-visually-hidden">
                            {' '}
                            donation from {donor}, {date}
                          </span>
                        </Button>
                      </td>
                    ) : null}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
