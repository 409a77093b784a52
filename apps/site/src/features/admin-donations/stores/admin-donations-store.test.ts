import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_DONATION_FILTERS, type DonationFilters } from '@charity/domain';
import { createAdminTestClient } from '../../../test/admin-test-client';
import { campaignFixture, donationFixture, startFakeAdminApi, type FakeAdminApi } from '../../../test/fake-admin-api';
import { donationListParams, exportDonationsCsv, fileNameFromContentDisposition, parseDonationPage } from '../api/admin-donations-api';
import { createAdminDonationsStore } from './admin-donations-store';

let fake: FakeAdminApi;
beforeAll(async () => {
  fake = await startFakeAdminApi();
});
afterAll(() => fake.close());

let t: ReturnType<typeof createAdminTestClient>;
let store: ReturnType<typeof createAdminDonationsStore>;
beforeEach(() => {
  fake.reset();
  fake.state.donations = Array.from({ length: 25 }, (_, i) => donationFixture(i + 1, { campaign_id: i % 5 === 0 ? 7 : null }));
  fake.state.donations[2] = donationFixture(3, { donor_name: 'Asha Rao', donor_email: 'asha.rao@example.org', amount_inr: 2500 });
  fake.state.donations[3] = donationFixture(4, { status: 'pending', receipt: null, receipt_number: null });
  t = createAdminTestClient(fake.baseUrl);
  store = createAdminDonationsStore({ client: t.client, notify: t.notify, log: t.log });
});

const state = () => store.getState();
const filters = (overrides: Partial<DonationFilters> = {}): DonationFilters => ({ ...EMPTY_DONATION_FILTERS, ...overrides });
const listQueries = () => fake.requests('GET', '/api/admin/donations').map((hit) => Object.fromEntries(hit.query));

describe('the list', () => {
  it('page 1 of every donation, newest first, 20 a page, with the summary of the whole set', async () => {
    expect(state().status).toBe('loading');
    await expect(state().load(filters(), 1)).resolves.toBe(true);
    expect(state()).toMatchObject({ status: 'ready', page: 1, totalPages: 2, total: 25, summary: { count: 25, amount_inr: 25 * 1000 + 1500 } });
    expect(state().donations).toHaveLength(20);
    expect(state().donations[0]?.id).toBe(25);
    expect(listQueries()).toEqual([{ page: '1', limit: '20' }]);
    expect(fake.requests('GET', '/api/admin/donations')[0]?.authorization).toBe('Bearer admin-token');
  });

  it('sends the filters as the URL carries them (fixed order, empty ones left out) and page 2', async () => {
    await state().load(filters({ q: 'asha', campaign: 'none', status: 'completed' }), 2);
    expect(listQueries()).toEqual([{ q: 'asha', campaign: 'none', status: 'completed', page: '2', limit: '20' }]);
    expect([...(fake.requests('GET', '/api/admin/donations')[0]?.query.keys() ?? [])]).toEqual(['q', 'campaign', 'status', 'page', 'limit']);
  });

  it('finds a donation by the donor e-mail', async () => {
    await state().load(filters({ q: 'asha.rao@example.org' }), 1);
    expect(state().donations.map((d) => d.id)).toEqual([3]);
    expect(state().summary).toEqual({ count: 1, amount_inr: 2500 });
  });

  it("a failed load: 'Failed to load donations' once, the list emptied, the error state; reload retries", async () => {
    await state().load(filters(), 1);
    fake.failures.set('GET /api/admin/donations', { status: 400, body: { success: false, message: 'The "to" date must not be before the "from" date.' } });
    await expect(state().load(filters({ from: '2026-11-22', to: '2026-11-01' }), 1)).resolves.toBe(false);
    expect(state()).toMatchObject({ status: 'error', donations: [], summary: null, totalPages: 0 });
    expect(t.notify).toHaveBeenCalledExactlyOnceWith('error', 'Failed to load donations');
    expect(t.globalToast).not.toHaveBeenCalled();
    fake.failures.clear();
    await state().reload();
    expect(listQueries().at(-1)).toMatchObject({ from: '2026-11-22', to: '2026-11-01' });
  });

  it('quick filter changes: only the newest answer is shown', async () => {
    fake.failures.set('GET /api/admin/donations', { delayMs: 150 });
    const slow = state().load(filters(), 1);
    await vi.waitFor(() => expect(fake.requests('GET', '/api/admin/donations')).toHaveLength(1));
    fake.failures.clear();
    await state().load(filters({ q: 'asha' }), 1);
    await slow;
    expect(state().donations.map((d) => d.id)).toEqual([3]);
    expect(state().filters.q).toBe('asha');
    expect(t.notify).not.toHaveBeenCalled();
  });

  it('a 401 clears the session through the client', async () => {
    t.expireToken();
    await state().load(filters(), 1);
    expect(t.onUnauthorized).toHaveBeenCalledTimes(1);
  });
});

