/** What a campaign card says about a campaign (spec §2 "Campaigns", §4 "Campaign status"), as text. */
import {
  CAMPAIGN_ENDED_LABEL,
  campaignDisplayStatus,
  daysLeft,
  daysLeftLabel,
  type CampaignStatus,
} from './campaign';
import { formatNumber } from './format';
import { text } from './internal/values';

type DateInput = Date | string | number | null | undefined;

/**
 * The card's time line: 'Campaign ended' for a campaign whose display status is Completed (its status says so
 * even when the end date is still ahead: "12 days left" on a finished campaign would invite donations to
 * something that is over), otherwise daysLeftLabel of the days until the end date ('Campaign ended' at 0).
 */
export function campaignTimeLabel(
  c: { status?: CampaignStatus | string | null; end_date?: DateInput },
  now: Date = new Date(),
): string {
  if (campaignDisplayStatus(c, now) === 'Completed') return CAMPAIGN_ENDED_LABEL;
  return daysLeftLabel(daysLeft(c.end_date, now));
}

/** '{n}% funded' for a percentage from fundedPercentage. */
export function fundedLabel(percentage: number): string {
  return `${Number.isFinite(percentage) ? Math.round(percentage) : 0}% funded`;
}

/** '1 donor', '0 donors', '1,032 donors' (Indian grouping, as every count on the site). */
export function donorCountLabel(count: number): string {
  const n = Number.isFinite(count) && count > 0 ? Math.round(count) : 0;
  return n === 1 ? '1 donor' : `${formatNumber(n)} donors`;
}

/**
 * A category slug as people read it: 'family-support' → 'Family Support', 'health' → 'Health'.
 * Words already in capitals stay as typed ('NGO partners' → 'NGO Partners'); blank → null.
 */
export function campaignCategoryLabel(category: string | null | undefined): string | null {
  const words = text(category)
    .split(/[\s_-]+/)
    .filter((word) => word !== '');
  if (words.length === 0) return null;
  return words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(' ');
}
