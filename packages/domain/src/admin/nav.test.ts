import { describe, expect, it } from 'vitest';
import { ADMIN_NAV, ORGANISATION_UTC_OFFSET_MINUTES, activeAdminNav, organisationDay } from './nav';

describe('ADMIN_NAV', () => {
  it('lists the five admin screens of issue 6 in order, each under /admin', () => {
    expect(ADMIN_NAV.map((item) => [item.label, item.to])).toEqual([
      ['Dashboard', '/admin'],
      ['Campaigns', '/admin/campaigns'],
      ['Events', '/admin/events'],
      ['Donations', '/admin/donations'],
      ['Messages', '/admin/messages'],
    ]);
  });
});

describe('activeAdminNav', () => {
  const label = (path: string) => activeAdminNav(path)?.label ?? null;

  it('marks the dashboard only for /admin itself (with or without trailing slashes)', () => {
    expect(label('/admin')).toBe('Dashboard');
    expect(label('/admin/')).toBe('Dashboard');
    expect(label('/admin//')).toBe('Dashboard');
  });

  it('marks each section for its own path and its sub-paths', () => {
    expect(label('/admin/campaigns')).toBe('Campaigns');
    expect(label('/admin/campaigns/')).toBe('Campaigns');
    expect(label('/admin/events')).toBe('Events');
    expect(label('/admin/donations/42')).toBe('Donations');
    expect(label('/admin/messages/7/reply')).toBe('Messages');
  });

  it('marks nothing for paths outside the admin area or that only share a prefix', () => {
    expect(label('/')).toBeNull();
    expect(label('')).toBeNull();
    expect(label('/campaigns')).toBeNull();
    expect(label('/administrator')).toBeNull();
    expect(label('/admin/eventsx')).toBeNull();
    expect(label('/admin/unknown')).toBeNull();
  });
});

describe('organisation time (UTC+05:30, no daylight saving)', () => {
  it('is 330 minutes ahead of UTC', () => {
    expect(ORGANISATION_UTC_OFFSET_MINUTES).toBe(330);
  });

  it('changes day at 18:30 UTC', () => {
    expect(organisationDay(new Date('2026-11-21T18:29:59.999Z'))).toBe('2026-11-21');
    expect(organisationDay(new Date('2026-11-21T18:30:00.000Z'))).toBe('2026-11-22');
  });

  it('crosses months and years in organisation time', () => {
    expect(organisationDay(new Date('2026-12-31T18:30:00Z'))).toBe('2027-01-01');
    expect(organisationDay(new Date('2026-02-28T20:00:00Z'))).toBe('2026-03-01');
    expect(organisationDay(new Date('2028-02-28T20:00:00Z'))).toBe('2028-02-29');
  });

  it('gives the same day in June and December (no summer time)', () => {
    expect(organisationDay(new Date('2026-06-15T18:29:00Z'))).toBe('2026-06-15');
    expect(organisationDay(new Date('2026-12-15T18:29:00Z'))).toBe('2026-12-15');
  });
});
