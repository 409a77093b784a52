import { useEffect, useState } from 'react';
import type { Campaign } from '@charity/domain';
import { api } from '../../../lib/api';
import { fetchFeaturedCampaigns } from '../api/donate-page-api';

export type FeaturedCampaignsState = { status: 'loading' } | { status: 'done'; campaigns: Campaign[] };

/**
 * The donate page's featured campaigns (at most 3). A failure is only logged (spec §8) and counts as "none": the
 * section is left out and the visitor can still make a general donation.
 */
export function useFeaturedCampaigns(): FeaturedCampaignsState {
  const [state, setState] = useState<FeaturedCampaignsState>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    fetchFeaturedCampaigns(api, controller.signal).then(
      (campaigns) => setState({ status: 'done', campaigns }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('[donate] Featured campaigns could not be loaded:', error);
        setState({ status: 'done', campaigns: [] });
      },
    );
    return () => controller.abort();
  }, []);
  return state;
}