describe('the detail', () => {
  it('opens: loading, then the donation with payment intent and receipt', async () => {
    const pending = state().openDetail(3);
    expect(state().detail).toEqual({ id: 3, donation: null, status: 'loading' });
    await expect(pending).resolves.toBe(true);
    expect(state().detail.status).toBe('ready');
    expect(state().detail.donation).toMatchObject({ id: 3, payment_intent_id: 'pi_sandbox_3', receipt: { number: 'RCPT-2026-00003' }, donor_pan: 'ABCDE1234F' });
    expect(fake.requests('GET', '/api/admin/donations/3')).toHaveLength(1);
  });

  it("an unknown donation: 'Failed to load donation' and the dialog's error state", async () => {
    await expect(state().openDetail(999)).resolves.toBe(false);
    expect(state().detail).toEqual({ id: 999, donation: null, status: 'error' });
    expect(t.notify).toHaveBeenCalledExactlyOnceWith('error', 'Failed to load donation');
  });

  it('closing while it loads: the late answer does not reopen it', async () => {
    fake.failures.set('GET /api/admin/donations/3', { delayMs: 100 });
    const pending = state().openDetail(3);
    state().closeDetail();
    await pending;
    expect(state().detail.id).toBeNull();
  });

  it("resend: POST …/resend-receipt, the server's 'Receipt sent again', and the detail read again", async () => {
    await state().openDetail(3);
    const pending = state().resendReceipt(3);
    expect(state().resending).toBe(true);
    await expect(pending).resolves.toBe(true);
    expect(state().resending).toBe(false);
    expect(fake.requests('POST', '/api/admin/donations/3/resend-receipt')).toHaveLength(1);
    expect(t.notify).toHaveBeenCalledExactlyOnceWith('success', 'Receipt sent again');
    expect(fake.requests('GET', '/api/admin/donations/3')).toHaveLength(2);
    expect(state().detail.donation?.receipt?.mail_status).toBe('stored');
  });

  it("resend refused: the server's reason ('Only completed donations have receipts.')", async () => {
    await expect(state().resendReceipt(4)).resolves.toBe(false);
    expect(t.notify).toHaveBeenCalledExactlyOnceWith('error', 'Only completed donations have receipts.');
    expect(t.globalToast).not.toHaveBeenCalled();
  });

  it("resend failing without a reason: 'Failed to resend receipt'", async () => {
    fake.failures.set('POST /api/admin/donations/3/resend-receipt', 'drop');
    await state().resendReceipt(3);
    expect(t.notify).toHaveBeenCalledExactlyOnceWith('error', 'Failed to resend receipt');
    expect(state().resending).toBe(false);
  });
});

