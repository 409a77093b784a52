import type { KyInstance } from 'ky';
import {
  normaliseCampaign,
  type Campaign,
  type CampaignListQuery,
  type CampaignStatus,
  type CampaignStatusFilter,
  type RawCampaign,
} from '@charity/domain';
import { isRecord } from '../../../lib/api/replies';

/** One page of GET /api/campaigns, in the shape the site uses. */
export interface CampaignPage {
  campaigns: Campaign[];
  currentPage: number;
  totalPages: number;
  /** Matching campaigns on every page; the number of campaigns received when the reply leaves it out. */
  total: number;
}

function positiveInteger(value: unknown, fallback: number): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : fallback;
}

/**
 * Reads a list reply: `data.campaigns` (or `data` as an array, spec §7) and `meta.total_pages` /
 * `meta.current_page` / `meta.total`. Entries without an id are dropped: a card needs one for its donate link.
 * A reply of any other shape throws, so the caller reports it like any failed load.
 */
export function parseCampaignPage(body: unknown, requestedPage = 1): CampaignPage {
  const data = isRecord(body) ? body.data : undefined;
  const list = Array.isArray(data) ? data : isRecord(data) ? data.campaigns : undefined;
  if (!Array.isArray(list)) throw new TypeError('The campaigns reply has no list of campaigns');
  const campaigns = list
    .filter((item): item is RawCampaign => isRecord(item) && (typeof item.id === 'number' || typeof item.id === 'string'))
    .map(normaliseCampaign);
  const meta = isRecord(body) && isRecord(body.meta) ? body.meta : {};
  const currentPage = Math.max(1, positiveInteger(meta.current_page, requestedPage));
  const totalPages = positiveInteger(meta.total_pages, currentPage);
  return { campaigns, currentPage, totalPages, total: positiveInteger(meta.total, campaigns.length) };
}

/** What GET /api/campaigns is asked: the domain's list query, where status may also say 'all' (or 'draft'). */
export type CampaignPageQuery = Partial<Omit<CampaignListQuery, 'status'>> & {
  status?: CampaignStatusFilter | CampaignStatus;
};

/** The list query as URL parameters: page, limit, and status / featured / search when set. */
export function campaignSearchParams(query: CampaignPageQuery): Record<string, string> {
  const params: Record<string, string> = {};
  if (query.page !== undefined) params.page = String(query.page);
  if (query.limit !== undefined) params.limit = String(query.limit);
  if (query.status !== undefined) params.status = query.status;
  if (query.featured !== undefined) params.featured = String(query.featured);
  if (query.search !== undefined && query.search !== '') params.search = query.search;
  return params;
}

/**
 * GET /api/campaigns. Silent: the global error toast stays away, because the campaigns screens say what the
 * spec says themselves ('Failed to load campaigns' on the list, only a log line for the featured section).
 */
export async function fetchCampaignPage(
  client: KyInstance,
  query: CampaignPageQuery,
  signal?: AbortSignal,
): Promise<CampaignPage> {
  const body = await client
    .get('campaigns', { searchParams: campaignSearchParams(query), signal, context: { silent: true } })
    .json<unknown>();
  return parseCampaignPage(body, query.page ?? 1);
}
