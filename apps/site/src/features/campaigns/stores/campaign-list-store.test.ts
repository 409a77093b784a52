import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../lib/api/client';
import { fetchCampaignPage } from '../api/campaigns-api';
import { DEFAULT_CAMPAIGN_LIST_FILTERS, type CampaignListFilters } from '../url';
import { appendPage, createCampaignListStore, pageQuery } from './campaign-list-store';

// The store against a real HTTP server that answers GET /api/campaigns as the contract says (paging, status,
// featured and a case-insensitive search), through the site's real API client: no HTTP is mocked.

type Status = 'active' | 'completed' | 'paused' | 'draft';
const DAY = 24 * 60 * 60 * 1000;

function campaign(id: number, status: Status, featured: boolean, title: string) {
  return {
    id,
    title,
    description: `Description of ${title}`,
    status,
    is_featured: featured,
    category: 'education',
    image_url: `/uploads/campaigns/${id}.webp`,
    target_amount: 100000,
    raised_amount: 1000 * id,
    donation_count: id,
    currency: 'INR',
    start_date: new Date(Date.now() - 10 * DAY).toISOString(),
    end_date: new Date(Date.now() + 10 * DAY).toISOString(),
    created_at: new Date().toISOString(),
    updated_at: new Date().toISOString(),
  };
}

// 12 active (3 featured, one about water), 2 completed, 1 paused, 1 draft.
const DATA = [
  ...Array.from({ length: 12 }, (_, i) =>
    campaign(i + 1, 'active', i < 3, i === 4 ? 'Clean Water for Schools' : `Active campaign ${i + 1}`),
  ),
  campaign(13, 'completed', true, 'Winter Blankets'),
  campaign(14, 'completed', false, 'Monsoon Relief: WATER and rations'),
  campaign(15, 'paused', false, 'Helpline'),
  campaign(16, 'draft', false, 'Digital Corners'),
];

type Hit = { params: URLSearchParams };
const hits: Hit[] = [];
/** Per-request behaviour the tests switch on: a delay for a given search term, or failures. */
const behaviour = { delayFor: new Map<string, number>(), failPages: new Set<number>(), failAll: false };

function json(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  req.resume();
  if (url.pathname !== '/api/campaigns') return json(res, 404, { success: false, message: 'Not found' });
  const params = url.searchParams;
  hits.push({ params });
  const page = Number(params.get('page') ?? '1');
  const limit = Number(params.get('limit') ?? '9');
  if (behaviour.failAll || behaviour.failPages.has(page)) {
    return json(res, 500, { success: false, message: 'Internal server error' });
  }
  const status = params.get('status') ?? 'all';
  const featured = params.get('featured');
  const search = (params.get('search') ?? '').toLowerCase();
  const matching = DATA.filter(
    (c) =>
      c.status !== 'draft' &&
      (status === 'all' || c.status === status) &&
      (featured === null || c.is_featured === (featured === 'true')) &&
      (search === '' || `${c.title} ${c.description}`.toLowerCase().includes(search)),
  );
  const body = {
    success: true,
    data: { campaigns: matching.slice((page - 1) * limit, page * limit) },
    meta: { total_pages: Math.ceil(matching.length / limit), current_page: page, total: matching.length },
  };
  const delay = behaviour.delayFor.get(params.get('search') ?? '') ?? 0;
  if (delay > 0) setTimeout(() => json(res, 200, body), delay).unref();
  else json(res, 200, body);
});

let baseUrl = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
afterEach(() => {
  hits.length = 0;
  behaviour.delayFor.clear();
  behaviour.failPages.clear();
  behaviour.failAll = false;
});

function setup() {
  const globalToast = vi.fn();
  const client = createApiClient({
    baseUrl,
    getToken: () => null,
    onUnauthorized: () => {},
    notify: globalToast,
    log: { info: () => {}, error: () => {} },
    retryDelay: () => 1,
  });
  const notifyError = vi.fn();
  const store = createCampaignListStore({
    fetchPage: (query, signal) => fetchCampaignPage(client, query, signal),
    notifyError,
    log: { error: () => {} },
  });
  return { store, notifyError, globalToast };
}

const filters = (overrides: Partial<CampaignListFilters> = {}): CampaignListFilters => ({
  ...DEFAULT_CAMPAIGN_LIST_FILTERS,
  ...overrides,
});
const ids = (store: ReturnType<typeof setup>['store']) => store.getState().campaigns.map((c) => c.id);
const sent = (hit: Hit | undefined) => Object.fromEntries(hit?.params ?? []);

