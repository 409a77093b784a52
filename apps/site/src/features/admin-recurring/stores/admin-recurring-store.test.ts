import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { RECURRING_MESSAGES } from '@charity/domain';
import { createAdminTestClient } from '../../../test/admin-test-client';
import { adminGiftFixture, startFakeRecurringApi, type FakeRecurringApi } from '../../../test/fake-recurring-api';
import { giftListParams, parseGiftPage } from '../api/admin-recurring-api';
import { giftsViewFromSearch, giftsViewSearch } from '../url';
import { ADMIN_RECURRING_MESSAGES, createAdminRecurringStore } from './admin-recurring-store';

// /admin/recurring's store against a real HTTP server (test/fake-recurring-api.ts) through the site's real ky client
// with the staff's bearer token: the list with its filters, totals and pages, cancelling and resending a link.

let fake: FakeRecurringApi;
beforeAll(async () => {
  fake = await startFakeRecurringApi();
});
afterAll(() => fake.close());

let t: ReturnType<typeof createAdminTestClient>;
let store: ReturnType<typeof createAdminRecurringStore>;
beforeEach(() => {
  fake.reset();
  fake.state.adminGifts = Array.from({ length: 23 }, (_, i) => adminGiftFixture(i + 1));
  fake.state.adminGifts[1] = adminGiftFixture(2, { donor_name: 'Asha Rao', donor_email: 'asha.rao@example.org', status: 'past_due', last_failure_reason: 'Your card was declined.' });
  fake.state.adminGifts[2] = adminGiftFixture(3, { status: 'cancelled', cancelled_at: '2026-11-20T06:30:00.000Z' });
  fake.state.totals = { active: 21, monthly_amount_inr: 10_500, gained_this_month: 4, lost_this_month: 1 };
  t = createAdminTestClient(fake.baseUrl);
  store = createAdminRecurringStore({ client: t.client, notify: t.notify, log: t.log });
});

const state = () => store.getState();
const listQueries = () => fake.requests('GET', '/api/admin/recurring').map((hit) => Object.fromEntries(hit.query));

describe('the list', () => {
  it('page 1 of every gift with the totals and the pages, with the bearer token', async () => {
    expect(state().status).toBe('loading');
    await expect(state().load({ status: '', search: '', page: 1 })).resolves.toBe(true);
    expect(state()).toMatchObject({ status: 'ready', totalPages: 2, total: 23, totals: { active: 21, monthly_amount_inr: 10_500 } });
    expect(state().gifts).toHaveLength(20);
    expect(listQueries()).toEqual([{ page: '1' }]);
    expect(fake.requests('GET', '/api/admin/recurring')[0]?.authorization).toBe('Bearer admin-token');
  });

  it('sends the status and the search as the URL carries them, and the page', async () => {
    await state().load({ status: 'past_due', search: 'asha', page: 1 });
    expect(listQueries()).toEqual([{ status: 'past_due', search: 'asha', page: '1' }]);
    expect(state().gifts.map((g) => g.id)).toEqual([2]);
    await state().load({ status: '', search: '', page: 2 });
    expect(state().gifts).toHaveLength(3);
  });

  it("a failed load: 'Failed to load monthly gifts' once, the list emptied; reload tries again", async () => {
    fake.failures.set('GET /api/admin/recurring', { status: 500 });
    await expect(state().load({ status: '', search: '', page: 1 })).resolves.toBe(false);
    expect(state()).toMatchObject({ status: 'error', gifts: [], totalPages: 0 });
    expect(t.notify).toHaveBeenCalledExactlyOnceWith('error', ADMIN_RECURRING_MESSAGES.loadFailed);
    expect(t.globalToast).not.toHaveBeenCalled();
    fake.failures.clear();
    await state().reload();
    expect(state().status).toBe('ready');
  });

  it('quick filter changes: only the newest answer is shown', async () => {
    fake.failures.set('GET /api/admin/recurring', { delayMs: 150 });
    const slow = state().load({ status: '', search: '', page: 1 });
    await vi.waitFor(() => expect(fake.requests('GET', '/api/admin/recurring')).toHaveLength(1));
    fake.failures.clear();
    await state().load({ status: '', search: 'asha', page: 1 });
    await slow;
    expect(state().gifts.map((g) => g.id)).toEqual([2]);
    expect(t.notify).not.toHaveBeenCalled();
  });

  it('a 401 clears the session through the client', async () => {
    t.expireToken();
    await state().load({ status: '', search: '', page: 1 });
    expect(t.onUnauthorized).toHaveBeenCalledTimes(1);
  });
});

