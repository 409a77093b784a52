import { describe, expect, it } from 'vitest';
import { EMPTY_DONATION_FILTERS } from '@charity/domain';
import { attemptsViewFromSearch, attemptsViewSearch, donationsListKey, donationsTabFromSearch, donationsViewFromSearch, donationsViewSearch, partnersViewSearch } from './url';

describe('the /admin/donations URL', () => {
  it('an empty query: no filters, page 1, no detail', () => {
    expect(donationsViewFromSearch(new URLSearchParams(''))).toEqual({ filters: EMPTY_DONATION_FILTERS, page: 1, donation: null });
  });

  it('reads filters, page and the open donation', () => {
    const view = donationsViewFromSearch(new URLSearchParams('q=asha&status=completed&campaign=none&page=3&donation=42'));
    expect(view).toEqual({ filters: { ...EMPTY_DONATION_FILTERS, q: 'asha', status: 'completed', campaign: 'none' }, page: 3, donation: 42 });
  });

  it.each(['0', '-1', '2.5', 'abc', '', '99999999999'])('ignores a page or donation of %j', (value) => {
    const view = donationsViewFromSearch(new URLSearchParams({ page: value, donation: value }));
    expect(view.page).toBe(1);
    expect(view.donation).toBeNull();
  });

  it('writes the filters in a fixed order, page only past 1, the donation last (a round trip)', () => {
    const search = donationsViewSearch({ filters: { ...EMPTY_DONATION_FILTERS, status: 'failed', q: 'rao' }, page: 2, donation: 7 });
    expect(search.toString()).toBe('q=rao&status=failed&page=2&donation=7');
    expect(donationsViewFromSearch(search)).toEqual({ filters: { ...EMPTY_DONATION_FILTERS, status: 'failed', q: 'rao' }, page: 2, donation: 7 });
    expect(donationsViewSearch({ filters: EMPTY_DONATION_FILTERS, page: 1, donation: null }).toString()).toBe('');
  });

  it('the list key ignores the open donation, so opening a detail does not reload the list', () => {
    const a = donationsViewFromSearch(new URLSearchParams('q=asha&page=2'));
    const b = donationsViewFromSearch(new URLSearchParams('page=2&q=asha&donation=42'));
    expect(donationsListKey(a)).toBe(donationsListKey(b));
    expect(donationsListKey(a)).not.toBe(donationsListKey({ ...a, page: 3 }));
  });
});

describe('the "Failed attempts" tab in the URL', () => {
  it('tab=attempts selects it; anything else is the donations tab', () => {
    expect(donationsTabFromSearch(new URLSearchParams('tab=attempts&q=x'))).toBe('attempts');
    expect(donationsTabFromSearch(new URLSearchParams('tab=other'))).toBe('donations');
    expect(donationsTabFromSearch(new URLSearchParams(''))).toBe('donations');
  });

  it('reads the search, outcome and page; an unknown outcome or a bad page is ignored', () => {
    expect(attemptsViewFromSearch(new URLSearchParams('tab=attempts&q=%20asha%20&outcome=Blocked&page=2'))).toEqual({
      filters: { q: 'asha', outcome: 'blocked' },
      page: 2,
    });
    expect(attemptsViewFromSearch(new URLSearchParams('tab=attempts&outcome=lost&page=-1'))).toEqual({ filters: { q: '', outcome: '' }, page: 1 });
  });

  it('writes tab, search, outcome, then page only past 1 (a round trip)', () => {
    const search = attemptsViewSearch({ filters: { q: 'rao', outcome: 'declined' }, page: 3 });
    expect(search.toString()).toBe('tab=attempts&q=rao&outcome=declined&page=3');
    expect(attemptsViewFromSearch(search)).toEqual({ filters: { q: 'rao', outcome: 'declined' }, page: 3 });
    expect(attemptsViewSearch({ filters: { q: '', outcome: '' }, page: 1 }).toString()).toBe('tab=attempts');
  });
});

describe('the "Partners" tab and the partner filter in the URL', () => {
  it('tab=partners selects it, and its URL is the tab alone', () => {
    expect(donationsTabFromSearch(new URLSearchParams('tab=partners'))).toBe('partners');
    expect(partnersViewSearch().toString()).toBe('tab=partners');
    expect(donationsTabFromSearch(partnersViewSearch())).toBe('partners');
  });

  it("keeps the donations list's partner filter (README: filter `partner`) in a round trip", () => {
    const view = donationsViewFromSearch(new URLSearchParams('partner=https%3A%2F%2Fschool.example&page=2'));
    expect(view.filters).toEqual({ ...EMPTY_DONATION_FILTERS, partner: 'https://school.example' });
    expect(donationsViewSearch(view).toString()).toBe('partner=https%3A%2F%2Fschool.example&page=2');
    expect(donationsViewFromSearch(new URLSearchParams('partner=none')).filters.partner).toBe('none');
  });
});
