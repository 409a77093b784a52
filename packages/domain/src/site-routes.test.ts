import { describe, expect, it } from 'vitest';
import { ROUTES } from './constants';
import { NOT_FOUND_PRERENDER, SITE_PAGES, indexablePagePaths, matchSitePage, type SitePage } from './site-routes';

const pathOf = (url: string) => matchSitePage(url)?.page.path ?? null;

describe('SITE_PAGES (spec section 2, with the admin console)', () => {
  it('lists every page once, public pages indexable (but a donor\'s monthly gift and the annual statement request) and the rest not', () => {
    expect(SITE_PAGES.map((page) => page.path)).toEqual([
      '/',
      '/about',
      '/campaigns',
      '/campaigns/:slug',
      '/contact',
      '/donate',
      '/events',
      '/monthly-gift',
      '/annual-statement',
      '/login',
      '/admin',
      '/admin/campaigns',
      '/admin/events',
      '/admin/donations',
      '/admin/recurring',
      '/admin/tax-year',
      '/admin/messages',
      '/admin/settings',
    ]);
    for (const page of SITE_PAGES) expect(page.indexable, page.path).toBe(page.access === 'public' && page.path !== '/monthly-gift' && page.path !== '/annual-statement');
    expect(indexablePagePaths()).toEqual(['/', '/about', '/campaigns', '/contact', '/donate', '/events']);
  });

  it("holds every named route of constants.ts's ROUTES", () => {
    for (const path of Object.values(ROUTES)) expect(matchSitePage(path)?.page.path, path).toBe(path);
  });

  it('prerenders the 404 page at an address no page owns, outside every section', () => {
    expect(matchSitePage(NOT_FOUND_PRERENDER.path)).toBeNull();
    expect(NOT_FOUND_PRERENDER.path.split('/')).toHaveLength(2);
    expect(NOT_FOUND_PRERENDER.name).toBe('404');
  });
});

describe('matchSitePage (as the site router matches)', () => {
  it('finds each page by its address, with a query or fragment', () => {
    for (const page of SITE_PAGES) expect(pathOf(page.path), page.path).toBe(page.path);
    expect(pathOf('/donate?campaign=3')).toBe('/donate');
    expect(pathOf('/?utm_source=mail')).toBe('/');
    expect(pathOf('/about#team')).toBe('/about');
    expect(matchSitePage('/admin/events')?.page).toEqual({ path: '/admin/events', access: 'signed-in', indexable: false });
  });

  it('ignores case and trailing slashes, and decodes escapes, like React Router', () => {
    expect(pathOf('/About')).toBe('/about');
    expect(pathOf('/ADMIN/Events')).toBe('/admin/events');
    expect(pathOf('/events/')).toBe('/events');
    expect(pathOf('/events//')).toBe('/events');
    expect(pathOf('/ab%6Fut')).toBe('/about');
    expect(pathOf('//')).toBe('/');
  });

  it('finds no page for any other address', () => {
    for (const url of [
      '/no-such-page',
      '/admin/nope',
      '/admin/events/1',
      '/events/999999',
      '/robots.txt',
      '/sitemap.xml',
      '/.vite/manifest.json',
      '/.ssr/prerender.js',
      '/prerendered/sandbox/events.html',
      '/index.html',
      '//events',
      '/about%2Fteam',
      '/%E0%A4%A',
      '/404',
      '',
      'about',
    ]) {
      expect(matchSitePage(url), url).toBeNull();
    }
  });

  it('matches a dynamic segment and hands back its decoded value', () => {
    const pages: readonly SitePage[] = [{ path: '/campaigns/:slug', access: 'public', indexable: true }];
    expect(matchSitePage('/campaigns/clean-water', pages)).toEqual({ page: pages[0], params: { slug: 'clean-water' } });
    expect(matchSitePage('/Campaigns/caf%C3%A9/', pages)?.params).toEqual({ slug: 'café' });
    expect(matchSitePage('/campaigns', pages)).toBeNull();
    expect(matchSitePage('/campaigns/a/b', pages)).toBeNull();
  });
});
