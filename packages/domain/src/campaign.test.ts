import { describe, expect, it } from 'vitest';
import {
  CAMPAIGN_ANALYTICS_DEFAULT_PERIOD,
  CAMPAIGN_ANALYTICS_PERIOD_DAYS,
  CAMPAIGN_ANALYTICS_PERIODS,
  CAMPAIGN_PAGE_SIZE,
  CAMPAIGN_STATUSES,
  DEFAULT_CAMPAIGN_STATUS_FILTER,
  DONATE_PAGE_FEATURED_MAX,
  FEATURED_CAMPAIGNS_MAX,
  buildCampaignListQuery,
  campaignDisplayStatus,
  campaignIdFromSearch,
  canLoadMore,
  daysLeft,
  daysLeftLabel,
  donateHref,
  fundedPercentage,
  hasCampaignEnded,
  isCampaignActive,
  normaliseCampaign,
  toggleCampaignSelection,
} from './campaign';

const now = new Date('2025-06-01T12:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;
const at = (ms: number): string => new Date(now.getTime() + ms).toISOString();
const past = at(-DAY);
const future = at(DAY);

describe('constants', () => {
  it('matches the spec', () => {
    expect(CAMPAIGN_STATUSES).toEqual(['active', 'completed', 'paused', 'draft']);
    expect(CAMPAIGN_PAGE_SIZE).toBe(9);
    expect(FEATURED_CAMPAIGNS_MAX).toBe(6);
    expect(DONATE_PAGE_FEATURED_MAX).toBe(3);
    expect(DEFAULT_CAMPAIGN_STATUS_FILTER).toBe('active');
  });
});

describe('campaignDisplayStatus', () => {
  it.each([
    ['completed', future, 'Completed'],
    ['completed', null, 'Completed'],
    ['active', past, 'Completed'],
    ['paused', past, 'Completed'],
    ['draft', past, 'Completed'],
    ['active', at(0), 'Completed'],
    ['active', future, 'Active'],
    ['active', at(1), 'Active'],
    ['active', null, 'Active'],
    ['active', undefined, 'Active'],
    ['active', 'not a date', 'Active'],
    ['paused', future, 'Paused'],
    ['paused', null, 'Paused'],
    ['draft', future, 'Draft'],
    ['draft', null, 'Draft'],
    ['archived', future, 'Draft'],
    ['', null, 'Draft'],
    [null, null, 'Draft'],
    ['ACTIVE', future, 'Active'],
  ])('status %j, end %j → %s', (status, end_date, expected) => {
    expect(campaignDisplayStatus({ status, end_date }, now)).toBe(expected);
  });

  it('accepts Date end dates', () => {
    expect(campaignDisplayStatus({ status: 'active', end_date: new Date(now.getTime() - 1) }, now)).toBe('Completed');
  });
});

describe('isCampaignActive', () => {
  it.each([
    ['active', future, true],
    ['active', at(1), true],
    ['active', at(0), false],
    ['active', past, false],
    ['active', null, true],
    ['paused', future, false],
    ['completed', future, false],
    ['draft', future, false],
  ])('status %j, end %j → %s', (status, end_date, expected) => {
    expect(isCampaignActive({ status, end_date }, now)).toBe(expected);
  });

  it('hasCampaignEnded: at or before now', () => {
    expect(hasCampaignEnded(at(0), now)).toBe(true);
    expect(hasCampaignEnded(at(-1), now)).toBe(true);
    expect(hasCampaignEnded(at(1), now)).toBe(false);
    expect(hasCampaignEnded(null, now)).toBe(false);
  });
});

describe('daysLeft', () => {
  it.each([
    [1, 1],
    [DAY - 1, 1],
    [DAY, 1],
    [DAY + 1, 2],
    [10 * DAY, 10],
    [10 * DAY - 60_000, 10],
    [0, 0],
    [-1, 0],
    [-5 * DAY, 0],
  ])('%d ms left → %d', (ms, expected) => {
    expect(daysLeft(at(ms), now)).toBe(expected);
  });

  it.each([null, undefined, '', 'soon'])('%j → null', (end) => {
    expect(daysLeft(end, now)).toBeNull();
  });

  it('accepts Date and timestamp', () => {
    expect(daysLeft(new Date(now.getTime() + 2 * DAY), now)).toBe(2);
    expect(daysLeft(now.getTime() + 3 * DAY, now)).toBe(3);
  });
});

describe('daysLeftLabel', () => {
  it.each([
    [30, '30 days left'],
    [2, '2 days left'],
    [1, '1 day left'],
    [0, 'Campaign ended'],
    [-4, 'Campaign ended'],
    [null, 'No end date'],
    [undefined, 'No end date'],
  ])('%j → %s', (days, label) => {
    expect(daysLeftLabel(days)).toBe(label);
  });

  it('pairs with daysLeft', () => {
    expect(daysLeftLabel(daysLeft(at(1), now))).toBe('1 day left');
    expect(daysLeftLabel(daysLeft(past, now))).toBe('Campaign ended');
  });
});

describe('fundedPercentage', () => {
  it.each([
    [0, 0, 0],
    [500, 0, 0],
    [500, null, 0],
    [500, undefined, 0],
    [null, 1000, 0],
    [0, 1000, 0],
    [250, 1000, 25],
    [1, 3, 33],
    [2, 3, 67],
    [0.5, 100, 1],
    [0.4, 100, 0],
    [999, 1000, 100],
    [1000, 1000, 100],
    [1500, 1000, 100],
    [-50, 1000, 0],
    [500, -1000, 0],
    ['2500', '10000', 25],
    ['abc', 100, 0],
  ])('raised %j of %j → %d', (raised, target, expected) => {
    expect(fundedPercentage(raised, target)).toBe(expected);
  });
});

describe('normaliseCampaign', () => {
  it('accepts current_amount and donors_count, numeric strings and a string image', () => {
    expect(
      normaliseCampaign({
        id: '12',
        title: ' School kits ',
        description: 'Books and bags',
        status: 'active',
        is_featured: true,
        category: 'education',
        image: '/uploads/kits.jpg',
        target_amount: '50000.00',
        current_amount: '12500.50',
        donors_count: '42',
        start_date: '2025-01-01',
        end_date: '2025-12-31',
      }),
    ).toEqual({
      id: 12,
      title: 'School kits',
      description: 'Books and bags',
      status: 'active',
      is_featured: true,
      category: 'education',
      image_url: '/uploads/kits.jpg',
      target_amount: 50000,
      raised_amount: 12500.5,
      donation_count: 42,
      // An API without offline figures: none (issue 20).
      offline_amount: 0,
      offline_donation_count: 0,
      start_date: '2025-01-01',
      end_date: '2025-12-31',
    });
  });

  it('prefers raised_amount, donation_count and image_url', () => {
    const c = normaliseCampaign({
      id: 3,
      raised_amount: 100,
      current_amount: 999,
      donation_count: 5,
      donors_count: 9,
      image_url: 'https://cdn.example.com/a.jpg',
      image: 'other.jpg',
    });
    expect(c.raised_amount).toBe(100);
    expect(c.donation_count).toBe(5);
    expect(c.image_url).toBe('https://cdn.example.com/a.jpg');
  });

  it('fills gaps with safe defaults', () => {
    expect(normaliseCampaign({ id: 'abc', status: 'weird', image: { name: 'file' } })).toEqual({
      id: 'abc',
      title: '',
      description: '',
      status: 'draft',
      is_featured: false,
      category: null,
      image_url: null,
      target_amount: 0,
      raised_amount: 0,
      donation_count: 0,
      offline_amount: 0,
      offline_donation_count: 0,
      start_date: null,
      end_date: null,
    });
  });

  it('turns Date fields into ISO strings', () => {
    expect(normaliseCampaign({ id: 1, end_date: new Date('2025-12-31T00:00:00Z') }).end_date).toBe('2025-12-31T00:00:00.000Z');
  });
});

describe('campaign list', () => {
  it('builds the query with defaults', () => {
    expect(buildCampaignListQuery({})).toEqual({ page: 1, limit: 9, status: 'active' });
  });

  it.each([
    [{ page: 2, status: 'all' as const, featured: 'all' as const, search: '  ' }, { page: 2, limit: 9 }],
    [{ status: 'completed' as const, featured: 'featured' as const, search: ' water ' }, { page: 1, limit: 9, status: 'completed', featured: true, search: 'water' }],
    [{ status: 'paused' as const, featured: 'regular' as const }, { page: 1, limit: 9, status: 'paused', featured: false }],
    [{ page: 0 }, { page: 1, limit: 9, status: 'active' }],
    [{ page: 1.5 }, { page: 1, limit: 9, status: 'active' }],
  ])('%j → %j', (options, expected) => {
    expect(buildCampaignListQuery(options)).toEqual(expected);
  });

  it.each([
    [1, 3, true],
    [2, 3, true],
    [3, 3, false],
    [1, 1, false],
    [1, 0, false],
  ])('page %d of %d: load more %s', (current, total, expected) => {
    expect(canLoadMore(current, total)).toBe(expected);
  });
});

describe('donate page selection', () => {
  it('toggles between none and one', () => {
    expect(toggleCampaignSelection(null, 4)).toBe(4);
    expect(toggleCampaignSelection(4, 4)).toBeNull();
    expect(toggleCampaignSelection(4, 5)).toBe(5);
  });

  it.each([
    [7, '/donate?campaign=7'],
    ['7', '/donate?campaign=7'],
    [null, '/donate'],
    [undefined, '/donate'],
  ])('donateHref(%j) → %s', (id, href) => {
    expect(donateHref(id)).toBe(href);
  });

  it.each([
    ['?campaign=7', 7],
    ['campaign=12&x=1', 12],
    ['?x=1&campaign=%2034%20', 34],
    ['?campaign=', null],
    ['?campaign=abc', null],
    ['?campaign=0', null],
    ['?campaign=-2', null],
    ['?campaign=1.5', null],
    ['?campaign=%E0%A4%A', null],
    ['?mycampaign=5', null],
    ['', null],
  ])('campaignIdFromSearch(%j) → %j', (search, expected) => {
    expect(campaignIdFromSearch(search)).toBe(expected);
  });
});

describe('campaign analytics periods', () => {
  it('are 7, 30, 90 and 365 days, 30 by default', () => {
    expect(CAMPAIGN_ANALYTICS_PERIODS).toEqual(['7d', '30d', '90d', '365d']);
    expect(CAMPAIGN_ANALYTICS_PERIOD_DAYS).toEqual({ '7d': 7, '30d': 30, '90d': 90, '365d': 365 });
    expect(Object.keys(CAMPAIGN_ANALYTICS_PERIOD_DAYS)).toEqual([...CAMPAIGN_ANALYTICS_PERIODS]);
    expect(CAMPAIGN_ANALYTICS_PERIODS).toContain(CAMPAIGN_ANALYTICS_DEFAULT_PERIOD);
  });
});
