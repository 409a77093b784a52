import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BUDGETS_KB, budgetProblems, indexMismatch, measureRoutes, routeFirstLoad, routeOf, staticClosure, type Manifest } from './bundle-budget.mjs';

// The budget's logic on a small made-up build, so a mistake in it (following dynamic imports, missing a shared chunk,
// not seeing Stripe) fails here rather than letting a heavy first load through. The real build is checked by
// `node scripts/bundle-budget.mjs` in `npm test`.

const manifest: Manifest = {
  'index.html': { file: 'assets/main.js', isEntry: true, imports: ['_vendor.js'], dynamicImports: ['src/pages/Donate.tsx', 'src/pages/Campaigns.tsx', 'src/pages/Events.tsx'] },
  '_vendor.js': { file: 'assets/vendor.js', imports: ['_react.js'] },
  '_react.js': { file: 'assets/react.js' },
  'src/pages/Campaigns.tsx': { file: 'assets/Campaigns.js', isDynamicEntry: true, imports: ['_react.js', 'index.html', '_list.js'] },
  '_list.js': { file: 'assets/list.js', imports: ['_vendor.js'] },
  'src/pages/Events.tsx': { file: 'assets/Events.js', isDynamicEntry: true, imports: ['_list.js'] },
  'src/pages/Donate.tsx': { file: 'assets/Donate.js', isDynamicEntry: true, imports: ['_wizard.js'] },
  '_wizard.js': { file: 'assets/wizard.js', dynamicImports: ['../../node_modules/@stripe/stripe-js/pure/index.mjs'] },
  'src/pages/CampaignPage.tsx': { file: 'assets/CampaignPage.js', isDynamicEntry: true, imports: ['_wizard.js'] },
  'embed.html': { file: 'assets/embed.js', isEntry: true, imports: ['_react.js', '_wizard.js'] },
  '../../node_modules/@stripe/stripe-js/pure/index.mjs': { file: 'assets/pure.js', isDynamicEntry: true },
};

/** Files of a given gzip size: random bytes do not compress, so n bytes gzip to a little over n. */
function filesOfSize(sizes: Record<string, number>, code: Record<string, string> = {}) {
  return (file: string) => Buffer.concat([Buffer.from(code[file] ?? ''), randomBytes(sizes[file] ?? 10)]);
}

describe('bundle budget', () => {
  it('follows static imports once each, through cycles, and never dynamic imports', () => {
    expect(staticClosure(manifest, ['index.html'])).toEqual(['index.html', '_vendor.js', '_react.js']);
    expect(routeFirstLoad(manifest, '/campaigns')).toEqual(['index.html', '_vendor.js', '_react.js', 'src/pages/Campaigns.tsx', '_list.js']);
    expect(routeFirstLoad(manifest, '/donate')).toEqual(['index.html', '_vendor.js', '_react.js', 'src/pages/Donate.tsx', '_wizard.js']);
    expect(routeFirstLoad(manifest, '/campaigns/:slug')).toEqual(['index.html', '_vendor.js', '_react.js', 'src/pages/CampaignPage.tsx', '_wizard.js']);
    // The widget's frame is its own entry: index.html is not part of it.
    expect(routeFirstLoad(manifest, '/embed/donate')).toEqual(['embed.html', '_react.js', '_wizard.js']);
    expect(routeOf('/campaigns/midday-meals')).toBe('/campaigns/:slug');
    expect(routeOf('/campaigns')).toBe('/campaigns');
    expect(routeOf('/about')).toBeNull();
  });

  it('names a manifest key that is missing instead of measuring less', () => {
    expect(() => staticClosure({ 'index.html': { file: 'a.js', imports: ['_gone.js'] } }, ['index.html'])).toThrow(
      'The Vite manifest has no entry "_gone.js": was the site rebuilt after a page moved?',
    );
  });

  it('passes when every route is within budget and fails, with the figure, when one is over', () => {
    const small = measureRoutes(manifest, filesOfSize({ 'assets/vendor.js': 50 * 1024 }));
    expect(budgetProblems(small)).toEqual([]);

    const heavy = measureRoutes(manifest, filesOfSize({ 'assets/vendor.js': 50 * 1024, 'assets/list.js': 150 * 1024 }));
    const problems = budgetProblems(heavy);
    expect(problems).toHaveLength(2);
    // The figure measured, and the budget as the table has it (re-based now and then: decision 029).
    expect(problems[0]).toMatch(new RegExp(`^/campaigns: first-load JavaScript is 2\\d\\d\\.\\d kB gzip, over its ${BUDGETS_KB['/campaigns']} kB budget\\.$`));
    expect(problems[1]).toMatch(new RegExp(`^/events: first-load JavaScript is 2\\d\\d\\.\\d kB gzip, over its ${BUDGETS_KB['/events']} kB budget\\.$`));
  });

  it('fails a route whose first load contains Stripe.js, found by module or by the address it loads', () => {
    const statically: Manifest = { ...manifest, '_wizard.js': { file: 'assets/wizard.js', imports: ['../../node_modules/@stripe/stripe-js/pure/index.mjs'] } };
    // Every route that carries the wizard: /donate, a campaign's page and the widget's frame.
    expect(budgetProblems(measureRoutes(statically, filesOfSize({})))).toEqual(
      ['/campaigns/:slug', '/donate', '/embed/donate'].map((route) => `${route}: Stripe.js is in the first load (assets/pure.js); it belongs to the payment step only.`),
    );

    const inlined = measureRoutes(manifest, filesOfSize({}, { 'assets/wizard.js': 'const src = "https://js.stripe.com/clover/stripe.js";' }));
    expect(budgetProblems(inlined)).toEqual(
      ['/campaigns/:slug', '/donate', '/embed/donate'].map((route) => `${route}: Stripe.js is in the first load (assets/wizard.js); it belongs to the payment step only.`),
    );
  });

  it('notices when index.html does not load what the manifest says', () => {
    const html = '<script type="module" crossorigin src="/assets/main.js"></script><link rel="modulepreload" href="/assets/vendor.js">';
    expect(indexMismatch(manifest, `${html}<link rel="modulepreload" href="/assets/react.js">`)).toBeNull();
    expect(indexMismatch(manifest, html)).toEqual({
      fromHtml: ['assets/main.js', 'assets/vendor.js'],
      fromManifest: ['assets/main.js', 'assets/react.js', 'assets/vendor.js'],
    });
  });
});
