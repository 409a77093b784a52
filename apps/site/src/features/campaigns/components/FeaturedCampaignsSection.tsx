import { useEffect, useState } from 'react';
import { FeaturedCampaigns } from '@charity/ui';
import { FEATURED_CAMPAIGNS_MAX, type Campaign } from '@charity/domain';
import { api } from '../../../lib/api';
import { fetchCampaignPage } from '../api/campaigns-api';

type State = { status: 'loading' } | { status: 'done'; campaigns: Campaign[] };

/**
 * The home page's featured campaigns: GET /api/campaigns?featured=true&status=active&limit=6 (spec §7: featured
 * default limit 6, status active). A failure is only logged and the section disappears: the home page must not
 * greet a visitor with an error about an optional block.
 */
export function FeaturedCampaignsSection() {
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    fetchCampaignPage(api, { featured: true, status: 'active', limit: FEATURED_CAMPAIGNS_MAX }, controller.signal)
      .then((page) => setState({ status: 'done', campaigns: page.campaigns }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('[campaigns] Featured campaigns could not be loaded:', error);
        setState({ status: 'done', campaigns: [] });
      });
    return () => controller.abort();
  }, []);

  return (
    <FeaturedCampaigns
      loading={state.status === 'loading'}
      campaigns={state.status === 'done' ? state.campaigns : []}
    />
  );
}