describe('CSV export', () => {
  it('GETs export.csv with the current filters (no page or limit) and the bearer token; names the file from the server', async () => {
    const download = await state().exportCsv(filters({ campaign: '7', from: '2026-11-01', to: '2026-11-20' }));
    const [hit] = fake.requests('GET', '/api/admin/donations/export.csv');
    expect(Object.fromEntries(hit?.query ?? [])).toEqual({ from: '2026-11-01', to: '2026-11-20', campaign: '7' });
    expect(hit?.authorization).toBe('Bearer admin-token');
    expect(download?.fileName).toBe('donations-2026-11-01-to-2026-11-20.csv');
    const text = await download!.blob.text();
    expect(text.split('\r\n').slice(0, 3)).toEqual(['id,donor_email', '21,donor21@example.org', '16,donor16@example.org']);
    expect(state().exporting).toBe(false);
  });

  it("a failure: 'Failed to export donations' and no file", async () => {
    fake.failures.set('GET /api/admin/donations/export.csv', { status: 500 });
    const pending = state().exportCsv(filters());
    expect(state().exporting).toBe(true);
    await expect(pending).resolves.toBeNull();
    expect(t.notify).toHaveBeenCalledExactlyOnceWith('error', 'Failed to export donations');
    expect(t.globalToast).not.toHaveBeenCalled();
    expect(state().exporting).toBe(false);
  });

  it("without a Content-Disposition name the domain's name for today (organisation time) is used", async () => {
    const fetch: typeof globalThis.fetch = async () => new Response('id\r\n', { status: 200, headers: { 'content-type': 'text/csv' } });
    const { createApiClient } = await import('../../../lib/api/client');
    const client = createApiClient({ baseUrl: fake.baseUrl, getToken: () => 'x', onUnauthorized: () => {}, notify: () => {}, log: { info: () => {}, error: () => {} }, fetch });
    const download = await exportDonationsCsv(client, filters({ from: '2026-11-01' }), new Date('2026-11-21T19:00:00Z'));
    expect(download.fileName).toBe('donations-2026-11-01-to-2026-11-22.csv');
  });

  it.each([
    ['attachment; filename="donations-2026-11-22.csv"', 'donations-2026-11-22.csv'],
    ['attachment; filename=donations.csv', 'donations.csv'],
    ["attachment; filename=\"fallback.csv\"; filename*=UTF-8''don%C3%A1tions.csv", 'donátions.csv'],
    ['attachment; filename="../../etc/passwd"', 'passwd'],
    ['attachment; filename=".."', null],
    ['attachment', null],
    [null, null],
  ])('fileNameFromContentDisposition(%j) = %j', (header, name) => {
    expect(fileNameFromContentDisposition(header)).toBe(name);
  });
});

describe('campaign choices of the filter', () => {
  it('GET /api/admin/campaigns?limit=100: id and title of each', async () => {
    fake.state.campaigns = [campaignFixture(7, { title: 'Library Corners' }), campaignFixture(8, { title: 'Clean Water', status: 'draft' })];
    await state().loadCampaignOptions();
    expect(state().campaignOptions).toEqual([
      { id: 8, title: 'Clean Water' },
      { id: 7, title: 'Library Corners' },
    ]);
    expect(fake.requests('GET', '/api/admin/campaigns')[0]?.query.get('limit')).toBe('100');
  });

  it('a failure is only logged: the filter still offers Any campaign and General donation', async () => {
    fake.failures.set('GET /api/admin/campaigns', { status: 500 });
    await state().loadCampaignOptions();
    expect(state().campaignOptions).toEqual([]);
    expect(t.notify).not.toHaveBeenCalled();
    expect(t.globalToast).not.toHaveBeenCalled();
    expect(t.log.error).toHaveBeenCalledWith(expect.stringContaining('Could not load the campaign choices'));
  });
});

describe('the api module', () => {
  it('donationListParams: filters, then page and limit', () => {
    expect(donationListParams({ ...EMPTY_DONATION_FILTERS, type: 'monthly' }, 3)).toEqual({ type: 'monthly', page: '3', limit: '20' });
  });

  it('parseDonationPage: no summary when the reply has none; a reply without a list throws', () => {
    expect(parseDonationPage({ success: true, data: { donations: [] } }, 1)).toEqual({ donations: [], summary: null, currentPage: 1, totalPages: 0, total: 0 });
    expect(() => parseDonationPage({ success: true, data: { rows: [] } }, 1)).toThrow(TypeError);
  });
});

describe('reset (the page was left)', () => {
  it("forgets every donor's data and drops answers still on their way", async () => {
    await state().load(filters(), 1);
    fake.failures.set('GET /api/admin/donations', { delayMs: 80 });
    fake.failures.set('GET /api/admin/donations/3', { delayMs: 80 });
    const late = Promise.all([state().load(filters({ q: 'asha' }), 1), state().openDetail(3)]);
    state().reset();
    await late;
    expect(state()).toMatchObject({ status: 'loading', donations: [], summary: null, detail: { id: null, donation: null } });
    expect(t.notify).not.toHaveBeenCalled();
  });
});
