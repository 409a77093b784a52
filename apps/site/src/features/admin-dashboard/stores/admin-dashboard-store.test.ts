import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAdminTestClient } from '../../../test/admin-test-client';
import { donationFixture, startFakeAdminApi, type FakeAdminApi } from '../../../test/fake-admin-api';
import { parseDashboard } from '../api/admin-dashboard-api';
import { createAdminDashboardStore } from './admin-dashboard-store';

let fake: FakeAdminApi;
beforeAll(async () => {
  fake = await startFakeAdminApi();
});
afterAll(() => fake.close());

let t: ReturnType<typeof createAdminTestClient>;
let store: ReturnType<typeof createAdminDashboardStore>;
beforeEach(() => {
  fake.reset();
  fake.state.donations = [donationFixture(1, { amount_inr: 5000 }), donationFixture(2, { amount_inr: 2500, donor_email: 'DONOR1@example.org' })];
  t = createAdminTestClient(fake.baseUrl);
  store = createAdminDashboardStore({ client: t.client, notify: t.notify, log: t.log });
});

const state = () => store.getState();

describe('load', () => {
  it('starts loading the last 30 days, then holds the figures', async () => {
    expect(state()).toMatchObject({ period: '30d', status: 'loading', dashboard: null });
    await expect(state().load()).resolves.toBe(true);
    expect(state().status).toBe('ready');
    expect(state().dashboard).toMatchObject({ period: '30d', totals: { count: 2, amount_inr: 7500, donors: 1 } });
    expect(state().dashboard?.daily).toHaveLength(30);
    expect(state().dashboard?.backup).toEqual({ last: null, warn_after_days: 2, overdue: true });
    const [hit] = fake.requests('GET', '/api/admin/dashboard');
    expect(hit?.query.get('period')).toBe('30d');
    expect(hit?.authorization).toBe('Bearer admin-token');
  });

  it('a period switch asks for that period and shows loading, not the old period, meanwhile', async () => {
    await state().load();
    fake.failures.set('GET /api/admin/dashboard', { delayMs: 50 });
    const pending = state().load('90d');
    expect(state()).toMatchObject({ period: '90d', status: 'loading', dashboard: null });
    await pending;
    expect(state().dashboard?.period).toBe('90d');
    expect(state().dashboard?.daily).toHaveLength(90);
    expect(fake.requests('GET', '/api/admin/dashboard').map((hit) => hit.query.get('period'))).toEqual(['30d', '90d']);
  });

  it("a failed first load: 'Failed to load dashboard' once (no global toast) and the error state", async () => {
    fake.failures.set('GET /api/admin/dashboard', { status: 500, body: { success: false, message: 'boom' } });
    await expect(state().load()).resolves.toBe(false);
    expect(state().status).toBe('error');
    expect(t.notify).toHaveBeenCalledExactlyOnceWith('error', 'Failed to load dashboard');
    expect(t.globalToast).not.toHaveBeenCalled();
    expect(t.log.error).toHaveBeenCalledWith(expect.stringContaining('[admin-dashboard] Failed to load dashboard'));
  });

  it('Try again after an error shows loading, then the figures', async () => {
    fake.failures.set('GET /api/admin/dashboard', 'drop');
    await state().load();
    fake.failures.clear();
    const pending = state().load();
    expect(state().status).toBe('loading');
    await pending;
    expect(state().status).toBe('ready');
  });

  it('a failed refresh of the same period keeps the figures on screen (with the toast)', async () => {
    await state().load();
    fake.failures.set('GET /api/admin/dashboard', { status: 503 });
    await state().load();
    expect(state().status).toBe('ready');
    expect(state().dashboard?.period).toBe('30d');
    expect(t.notify).toHaveBeenCalledWith('error', 'Failed to load dashboard');
  });

  it('a failed switch to another period is an error (the old figures would be for the wrong days)', async () => {
    await state().load();
    fake.failures.set('GET /api/admin/dashboard', { status: 400, body: { success: false, message: 'bad' } });
    await state().load('365d');
    expect(state()).toMatchObject({ period: '365d', status: 'error', dashboard: null });
  });

  it('a reply without totals is a failure, never half a dashboard', async () => {
    fake.failures.set('GET /api/admin/dashboard', { status: 200, body: { success: true, data: { period: '30d' } } });
    await state().load();
    expect(state().status).toBe('error');
    expect(t.notify).toHaveBeenCalledWith('error', 'Failed to load dashboard');
  });

  it('only the newest request writes: a slow 30-day reply never replaces a newer 90-day one', async () => {
    fake.failures.set('GET /api/admin/dashboard', { delayMs: 150 });
    const slow = state().load('30d');
    await vi.waitFor(() => expect(fake.requests('GET', '/api/admin/dashboard')).toHaveLength(1));
    fake.failures.clear();
    await state().load('90d');
    await slow;
    expect(state().dashboard?.period).toBe('90d');
    expect(t.notify).not.toHaveBeenCalled();
  });

  it('a 401 ends the session through the client, with no toast of its own beyond the page one', async () => {
    t.expireToken();
    await state().load();
    expect(t.onUnauthorized).toHaveBeenCalledTimes(1);
    expect(t.globalToast).not.toHaveBeenCalled();
  });
});

describe('parseDashboard', () => {
  it('refuses replies that are not a successful dashboard', () => {
    expect(() => parseDashboard(null)).toThrow(TypeError);
    expect(() => parseDashboard({ success: false, data: {} })).toThrow(TypeError);
    expect(() => parseDashboard({ success: true, data: { totals: { by_currency: [], this_month: {}, last_month: {} }, daily: [], top_campaigns: [] } })).toThrow(
      'The dashboard reply is incomplete',
    );
  });

  it('refuses a dashboard without a readable backup status (the line must never invent a backup)', () => {
    const data = { totals: { by_currency: [], this_month: {}, last_month: {} }, daily: [], top_campaigns: [], recent_donations: [] };
    for (const backup of [undefined, null, {}, { last: null }, { last: {}, overdue: false }, { last: 'yesterday', overdue: false }]) {
      expect(() => parseDashboard({ success: true, data: { ...data, backup } }), JSON.stringify(backup)).toThrow('The dashboard reply has no backup status');
    }
    const none = { last: null, warn_after_days: 2, overdue: true };
    expect(parseDashboard({ success: true, data: { ...data, backup: none } }).backup).toEqual(none);
  });
});

describe('reset (the page was left)', () => {
  it('forgets the figures and drops an answer still on its way', async () => {
    await state().load();
    fake.failures.set('GET /api/admin/dashboard', { delayMs: 80 });
    const late = state().load('90d');
    state().reset();
    await late;
    expect(state()).toMatchObject({ period: '30d', status: 'loading', dashboard: null });
    expect(t.notify).not.toHaveBeenCalled();
  });
});
