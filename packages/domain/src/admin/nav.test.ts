import { describe, expect, it } from 'vitest';
import { ADMIN_NAV, activeAdminNav } from './nav';

describe('ADMIN_NAV', () => {
  it('lists the admin screens in order (issue 6, monthly gifts after donations, settings last), each under /admin', () => {
    expect(ADMIN_NAV.map((item) => [item.label, item.to])).toEqual([
      ['Dashboard', '/admin'],
      ['Campaigns', '/admin/campaigns'],
      ['Events', '/admin/events'],
      ['Donations', '/admin/donations'],
      ['Monthly gifts', '/admin/recurring'],
      ['Tax year', '/admin/tax-year'],
      ['Messages', '/admin/messages'],
      ['Settings', '/admin/settings'],
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
    expect(label('/admin/recurring')).toBe('Monthly gifts');
    expect(label('/admin/tax-year')).toBe('Tax year');
    expect(label('/admin/messages/7/reply')).toBe('Messages');
    expect(label('/admin/settings')).toBe('Settings');
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
