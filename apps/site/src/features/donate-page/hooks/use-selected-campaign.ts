import { useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { campaignIdFromSearch } from '@charity/domain';
import { api } from '../../../lib/api';
import { fetchCampaign } from '../api/donate-page-api';
import {
  needsCampaignLookup,
  resolveClosedCampaign,
  resolveSelectedCampaign,
  toKnownCampaign,
  withCampaignParam,
  type KnownCampaign,
  type SelectedCampaign,
} from '../selection';
import type { FeaturedCampaignsState } from './use-featured-campaigns';

export interface CampaignSelection {
  /** The selected campaign, or null for a general donation (also while a linked campaign is being looked up). */
  campaign: SelectedCampaign | null;
  /** The linked campaign when it exists but no longer takes donations (the gift is then a general one). */
  closedCampaign: SelectedCampaign | null;
  /** A card was clicked: the new selection (null when the selected card was clicked again). */
  select: (next: number | string | null, campaign: { id: number | string; title: string } | null) => void;
  /** 'Change Campaign': back to a general donation. */
  clear: () => void;
}

/**
 * The donate page's campaign selection (spec §4: none or one), kept in the address as ?campaign={id}. A link from
 * a campaign card preselects its campaign; a choice on the page updates the address in place (replace, so Back
 * still leaves the page), which keeps a reload or a shared link on the same campaign. An id that names no public
 * campaign, or is not an id at all, is ignored: the donation is then a general one. So is a campaign that no
 * longer takes donations, which `closedCampaign` reports so the page can say so.
 */
export function useSelectedCampaign(featured: FeaturedCampaignsState): CampaignSelection {
  const { search } = useLocation();
  const [, setSearchParams] = useSearchParams();
  const selectedId = campaignIdFromSearch(search);
  const featuredList = featured.status === 'done' ? featured.campaigns : null;
  const [known, setKnown] = useState<KnownCampaign | null>(null);
  // The id whose lookup failed, so a 404 or an outage is asked about once, not on every render.
  const [failedId, setFailedId] = useState<number | null>(null);
  const lookup = needsCampaignLookup(selectedId, featuredList, known) && selectedId !== failedId;

  useEffect(() => {
    if (!lookup || selectedId === null) return;
    const controller = new AbortController();
    fetchCampaign(api, selectedId, controller.signal).then(
      (campaign) => {
        if (campaign) setKnown(toKnownCampaign(selectedId, campaign));
        else {
          console.warn(`[donate] No public campaign ${selectedId}; making a general donation instead.`);
          setFailedId(selectedId);
        }
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(`[donate] Campaign ${selectedId} could not be loaded:`, error);
        setFailedId(selectedId);
      },
    );
    return () => controller.abort();
  }, [lookup, selectedId]);

  const select: CampaignSelection['select'] = (next, campaign) => {
    const id = next === null ? null : Number(next);
    // Cards show featured (active) campaigns only.
    if (id !== null && campaign) setKnown({ id, title: campaign.title, accepting: true });
    setSearchParams((params) => withCampaignParam(params, id), { replace: true, preventScrollReset: true });
  };
  const clear = () => select(null, null);

  return {
    campaign: resolveSelectedCampaign(selectedId, featuredList, known),
    closedCampaign: resolveClosedCampaign(selectedId, featuredList, known),
    select,
    clear,
  };
}
