import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { CampaignFilters, CampaignGrid } from '@charity/ui';
import { canLoadMore } from '@charity/domain';
import { campaignListStore, useCampaignList } from '../features/campaigns/stores/use-campaign-list';
import {
  DEFAULT_CAMPAIGN_LIST_FILTERS,
  filtersFromSearchParams,
  filtersToSearchParams,
  sameFilters,
  type CampaignListFilters,
} from '../features/campaigns/url';
import { useDocumentTitle } from '../lib/use-document-title';
import { PageMeta } from '../lib/PageMeta';

/**
 * /campaigns (spec §2): search, status and featured filters, 9 cards a page with 'Load More Campaigns'.
 * The address bar holds the filters (?status=&featured=&q=): every change is a history entry, so a shared link,
 * a reload, Back and Forward all show the list they name. The list itself lives in the campaigns store.
 */
export default function CampaignsPage() {
  useDocumentTitle('Campaigns');
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearchParams(searchParams), [searchParams]);
  const { status, featured, search } = filters;
  const list = useCampaignList((s) => ({
    filters: s.filters,
    campaigns: s.campaigns,
    page: s.page,
    totalPages: s.totalPages,
    total: s.total,
    loading: s.loading,
    loadingMore: s.loadingMore,
    error: s.error,
  }));

  // Page 1 whenever the filters in the address change (a choice here, a link, Back/Forward).
  useEffect(() => {
    void campaignListStore.getState().load({ status, featured, search });
  }, [status, featured, search]);

  // Leaving the page: a reply still on its way has nobody to show it to.
  useEffect(() => () => campaignListStore.getState().cancel(), []);

  // Until the store has started on these filters (the first paint, or old results from an earlier visit), show
  // the loading state rather than a flash of 'No Campaigns Found' or of another list.
  const pending = !sameFilters(list.filters, filters) || (list.page === 0 && list.error === null);

  const apply = useCallback(
    (next: CampaignListFilters) => {
      if (sameFilters(next, filters)) {
        // Same address, so no effect would run: reload page 1 directly (spec §4: search submit reloads page 1).
        void campaignListStore.getState().load(next);
        return;
      }
      setSearchParams(filtersToSearchParams(next));
    },
    [filters, setSearchParams],
  );

  return (
    <div className="cs-container cs-campaigns-page">
      <PageMeta path="/campaigns" />
      <header className="cs-campaigns-page__header">
        <h1 className="cs-campaigns-page__title">Campaigns</h1>
        <p className="cs-campaigns-page__intro">
          Every campaign funds one clear need of the children we serve: school kits, meals, health care, safe
          shelter. See how far each one has come, then give to the cause closest to your heart.
        </p>
      </header>
      <CampaignFilters
        className="cs-campaigns-page__filters"
        search={search}
        status={status}
        featured={featured}
        onSearch={(term) => apply({ ...filters, search: term })}
        onStatusChange={(next) => apply({ ...filters, status: next })}
        onFeaturedChange={(next) => apply({ ...filters, featured: next })}
      />
      <CampaignGrid
        campaigns={list.campaigns}
        loading={list.loading || pending}
        loadingMore={list.loadingMore}
        hasMore={canLoadMore(list.page, list.totalPages)}
        total={list.total}
        error={list.error}
        onLoadMore={() => void campaignListStore.getState().loadMore()}
        onClearFilters={() => apply({ ...DEFAULT_CAMPAIGN_LIST_FILTERS })}
        onRetry={() => void campaignListStore.getState().load(filters)}
        // The first row of a desktop (3 cards) and the first card of a phone are on screen when the list arrives:
        // the first card's photo is the page's largest paint, so those photos must not wait for lazy loading.
        eagerImages={3}
      />
    </div>
  );
}
