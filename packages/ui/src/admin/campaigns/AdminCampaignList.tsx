import { useState, type ReactNode } from 'react';
import {
  ADMIN_CONSOLE_MESSAGES,
  CAMPAIGN_CURRENCY,
  CAMPAIGN_MESSAGES,
  CAMPAIGN_STATUS_LABELS,
  NO_END_DATE_LABEL,
  campaignCategoryLabel,
  campaignRaisedSplit,
  campaignDisplayStatus,
  formatCurrency,
  formatNumber,
  fundedPercentage,
  isCampaignStatus,
} from '@charity/domain';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { ProgressBar } from '../../components/ProgressBar';
import { Skeleton, SkeletonGroup } from '../../components/Skeleton';
import { CAMPAIGN_STATUS_TONES } from '../../campaigns/CampaignCard';
import { StarIcon } from '../../campaigns/icons';
import { resolveImageUrl } from '../../campaigns/image-url';
import { ImageIcon, PencilIcon, TrashIcon } from '../../events/icons';
import { cn } from '../../lib/cn';
import { formatAdminDay } from '../shared/format';
import type { AdminRecordsStatus } from '../shared/types';

export const ADMIN_CAMPAIGNS_TEXT = {
  caption: 'Campaigns',
  loading: 'Loading campaigns...',
  loadFailed: CAMPAIGN_MESSAGES.loadFailed,
  retry: 'Try again',
  emptyTitle: ADMIN_CONSOLE_MESSAGES.noCampaigns,
  emptyHint: 'Create your first campaign to start raising funds for it.',
  columnCampaign: 'Campaign',
  columnStatus: 'Status',
  columnRaised: 'Raised',
  columnDonations: 'Donations',
  columnEnds: 'Ends',
  columnActions: 'Actions',
  featured: 'Featured',
  noEndDate: NO_END_DATE_LABEL,
  edit: 'Edit',
  delete: 'Delete',
} as const;

/** '₹520 online · ₹4,86,200 offline': how the shown figure is made up, when part of it was entered by staff. */
export function raisedSplitText(split: { onlineAmount: number; offlineAmount: number }, currency: string = CAMPAIGN_CURRENCY): string {
  return `${formatCurrency(split.onlineAmount, currency)} online · ${formatCurrency(split.offlineAmount, currency)} offline`;
}

/** '₹45,000 of ₹1,50,000'. */
export function raisedOfGoalText(raised: number, target: number, currency: string = CAMPAIGN_CURRENCY): string {
  return `${formatCurrency(raised, currency)} of ${formatCurrency(target, currency)}`;
}

/**
 * What the list shows of a campaign. The wire shape is defined once, as CampaignReply in the wire contract
 * (packages/domain/src/contract/campaigns.ts); this is the published library's own props type, because the built
 * ui package inlines no TypeBox types (scripts/pack-test.mjs checks its .d.ts imports nothing private). The site
 * passes CampaignReply[] here, so the compiler holds the two together.
 */
export interface AdminCampaignRecord {
  id: number;
  title: string;
  description: string;
  status: string;
  is_featured: boolean;
  category: string | null;
  image_url: string | null;
  target_amount: number;
  raised_amount: number;
  donation_count: number;
  /** Raised outside the website, entered by staff: part of raised_amount. */
  offline_amount?: number;
  offline_donation_count?: number;
  currency: string;
  start_date: string | null;
  end_date: string | null;
  created_at?: string;
  updated_at?: string;
}

export interface AdminCampaignListProps {
  campaigns: readonly AdminCampaignRecord[];
  status: AdminRecordsStatus;
  onEdit: (campaign: AdminCampaignRecord) => void;
  onDelete: (campaign: AdminCampaignRecord) => void;
  /** 'Try again' after a failed load. */
  onRetry: () => void;
  /** Below the table, e.g. the Pagination. */
  footer?: ReactNode;
  /** The moment the display status (an ended campaign reads Completed) is computed for; defaults to now. */
  now?: Date;
  /** Prefix for server-relative image paths ('' when the site serves /uploads itself). */
  imageBaseUrl?: string;
  className?: string;
}

