import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_DONATION_FILTERS, REFUND_MESSAGES, type AdminRefund, type DonationFilters } from '@charity/domain';
import { createAdminTestClient } from '../../../test/admin-test-client';
import { campaignFixture, donationFixture, startFakeAdminApi, type FakeAdminApi } from '../../../test/fake-admin-api';
import {
  donationListParams,
  downloadReceipt,
  downloadRefundNote,
  exportDonationsCsv,
  fileNameFromContentDisposition,
  parseDonationPage,
  receiptFileName,
  refundNoteFileName,
} from '../api/admin-donations-api';
import { ADMIN_REFUND_TEXT, createAdminDonationsStore, refundFailureMessage } from './admin-donations-store';

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

describe('refunds', () => {
  const refundPosts = (id: number) => fake.requests('POST', `/api/admin/donations/${id}/refunds`);
  const detailReads = (id: number) => fake.requests('GET', `/api/admin/donations/${id}`);

  /** The list's page 2 shown (ids 5 to 1) and donation `id` open with its refund dialog, as when 'Refund' is pressed. */
  async function openRefundFor(id: number) {
    await state().load(filters(), 2);
    expect(state().donations.map((d) => d.id)).toEqual([5, 4, 3, 2, 1]);
    await state().openDetail(id);
    state().openRefund();
    expect(state().refundDialog).toEqual({ open: true, submitting: false, error: null });
  }

  it("success: POST …/refunds with the amount in paise and the reason; 'Refund issued.'; the detail replaced and the row updated", async () => {
    await openRefundFor(3);
    const pending = state().submitRefund(3, { amount_minor: 50000, reason: 'Duplicate gift' });
    expect(state().refundDialog).toEqual({ open: true, submitting: true, error: null });
    await expect(pending).resolves.toBe(true);

    const [hit] = refundPosts(3);
    expect(JSON.parse(hit!.body)).toEqual({ amount_minor: 50000, reason: 'Duplicate gift' });
    expect(hit?.contentType).toContain('application/json');
    expect(hit?.authorization).toBe('Bearer admin-token');
    expect(t.notify).toHaveBeenCalledExactlyOnceWith('success', 'Refund issued.');
    expect(t.globalToast).not.toHaveBeenCalled();
    expect(state().refundDialog).toEqual({ open: false, submitting: false, error: null });

    // The reply's donation, as it is: no second read of the detail.
    expect(detailReads(3)).toHaveLength(1);
    expect(state().detail.status).toBe('ready');
    expect(state().detail.donation).toMatchObject({ id: 3, status: 'completed', amount_minor: 100000, refunded_minor: 50000 });
    expect(state().detail.donation?.refunds).toEqual([
      expect.objectContaining({ amount_minor: 50000, status: 'succeeded', reason: 'Duplicate gift', note: expect.objectContaining({ number: 'BBF/CN/2026-27/000001', kind: 'credit' }) }),
    ]);

    // The list's row shows it ('Partly refunded'), with only the row's fields; the other rows are untouched.
    const row = state().donations.find((d) => d.id === 3);
    expect(row).toMatchObject({ id: 3, status: 'completed', refunded_minor: 50000, donor_name: 'Asha Rao' });
    expect(row).not.toHaveProperty('refunds');
    expect(row).not.toHaveProperty('donor_pan');
    expect(state().donations.filter((d) => d.refunded_minor)).toHaveLength(1);
    // The page read again without a loading state (its summary counts refunds out on the server).
    expect(listQueries()).toEqual([{ page: '2', limit: '20' }, { page: '2', limit: '20' }]);
    expect(state().status).toBe('ready');
  });

  it('the row is updated at once, before the quiet read of the page answers; a failed read is only logged', async () => {
    await openRefundFor(3);
    fake.failures.set('GET /api/admin/donations', { status: 500 });
    await expect(state().submitRefund(3, { amount_minor: 50000, reason: 'Duplicate gift' })).resolves.toBe(true);
    expect(state()).toMatchObject({ status: 'ready', total: 25 });
    expect(state().donations.find((d) => d.id === 3)?.refunded_minor).toBe(50000);
    expect(t.notify).toHaveBeenCalledExactlyOnceWith('success', 'Refund issued.');
    expect(t.log.error).toHaveBeenCalledWith(expect.stringContaining('Could not refresh the list after a refund'));
  });

  it("a refund of all that is left: the row turns 'refunded' and the note is a cancellation note", async () => {
    await openRefundFor(3);
    await state().submitRefund(3, { amount_minor: 100000, reason: 'Donor asked for it back' });
    expect(state().detail.donation).toMatchObject({ status: 'refunded', refunded_minor: 100000 });
    expect(state().detail.donation?.refunds[0]?.note?.kind).toBe('cancellation');
    expect(state().donations.find((d) => d.id === 3)).toMatchObject({ status: 'refunded', refunded_minor: 100000 });
  });

  it("the server's message is shown as it is (a refund still with the provider)", async () => {
    await openRefundFor(3);
    const donation = { ...fake.state.donations[2]!, refund_pending_minor: 50000 };
    fake.failures.set('POST /api/admin/donations/3/refunds', { status: 201, body: { success: true, message: REFUND_MESSAGES.pending, data: { donation } } });
    await expect(state().submitRefund(3, { amount_minor: 50000, reason: 'Duplicate gift' })).resolves.toBe(true);
    expect(t.notify).toHaveBeenCalledExactlyOnceWith('success', 'Refund requested: the payment provider is processing it.');
    expect(state().detail.donation?.refund_pending_minor).toBe(50000);
  });

  it("a 409 (not a completed donation): its sentence in the dialog, which stays open; the detail is read again; no toast", async () => {
    await openRefundFor(4);
    await expect(state().submitRefund(4, { amount_minor: 100000, reason: 'Duplicate gift' })).resolves.toBe(false);
    expect(refundPosts(4)).toHaveLength(1);
    expect(state().refundDialog).toEqual({ open: true, submitting: false, error: 'Only completed donations can be refunded.' });
    expect(t.notify).not.toHaveBeenCalled();
    expect(t.globalToast).not.toHaveBeenCalled();
    expect(detailReads(4)).toHaveLength(2);
    expect(state().detail).toMatchObject({ id: 4, status: 'ready' });
    expect(t.log.error).toHaveBeenCalledWith(expect.stringContaining('Refund of donation 4 failed: HTTP 409'));
  });

  it('a 409 (more than is left): the domain’s sentence with the remainder; the dialog stays open', async () => {
    await openRefundFor(3);
    await state().submitRefund(3, { amount_minor: 100001, reason: 'Duplicate gift' });
    expect(state().refundDialog).toEqual({ open: true, submitting: false, error: 'A refund cannot be more than what is left of the donation: ₹1,000.' });
  });

  it('a 400 (a reason too short): the domain’s sentence', async () => {
    await openRefundFor(3);
    await state().submitRefund(3, { amount_minor: 100, reason: 'no' });
    expect(state().refundDialog.error).toBe('The reason must be at least 3 characters.');
  });

  const refundRow = (overrides: Partial<AdminRefund>): AdminRefund => ({
    id: 7,
    created_at: '2026-11-24T09:50:00.000Z',
    amount_minor: 50000,
    currency: 'INR',
    status: 'failed',
    source: 'staff',
    reason: 'Duplicate gift',
    requested_by: 'admin@example.org',
    failure_reason: null,
    provider_refund_id: null,
    note: null,
    ...overrides,
  });

  it('the provider refused (409 with its reason): the sentence in the dialog, and the detail read again shows the failed refund', async () => {
    await openRefundFor(3);
    const message = `${REFUND_MESSAGES.providerRefused} The charge is disputed.`;
    fake.failures.set('POST /api/admin/donations/3/refunds', { status: 409, body: { success: false, message } });
    // What the API recorded before answering.
    const failed = refundRow({ status: 'failed', failure_reason: 'The charge is disputed.' });
    fake.state.donations[2]!.refunds = [failed];
    await expect(state().submitRefund(3, { amount_minor: 50000, reason: 'Duplicate gift' })).resolves.toBe(false);
    expect(state().refundDialog).toEqual({
      open: true,
      submitting: false,
      error: 'The payment provider refused the refund. Nothing was refunded. The charge is disputed.',
    });
    expect(detailReads(3)).toHaveLength(2);
    expect(state().detail.donation?.refunds).toEqual([failed]);
    expect(state().donations.find((d) => d.id === 3)?.refunded_minor).toBe(0);
    expect(t.notify).not.toHaveBeenCalled();
  });

  it('the provider could not be reached (502): the server’s sentence in the dialog; the refund read back as pending', async () => {
    await openRefundFor(3);
    const message = 'The payment service could not be reached. The refund is kept as pending and will be asked for again automatically.';
    fake.failures.set('POST /api/admin/donations/3/refunds', { status: 502, body: { success: false, message } });
    fake.state.donations[2] = { ...fake.state.donations[2]!, refund_pending_minor: 50000, refunds: [refundRow({ status: 'pending' })] };
    await state().submitRefund(3, { amount_minor: 50000, reason: 'Duplicate gift' });
    expect(state().refundDialog.error).toBe(message);
    expect(state().detail.donation?.refund_pending_minor).toBe(50000);
    expect(t.globalToast).not.toHaveBeenCalled();
  });

  it('a 502 or a 500 without a sentence: the page’s own, which asks to check the refunds', async () => {
    await openRefundFor(3);
    fake.failures.set('POST /api/admin/donations/3/refunds', { status: 502, body: { success: false } });
    await state().submitRefund(3, { amount_minor: 50000, reason: 'Duplicate gift' });
    expect(state().refundDialog.error).toBe(ADMIN_REFUND_TEXT.refundFailed);
    fake.failures.set('POST /api/admin/donations/3/refunds', { status: 500, body: { success: false, message: 'Internal Server Error' } });
    await state().submitRefund(3, { amount_minor: 50000, reason: 'Duplicate gift' });
    expect(state().refundDialog.error).toBe(ADMIN_REFUND_TEXT.refundFailed);
  });

  it('no reply at all: the outcome is unknown, so the dialog says to check; the detail and row show what the server recorded', async () => {
    await openRefundFor(3);
    fake.failures.set('POST /api/admin/donations/3/refunds', 'drop');
    // The refund went through before the connection was lost.
    fake.state.donations[2]!.refunded_minor = 50000;
    await expect(state().submitRefund(3, { amount_minor: 50000, reason: 'Duplicate gift' })).resolves.toBe(false);
    expect(state().refundDialog.error).toBe(ADMIN_REFUND_TEXT.refundFailed);
    expect(refundPosts(3)).toHaveLength(1);
    expect(state().detail.donation?.refunded_minor).toBe(50000);
    expect(state().donations.find((d) => d.id === 3)?.refunded_minor).toBe(50000);
  });

  it('while a refund is on its way the dialog cannot be closed or sent twice; closing the detail closes it', async () => {
    await openRefundFor(3);
    fake.failures.set('POST /api/admin/donations/3/refunds', { delayMs: 80 });
    const pending = state().submitRefund(3, { amount_minor: 50000, reason: 'Duplicate gift' });
    state().closeRefund();
    expect(state().refundDialog.open).toBe(true);
    await expect(state().submitRefund(3, { amount_minor: 50000, reason: 'Duplicate gift' })).resolves.toBe(false);
    await pending;
    expect(refundPosts(3)).toHaveLength(1);

    state().openRefund();
    state().closeRefund();
    expect(state().refundDialog.open).toBe(false);
    state().openRefund();
    state().closeDetail();
    expect(state().refundDialog).toEqual({ open: false, submitting: false, error: null });
  });

  it('refundFailureMessage: the server’s sentence for refusals and the provider’s 502, the page’s otherwise', () => {
    expect(refundFailureMessage(new Error('boom'))).toBe(ADMIN_REFUND_TEXT.refundFailed);
  });

  it("Download note: GET …/refunds/{id}/note.pdf with the bearer token, named by the server", async () => {
    await openRefundFor(3);
    await state().submitRefund(3, { amount_minor: 50000, reason: 'Duplicate gift' });
    const refund = state().detail.donation!.refunds[0]!;
    const pending = state().downloadNote(refund);
    expect(state().downloadingNote).toBe(refund.id);
    const download = await pending;
    const [hit] = fake.requests('GET', `/api/admin/refunds/${refund.id}/note.pdf`);
    expect(hit?.authorization).toBe('Bearer admin-token');
    expect(download?.fileName).toBe('BBF-CN-2026-27-000001.pdf');
    expect(await download!.blob.text()).toBe('%PDF-1.4 BBF/CN/2026-27/000001');
    expect(state().downloadingNote).toBeNull();
  });

  it("a note that cannot be fetched: 'Failed to download the note' and no file", async () => {
    fake.failures.set('GET /api/admin/refunds/9/note.pdf', { status: 500 });
    const note = { number: 'BBF/CN/2026-27/000009', kind: 'credit', issued_at: '2026-11-24T09:50:00.000Z', mail_status: 'sent' } as const;
    await expect(state().downloadNote({ id: 9, note } as AdminRefund)).resolves.toBeNull();
    expect(t.notify).toHaveBeenCalledExactlyOnceWith('error', 'Failed to download the note');
    expect(t.globalToast).not.toHaveBeenCalled();
    expect(state().downloadingNote).toBeNull();
  });

  it("without a Content-Disposition name the note's number is the file's", async () => {
    const fetch: typeof globalThis.fetch = async () => new Response('%PDF', { status: 200, headers: { 'content-type': 'application/pdf' } });
    const { createApiClient } = await import('../../../lib/api/client');
    const client = createApiClient({ baseUrl: fake.baseUrl, getToken: () => 'x', onUnauthorized: () => {}, notify: () => {}, log: { info: () => {}, error: () => {} }, fetch });
    const note = { number: 'BBF/CN/2026-27/000012', kind: 'cancellation', issued_at: '2026-11-24T09:50:00.000Z', mail_status: null } as const;
    await expect(downloadRefundNote(client, { id: 12, note })).resolves.toMatchObject({ fileName: 'BBF-CN-2026-27-000012.pdf' });
    expect(refundNoteFileName({ id: 13, note: null })).toBe('refund-13.pdf');
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

describe("the receipt's PDF (issue 20)", () => {
  it("Download receipt: GET …/donations/{id}/receipt.pdf with the bearer token, named by the server", async () => {
    await state().openDetail(3);
    const donation = state().detail.donation!;
    const pending = state().downloadReceipt(donation);
    expect(state().downloadingReceipt).toBe(true);
    const download = await pending;
    const [hit] = fake.requests('GET', '/api/admin/donations/3/receipt.pdf');
    expect(hit?.authorization).toBe('Bearer admin-token');
    expect(download?.fileName).toBe('receipt-RCPT-2026-00003.pdf');
    expect(await download!.blob.text()).toBe('%PDF-1.4 RCPT-2026-00003');
    expect(state().downloadingReceipt).toBe(false);
    expect(t.notify).not.toHaveBeenCalled();
  });

  it("a donation without a receipt: the server's sentence as the toast, and no file", async () => {
    await state().openDetail(4);
    await expect(state().downloadReceipt(state().detail.donation!)).resolves.toBeNull();
    expect(t.notify).toHaveBeenCalledExactlyOnceWith('error', 'No receipt has been issued for this donation yet.');
    expect(t.globalToast).not.toHaveBeenCalled();
    expect(state().downloadingReceipt).toBe(false);
  });

  it("a server failure: 'Failed to download the receipt'; without a Content-Disposition name, the receipt's number", async () => {
    fake.failures.set('GET /api/admin/donations/3/receipt.pdf', { status: 500 });
    await state().openDetail(3);
    await expect(state().downloadReceipt(state().detail.donation!)).resolves.toBeNull();
    expect(t.notify).toHaveBeenCalledExactlyOnceWith('error', 'Failed to download the receipt');

    const fetch: typeof globalThis.fetch = async () => new Response('%PDF', { status: 200, headers: { 'content-type': 'application/pdf' } });
    const { createApiClient } = await import('../../../lib/api/client');
    const client = createApiClient({ baseUrl: fake.baseUrl, getToken: () => 'x', onUnauthorized: () => {}, notify: () => {}, log: { info: () => {}, error: () => {} }, fetch });
    const receipt = { number: 'BBF/2026-27/000042', issued_at: '2026-11-22T05:46:00.000Z', mail_status: 'sent' };
    await expect(downloadReceipt(client, { id: 42, receipt })).resolves.toMatchObject({ fileName: 'receipt-BBF-2026-27-000042.pdf' });
    expect(receiptFileName({ id: 43, receipt: null })).toBe('receipt-43.pdf');
  });
});

describe('the partner filter (issue 20)', () => {
  it('sends partner with the other filters to the list and the CSV', async () => {
    await state().load(filters({ partner: 'https://school.example', status: 'completed' }), 1);
    expect(listQueries()).toEqual([{ status: 'completed', partner: 'https://school.example', page: '1', limit: '20' }]);
    await state().exportCsv(filters({ partner: 'none' }));
    expect(Object.fromEntries(fake.requests('GET', '/api/admin/donations/export.csv')[0]?.query ?? [])).toEqual({ partner: 'none' });
  });

  it('GET /api/admin/partners: the partners of the select, A to Z as the server sends them', async () => {
    fake.state.partners = [
      { origin: 'https://ngo.example', configured: true, donations: 2 },
      { origin: 'https://school.example', configured: false, donations: 5 },
    ];
    await state().loadPartnerOptions();
    expect(state().partnerOptions).toEqual(fake.state.partners);
    expect(fake.requests('GET', '/api/admin/partners')[0]?.authorization).toBe('Bearer admin-token');
  });

  it('a failure is only logged: the filter still offers Any source and Website', async () => {
    fake.failures.set('GET /api/admin/partners', { status: 500 });
    await state().loadPartnerOptions();
    expect(state().partnerOptions).toEqual([]);
    expect(t.notify).not.toHaveBeenCalled();
    expect(t.log.error).toHaveBeenCalledWith(expect.stringContaining('Could not load the partner choices'));
  });
});
