import { describe, expect, it } from 'vitest';
import { campaignSearchParams, parseCampaignPage } from './campaigns-api';

const item = { id: 3, title: 'Kits', status: 'active', raised_amount: '150.50', target_amount: 1000, donation_count: 2 };

describe('parseCampaignPage', () => {
  it('reads data.campaigns and meta as the contract sends them, normalising each campaign', () => {
    const page = parseCampaignPage({ success: true, data: { campaigns: [item] }, meta: { total_pages: 4, current_page: 2, total: 31 } });
    expect(page).toMatchObject({ currentPage: 2, totalPages: 4, total: 31 });
    expect(page.campaigns).toEqual([expect.objectContaining({ id: 3, raised_amount: 150.5, status: 'active' })]);
  });

  it('accepts data as an array (spec §7) and missing meta', () => {
    expect(parseCampaignPage({ data: [item, item] }, 1)).toMatchObject({ currentPage: 1, totalPages: 1, total: 2 });
  });

  it('drops entries without an id', () => {
    expect(parseCampaignPage({ data: { campaigns: [item, { title: 'No id' }, null, 'x'] } }).campaigns).toHaveLength(1);
  });

  it('ignores nonsense meta values', () => {
    expect(parseCampaignPage({ data: { campaigns: [] }, meta: { total_pages: -2, current_page: 'x', total: 1.5 } }, 3)).toEqual({
      campaigns: [],
      currentPage: 3,
      totalPages: 3,
      total: 0,
    });
  });

  it('throws on a reply without a list, so the caller reports a failed load', () => {
    expect(() => parseCampaignPage(undefined)).toThrow(TypeError);
    expect(() => parseCampaignPage({ success: true, data: {} })).toThrow(TypeError);
    expect(() => parseCampaignPage('<html>')).toThrow(TypeError);
  });
});

describe('campaignSearchParams', () => {
  it('sends only what is set, featured as true/false', () => {
    expect(campaignSearchParams({ page: 1, limit: 9 })).toEqual({ page: '1', limit: '9' });
    expect(campaignSearchParams({ featured: true, status: 'active', limit: 6 })).toEqual({
      featured: 'true',
      status: 'active',
      limit: '6',
    });
    expect(campaignSearchParams({ page: 2, featured: false, search: '' })).toEqual({ page: '2', featured: 'false' });
  });
});