/**
 * Every campaign for staff: picture, title, status, Featured, raised vs goal, donations, end date, Edit
 * and Delete. A table on wide screens; below 48rem each row stacks into a card (CSS), keeping the table's semantics.
 */
export function AdminCampaignList({
  campaigns,
  status,
  onEdit,
  onDelete,
  onRetry,
  footer,
  now,
  imageBaseUrl = '',
  className,
}: AdminCampaignListProps) {
  if (status === 'loading') {
    return (
      <div className={cn('cs-admin-campaigns cs-admin-campaigns--loading', className)}>
        <SkeletonGroup label={ADMIN_CAMPAIGNS_TEXT.loading}>
          {Array.from({ length: 3 }, (_, i) => (
            <div key={i} className="cs-admin-campaigns__skeleton-row">
              <Skeleton className="cs-admin-campaigns__thumb" />
              <Skeleton shape="text" width="40%" height="1.25em" />
              <Skeleton shape="text" width="25%" />
            </div>
          ))}
        </SkeletonGroup>
      </div>
    );
  }
  if (status === 'error') {
    return (
      <EmptyState
        className={className}
        icon={<ImageIcon />}
        title={ADMIN_CAMPAIGNS_TEXT.loadFailed}
        actions={<Button onClick={onRetry}>{ADMIN_CAMPAIGNS_TEXT.retry}</Button>}
      />
    );
  }
  if (campaigns.length === 0) {
    return (
      <EmptyState
        className={className}
        icon={<StarIcon />}
        title={ADMIN_CAMPAIGNS_TEXT.emptyTitle}
        description={ADMIN_CAMPAIGNS_TEXT.emptyHint}
      />
    );
  }
  const at = now ?? new Date();
  return (
    <div className={cn('cs-admin-campaigns', className)}>
      {/* Explicit roles: some browsers drop a table's semantics once CSS stacks its rows on small screens. */}
      <table role="table" className="cs-admin-campaigns__table">
        <caption className="cs-visually-hidden">{ADMIN_CAMPAIGNS_TEXT.caption}</caption>
        <thead role="rowgroup">
          <tr role="row">
            <th role="columnheader" scope="col">
              {ADMIN_CAMPAIGNS_TEXT.columnCampaign}
            </th>
            <th role="columnheader" scope="col">
              {ADMIN_CAMPAIGNS_TEXT.columnStatus}
            </th>
            <th role="columnheader" scope="col">
              {ADMIN_CAMPAIGNS_TEXT.columnRaised}
            </th>
            <th role="columnheader" scope="col">
              {ADMIN_CAMPAIGNS_TEXT.columnDonations}
            </th>
            <th role="columnheader" scope="col">
              {ADMIN_CAMPAIGNS_TEXT.columnEnds}
            </th>
            <th role="columnheader" scope="col">
              <span className="cs-visually-hidden">{ADMIN_CAMPAIGNS_TEXT.columnActions}</span>
            </th>
          </tr>
        </thead>
        <tbody role="rowgroup">
          {campaigns.map((campaign) => (
            <CampaignRow key={campaign.id} campaign={campaign} now={at} imageBaseUrl={imageBaseUrl} onEdit={onEdit} onDelete={onDelete} />
          ))}
        </tbody>
      </table>
      {footer ? <div className="cs-admin-campaigns__footer">{footer}</div> : null}
    </div>
  );
}

interface CampaignRowProps extends Pick<AdminCampaignListProps, 'onEdit' | 'onDelete'> {
  campaign: AdminCampaignRecord;
  now: Date;
  imageBaseUrl: string;
}

