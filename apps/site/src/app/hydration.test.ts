import { describe, expect, it } from 'vitest';
import { canHydrate } from './hydration';

// A stand-in for #root: only what canHydrate reads.
const root = (prerendered: string | undefined, hasMarkup = true, prerenderedMode = 'sandbox') =>
  ({ dataset: prerendered === undefined ? {} : { prerendered, prerenderedMode }, firstChild: hasMarkup ? {} : null }) as unknown as HTMLElement;

describe('canHydrate', () => {
  it('hydrates markup prerendered for this very path, without a query', () => {
    expect(canHydrate(root('/donate'), { pathname: '/donate', search: '' }, 'sandbox')).toBe(true);
    expect(canHydrate(root('/', true, 'stripe'), { pathname: '/', search: '' }, 'stripe')).toBe(true);
  });

  it('draws afresh when the markup is for another address, a query may change the page, or there is none', () => {
    expect(canHydrate(root('/donate'), { pathname: '/donate', search: '?campaign=3' }, 'sandbox')).toBe(false);
    expect(canHydrate(root('/'), { pathname: '/about', search: '' }, 'sandbox')).toBe(false);
    expect(canHydrate(root('/donate'), { pathname: '/donate/', search: '' }, 'sandbox')).toBe(false);
    expect(canHydrate(root(undefined, false), { pathname: '/', search: '' }, 'sandbox')).toBe(false);
    expect(canHydrate(root('/', false), { pathname: '/', search: '' }, 'sandbox')).toBe(false);
  });

  it('draws afresh when the page states another payments mode than the markup was rendered for, or none', () => {
    expect(canHydrate(root('/events'), { pathname: '/events', search: '' }, 'stripe')).toBe(false);
    expect(canHydrate(root('/events', true, 'stripe'), { pathname: '/events', search: '' }, 'sandbox')).toBe(false);
    expect(canHydrate(root('/events'), { pathname: '/events', search: '' }, null)).toBe(false);
  });
});

describe('canHydrate, the 404 page (prerendered once at /404, sent for every address no page owns)', () => {
  it('hydrates it at any address the router shows the 404 page for, query or not', () => {
    for (const [pathname, search] of [
      ['/no-such-page', ''],
      ['/no-such-page', '?from=mail'],
      ['/404', ''],
      ['/admin/nope', ''],
      ['/.vite/manifest.json', ''],
      ['/wp-login.php', '?x=1'],
    ] as const) {
      expect(canHydrate(root('/404'), { pathname, search }, 'sandbox'), pathname + search).toBe(true);
    }
  });

  it("draws afresh inside a page's section (the header marks that link, unlike the markup) or at a page's address", () => {
    for (const pathname of ['/events/999999', '/about/team', '/donate/x/y', '/campaigns/', '/about', '/admin/events']) {
      expect(canHydrate(root('/404'), { pathname, search: '' }, 'sandbox'), pathname).toBe(false);
    }
  });

  it('draws afresh in another payments mode, or without markup', () => {
    expect(canHydrate(root('/404'), { pathname: '/nope', search: '' }, 'stripe')).toBe(false);
    expect(canHydrate(root('/404', false), { pathname: '/nope', search: '' }, 'sandbox')).toBe(false);
  });
});
