import type { KyInstance } from 'ky';
import { CAMPAIGN_PAGE_SUPPORTERS, type Campaign } from '@charity/domain';
import type { CampaignSupporter } from '@charity/ui';
import { ApiError } from '../../lib/api/errors';
import { isRecord } from '../../lib/api/replies';
import { parseCampaign } from '../donate-page/api/donate-page-api';


/** GET /api/campaigns/slug/{slug}: the campaign, or null when no public campaign has that address (404 or 400). */
export async function fetchCampaignBySlug(client: KyInstance, slug: string, signal?: AbortSignal): Promise<Campaign | null> {
  try {
    const body = await client.get(`campaigns/slug/${encodeURIComponent(slug)}`, { signal, context: { silent: true } }).json<unknown>();
    return parseCampaign(body);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

/** Reads GET /api/campaigns/{id}/donations: each donation's name as the API gives it (a first name or 'Anonymous'). */
export function parseSupporters(body: unknown): CampaignSupporter[] {
  const data = isRecord(body) ? body.data : undefined;
  const list = isRecord(data) ? data.donations : undefined;
  if (!Array.isArray(list)) throw new TypeError('The donations reply has no list of donations');
  return list.filter(isRecord).flatMap((item) =>
    (typeof item.id === 'number' || typeof item.id === 'string') && typeof item.amount === 'number' && typeof item.currency === 'string'
      ? [{ id: item.id, name: typeof item.donor_name === 'string' ? item.donor_name : 'Anonymous', amount: item.amount, currency: item.currency }]
      : [],
  );
}

export async function fetchSupporters(client: KyInstance, campaignId: number | string, signal?: AbortSignal): Promise<CampaignSupporter[]> {
  const body = await client
    .get(`campaigns/${encodeURIComponent(String(campaignId))}/donations`, { searchParams: { limit: CAMPAIGN_PAGE_SUPPORTERS }, signal, context: { silent: true } })
    .json<unknown>();
  return parseSupporters(body);
}
