import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PartnerReportRow } from '@charity/domain';
import { createAdminTestClient } from '../../../test/admin-test-client';
import { startFakeAdminApi, type FakeAdminApi } from '../../../test/fake-admin-api';
import { downloadPartnerReportCsv, parsePartnerReport } from '../api/admin-partners-api';
import { createAdminPartnersStore } from './admin-partners-store';

let fake: FakeAdminApi;
beforeAll(async () => {
  fake = await startFakeAdminApi();
});
afterAll(() => fake.close());

const ROWS: PartnerReportRow[] = [
  { partner_origin: 'https://ngo.example', month: '2026-04', currency: 'INR', donations: 1, donors: 1, amount: 1000, refunded_amount: 1200 },
  { partner_origin: 'https://school.example', month: '2026-04', currency: 'USD', donations: 1, donors: 1, amount: 25, refunded_amount: 0 },
];

let t: ReturnType<typeof createAdminTestClient>;
let store: ReturnType<typeof createAdminPartnersStore>;
beforeEach(() => {
  fake.reset();
  fake.state.partnerReport = ROWS;
  t = createAdminTestClient(fake.baseUrl);
  store = createAdminPartnersStore({ client: t.client, notify: t.notify, log: t.log });
});
const state = () => store.getState();

describe('the partner report', () => {
  it('GET /api/admin/partners/report with the bearer token: its rows and time zone', async () => {
    expect(state().status).toBe('loading');
    await expect(state().load()).resolves.toBe(true);
    expect(state()).toMatchObject({ status: 'ready', rows: ROWS, timeZone: 'Asia/Kolkata' });
    expect(fake.requests('GET', '/api/admin/partners/report')[0]?.authorization).toBe('Bearer admin-token');
  });

  it("a failure: 'Failed to load the partner report' once, and the error state; a retry loads it", async () => {
    fake.failures.set('GET /api/admin/partners/report', { status: 500 });
    await expect(state().load()).resolves.toBe(false);
    expect(state()).toMatchObject({ status: 'error', rows: [] });
    expect(t.notify).toHaveBeenCalledExactlyOnceWith('error', 'Failed to load the partner report');
    expect(t.globalToast).not.toHaveBeenCalled();
    fake.failures.clear();
    await state().load();
    expect(state().rows).toEqual(ROWS);
  });

  it('Download CSV: the CSV through the bearer-token client, named by the server; busy while it runs', async () => {
    const pending = state().downloadCsv();
    expect(state().downloading).toBe(true);
    const download = await pending;
    expect(fake.requests('GET', '/api/admin/partners/report.csv')[0]?.authorization).toBe('Bearer admin-token');
    expect(download?.fileName).toBe('partner-report-2026-11-30.csv');
    // The file as the server sent it, its byte order mark kept (Blob.text() would drop it).
    const bytes = new Uint8Array(await download!.blob.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect((await download!.blob.text()).split('\r\n')[0]).toBe(
      'month (Asia/Kolkata),partner_origin,currency,donations,donors,amount_net_of_refunds,refunded_amount',
    );
    expect(state().downloading).toBe(false);
  });

  it("a CSV that cannot be fetched: 'Failed to download the partner report' and no file", async () => {
    fake.failures.set('GET /api/admin/partners/report.csv', { status: 500 });
    await expect(state().downloadCsv()).resolves.toBeNull();
    expect(t.notify).toHaveBeenCalledExactlyOnceWith('error', 'Failed to download the partner report');
    expect(state().downloading).toBe(false);
  });

  it('reset drops an answer still on its way', async () => {
    fake.failures.set('GET /api/admin/partners/report', { delayMs: 80 });
    const late = state().load();
    await vi.waitFor(() => expect(fake.requests('GET', '/api/admin/partners/report')).toHaveLength(1));
    state().reset();
    await late;
    expect(state()).toMatchObject({ status: 'loading', rows: [] });
    expect(t.notify).not.toHaveBeenCalled();
  });
});

describe('the api module', () => {
  it('parsePartnerReport keeps whole rows only, and the organisation zone when none is said', () => {
    expect(parsePartnerReport({ success: true, data: { rows: [ROWS[0], { partner_origin: 'x' }] } })).toEqual({
      time_zone: 'Asia/Kolkata',
      refunds_subtracted: true,
      rows: [ROWS[0]],
    });
    expect(() => parsePartnerReport({ success: true, data: {} })).toThrow(TypeError);
  });

  it("without a Content-Disposition name the domain's name for today (organisation time)", async () => {
    const fetch: typeof globalThis.fetch = async () => new Response('x\r\n', { status: 200, headers: { 'content-type': 'text/csv' } });
    const { createApiClient } = await import('../../../lib/api/client');
    const client = createApiClient({ baseUrl: fake.baseUrl, getToken: () => 'x', onUnauthorized: () => {}, notify: () => {}, log: { info: () => {}, error: () => {} }, fetch });
    await expect(downloadPartnerReportCsv(client, new Date('2026-11-29T19:00:00Z'))).resolves.toMatchObject({ fileName: 'partner-report-2026-11-30.csv' });
  });
});
