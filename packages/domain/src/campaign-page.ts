// A campaign's own page, /campaigns/:slug (issue 19): its stable address, what it says when it takes no gifts, and
// who is shown among its supporters. docs/decisions/030-campaign-pages.md.
import { campaignDisplayStatus, type CampaignDisplayStatus } from './campaign';
import { text } from './internal/values';

type DateInput = Date | string | number | null | undefined;

/** Supporters a campaign's page lists: the newest few, enough to show the campaign is alive. */
export const CAMPAIGN_PAGE_SUPPORTERS = 6;

/** Longest slug: long enough for a title's first words, short enough to read in a shared link. */
export const CAMPAIGN_SLUG_MAX_LENGTH = 60;

/** A slug the site accepts in /campaigns/:slug: lower-case letters, digits and single dashes, not digits alone. */
const SLUG_PATTERN = /^(?=.*[a-z])[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function isCampaignSlug(value: string): boolean {
  return value.length <= CAMPAIGN_SLUG_MAX_LENGTH && SLUG_PATTERN.test(value);
}

/**
 * The slug a new campaign gets from its title: accents dropped, lower case, words joined by dashes, cut at a dash
 * within CAMPAIGN_SLUG_MAX_LENGTH. A title with no Latin letters or digits (a Hindi title) gives 'campaign', and a
 * title of digits only gets 'campaign-' in front, so a slug is never read as a campaign id (/campaigns/4 redirects).
 * The database makes it unique (the repository adds -2, -3, …) and keeps it when the title changes: shared links live.
 */
export function campaignSlugBase(title: string): string {
  const words = text(title)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  let slug = words;
  if (slug.length > CAMPAIGN_SLUG_MAX_LENGTH) {
    const cut = slug.slice(0, CAMPAIGN_SLUG_MAX_LENGTH + 1);
    const lastDash = cut.lastIndexOf('-');
    slug = (lastDash > 10 ? cut.slice(0, lastDash) : cut.slice(0, CAMPAIGN_SLUG_MAX_LENGTH)).replace(/-+$/, '');
  }
  if (slug === '') return 'campaign';
  if (!/[a-z]/.test(slug)) return `campaign-${slug}`.slice(0, CAMPAIGN_SLUG_MAX_LENGTH).replace(/-+$/, '');
  return slug;
}

/** `base`, or `base-n` for the n-th campaign with the same base (n ≥ 2), kept within CAMPAIGN_SLUG_MAX_LENGTH. */
export function numberedSlug(base: string, n: number): string {
  if (n <= 1) return base;
  const suffix = `-${n}`;
  return `${base.slice(0, CAMPAIGN_SLUG_MAX_LENGTH - suffix.length).replace(/-+$/, '')}${suffix}`;
}

/** A campaign's page: /campaigns/{slug}. */
export function campaignPagePath(slug: string): string {
  return `/campaigns/${encodeURIComponent(slug)}`;
}

/** Whether a campaign takes gifts now: only an active one (spec §4: status active and the end date ahead). */
export function campaignAcceptsGifts(c: { status?: string | null; end_date?: DateInput }, now: Date = new Date()): boolean {
  return campaignDisplayStatus(c, now) === 'Active';
}

/** What a campaign that takes no gifts says, on its card, its page and on /donate (issue 19 item 2). */
export const CLOSED_CAMPAIGN_TEXTS = {
  completedNotice: 'This campaign has ended and no longer takes donations.',
  pausedNotice: 'This campaign is paused and not taking donations right now.',
  generalFund: 'Donate to the general fund',
  otherCampaigns: 'See active campaigns',
  cardCompleted: 'Campaign completed',
  cardPaused: 'Campaign paused',
  /** /donate?campaign={id} for a campaign that takes no gifts: said at the top of the form, before any amount. */
  donateCompleted: (title: string) =>
    `“${title}” has ended and no longer takes donations. Your gift will go to the general fund, where it is needed most.`,
  donatePaused: (title: string) =>
    `“${title}” is paused and not taking donations right now. Your gift will go to the general fund, where it is needed most.`,
} as const;

/** The notice for a campaign that takes no gifts (Completed or Paused by display status); null for an active one. */
export function closedCampaignNotice(c: { status?: string | null; end_date?: DateInput }, now: Date = new Date()): string | null {
  const status: CampaignDisplayStatus = campaignDisplayStatus(c, now);
  if (status === 'Completed') return CLOSED_CAMPAIGN_TEXTS.completedNotice;
  if (status === 'Paused') return CLOSED_CAMPAIGN_TEXTS.pausedNotice;
  return null;
}

/** The /donate banner for a chosen campaign that takes no gifts; null when it takes them. */
export function closedCampaignDonateNotice(
  c: { title: string; status?: string | null; end_date?: DateInput },
  now: Date = new Date(),
): string | null {
  const status = campaignDisplayStatus(c, now);
  if (status === 'Completed') return CLOSED_CAMPAIGN_TEXTS.donateCompleted(c.title);
  if (status === 'Paused') return CLOSED_CAMPAIGN_TEXTS.donatePaused(c.title);
  return null;
}

/**
 * How a supporter is shown on a campaign's page and in GET /campaigns/{id}/donations: the first word of the name the
 * donor gave, only when they ticked "Show my first name…" (show_first_name) and did not give anonymously; otherwise
 * null, shown as 'Anonymous'. Full names are never published: a donor's name is theirs to share.
 */
export function supporterFirstName(donor: { full_name: string | null | undefined; show_first_name?: boolean | null; is_anonymous?: boolean | null }): string | null {
  if (donor.show_first_name !== true || donor.is_anonymous === true) return null;
  const first = text(donor.full_name).split(/\s+/)[0] ?? '';
  return first === '' ? null : first;
}
