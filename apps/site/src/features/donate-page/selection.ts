import { isCampaignActive, type Campaign } from '@charity/domain';

/** The campaign a donation goes to, as the donation wizard receives it. */
export interface SelectedCampaign {
  id: number;
  title: string;
}

/** A campaign the page has learnt about outside the featured list: fetched by id, or picked on the page. */
export interface KnownCampaign extends SelectedCampaign {
  /** Active and not ended: the server takes payments only for such campaigns. */
  accepting: boolean;
}

/** What the page remembers of a fetched campaign. */
export function toKnownCampaign(id: number, campaign: Campaign, now: Date = new Date()): KnownCampaign {
  return { id, title: campaign.title, accepting: isCampaignActive(campaign, now) };
}

/** The campaign named by the address as far as the page knows it: from the featured list, else `known`. */
function linkedCampaign(
  selectedId: number | null,
  featured: readonly Campaign[] | null,
  known: KnownCampaign | null,
): KnownCampaign | null {
  if (selectedId === null) return null;
  const fromFeatured = featured?.find((campaign) => campaign.id === selectedId);
  // The featured list is asked for active campaigns only.
  if (fromFeatured) return { id: selectedId, title: fromFeatured.title, accepting: true };
  return known !== null && known.id === selectedId ? known : null;
}

/**
 * The campaign named by /donate?campaign={id}, when the page knows it and it is accepting donations: from the
 * featured list (once loaded), else the one fetched by id or picked earlier (`known`). null while it is unknown,
 * for a campaign that no longer takes donations, and for a general donation.
 */
export function resolveSelectedCampaign(
  selectedId: number | null,
  featured: readonly Campaign[] | null,
  known: KnownCampaign | null,
): SelectedCampaign | null {
  const linked = linkedCampaign(selectedId, featured, known);
  return linked?.accepting ? { id: linked.id, title: linked.title } : null;
}

/**
 * A linked campaign that exists but is completed, paused or ended. The server would refuse the payment
 * ('This campaign is not accepting donations.'), so the page makes the gift a general one and says so up front
 * rather than after the donor has typed their card.
 */
export function resolveClosedCampaign(
  selectedId: number | null,
  featured: readonly Campaign[] | null,
  known: KnownCampaign | null,
): SelectedCampaign | null {
  const linked = linkedCampaign(selectedId, featured, known);
  return linked && !linked.accepting ? { id: linked.id, title: linked.title } : null;
}

/**
 * Whether GET /api/campaigns/{id} is needed: an id is in the address, the featured list has settled (loaded or
 * failed) without it, and it is not known yet. Waiting for the featured list saves a request in the common case:
 * a featured card's own 'Donate Now' link.
 */
export function needsCampaignLookup(
  selectedId: number | null,
  featured: readonly Campaign[] | null,
  known: KnownCampaign | null,
): boolean {
  return selectedId !== null && featured !== null && linkedCampaign(selectedId, featured, known) === null;
}

/** The address's query with the campaign set, or removed for null; every other parameter is kept. */
export function withCampaignParam(params: URLSearchParams, id: number | null): URLSearchParams {
  const next = new URLSearchParams(params);
  if (id === null) next.delete('campaign');
  else next.set('campaign', String(id));
  return next;
}