describe('campaign list store', () => {
  it('starts empty, on the default filters (status active, featured all, no search)', () => {
    const { store } = setup();
    expect(store.getState()).toMatchObject({
      filters: { status: 'active', featured: 'all', search: '' },
      campaigns: [],
      page: 0,
      totalPages: 0,
      loading: false,
      loadingMore: false,
      error: null,
    });
  });

  it('loads page 1 of 9 active campaigns by default', async () => {
    const { store } = setup();
    const pending = store.getState().load();
    expect(store.getState().loading).toBe(true);
    await pending;
    expect(sent(hits[0])).toEqual({ page: '1', limit: '9', status: 'active' });
    expect(store.getState()).toMatchObject({ page: 1, totalPages: 2, total: 12, loading: false, error: null });
    expect(ids(store)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    // Normalised to the domain's shape.
    expect(store.getState().campaigns[0]).toMatchObject({ id: 1, status: 'active', raised_amount: 1000, donation_count: 1 });
  });

  it('load more appends the next page while the page is below the total, then does nothing', async () => {
    const { store } = setup();
    await store.getState().load();
    const pending = store.getState().loadMore();
    expect(store.getState().loadingMore).toBe(true);
    expect(store.getState().campaigns).toHaveLength(9);
    await pending;
    expect(sent(hits[1])).toEqual({ page: '2', limit: '9', status: 'active' });
    expect(ids(store)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(store.getState()).toMatchObject({ page: 2, totalPages: 2, loadingMore: false });

    await store.getState().loadMore();
    expect(hits).toHaveLength(2);
  });

  it('changing a filter reloads page 1 with the new filters', async () => {
    const { store } = setup();
    await store.getState().load();
    await store.getState().loadMore();
    await store.getState().load(filters({ status: 'completed' }));
    expect(sent(hits[2])).toEqual({ page: '1', limit: '9', status: 'completed' });
    expect(ids(store)).toEqual([13, 14]);
    expect(store.getState()).toMatchObject({ page: 1, totalPages: 1, total: 2, filters: { status: 'completed' } });
  });

  it('sends featured as a boolean, all as status=all and the trimmed search term', async () => {
    const { store } = setup();
    await store.getState().load(filters({ status: 'all', featured: 'featured' }));
    expect(sent(hits[0])).toEqual({ page: '1', limit: '9', status: 'all', featured: 'true' });
    expect(ids(store)).toEqual([1, 2, 3, 13]);

    await store.getState().load(filters({ status: 'all', featured: 'regular', search: '  water ' }));
    expect(sent(hits[1])).toEqual({ page: '1', limit: '9', status: 'all', featured: 'false', search: 'water' });
    expect(ids(store)).toEqual([5, 14]);
  });

  it('a search submit with the same term reloads page 1', async () => {
    const { store } = setup();
    await store.getState().load(filters({ search: 'campaign' }));
    await store.getState().loadMore();
    expect(store.getState().page).toBe(2);
    await store.getState().load(filters({ search: 'campaign' }));
    expect(sent(hits[2])).toMatchObject({ page: '1', search: 'campaign' });
    expect(store.getState().page).toBe(1);
    expect(store.getState().campaigns).toHaveLength(9);
  });

  it("an empty result is an empty list, not an error", async () => {
    const { store, notifyError } = setup();
    await store.getState().load(filters({ search: 'zzzz-nothing' }));
    expect(store.getState()).toMatchObject({ campaigns: [], page: 1, totalPages: 0, total: 0, error: null });
    expect(notifyError).not.toHaveBeenCalled();
  });

  it("a failed load shows 'Failed to load campaigns' once, empties the list and resets paging", async () => {
    const { store, notifyError, globalToast } = setup();
    await store.getState().load();
    await store.getState().loadMore();
    behaviour.failAll = true;
    await store.getState().load(filters({ status: 'paused' }));
    expect(notifyError).toHaveBeenCalledTimes(1);
    expect(notifyError).toHaveBeenCalledWith('Failed to load campaigns');
    // The API client's own error toast stays silent: one failure, one toast.
    expect(globalToast).not.toHaveBeenCalled();
    expect(store.getState()).toMatchObject({
      campaigns: [],
      page: 0,
      totalPages: 0,
      total: 0,
      loading: false,
      error: 'Failed to load campaigns',
    });
    // Read calls are retried (3 attempts) before the failure counts.
    expect(hits.filter((h) => h.params.get('status') === 'paused')).toHaveLength(3);

    behaviour.failAll = false;
    await store.getState().load();
    expect(store.getState()).toMatchObject({ error: null, page: 1 });
  });

  it('a failed load more keeps the cards shown and the page, so Load More can be pressed again', async () => {
    const { store, notifyError, globalToast } = setup();
    await store.getState().load();
    behaviour.failPages.add(2);
    await store.getState().loadMore();
    expect(notifyError).toHaveBeenCalledWith('Failed to load campaigns');
    expect(globalToast).not.toHaveBeenCalled();
    expect(store.getState()).toMatchObject({ page: 1, totalPages: 2, loadingMore: false, error: null });
    expect(store.getState().campaigns).toHaveLength(9);

    behaviour.failPages.clear();
    await store.getState().loadMore();
    expect(store.getState().campaigns).toHaveLength(12);
  });

  it('a slow reply for old filters never overwrites the list of newer ones', async () => {
    const { store, notifyError } = setup();
    behaviour.delayFor.set('slow', 300);
    const old = store.getState().load(filters({ status: 'all', search: 'slow' }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    await store.getState().load(filters({ status: 'completed' }));
    await old;
    expect(ids(store)).toEqual([13, 14]);
    expect(store.getState()).toMatchObject({ loading: false, filters: { status: 'completed', search: '' } });
    // The superseded request was aborted, and an abort is not a failure.
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('load more is ignored while page 1 is loading, and a filter change wins over a pending load more', async () => {
    const { store } = setup();
    const first = store.getState().load();
    await store.getState().loadMore();
    await first;
    expect(hits).toHaveLength(1);

    behaviour.delayFor.set('', 200);
    const more = store.getState().loadMore();
    behaviour.delayFor.clear();
    await store.getState().load(filters({ status: 'paused' }));
    await more;
    expect(ids(store)).toEqual([15]);
    expect(store.getState()).toMatchObject({ page: 1, totalPages: 1, loadingMore: false });
  });

  it('cancel drops whatever is on its way', async () => {
    const { store, notifyError } = setup();
    behaviour.delayFor.set('', 200);
    const pending = store.getState().load();
    store.getState().cancel();
    await pending;
    expect(store.getState()).toMatchObject({ loading: false, campaigns: [] });
    expect(notifyError).not.toHaveBeenCalled();
  });
});

describe('a first page the server sent with the HTML (prime)', () => {
  const serverPage = () => ({
    campaigns: [{ id: 7, title: 'From the server' }, { id: 8, title: 'Also' }] as never[],
    currentPage: 1,
    totalPages: 2,
    total: 12,
  });

  it('shows it at once, and the first load for the same filters uses it instead of asking the API', async () => {
    const { store } = setup();
    store.getState().prime(filters(), serverPage());
    expect(store.getState()).toMatchObject({ page: 1, totalPages: 2, total: 12, loading: false, error: null });
    expect(ids(store)).toEqual([7, 8]);
    await store.getState().load(filters());
    expect(hits).toHaveLength(0);
    expect(ids(store)).toEqual([7, 8]);
  });

  it('is used once: the next load, or Load More, asks the API', async () => {
    const { store } = setup();
    store.getState().prime(filters(), serverPage());
    await store.getState().load(filters());
    await store.getState().loadMore();
    expect(hits.map((hit) => sent(hit).page)).toEqual(['2']);
    await store.getState().load(filters());
    expect(hits.map((hit) => sent(hit).page)).toEqual(['2', '1']);
    expect(ids(store)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('is not used for other filters, nor after the page was left', async () => {
    const { store } = setup();
    store.getState().prime(filters(), serverPage());
    await store.getState().load(filters({ status: 'completed' }));
    expect(ids(store)).toEqual([13, 14]);
    store.getState().prime(filters(), serverPage());
    store.getState().cancel();
    await store.getState().load(filters());
    expect(hits).toHaveLength(2);
    expect(ids(store)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});

describe('pageQuery', () => {
  it('builds the spec query for a page (limit 9) and keeps status=all explicit', () => {
    expect(pageQuery(filters(), 1)).toEqual({ page: 1, limit: 9, status: 'active' });
    expect(pageQuery(filters({ status: 'all', featured: 'regular', search: ' x ' }), 3)).toEqual({
      page: 3,
      limit: 9,
      status: 'all',
      featured: false,
      search: 'x',
    });
  });
});

describe('appendPage', () => {
  it('appends in order and skips campaigns already shown', () => {
    const a = { id: 1 } as never;
    const b = { id: 2 } as never;
    const c = { id: 3 } as never;
    expect(appendPage([a, b], [b, c]).map((x) => x.id)).toEqual([1, 2, 3]);
  });
});
