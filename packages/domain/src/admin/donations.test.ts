import { describe, expect, it } from 'vitest';
import {
  ADMIN_DONATIONS_MAX_PAGE_SIZE,
  ADMIN_DONATIONS_PAGE_SIZE,
  ADMIN_DONATION_STATUSES,
  ADMIN_DONATION_STATUS_LABELS,
  ADMIN_SEARCH_MAX_LENGTH,
  DONATION_CSV_COLUMNS,
  DONATION_CSV_CREATED_AT_COLUMN,
  DONATION_FILTER_MESSAGES,
  EMPTY_DONATION_FILTERS,
  donationCsvFileName,
  donationCsvTime,
  donationDateRangeError,
  donationFilterQuery,
  donationFiltersFromSearch,
  hasDonationFilters,
  isCalendarDay,
  type DonationFilters,
} from './donations';
import { ORGANISATION_TIME_ZONE, organisationDay } from '../organisation-time';

// The domain compiles without DOM or Node types (it runs everywhere); the tests run on Node, which has URLSearchParams.
declare const URLSearchParams: new (init?: string | Record<string, string>) => { get(name: string): string | null; set(name: string, value: string): void };

const FULL: DonationFilters = {
  q: 'asha',
  from: '2026-11-01',
  to: '2026-11-22',
  campaign: '7',
  country: 'IN',
  currency: 'INR',
  type: 'monthly',
  status: 'completed',
  partner: 'https://school.example',
};

describe('statuses and paging', () => {
  it('labels the four donation statuses; pages of 20, at most 100; searches of at most 200 characters', () => {
    expect(ADMIN_DONATION_STATUSES).toEqual(['pending', 'completed', 'failed', 'refunded']);
    expect(ADMIN_DONATION_STATUS_LABELS).toEqual({ pending: 'Pending', completed: 'Completed', failed: 'Failed', refunded: 'Refunded' });
    expect(ADMIN_DONATIONS_PAGE_SIZE).toBe(20);
    expect(ADMIN_DONATIONS_MAX_PAGE_SIZE).toBe(100);
    expect(ADMIN_SEARCH_MAX_LENGTH).toBe(200);
  });
});

describe('donationFilterQuery', () => {
  it('is empty for the empty filters', () => {
    expect(donationFilterQuery(EMPTY_DONATION_FILTERS)).toEqual({});
    expect(donationFilterQuery({})).toEqual({});
  });

  it('keeps only non-empty values, trimmed, in a fixed key order whatever the input order', () => {
    const query = donationFilterQuery({ status: 'failed', q: '  Rao ', currency: '', campaign: 'none', from: '   ' });
    expect(query).toEqual({ q: 'Rao', campaign: 'none', status: 'failed' });
    expect(Object.keys(query)).toEqual(['q', 'campaign', 'status']);
    expect(Object.keys(donationFilterQuery({ ...FULL }))).toEqual(['q', 'from', 'to', 'campaign', 'country', 'currency', 'type', 'status', 'partner']);
  });

  it('ignores keys that are not filters', () => {
    expect(donationFilterQuery({ q: 'x', page: '3' } as Partial<DonationFilters>)).toEqual({ q: 'x' });
  });

  it('gives the same URL for the same filters', () => {
    const a = new URLSearchParams(donationFilterQuery({ type: 'one_time', q: 'a' })).toString();
    const b = new URLSearchParams(donationFilterQuery({ q: 'a', type: 'one_time' })).toString();
    expect(a).toBe(b);
    expect(a).toBe('q=a&type=one_time');
  });
});

describe('donationFiltersFromSearch', () => {
  it('reads every filter back from a URL query (a round trip)', () => {
    const params = new URLSearchParams(donationFilterQuery(FULL));
    expect(donationFiltersFromSearch(params)).toEqual(FULL);
  });

  it('gives the empty filters for an empty query, and ignores unknown keys such as page or donation', () => {
    expect(donationFiltersFromSearch(new URLSearchParams(''))).toEqual(EMPTY_DONATION_FILTERS);
    expect(donationFiltersFromSearch(new URLSearchParams('page=2&donation=42&foo=bar'))).toEqual(EMPTY_DONATION_FILTERS);
  });

  it('drops unknown type and status values rather than passing them to the API', () => {
    const filters = donationFiltersFromSearch(new URLSearchParams('type=yearly&status=Completed&q=x'));
    expect(filters).toEqual({ ...EMPTY_DONATION_FILTERS, q: 'x' });
  });

  it('trims values and cuts them at ADMIN_SEARCH_MAX_LENGTH characters', () => {
    const filters = donationFiltersFromSearch(new URLSearchParams({ q: `  ${'a'.repeat(250)}  `, country: ' IN ' }));
    expect(filters.q).toHaveLength(200);
    expect(filters.country).toBe('IN');
  });

  it('accepts any object with get(), not only URLSearchParams', () => {
    const values: Record<string, string> = { type: 'one_time', status: 'refunded' };
    expect(donationFiltersFromSearch({ get: (name) => values[name] ?? null })).toEqual({ ...EMPTY_DONATION_FILTERS, type: 'one_time', status: 'refunded' });
  });
});

describe('hasDonationFilters', () => {
  it('is false for empty or blank filters and true as soon as one is set', () => {
    expect(hasDonationFilters(EMPTY_DONATION_FILTERS)).toBe(false);
    expect(hasDonationFilters({ q: '   ' })).toBe(false);
    expect(hasDonationFilters({ campaign: 'none' })).toBe(true);
    expect(hasDonationFilters({ to: '2026-01-01' })).toBe(true);
  });
});

