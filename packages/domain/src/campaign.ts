/** Campaign rules (spec §3 "Campaign", §4 "Campaign status" and "Campaign list", §9). */
import { text, toDate, toFiniteNumber, toNumber } from './internal/values';

export const CAMPAIGN_STATUSES = ['active', 'completed', 'paused', 'draft'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const CAMPAIGN_DISPLAY_STATUSES = ['Active', 'Completed', 'Paused', 'Draft'] as const;
export type CampaignDisplayStatus = (typeof CAMPAIGN_DISPLAY_STATUSES)[number];

/** Campaigns per page on /campaigns. */
export const CAMPAIGN_PAGE_SIZE = 9;
/** Cards in the home page's featured campaigns section (and the default featured fetch limit). */
export const FEATURED_CAMPAIGNS_MAX = 6;
/** Featured campaign cards on /donate. */
export const DONATE_PAGE_FEATURED_MAX = 3;
/** Campaign amounts are shown in INR. */
export const CAMPAIGN_CURRENCY = 'INR';
/** The periods of GET /campaigns/{id}/analytics, and the organisation days each covers (today included). */
export const CAMPAIGN_ANALYTICS_PERIODS = ['7d', '30d', '90d', '365d'] as const;
export type CampaignAnalyticsPeriod = (typeof CAMPAIGN_ANALYTICS_PERIODS)[number];
export const CAMPAIGN_ANALYTICS_PERIOD_DAYS: Readonly<Record<CampaignAnalyticsPeriod, number>> = { '7d': 7, '30d': 30, '90d': 90, '365d': 365 };
/** Default period for GET /campaigns/{id}/analytics. */
export const CAMPAIGN_ANALYTICS_DEFAULT_PERIOD = '30d';

export const CAMPAIGN_STATUS_FILTERS = ['all', 'active', 'completed', 'paused'] as const;
export type CampaignStatusFilter = (typeof CAMPAIGN_STATUS_FILTERS)[number];
export const DEFAULT_CAMPAIGN_STATUS_FILTER: CampaignStatusFilter = 'active';

export const CAMPAIGN_FEATURED_FILTERS = ['all', 'featured', 'regular'] as const;
export type CampaignFeaturedFilter = (typeof CAMPAIGN_FEATURED_FILTERS)[number];
export const DEFAULT_CAMPAIGN_FEATURED_FILTER: CampaignFeaturedFilter = 'all';

/** Label for a campaign without an end date (daysLeftLabel(null)). */
export const NO_END_DATE_LABEL = 'No end date';
export const CAMPAIGN_ENDED_LABEL = 'Campaign ended';

const DAY_MS = 24 * 60 * 60 * 1000;

type DateInput = Date | string | number | null | undefined;

/** A campaign as the API may send it: either field name for raised amount and donor count, numbers possibly as strings. */
export interface RawCampaign {
  id: number | string;
  slug?: string | null;
  title?: string | null;
  description?: string | null;
  status?: string | null;
  is_featured?: boolean | null;
  category?: string | null;
  image_url?: string | null;
  /** On create/update this is a file upload; when it is a string it is treated as the image URL. */
  image?: unknown;
  target_amount?: number | string | null;
  raised_amount?: number | string | null;
  current_amount?: number | string | null;
  donation_count?: number | string | null;
  donors_count?: number | string | null;
  offline_amount?: number | string | null;
  offline_donation_count?: number | string | null;
  start_date?: string | Date | null;
  end_date?: string | Date | null;
}

/** A campaign with one name per field and numeric amounts. */
export interface Campaign {
  id: number | string;
  /** Its page's address, /campaigns/{slug} (absent from an API that has no campaign pages). */
  slug?: string | null;
  title: string;
  description: string;
  status: CampaignStatus;
  is_featured: boolean;
  category: string | null;
  image_url: string | null;
  target_amount: number;
  raised_amount: number;
  donation_count: number;
  /** Raised outside the website, entered by staff: part of raised_amount (0 from an API that does not say). */
  offline_amount?: number;
  offline_donation_count?: number;
  start_date: string | null;
  end_date: string | null;
}

export function isCampaignStatus(value: unknown): value is CampaignStatus {
  return typeof value === 'string' && (CAMPAIGN_STATUSES as readonly string[]).includes(value);
}

function dateField(value: string | Date | null | undefined): string | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  const t = text(value);
  return t === '' ? null : t;
}

/**
 * One shape for every campaign: raised_amount ← raised_amount ?? current_amount,
 * donation_count ← donation_count ?? donors_count, numeric strings → numbers (missing → 0),
 * image_url ← image_url ?? image (when a string), unknown status → 'draft', numeric-string id → number.
 */
export function normaliseCampaign(raw: RawCampaign): Campaign {
  const idNumber = toNumber(raw.id);
  const imageUrl = text(raw.image_url) || (typeof raw.image === 'string' ? raw.image.trim() : '');
  const status = text(raw.status).toLowerCase();
  return {
    id: typeof raw.id === 'string' && Number.isInteger(idNumber) ? idNumber : raw.id,
    ...(text(raw.slug) ? { slug: text(raw.slug) } : {}),
    title: text(raw.title),
    description: text(raw.description),
    status: isCampaignStatus(status) ? status : 'draft',
    is_featured: raw.is_featured === true,
    category: text(raw.category) || null,
    image_url: imageUrl || null,
    target_amount: toFiniteNumber(raw.target_amount),
    raised_amount: toFiniteNumber(raw.raised_amount ?? raw.current_amount),
    donation_count: toFiniteNumber(raw.donation_count ?? raw.donors_count),
    offline_amount: toFiniteNumber(raw.offline_amount),
    offline_donation_count: toFiniteNumber(raw.offline_donation_count),
    start_date: dateField(raw.start_date),
    end_date: dateField(raw.end_date),
  };
}

