import {
  CAMPAIGN_STATUS_FILTERS,
  DEFAULT_CAMPAIGN_FEATURED_FILTER,
  DEFAULT_CAMPAIGN_STATUS_FILTER,
  type CampaignFeaturedFilter,
  type CampaignStatusFilter,
} from '@charity/domain';

/** What the visitor chose on /campaigns. */
export interface CampaignListFilters {
  status: CampaignStatusFilter;
  featured: CampaignFeaturedFilter;
  search: string;
}

export const DEFAULT_CAMPAIGN_LIST_FILTERS: Readonly<CampaignListFilters> = {
  status: DEFAULT_CAMPAIGN_STATUS_FILTER,
  featured: DEFAULT_CAMPAIGN_FEATURED_FILTER,
  search: '',
};

/** A search longer than this is cut: no title or description search needs more, and URLs stay sane. */
export const MAX_SEARCH_LENGTH = 200;

/**
 * The filters kept in the address bar, so a link or a reload shows the same list:
 * `?status=completed&featured=true&q=water`. Defaults are left out (no `status` means active, spec §9);
 * anything unknown falls back to the default rather than failing.
 */
export function filtersFromSearchParams(params: URLSearchParams): CampaignListFilters {
  const status = params.get('status');
  const featured = params.get('featured');
  return {
    status:
      status !== null && (CAMPAIGN_STATUS_FILTERS as readonly string[]).includes(status)
        ? (status as CampaignStatusFilter)
        : DEFAULT_CAMPAIGN_STATUS_FILTER,
    featured: featured === 'true' ? 'featured' : featured === 'false' ? 'regular' : DEFAULT_CAMPAIGN_FEATURED_FILTER,
    search: (params.get('q') ?? '').trim().slice(0, MAX_SEARCH_LENGTH),
  };
}

/** The inverse of filtersFromSearchParams, with defaults omitted (a bare /campaigns is the default list). */
export function filtersToSearchParams(filters: CampaignListFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.status !== DEFAULT_CAMPAIGN_STATUS_FILTER) params.set('status', filters.status);
  if (filters.featured !== 'all') params.set('featured', filters.featured === 'featured' ? 'true' : 'false');
  const search = filters.search.trim().slice(0, MAX_SEARCH_LENGTH);
  if (search !== '') params.set('q', search);
  return params;
}

export function sameFilters(a: CampaignListFilters, b: CampaignListFilters): boolean {
  return a.status === b.status && a.featured === b.featured && a.search === b.search;
}
