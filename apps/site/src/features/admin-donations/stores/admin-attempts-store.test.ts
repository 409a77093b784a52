import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_ATTEMPT_FILTERS, type AttemptFilters } from '@charity/domain';
import { createAdminTestClient } from '../../../test/admin-test-client';
import { attemptFixture, startFakeAdminApi, type FakeAdminApi } from '../../../test/fake-admin-api';
import { attemptListParams, parseAttemptPage } from '../api/admin-attempts-api';
import { createAdminAttemptsStore } from './admin-attempts-store';

// The "Failed attempts" tab's store and api module, through the site's real ky client, against the fake admin API on
// a real HTTP server.

let fake: FakeAdminApi;
beforeAll(async () => {
  fake = await startFakeAdminApi();
});
afterAll(() => fake.close());

let t: ReturnType<typeof createAdminTestClient>;
let store: ReturnType<typeof createAdminAttemptsStore>;
beforeEach(() => {
  fake.reset();
  fake.state.attempts = Array.from({ length: 23 }, (_, i) => attemptFixture(i + 1));
  fake.state.attempts[2] = attemptFixture(3, { donor_email: 'asha.rao@example.org', outcome: 'abandoned' });
  fake.state.attempts[22] = attemptFixture(23, {
    outcome: 'blocked',
    donor_name: null,
    donor_email: null,
    amount: null,
    currency: null,
    payment_intent_id: null,
    client_ip: '10.20.30.40',
    address_limit_reached: true,
  });
  t = createAdminTestClient(fake.baseUrl);
  store = createAdminAttemptsStore({ client: t.client, notify: t.notify, log: t.log });
});

const state = () => store.getState();
const filters = (overrides: Partial<AttemptFilters> = {}): AttemptFilters => ({ ...EMPTY_ATTEMPT_FILTERS, ...overrides });
const listQueries = () => fake.requests('GET', '/api/admin/payment-attempts').map((hit) => Object.fromEntries(hit.query));

describe('the attempts list', () => {
  it('page 1, newest first, 20 a page, with the counts per outcome and the busiest addresses; the bearer token goes along', async () => {
    expect(state().status).toBe('loading');
    await expect(state().load(filters(), 1)).resolves.toBe(true);
    expect(state()).toMatchObject({ status: 'ready', page: 1, totalPages: 2, total: 23 });
    expect(state().attempts).toHaveLength(20);
    expect(state().attempts[0]).toMatchObject({ key: 'attempt-23', outcome: 'blocked', address_limit_reached: true });
    expect(state().summary?.counts).toEqual({ declined: 21, failed: 0, abandoned: 1, blocked: 1 });
    expect(state().summary?.top_addresses[0]).toEqual({ client_ip: '203.0.113.7', failures: 22, limit_reached: false });
    expect(listQueries()).toEqual([{ page: '1', limit: '20' }]);
    expect(fake.requests('GET', '/api/admin/payment-attempts')[0]?.authorization).toBe('Bearer admin-token');
  });

  it('sends the search and outcome (in that order, empty ones left out) and the page', async () => {
    await state().load(filters({ q: 'asha', outcome: 'abandoned' }), 1);
    expect(listQueries()).toEqual([{ q: 'asha', outcome: 'abandoned', page: '1', limit: '20' }]);
    expect([...(fake.requests('GET', '/api/admin/payment-attempts')[0]?.query.keys() ?? [])]).toEqual(['q', 'outcome', 'page', 'limit']);
    expect(state().attempts.map((a) => a.donor_email)).toEqual(['asha.rao@example.org']);
    await state().load(filters(), 2);
    expect(state().attempts).toHaveLength(3);
    expect(state()).toMatchObject({ page: 2, totalPages: 2 });
  });

  it("a failed load: 'Failed to load payment attempts' once, the list emptied, the error state; reload retries", async () => {
    await state().load(filters(), 1);
    fake.failures.set('GET /api/admin/payment-attempts', { status: 500, body: { success: false, message: 'Internal Server Error' } });
    await expect(state().load(filters({ outcome: 'blocked' }), 1)).resolves.toBe(false);
    expect(state()).toMatchObject({ status: 'error', attempts: [], summary: null, totalPages: 0, total: 0 });
    expect(t.notify).toHaveBeenCalledExactlyOnceWith('error', 'Failed to load payment attempts');
    expect(t.globalToast).not.toHaveBeenCalled();
    expect(t.log.error).toHaveBeenCalledWith(expect.stringContaining('[admin-attempts] Failed to load payment attempts'));
    fake.failures.clear();
    await expect(state().reload()).resolves.toBe(true);
    expect(listQueries().at(-1)).toMatchObject({ outcome: 'blocked' });
    expect(state().attempts.map((a) => a.key)).toEqual(['attempt-23']);
  });

  it('quick changes: only the newest answer is shown', async () => {
    fake.failures.set('GET /api/admin/payment-attempts', { delayMs: 150 });
    const slow = state().load(filters(), 1);
    await vi.waitFor(() => expect(fake.requests('GET', '/api/admin/payment-attempts')).toHaveLength(1));
    fake.failures.clear();
    await state().load(filters({ q: 'asha' }), 1);
    await slow;
    expect(state().attempts.map((a) => a.key)).toEqual(['attempt-3']);
    expect(state().filters.q).toBe('asha');
    expect(t.notify).not.toHaveBeenCalled();
  });

  it('a 401 clears the session through the client', async () => {
    t.expireToken();
    await state().load(filters(), 1);
    expect(t.onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('reset drops an answer still on its way and forgets the rows', async () => {
    await state().load(filters(), 1);
    fake.failures.set('GET /api/admin/payment-attempts', { delayMs: 100 });
    const late = state().load(filters({ q: 'asha' }), 1);
    state().reset();
    await late;
    expect(state()).toMatchObject({ status: 'loading', attempts: [], summary: null, filters: EMPTY_ATTEMPT_FILTERS });
  });
});

describe('the api module', () => {
  it('attemptListParams: search, outcome, then page and limit', () => {
    expect(attemptListParams(filters({ outcome: 'declined' }), 3)).toEqual({ outcome: 'declined', page: '3', limit: '20' });
    expect(attemptListParams(filters(), 1)).toEqual({ page: '1', limit: '20' });
  });

  it('parseAttemptPage: rows without a key or with an unknown outcome are dropped; a bad summary is none; no list throws', () => {
    const page = parseAttemptPage(
      { success: true, data: { attempts: [attemptFixture(1), { key: 'x', outcome: 'lost' }, { outcome: 'declined' }], summary: { counts: {} } }, meta: { total: 1, total_pages: 1, current_page: 1 } },
      1,
    );
    expect(page.attempts.map((a) => a.key)).toEqual(['attempt-1']);
    expect(page.summary).toBeNull();
    expect(() => parseAttemptPage({ success: true, data: {} }, 1)).toThrow();
  });
});
