/** What a campaign card says about a campaign (spec §2 "Campaigns", §4 "Campaign status"), as text. */
import {
  CAMPAIGN_ENDED_LABEL,
  campaignDisplayStatus,
  daysLeft,
  daysLeftLabel,
  type CampaignStatus,
} from './campaign';
import { CLOSED_CAMPAIGN_TEXTS } from './campaign-page';
import { formatNumber } from './format';
import { text } from './internal/values';

type DateInput = Date | string | number | null | undefined;

/**
 * The card's time line. Spec §2 ties 'Campaign ended' to zero days left or fewer, so that is the only time it is said.
 * A campaign completed before its end date says 'Campaign completed' instead of "12 days left" (which would invite
 * gifts to something that is over); every other campaign shows daysLeftLabel of the days until its end date.
 */
export function campaignTimeLabel(
  c: { status?: CampaignStatus | string | null; end_date?: DateInput },
  now: Date = new Date(),
): string {
  const days = daysLeft(c.end_date, now);
  if (days !== null && days <= 0) return CAMPAIGN_ENDED_LABEL;
  if (campaignDisplayStatus(c, now) === 'Completed') return CLOSED_CAMPAIGN_TEXTS.cardCompleted;
  return daysLeftLabel(days);
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
