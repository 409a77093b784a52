import { describe, expect, it } from 'vitest';
import { DEFAULT_CAMPAIGN_LIST_FILTERS, MAX_SEARCH_LENGTH, filtersFromSearchParams, filtersToSearchParams, sameFilters } from './url';

const parse = (query: string) => filtersFromSearchParams(new URLSearchParams(query));

describe('filters in the address bar', () => {
  it('a bare /campaigns is the default list: active, all, no search', () => {
    expect(parse('')).toEqual({ status: 'active', featured: 'all', search: '' });
    expect(filtersToSearchParams(DEFAULT_CAMPAIGN_LIST_FILTERS).toString()).toBe('');
  });

  it('reads status, featured and q', () => {
    expect(parse('status=completed&featured=true&q=water')).toEqual({
      status: 'completed',
      featured: 'featured',
      search: 'water',
    });
    expect(parse('status=all&featured=false')).toEqual({ status: 'all', featured: 'regular', search: '' });
    expect(parse('status=paused&q=%20School%20Kits%20')).toEqual({ status: 'paused', featured: 'all', search: 'School Kits' });
  });

  it('falls back to the defaults for anything unknown (drafts are never public)', () => {
    expect(parse('status=draft&featured=yes')).toEqual({ status: 'active', featured: 'all', search: '' });
    expect(parse('status=ACTIVE')).toMatchObject({ status: 'active' });
    expect(parse(`q=${'a'.repeat(500)}`).search).toHaveLength(MAX_SEARCH_LENGTH);
  });

  it('writes only what differs from the defaults, and reads back the same filters', () => {
    const cases = [
      { status: 'completed', featured: 'featured', search: 'water' },
      { status: 'all', featured: 'regular', search: '' },
      { status: 'active', featured: 'all', search: 'kits & meals?' },
    ] as const;
    for (const filters of cases) {
      const params = filtersToSearchParams(filters);
      expect(filtersFromSearchParams(new URLSearchParams(params.toString()))).toEqual(filters);
    }
    expect(filtersToSearchParams(cases[0]).toString()).toBe('status=completed&featured=true&q=water');
    expect(filtersToSearchParams(cases[2]).toString()).toBe('q=kits+%26+meals%3F');
  });

  it('sameFilters compares every field', () => {
    expect(sameFilters(parse('q=a'), parse('q=a'))).toBe(true);
    expect(sameFilters(parse('q=a'), parse('q=b'))).toBe(false);
    expect(sameFilters(parse('status=all'), parse(''))).toBe(false);
    expect(sameFilters(parse('featured=true'), parse('featured=false'))).toBe(false);
  });
});
