import { describe, expect, it } from 'vitest';
import { adminEventsCountText, ADMIN_EVENT_STATUS_FILTERS, filterAdminEvents, isAdminEventStatusFilter, isPastDatedUpcoming } from './events';

const event = (title: string, status: string, extra: Partial<{ location: string; description: string; impact: string; date: string }> = {}) => ({
  title,
  status,
  description: extra.description ?? '',
  location: extra.location ?? null,
  impact: extra.impact ?? null,
  date: extra.date ?? null,
});

const EVENTS = [
  event('Health Camp in Dharavi', 'upcoming', { location: 'Mumbai', description: 'Free check-ups' }),
  event('Diwali Celebration', 'completed', { location: 'Pune', impact: '300 children fed' }),
  event('Winter Blanket Drive', 'ongoing', { location: 'Delhi', description: 'Blankets for shelters' }),
  event('Sports Day', 'cancelled', { location: 'Bengaluru' }),
];

describe('filterAdminEvents', () => {
  it('keeps every event without a query or status, in order', () => {
    expect(filterAdminEvents(EVENTS, { query: '  ', status: 'all' })).toEqual(EVENTS);
  });

  it('matches every word in title, place, description or impact, ignoring case and accents', () => {
    expect(filterAdminEvents(EVENTS, { query: 'mumbai CHECK', status: 'all' }).map((e) => e.title)).toEqual(['Health Camp in Dharavi']);
    expect(filterAdminEvents(EVENTS, { query: '300 fed', status: 'all' }).map((e) => e.title)).toEqual(['Diwali Celebration']);
    expect(filterAdminEvents([event('Fête de l’école', 'upcoming')], { query: 'fete', status: 'all' })).toHaveLength(1);
    expect(filterAdminEvents(EVENTS, { query: 'mumbai delhi', status: 'all' })).toEqual([]);
  });

  it('filters by stored status, with the query', () => {
    expect(filterAdminEvents(EVENTS, { query: '', status: 'ongoing' }).map((e) => e.title)).toEqual(['Winter Blanket Drive']);
    expect(filterAdminEvents(EVENTS, { query: 'camp', status: 'completed' })).toEqual([]);
  });

  it('offers all and each status', () => {
    expect(ADMIN_EVENT_STATUS_FILTERS).toEqual(['all', 'upcoming', 'ongoing', 'completed', 'cancelled']);
    expect(isAdminEventStatusFilter('past')).toBe(false);
    expect(isAdminEventStatusFilter('cancelled')).toBe(true);
  });
});

describe('isPastDatedUpcoming', () => {
  it("flags an 'upcoming' event dated before today (organisation calendar), not today or later", () => {
    expect(isPastDatedUpcoming({ status: 'upcoming', date: '2026-11-26' }, '2026-11-27')).toBe(true);
    expect(isPastDatedUpcoming({ status: 'upcoming', date: '2026-11-26T00:00:00.000Z' }, '2026-11-27')).toBe(true);
    expect(isPastDatedUpcoming({ status: 'upcoming', date: '2026-11-27' }, '2026-11-27')).toBe(false);
    expect(isPastDatedUpcoming({ status: 'upcoming', date: '2027-01-01' }, '2026-11-27')).toBe(false);
  });

  it('never for other statuses or without a date', () => {
    expect(isPastDatedUpcoming({ status: 'completed', date: '2020-01-01' }, '2026-11-27')).toBe(false);
    expect(isPastDatedUpcoming({ status: 'upcoming', date: null }, '2026-11-27')).toBe(false);
    expect(isPastDatedUpcoming({ status: 'upcoming', date: 'soon' }, '2026-11-27')).toBe(false);
  });
});

it('counts what is shown', () => {
  expect(adminEventsCountText(54, 54)).toBe('Showing all 54 events');
  expect(adminEventsCountText(3, 54)).toBe('Showing 3 of 54 events');
  expect(adminEventsCountText(1, 1)).toBe('Showing 1 event');
  expect(adminEventsCountText(0, 54)).toBe('Showing 0 of 54 events');
});
