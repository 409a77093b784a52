import { createStore, type StoreApi } from 'zustand/vanilla';
import { CAMPAIGN_MESSAGES, buildCampaignListQuery, canLoadMore, type Campaign } from '@charity/domain';
import type { CampaignPage, CampaignPageQuery } from '../api/campaigns-api';
import { DEFAULT_CAMPAIGN_LIST_FILTERS, sameFilters, type CampaignListFilters } from '../url';

export interface CampaignListState {
  filters: CampaignListFilters;
  campaigns: Campaign[];
  /** The last page received (0 before the first). */
  page: number;
  totalPages: number;
  /** Matching campaigns on every page. */
  total: number;
  /** A first page is on its way (the grid shows skeletons instead of cards). */
  loading: boolean;
  /** A further page is on its way (the cards stay). */
  loadingMore: boolean;
  /** The spec's failure message after a failed first page, else null. */
  error: string | null;
}

export interface CampaignListActions {
  /** Page 1 for these filters (spec §4: a filter change or a search submit reloads page 1). */
  load: (filters?: CampaignListFilters) => Promise<void>;
  /** Appends the next page while the current page is below the total (spec §4); otherwise does nothing. */
  loadMore: () => Promise<void>;
  /** Cancels whatever is on its way (the page is being left). */
  cancel: () => void;
  /**
   * Starts from a first page the server already sent with the HTML (the /campaigns page it rendered with its data):
   * the page hydrates showing it, and the next load() for these filters uses it instead of asking again. Later loads
   * ask the API as usual.
   */
  prime: (filters: CampaignListFilters, page: CampaignPage) => void;
}

export type CampaignListStore = CampaignListState & CampaignListActions;

export interface CampaignListDependencies {
  fetchPage: (query: CampaignPageQuery, signal: AbortSignal) => Promise<CampaignPage>;
  /** The error toast. */
  notifyError: (message: string) => void;
  log?: Pick<Console, 'error'>;
}

export const INITIAL_CAMPAIGN_LIST_STATE: CampaignListState = {
  filters: { ...DEFAULT_CAMPAIGN_LIST_FILTERS },
  campaigns: [],
  page: 0,
  totalPages: 0,
  total: 0,
  loading: false,
  loadingMore: false,
  error: null,
};

/** The query for one page. 'all' is sent as status=all rather than left out, so no server default can narrow it. */
export function pageQuery(filters: CampaignListFilters, page: number): CampaignPageQuery {
  const query = buildCampaignListQuery({ page, status: filters.status, featured: filters.featured, search: filters.search });
  return { ...query, status: query.status ?? 'all' };
}

/** Adds a page's campaigns after those shown, skipping any already there (a campaign added meanwhile shifts pages). */
export function appendPage(shown: readonly Campaign[], next: readonly Campaign[]): Campaign[] {
  const seen = new Set(shown.map((c) => c.id));
  return [...shown, ...next.filter((c) => !seen.has(c.id))];
}

/**
 * The /campaigns list. Only the newest request may write: every load or load-more takes a ticket and aborts the
 * request before it, so a slow reply for old filters can never replace the list for new ones.
 */
export function createCampaignListStore(deps: CampaignListDependencies): StoreApi<CampaignListStore> {
  const log = deps.log ?? console;
  let ticket = 0;
  let controller: AbortController | null = null;
  // The filters of a first page given by prime() and not yet taken by load().
  let primedFor: CampaignListFilters | null = null;
  // The state prime() set, which rendering on a server and hydrating read (below); null until then or after cancel().
  let primedState: CampaignListStore | null = null;

  const start = () => {
    controller?.abort();
    controller = new AbortController();
    ticket += 1;
    return { id: ticket, signal: controller.signal };
  };
  const isCurrent = (id: number) => id === ticket;

  const store = createStore<CampaignListStore>()((set, get) => ({
    ...INITIAL_CAMPAIGN_LIST_STATE,

    load: async (filters = get().filters) => {
      const primed = primedFor;
      primedFor = null;
      if (primed && sameFilters(primed, filters) && get().page > 0) return;
      const { id, signal } = start();
      set({ filters: { ...filters }, loading: true, loadingMore: false, error: null });
      try {
        const result = await deps.fetchPage(pageQuery(filters, 1), signal);
        if (!isCurrent(id)) return;
        set({
          campaigns: result.campaigns,
          page: result.currentPage,
          totalPages: result.totalPages,
          total: result.total,
          loading: false,
        });
      } catch (error) {
        if (!isCurrent(id)) return;
        log.error('[campaigns] Loading campaigns failed:', error);
        // Spec §8: the toast, the list emptied and paging reset.
        deps.notifyError(CAMPAIGN_MESSAGES.loadFailed);
        set({ campaigns: [], page: 0, totalPages: 0, total: 0, loading: false, error: CAMPAIGN_MESSAGES.loadFailed });
      }
    },

    loadMore: async () => {
      const state = get();
      if (state.loading || state.loadingMore || !canLoadMore(state.page, state.totalPages)) return;
      const { id, signal } = start();
      const nextPage = state.page + 1;
      set({ loadingMore: true });
      try {
        const result = await deps.fetchPage(pageQuery(state.filters, nextPage), signal);
        if (!isCurrent(id)) return;
        set((current) => ({
          campaigns: appendPage(current.campaigns, result.campaigns),
          page: Math.max(result.currentPage, nextPage),
          totalPages: result.totalPages,
          total: result.total,
          loadingMore: false,
        }));
      } catch (error) {
        if (!isCurrent(id)) return;
        log.error('[campaigns] Loading more campaigns failed:', error);
        // The same toast; the cards already shown stay, so the visitor can simply press Load More again
        // (emptying a list the visitor is reading because its next page failed would only lose their place).
        deps.notifyError(CAMPAIGN_MESSAGES.loadFailed);
        set({ loadingMore: false });
      }
    },

    prime: (filters, page) => {
      controller?.abort();
      controller = null;
      ticket += 1;
      primedFor = { ...filters };
      set({
        filters: { ...filters },
        campaigns: page.campaigns,
        page: page.currentPage,
        totalPages: page.totalPages,
        total: page.total,
        loading: false,
        loadingMore: false,
        error: null,
      });
      primedState = get();
    },

    cancel: () => {
      primedFor = null;
      primedState = null;
      controller?.abort();
      controller = null;
      ticket += 1;
      set({ loading: false, loadingMore: false });
    },
  }));

  // While React hydrates (and while it renders on a server) it reads a store's *initial* state, the server snapshot
  // of useSyncExternalStore, not its current one: a primed first page must be that state too, or the cards the
  // server sent would hydrate as the loading state.
  const createdWith = store.getInitialState;
  store.getInitialState = () => primedState ?? createdWith();
  return store;
}
