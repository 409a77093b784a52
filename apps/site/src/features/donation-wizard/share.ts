import { campaignPagePath, donateHref } from '@charity/domain';

/** The campaign the wizard gives to, as the thank-you knows it. */
export interface SharedCampaign {
  id: number;
  title: string;
  slug?: string | null;
}

/**
 * The address the thank-you shares for a campaign gift: the campaign's own page when its slug is known, else the
 * donate form with the campaign chosen (both redirect or land where a visitor can give). `origin` is the site's own
 * (the embed page runs on it too, inside the partner's iframe).
 */
export function campaignShareUrl(origin: string, campaign: SharedCampaign): string {
  const path = campaign.slug ? campaignPagePath(campaign.slug) : donateHref(campaign.id);
  return `${origin}${path}`;
}