function CampaignRow({ campaign, now, imageBaseUrl, onEdit, onDelete }: CampaignRowProps) {
  const display = campaignDisplayStatus(campaign, now);
  const stored = isCampaignStatus(campaign.status) ? CAMPAIGN_STATUS_LABELS[campaign.status] : null;
  const currency = campaign.currency || CAMPAIGN_CURRENCY;
  const raisedText = raisedOfGoalText(campaign.raised_amount, campaign.target_amount, currency);
  // The public sees one figure; staff see what it is made of when some of it was entered by hand.
  const split = campaignRaisedSplit(campaign);
  const category = campaignCategoryLabel(campaign.category);
  const ends = formatAdminDay(campaign.end_date);
  return (
    <tr role="row" className="cs-admin-campaigns__row">
      <th role="rowheader" scope="row">
        <div className="cs-admin-campaigns__campaign">
          <CampaignThumb url={resolveImageUrl(campaign.image_url, imageBaseUrl)} />
          <span className="cs-admin-campaigns__name">
            <span className="cs-admin-campaigns__title">{campaign.title}</span>
            {category || campaign.is_featured ? (
              <span className="cs-admin-campaigns__tags">
                {category ? <span className="cs-admin-campaigns__category">{category}</span> : null}
                {campaign.is_featured ? (
                  <Badge tone="yellow">
                    <StarIcon size={14} />
                    {ADMIN_CAMPAIGNS_TEXT.featured}
                  </Badge>
                ) : null}
              </span>
            ) : null}
          </span>
        </div>
      </th>
      <td role="cell" data-label={ADMIN_CAMPAIGNS_TEXT.columnStatus}>
        <Badge tone={CAMPAIGN_STATUS_TONES[display]}>{display}</Badge>
        {/* An active campaign past its end date reads Completed; staff also need the status they set. */}
        {stored && stored !== display ? <span className="cs-admin-campaigns__note">Set to {stored}</span> : null}
      </td>
      <td role="cell" data-label={ADMIN_CAMPAIGNS_TEXT.columnRaised} className="cs-admin-campaigns__raised">
        <span>{raisedText}</span>
        {split.offlineAmount > 0 ? <span className="cs-admin-campaigns__note">{raisedSplitText(split, currency)}</span> : null}
        <ProgressBar
          size="sm"
          value={fundedPercentage(campaign.raised_amount, campaign.target_amount)}
          label={`Funding progress of ${campaign.title}`}
          valueText={`${raisedText} raised`}
        />
      </td>
      <td role="cell" data-label={ADMIN_CAMPAIGNS_TEXT.columnDonations}>
        {formatNumber(campaign.donation_count)}
        {split.offlineCount > 0 ? <span className="cs-admin-campaigns__note">{`${formatNumber(split.offlineCount)} offline`}</span> : null}
      </td>
      <td role="cell" data-label={ADMIN_CAMPAIGNS_TEXT.columnEnds}>
        {ends ?? ADMIN_CAMPAIGNS_TEXT.noEndDate}
      </td>
      <td role="cell" className="cs-admin-campaigns__actions">
        <Button variant="outline" size="sm" icon={<PencilIcon size={16} />} onClick={() => onEdit(campaign)}>
          {ADMIN_CAMPAIGNS_TEXT.edit}
          <span className="cs-visually-hidden"> {campaign.title}</span>
        </Button>
        <Button variant="danger" size="sm" icon={<TrashIcon size={16} />} onClick={() => onDelete(campaign)}>
          {ADMIN_CAMPAIGNS_TEXT.delete}
          <span className="cs-visually-hidden"> {campaign.title}</span>
        </Button>
      </td>
    </tr>
  );
}

/** The campaign's picture, decorative beside its title; a neutral box when it has none or it fails to load. */
function CampaignThumb({ url }: { url: string | null }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (!url || failedUrl === url) {
    return (
      <span className="cs-admin-campaigns__thumb cs-admin-campaigns__thumb--empty" aria-hidden="true">
        <ImageIcon size={20} />
      </span>
    );
  }
  return (
    <img
      className="cs-admin-campaigns__thumb"
      src={url}
      alt=""
      width={64}
      height={48}
      loading="lazy"
      decoding="async"
      onError={() => setFailedUrl(url)}
    />
  );
}