/**
 * True when the end date is at or before `now`. A missing or unparseable end date never ends.
 * Date-only strings ('2025-03-31') are read as midnight UTC, as JavaScript's Date does.
 */
export function hasCampaignEnded(endDate: DateInput, now: Date = new Date()): boolean {
  const end = toDate(endDate);
  return end !== null && end.getTime() <= now.getTime();
}

/** Completed if status is completed or the end date has passed; else Paused; Active; otherwise Draft. */
export function campaignDisplayStatus(
  c: { status?: string | null; end_date?: DateInput },
  now: Date = new Date(),
): CampaignDisplayStatus {
  const status = text(c.status).toLowerCase();
  if (status === 'completed' || hasCampaignEnded(c.end_date, now)) return 'Completed';
  if (status === 'paused') return 'Paused';
  if (status === 'active') return 'Active';
  return 'Draft';
}

/** Status active and the end date in the future (a campaign without an end date has not ended). */
export function isCampaignActive(c: { status?: string | null; end_date?: DateInput }, now: Date = new Date()): boolean {
  return text(c.status).toLowerCase() === 'active' && !hasCampaignEnded(c.end_date, now);
}

/** Whole days until the end date, rounded up, never below 0; null without a (valid) end date. */
export function daysLeft(endDate: DateInput, now: Date = new Date()): number | null {
  const end = toDate(endDate);
  if (end === null) return null;
  const days = Math.ceil((end.getTime() - now.getTime()) / DAY_MS);
  return days > 0 ? days : 0;
}

/** '{n} days left', '1 day left', 'Campaign ended' (0 or below), 'No end date' (null/undefined/NaN). */
export function daysLeftLabel(days: number | null | undefined): string {
  if (days === null || days === undefined || Number.isNaN(days)) return NO_END_DATE_LABEL;
  if (days <= 0) return CAMPAIGN_ENDED_LABEL;
  const n = Math.ceil(days);
  return n === 1 ? '1 day left' : `${n} days left`;
}

/** raised / target as a rounded percentage, between 0 and 100; 0 when the target is 0, missing or invalid. */
export function fundedPercentage(
  raised: number | string | null | undefined,
  target: number | string | null | undefined,
): number {
  const r = toFiniteNumber(raised);
  const t = toFiniteNumber(target);
  if (t <= 0 || r <= 0) return 0;
  return Math.min(100, Math.round((r / t) * 100));
}

/** The /campaigns query: page, limit 9, status (omitted for 'all'), featured boolean (omitted for 'all'), search (omitted when blank). */
export interface CampaignListQuery {
  page: number;
  limit: number;
  status?: Exclude<CampaignStatusFilter, 'all'>;
  featured?: boolean;
  search?: string;
}

export function buildCampaignListQuery(options: {
  page?: number;
  status?: CampaignStatusFilter;
  featured?: CampaignFeaturedFilter;
  search?: string | null;
}): CampaignListQuery {
  const page = options.page !== undefined && Number.isInteger(options.page) && options.page > 0 ? options.page : 1;
  const query: CampaignListQuery = { page, limit: CAMPAIGN_PAGE_SIZE };
  const status = options.status ?? DEFAULT_CAMPAIGN_STATUS_FILTER;
  if (status !== 'all') query.status = status;
  const featured = options.featured ?? DEFAULT_CAMPAIGN_FEATURED_FILTER;
  if (featured !== 'all') query.featured = featured === 'featured';
  const search = text(options.search);
  if (search !== '') query.search = search;
  return query;
}

/** 'Load more' is offered while the current page is below the total number of pages. */
export function canLoadMore(currentPage: number, totalPages: number): boolean {
  return currentPage < totalPages;
}

/** Donate-page selection: clicking the selected campaign deselects it, any other selects it. */
export function toggleCampaignSelection<T extends number | string>(selectedId: T | null, clickedId: T): T | null {
  return selectedId === clickedId ? null : clickedId;
}

/** Link from a campaign card to the donation page: /donate?campaign={id}. */
export function donateHref(campaignId?: number | string | null): string {
  if (campaignId === null || campaignId === undefined || campaignId === '') return '/donate';
  return `/donate?campaign=${encodeURIComponent(String(campaignId))}`;
}

/** The campaign id from /donate's query string ('?campaign=12' → 12); null when absent or not a positive integer. */
export function campaignIdFromSearch(search: string): number | null {
  const match = /(?:^|[?&])campaign=([^&#]*)/.exec(search);
  if (!match) return null;
  let value: string;
  try {
    value = decodeURIComponent((match[1] ?? '').replace(/\+/g, ' ')).trim();
  } catch {
    return null;
  }
  if (!/^\d+$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && Number.isSafeInteger(id) ? id : null;
}
