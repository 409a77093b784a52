import { normaliseCampaign, type Campaign, type RawCampaign } from '@charity/domain';
import type { CampaignSupporter } from '@charity/ui';
import { parseSupporters } from './campaign-page-api';

/**
 * The id of the data block in which the server sends a campaign page's campaign and supporters with the page itself
 * (the API renders /campaigns/{slug} with its data, so its largest paint needs no script and no second request).
 * `<script type="application/json">` is data, not a script: the Content-Security-Policy has nothing to allow.
 */
export const CAMPAIGN_PAGE_DATA_ID = 'campaign-page-data';

/** What the server rendered the page with: the API's answers for the campaign and for its supporters. */
export interface CampaignPageServerBody {
  campaign: unknown;
  donations: unknown;
}

export interface CampaignPageData {
  campaign: Campaign;
  supporters: CampaignSupporter[];
}

/** Reads the server's body; null when either answer is not what the API sends. */
export function parseCampaignPageBody(body: unknown): CampaignPageData | null {
  try {
    const record = body as CampaignPageServerBody;
    const data = (record.campaign as { data?: { campaign?: RawCampaign } }).data?.campaign;
    if (!data || (typeof data.id !== 'number' && typeof data.id !== 'string')) return null;
    return { campaign: normaliseCampaign(data), supporters: parseSupporters(record.donations) };
  } catch {
    return null;
  }
}

// The page's first render must be the server's: on the server the render is primed with the data (prerender.tsx), in the
// browser the data block is read once, before the first render, and kept until the page has used it.
let primed: CampaignPageData | null = null;
let fromDocument: CampaignPageData | null | undefined;

/** The server's render of a campaign page starts from this data (null when done). */
export function primeCampaignPage(data: CampaignPageData | null): void {
  primed = data;
}

function documentData(): CampaignPageData | null {
  if (fromDocument !== undefined) return fromDocument;
  fromDocument = null;
  if (typeof document === 'undefined') return null;
  const block = document.getElementById(CAMPAIGN_PAGE_DATA_ID);
  if (!block) return null;
  block.remove();
  try {
    fromDocument = parseCampaignPageBody(JSON.parse(block.textContent ?? ''));
  } catch {
    fromDocument = null;
  }
  return fromDocument;
}

/** The data the page at /campaigns/{slug} was rendered with by the server, when it is this slug's; else null. */
export function serverCampaignPage(slug: string): CampaignPageData | null {
  const data = typeof document === 'undefined' ? primed : documentData();
  return data && data.campaign.slug === slug ? data : null;
}

/** The page has shown the server's data: a later visit (client-side navigation) asks the API afresh. */
export function forgetServerCampaignPage(): void {
  fromDocument = null;
}
