import { parseCampaign } from '../features/donate-page/api/donate-page-api';

// The campaign the embed page gives to, sent by the server with the page (a `<script type="application/json">` block:
// data, not a script, so the CSP has nothing to allow), so the page neither asks for it again nor waits for it.

export const EMBED_CAMPAIGN_DATA_ID = 'embed-campaign';

/** The campaign as the wizard knows it (its id goes into the donation, its title into the review). */
export interface EmbedCampaign {
  id: number;
  title: string;
}

/** The block's content: the query's campaign id and the API's answer for it (null: no such public campaign). */
export interface EmbedCampaignData {
  campaignId: number;
  answer: unknown;
}

/**
 * The campaign in `data` for the page's `campaignId`: the campaign, null for none (a general donation, as for an
 * unknown or closed campaign), or undefined when `data` says nothing about it (the page then asks the API itself).
 */
export function campaignFromData(data: unknown, campaignId: number | null): EmbedCampaign | null | undefined {
  if (campaignId === null) return null;
  const block = data as Partial<EmbedCampaignData> | null;
  if (typeof block !== 'object' || block === null || block.campaignId !== campaignId || !('answer' in block)) return undefined;
  if (block.answer === null) return null;
  try {
    const campaign = parseCampaign(block.answer);
    return Number(campaign.id) === campaignId ? { id: campaignId, title: campaign.title } : null;
  } catch {
    return undefined;
  }
}

/** The server's campaign block in this document, parsed, or null. */
export function readCampaignData(doc: Document): unknown {
  const text = doc.getElementById(EMBED_CAMPAIGN_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
