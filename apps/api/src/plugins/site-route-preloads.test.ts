import { describe, expect, it } from 'vitest';
import { LAZY_PAGES, routePreloadTags, withBootPreloads } from './site-route-preloads.js';

// The hints a page's index.html gets from the build manifest: the page's chunk and its static imports, never a chunk
// the page only imports later (the payment step's Stripe.js loader), never one index.html already loads.

const HTML = '<head><script type="module" crossorigin src="/assets/main-1.js"></script><link rel="modulepreload" crossorigin href="/assets/vendor-1.js"></head>';
const MANIFEST = JSON.stringify({
  'index.html': { file: 'assets/main-1.js', isEntry: true, imports: ['_vendor.js'] },
  '_vendor.js': { file: 'assets/vendor-1.js' },
  'src/pages/Campaigns.tsx': { file: 'assets/Campaigns-2.js', isDynamicEntry: true, imports: ['_vendor.js', 'index.html', '_list.js'] },
  '_list.js': { file: 'assets/list-3.js', imports: ['_vendor.js'], css: ['assets/list-3.css'] },
  'src/pages/Donate.tsx': { file: 'assets/Donate-4.js', isDynamicEntry: true, imports: ['_wizard.js'] },
  '_wizard.js': { file: 'assets/wizard-5.js', dynamicImports: ['../../node_modules/@stripe/stripe-js/pure/index.mjs'] },
  '../../node_modules/@stripe/stripe-js/pure/index.mjs': { file: 'assets/pure-6.js', isDynamicEntry: true },
});

describe('route preload hints', () => {
  it("lists a lazy page's chunk and its static imports, less what index.html already loads", () => {
    expect(routePreloadTags(MANIFEST, '/campaigns', HTML)).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/Campaigns-2.js">\n<link rel="modulepreload" crossorigin href="/assets/list-3.js">',
    );
  });

  it('ignores the query string and a trailing slash', () => {
    const expected = routePreloadTags(MANIFEST, '/campaigns', HTML);
    expect(routePreloadTags(MANIFEST, '/campaigns?page=2&status=active', HTML)).toBe(expected);
    expect(routePreloadTags(MANIFEST, '/campaigns/', HTML)).toBe(expected);
  });

  it("never hints a chunk the page imports on demand (Stripe.js's loader on the payment step)", () => {
    const tags = routePreloadTags(MANIFEST, '/donate', HTML);
    expect(tags).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/Donate-4.js">\n<link rel="modulepreload" crossorigin href="/assets/wizard-5.js">',
    );
    expect(tags).not.toContain('pure-6');
  });

  it('adds nothing for Home (in the entry), unknown paths, a page missing from the build, or no or a broken manifest', () => {
    expect(routePreloadTags(MANIFEST, '/', HTML)).toBe('');
    expect(routePreloadTags(MANIFEST, '/no/such/page', HTML)).toBe('');
    expect(routePreloadTags(MANIFEST, '/events', HTML)).toBe('');
    expect(routePreloadTags(null, '/campaigns', HTML)).toBe('');
    expect(routePreloadTags('{"index.html": {', '/campaigns', HTML)).toBe('');
  });


  it('knows every public page the router loads on demand, and the 404 page at the address it is prerendered at', () => {
    expect(Object.keys(LAZY_PAGES).sort()).toEqual(['/404', '/about', '/campaigns', '/campaigns/:slug', '/contact', '/donate', '/events', '/login']);
    expect(LAZY_PAGES['/404']).toBe('src/pages/NotFound.tsx');
    expect(LAZY_PAGES['/campaigns/:slug']).toBe('src/pages/CampaignPage.tsx');
  });
});

describe("a prerendered page's boot script list", () => {
  const PAGE =
    '<head><script type="module" id="charity-boot" crossorigin src="/assets/boot-0.js" data-entry="/assets/main-1.js" data-preload="/assets/vendor-1.js"></script></head>';

  it("gets the page's own scripts added, once each, and nothing the list or the page has already", () => {
    expect(withBootPreloads(MANIFEST, '/campaigns', PAGE)).toBe(
      PAGE.replace('data-preload="/assets/vendor-1.js"', 'data-preload="/assets/vendor-1.js /assets/Campaigns-2.js /assets/list-3.js"'),
    );
    expect(withBootPreloads(MANIFEST, '/donate', PAGE)).toContain('data-preload="/assets/vendor-1.js /assets/Donate-4.js /assets/wizard-5.js"');
  });

  it('leaves the page as it is for Home, an unknown path, no manifest, or a page without a boot script', () => {
    expect(withBootPreloads(MANIFEST, '/', PAGE)).toBe(PAGE);
    expect(withBootPreloads(MANIFEST, '/nope', PAGE)).toBe(PAGE);
    expect(withBootPreloads(null, '/campaigns', PAGE)).toBe(PAGE);
    expect(withBootPreloads(MANIFEST, '/campaigns', HTML)).toBe(HTML);
  });
});
