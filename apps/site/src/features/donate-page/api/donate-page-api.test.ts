import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../lib/api/client';
import {
  FALLBACK_DONATION_STATS,
  fetchCampaign,
  fetchDonationStats,
  fetchFeaturedCampaigns,
  fetchPaymentsMode,
  parseCampaign,
  parseCampaignList,
  parseDonationStats,
  parsePaymentsMode,
} from './donate-page-api';

type Reply = { status: number; body?: unknown };

/** A client like the site's, over a stand-in fetch that records each request and answers from `replies`. */
function clientFor(replies: Record<string, Reply>) {
  const requests: string[] = [];
  const notify = vi.fn();
  const client = createApiClient({
    baseUrl: 'http://api.test/api',
    getToken: () => null,
    onUnauthorized: () => {},
    notify,
    log: { info: () => {}, error: () => {} },
    retryDelay: () => 0,
    fetch: async (input) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const key = url.pathname + url.search;
      requests.push(key);
      const reply = replies[key] ?? { status: 404, body: { success: false, message: 'Not found' } };
      return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'content-type': 'application/json' },
      });
    },
  });
  return { client, requests, notify };
}

const campaign = { id: 4, title: 'Clean Drinking Water', status: 'active', target_amount: 400000, raised_amount: '98500' };

describe('donation statistics', () => {
  it('reads the figures of GET /api/stats', () => {
    expect(
      parseDonationStats({ success: true, data: { totalDonations: 15850, childrenHelped: 5242, countries: 13, totalAmount: 1001000 } }),
    ).toEqual({ totalDonations: 15850, childrenHelped: 5242, countries: 13 });
  });

  it('keeps the starting value for a missing or nonsense figure', () => {
    expect(parseDonationStats({ data: { totalDonations: 15900, childrenHelped: -1, countries: '12' } })).toEqual({
      totalDonations: 15900,
      childrenHelped: FALLBACK_DONATION_STATS.childrenHelped,
      countries: FALLBACK_DONATION_STATS.countries,
    });
  });

  it('starts from the spec values 15847, 5241 and 12', () => {
    expect(FALLBACK_DONATION_STATS).toEqual({ totalDonations: 15847, childrenHelped: 5241, countries: 12 });
  });

  it('throws on a reply without data, so the page keeps the starting values', () => {
    expect(() => parseDonationStats({ success: false })).toThrow(TypeError);
    expect(() => parseDonationStats('<html>')).toThrow(TypeError);
  });

  it('asks GET /api/stats silently: a failure shows no toast', async () => {
    const ok = clientFor({ '/api/stats': { status: 200, body: { success: true, data: { totalDonations: 1, childrenHelped: 2, countries: 3 } } } });
    await expect(fetchDonationStats(ok.client)).resolves.toEqual({ totalDonations: 1, childrenHelped: 2, countries: 3 });
    const failing = clientFor({ '/api/stats': { status: 500, body: { success: false, message: 'Boom' } } });
    await expect(fetchDonationStats(failing.client)).rejects.toThrow();
    expect(failing.requests).toHaveLength(3); // a read call: retried as every GET is
    expect(failing.notify).not.toHaveBeenCalled();
  });
});

describe('campaigns', () => {
  it('reads a list reply, normalising each campaign and dropping entries without an id', () => {
    expect(parseCampaignList({ data: { campaigns: [campaign, { title: 'No id' }] } })).toEqual([
      expect.objectContaining({ id: 4, raised_amount: 98500 }),
    ]);
    expect(parseCampaignList({ data: [campaign] })).toHaveLength(1);
    expect(() => parseCampaignList({ data: {} })).toThrow(TypeError);
  });

  it('asks for at most 3 featured active campaigns and keeps only 3', async () => {
    const many = [1, 2, 3, 4].map((id) => ({ ...campaign, id }));
    const { client, requests } = clientFor({
      '/api/campaigns?featured=true&status=active&limit=3': { status: 200, body: { success: true, data: { campaigns: many } } },
    });
    const featured = await fetchFeaturedCampaigns(client);
    expect(featured.map((c) => c.id)).toEqual([1, 2, 3]);
    expect(requests).toEqual(['/api/campaigns?featured=true&status=active&limit=3']);
  });

  it('reads one campaign from data.campaign (or data)', () => {
    expect(parseCampaign({ success: true, data: { campaign } })).toMatchObject({ id: 4, title: 'Clean Drinking Water' });
    expect(parseCampaign({ data: campaign })).toMatchObject({ id: 4 });
    expect(() => parseCampaign({ data: { campaign: { title: 'No id' } } })).toThrow(TypeError);
  });

  it('fetches a linked campaign by id; no such campaign is null, without a toast', async () => {
    const { client, notify } = clientFor({
      '/api/campaigns/4': { status: 200, body: { success: true, data: { campaign } } },
      '/api/campaigns/99999999999': { status: 400, body: { success: false, message: 'params/id must be <= 2147483647' } },
    });
    await expect(fetchCampaign(client, 4)).resolves.toMatchObject({ id: 4, title: 'Clean Drinking Water' });
    await expect(fetchCampaign(client, 77)).resolves.toBeNull();
    await expect(fetchCampaign(client, 99999999999)).resolves.toBeNull();
    expect(notify).not.toHaveBeenCalled();
  });

  it('passes other failures on to the caller (logged there)', async () => {
    const { client } = clientFor({ '/api/campaigns/5': { status: 500, body: { success: false, message: 'Boom' } } });
    await expect(fetchCampaign(client, 5)).rejects.toThrow();
  });
});

describe('payments mode', () => {
  it("reads data.mode: 'sandbox' or 'stripe'", () => {
    expect(parsePaymentsMode({ success: true, data: { mode: 'sandbox', publishable_key: null } })).toBe('sandbox');
    expect(parsePaymentsMode({ success: true, data: { mode: 'stripe', publishable_key: 'pk_test_x' } })).toBe('stripe');
  });

  it('throws on anything else, so the ribbon stays hidden', () => {
    expect(() => parsePaymentsMode({ data: { mode: 'live' } })).toThrow(TypeError);
    expect(() => parsePaymentsMode({})).toThrow(TypeError);
  });

  it('asks GET /api/payments/config silently', async () => {
    const { client, notify } = clientFor({
      '/api/payments/config': { status: 200, body: { success: true, data: { mode: 'sandbox', publishable_key: null } } },
    });
    await expect(fetchPaymentsMode(client)).resolves.toBe('sandbox');
    const missing = clientFor({});
    await expect(fetchPaymentsMode(missing.client)).rejects.toThrow();
    expect(notify).not.toHaveBeenCalled();
    expect(missing.notify).not.toHaveBeenCalled();
  });
});