describe('dates', () => {
  it('isCalendarDay accepts real days written YYYY-MM-DD only', () => {
    for (const day of ['2026-11-22', '2028-02-29', '2026-12-31', '2026-01-01']) expect(isCalendarDay(day)).toBe(true);
    for (const day of ['2026-02-29', '2026-02-30', '2026-13-01', '2026-00-10', '2026-4-01', '22/11/2026', '2026-11-22T00:00:00Z', ' 2026-11-22', ''])
      expect(isCalendarDay(day)).toBe(false);
  });

  it('donationDateRangeError: null for usable ranges (either end may be empty, one day is a range)', () => {
    expect(donationDateRangeError('', '')).toBeNull();
    expect(donationDateRangeError('2026-11-01', '')).toBeNull();
    expect(donationDateRangeError('', '2026-11-01')).toBeNull();
    expect(donationDateRangeError('2026-11-01', '2026-11-01')).toBeNull();
    expect(donationDateRangeError('2026-11-01', '2026-11-22')).toBeNull();
  });

  it('donationDateRangeError: the exact messages for a malformed day and a reversed range', () => {
    expect(DONATION_FILTER_MESSAGES).toEqual({
      dateInvalid: 'Dates must be written YYYY-MM-DD.',
      rangeReversed: 'The "to" date must not be before the "from" date.',
    });
    expect(donationDateRangeError('2026-02-30', '')).toBe('Dates must be written YYYY-MM-DD.');
    expect(donationDateRangeError('', 'yesterday')).toBe('Dates must be written YYYY-MM-DD.');
    expect(donationDateRangeError('2026-11-22', '2026-11-01')).toBe('The "to" date must not be before the "from" date.');
    // A malformed day is reported before the order.
    expect(donationDateRangeError('2026-11-22', '2026-1-1')).toBe('Dates must be written YYYY-MM-DD.');
  });
});

describe('CSV export', () => {
  it('has the columns in the agreed order, each once', () => {
    expect(DONATION_CSV_COLUMNS).toEqual([
      'id',
      'created_at (Asia/Kolkata)',
      'receipt_number',
      'status',
      'donation_type',
      'amount',
      'currency',
      'amount_inr',
      'refunded_amount',
      'net_amount',
      'net_amount_inr',
      'campaign_id',
      'campaign_title',
      'donor_name',
      'donor_email',
      'donor_mobile',
      'donor_pan',
      'donor_country',
      'donor_country_code',
      'donor_state',
      'donor_city',
      'donor_address',
      'donor_pincode',
      'is_anonymous',
      'source',
      'partner_origin',
      'payment_intent_id',
      'is_renewal',
    ]);
    expect(new Set(DONATION_CSV_COLUMNS).size).toBe(DONATION_CSV_COLUMNS.length);
  });

  it("names the time column's zone from the organisation's one time-zone constant", () => {
    expect(DONATION_CSV_CREATED_AT_COLUMN).toBe('created_at (Asia/Kolkata)');
    expect(DONATION_CSV_CREATED_AT_COLUMN).toBe(`created_at (${ORGANISATION_TIME_ZONE})`);
    expect(DONATION_CSV_COLUMNS[1]).toBe(DONATION_CSV_CREATED_AT_COLUMN);
  });

  it("donationCsvTime: the organisation's wall clock as 'YYYY-MM-DD HH:mm:ss', to the second", () => {
    expect(donationCsvTime(new Date('2026-03-10T10:15:00Z'))).toBe('2026-03-10 15:45:00');
    // Past 18:30 UTC it is already the next day in India, as organisationDay counts it; fractions are dropped.
    expect(donationCsvTime(new Date('2026-03-09T18:29:59.999Z'))).toBe('2026-03-09 23:59:59');
    expect(donationCsvTime(new Date('2026-03-09T18:30:00.000Z'))).toBe('2026-03-10 00:00:00');
    expect(donationCsvTime(new Date('2026-12-31T20:00:00Z'))).toBe('2027-01-01 01:30:00');
    for (const instant of ['2026-03-09T18:29:59.999Z', '2026-03-09T18:30:00.000Z', '2026-07-01T02:00:00Z']) {
      expect(donationCsvTime(new Date(instant)).slice(0, 10)).toBe(organisationDay(new Date(instant)));
    }
  });

  it("donationCsvFileName: today's date without a range", () => {
    expect(donationCsvFileName({}, '2026-11-22')).toBe('donations-2026-11-22.csv');
    expect(donationCsvFileName({ q: 'asha', status: 'completed' }, '2026-11-22')).toBe('donations-2026-11-22.csv');
  });

  it('donationCsvFileName: the range when one is set, "start" or today for an open end', () => {
    expect(donationCsvFileName({ from: '2026-11-01', to: '2026-11-20' }, '2026-11-22')).toBe('donations-2026-11-01-to-2026-11-20.csv');
    expect(donationCsvFileName({ from: '2026-11-01' }, '2026-11-22')).toBe('donations-2026-11-01-to-2026-11-22.csv');
    expect(donationCsvFileName({ to: '2026-11-20' }, '2026-11-22')).toBe('donations-start-to-2026-11-20.csv');
  });

  it('donationCsvFileName: malformed days never reach the file name', () => {
    expect(donationCsvFileName({ from: '../../etc', to: '2026-02-30' }, '2026-11-22')).toBe('donations-2026-11-22.csv');
  });
});
