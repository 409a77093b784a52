import { useId } from 'react';
import { ADMIN_CONSOLE_MESSAGES, formatCurrency, type TopCampaign } from '@charity/domain';
import { Card } from '../../components/Card';
import { ProgressBar } from '../../components/ProgressBar';
import { Skeleton, SkeletonGroup } from '../../components/Skeleton';
import { cn } from '../../lib/cn';
import { raisedSplitText } from '../campaigns/AdminCampaignList';
import { countLabel } from '../shared/format';
import type { AdminConsoleStatus } from '../shared/types';

export const TOP_CAMPAIGNS_TEXT = {
  heading: 'Top campaigns',
  loading: 'Loading top campaigns...',
  empty: 'No published campaigns yet',
} as const;

/**
 * '₹45,000 raised of ₹1,00,000' (or '₹45,000 raised' without a target), the figure the public campaign shows: the
 * visible line and the bar's value.
 */
export function raisedText(campaign: Pick<TopCampaign, 'raised_amount' | 'target_amount'>): string {
  const raised = `${formatCurrency(campaign.raised_amount, 'INR')} raised`;
  return campaign.target_amount > 0 ? `${raised} of ${formatCurrency(campaign.target_amount, 'INR')}` : raised;
}

export interface TopCampaignsListProps {
  /** At most 5, highest amount first (the API's order is kept). */
  campaigns: readonly TopCampaign[];
  status: AdminConsoleStatus;
  className?: string;
}

/**
 * The campaigns that show most raised, with the figure the public sees (online donations plus what staff entered as
 * raised offline, split below it when there is an offline part), each with its progress towards its target.
 */
export function TopCampaignsList({ campaigns, status, className }: TopCampaignsListProps) {
  const headingId = useId();
  return (
    <Card as="section" className={cn('cs-console-panel', className)} aria-labelledby={headingId}>
      <div className="cs-console-panel__header">
        <h2 id={headingId} className="cs-console-panel__title">
          {TOP_CAMPAIGNS_TEXT.heading}
        </h2>
      </div>
      {status === 'loading' ? (
        <SkeletonGroup label={TOP_CAMPAIGNS_TEXT.loading}>
          <div className="cs-console-stack" aria-hidden="true">
            {[0, 1, 2].map((index) => (
              <div key={index}>
                <Skeleton shape="text" width="55%" />
                <Skeleton height="0.75rem" />
              </div>
            ))}
          </div>
        </SkeletonGroup>
      ) : status === 'error' ? (
        <p className="cs-console-empty">{ADMIN_CONSOLE_MESSAGES.dashboardLoadFailed}</p>
      ) : campaigns.length === 0 ? (
        <p className="cs-console-empty">{TOP_CAMPAIGNS_TEXT.empty}</p>
      ) : (
        <ol className="cs-console-top">
          {campaigns.map((campaign) => {
            const raised = raisedText(campaign);
            return (
              <li key={campaign.id} className="cs-console-top__item">
                <div className="cs-console-top__line">
                  <span className="cs-console-top__title">{campaign.title}</span>
                  <span className="cs-console-top__count">{countLabel(campaign.donation_count, 'donation')}</span>
                </div>
                <p className="cs-console-top__raised">{raised}</p>
                {campaign.offline_amount > 0 ? (
                  <p className="cs-console-top__split">
                    {raisedSplitText({ onlineAmount: campaign.amount_inr, offlineAmount: campaign.offline_amount }, 'INR')}
                  </p>
                ) : null}
                {campaign.target_amount > 0 ? (
                  <ProgressBar
                    size="sm"
                    value={(campaign.raised_amount / campaign.target_amount) * 100}
                    label={`Funding progress of ${campaign.title}`}
                    valueText={raised}
                  />
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
    </Card>
  );
}
