import type { KyInstance } from 'ky';
import {
  DONATE_PAGE_FEATURED_MAX,
  STATS_START,
  normaliseCampaign,
  type Campaign,
  type RawCampaign,
} from '@charity/domain';
import { ApiError } from '../../../lib/api/errors';

/*
 * The calls of the /donate page and of the site-wide test-mode ribbon. Every one is silent (no error toast): the
 * spec says a failed featured-campaign fetch is only logged, the statistics fall back to their starting values,
 * and a failed payments-config read simply leaves the ribbon out. None of them may greet a donor with an error.
 */

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// ---- GET /api/stats ------------------------------------------------------------------------------------------

/** The hero's figures (spec §3 "Donation stats object"). */
export interface DonationStats {
  totalDonations: number;
  childrenHelped: number;
  countries: number;
}

/** The spec's starting values: shown while /api/stats loads and when it fails. */
export const FALLBACK_DONATION_STATS: DonationStats = {
  totalDonations: STATS_START.totalDonations,
  childrenHelped: STATS_START.childrenHelped,
  countries: STATS_START.countries,
};

function count(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : fallback;
}

/**
 * Reads `{success, data:{totalDonations, childrenHelped, countries, totalAmount}}`. A figure that is missing or
 * not a non-negative number keeps its starting value; a reply without `data` throws, like any failed load.
 */
export function parseDonationStats(body: unknown): DonationStats {
  const data = isRecord(body) ? body.data : undefined;
  if (!isRecord(data)) throw new TypeError('The stats reply has no data');
  return {
    totalDonations: count(data.totalDonations, FALLBACK_DONATION_STATS.totalDonations),
    childrenHelped: count(data.childrenHelped, FALLBACK_DONATION_STATS.childrenHelped),
    countries: count(data.countries, FALLBACK_DONATION_STATS.countries),
  };
}

export async function fetchDonationStats(client: KyInstance, signal?: AbortSignal): Promise<DonationStats> {
  const body = await client.get('stats', { signal, context: { silent: true } }).json<unknown>();
  return parseDonationStats(body);
}

// ---- Campaigns -----------------------------------------------------------------------------------------------

/** Reads a list reply: `data.campaigns`, or `data` as an array (spec §7); entries without an id are dropped. */
export function parseCampaignList(body: unknown): Campaign[] {
  const data = isRecord(body) ? body.data : undefined;
  const list = Array.isArray(data) ? data : isRecord(data) ? data.campaigns : undefined;
  if (!Array.isArray(list)) throw new TypeError('The campaigns reply has no list of campaigns');
  return list
    .filter((item): item is RawCampaign => isRecord(item) && (typeof item.id === 'number' || typeof item.id === 'string'))
    .map(normaliseCampaign);
}

/** The donate page's featured campaigns: GET /api/campaigns?featured=true&status=active&limit=3 (spec §2, §9). */
export async function fetchFeaturedCampaigns(client: KyInstance, signal?: AbortSignal): Promise<Campaign[]> {
  const body = await client
    .get('campaigns', {
      searchParams: { featured: 'true', status: 'active', limit: String(DONATE_PAGE_FEATURED_MAX) },
      signal,
      context: { silent: true },
    })
    .json<unknown>();
  return parseCampaignList(body).slice(0, DONATE_PAGE_FEATURED_MAX);
}

/** Reads `{data:{campaign}}` (or the campaign as `data` itself); throws when there is no campaign with an id. */
export function parseCampaign(body: unknown): Campaign {
  const data = isRecord(body) ? body.data : undefined;
  const raw = isRecord(data) && isRecord(data.campaign) ? data.campaign : data;
  if (!isRecord(raw) || (typeof raw.id !== 'number' && typeof raw.id !== 'string')) {
    throw new TypeError('The campaign reply has no campaign');
  }
  return normaliseCampaign(raw as unknown as RawCampaign);
}

/**
 * GET /api/campaigns/{id}, for /donate?campaign={id} when that campaign is not among the featured ones.
 * null when there is no such public campaign (404, or 400 for an id the server refuses): the link is ignored.
 */
export async function fetchCampaign(client: KyInstance, id: number, signal?: AbortSignal): Promise<Campaign | null> {
  try {
    const body = await client.get(`campaigns/${id}`, { signal, context: { silent: true } }).json<unknown>();
    return parseCampaign(body);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

// ---- GET /api/payments/config ----------------------------------------------------------------------------------

export type PaymentsMode = 'sandbox' | 'stripe';

/** Reads `{success:true, data:{mode, publishable_key}}`; throws on anything else. */
export function parsePaymentsMode(body: unknown): PaymentsMode {
  const data = isRecord(body) ? body.data : undefined;
  const mode = isRecord(data) ? data.mode : undefined;
  if (mode !== 'sandbox' && mode !== 'stripe') throw new TypeError('The payments config reply has no mode');
  return mode;
}

export async function fetchPaymentsMode(client: KyInstance, signal?: AbortSignal): Promise<PaymentsMode> {
  const body = await client.get('payments/config', { signal, context: { silent: true } }).json<unknown>();
  return parsePaymentsMode(body);
}