describe('cancelling', () => {
  beforeEach(async () => {
    await state().load({ status: '', search: '', page: 1 });
  });

  it("asks first; then POST …/cancel {reason}, the server's sentence as a toast, the dialog closed, the list read again", async () => {
    const gift = state().gifts.find((g) => g.id === 2)!;
    state().askCancel(gift);
    expect(state().cancelling).toBe(gift);
    const pending = state().confirmCancel('Donor asked by phone');
    expect(state()).toMatchObject({ cancelBusy: true, busyId: 2 });
    state().closeCancel();
    expect(state().cancelling).toBe(gift);
    await expect(pending).resolves.toBe(true);
    expect(fake.requests('POST', '/api/admin/recurring/2/cancel')[0]?.body).toEqual({ reason: 'Donor asked by phone' });
    expect(t.notify).toHaveBeenCalledExactlyOnceWith('success', RECURRING_MESSAGES.staffCancelled);
    expect(state()).toMatchObject({ cancelling: null, cancelBusy: false, busyId: null, status: 'ready' });
    expect(state().gifts.find((g) => g.id === 2)?.status).toBe('cancelled');
    expect(fake.requests('GET', '/api/admin/recurring')).toHaveLength(2);
  });

  it("refused: the server's reason in the dialog, which stays open; no toast", async () => {
    state().askCancel(state().gifts.find((g) => g.id === 3)!);
    await expect(state().confirmCancel(null)).resolves.toBe(false);
    expect(state()).toMatchObject({ cancelError: RECURRING_MESSAGES.alreadyCancelled, cancelBusy: false, busyId: null });
    expect(state().cancelling?.id).toBe(3);
    expect(t.notify).not.toHaveBeenCalled();
    state().closeCancel();
    expect(state()).toMatchObject({ cancelling: null, cancelError: null });
  });

  it("failing without a reason: 'Failed to cancel the gift'", async () => {
    fake.failures.set('POST /api/admin/recurring/4/cancel', 'drop');
    state().askCancel(state().gifts.find((g) => g.id === 4)!);
    await state().confirmCancel(null);
    expect(state().cancelError).toBe(ADMIN_RECURRING_MESSAGES.cancelFailed);
  });
});

describe('resending the link', () => {
  it("POST …/resend-link: busy on its row, then the server's sentence", async () => {
    const pending = state().resendLink(adminGiftFixture(5));
    expect(state().busyId).toBe(5);
    await expect(pending).resolves.toBe(true);
    expect(state().busyId).toBeNull();
    expect(fake.requests('POST', '/api/admin/recurring/5/resend-link')).toHaveLength(1);
    expect(t.notify).toHaveBeenCalledExactlyOnceWith('success', RECURRING_MESSAGES.linkResent);
  });

  it("refused: the server's reason as the error toast", async () => {
    await expect(state().resendLink(adminGiftFixture(3))).resolves.toBe(false);
    expect(t.notify).toHaveBeenCalledExactlyOnceWith('error', RECURRING_MESSAGES.notOngoing);
    expect(t.globalToast).not.toHaveBeenCalled();
  });
});

describe('reset (the page was left)', () => {
  it("forgets every donor's data and drops answers still on their way", async () => {
    fake.failures.set('GET /api/admin/recurring', { delayMs: 80 });
    const late = state().load({ status: '', search: '', page: 1 });
    state().reset();
    await late;
    expect(state()).toMatchObject({ status: 'loading', gifts: [], total: 0 });
  });
});

describe('the api module and the URL', () => {
  it('giftListParams: only what is set, then the page', () => {
    expect(giftListParams({ status: '', search: '', page: 1 })).toEqual({ page: '1' });
    expect(giftListParams({ status: 'lapsed', search: 'rao', page: 3 })).toEqual({ status: 'lapsed', search: 'rao', page: '3' });
  });

  it('parseGiftPage: zero totals when missing; a reply without a list throws', () => {
    expect(parseGiftPage({ success: true, data: { gifts: [] } }, 1)).toEqual({
      gifts: [],
      totals: { active: 0, monthly_amount_inr: 0, gained_this_month: 0, lost_this_month: 0 },
      currentPage: 1,
      totalPages: 0,
      total: 0,
    });
    expect(() => parseGiftPage({ success: true, data: { rows: [] } }, 1)).toThrow(TypeError);
  });

  it('the view in the query: status, search and page; unknown values fall back', () => {
    expect(giftsViewFromSearch(new URLSearchParams('status=past_due&search=%20asha%20&page=2'))).toEqual({ status: 'past_due', search: 'asha', page: 2 });
    expect(giftsViewFromSearch(new URLSearchParams('status=incomplete&page=-1'))).toEqual({ status: '', search: '', page: 1 });
    expect(giftsViewSearch({ status: 'paused', search: 'rao', page: 1 }).toString()).toBe('status=paused&search=rao');
    expect(giftsViewSearch({ status: '', search: '', page: 4 }).toString()).toBe('page=4');
  });
});
