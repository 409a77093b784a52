#!/usr/bin/env node
// Bundle budget, checked in `npm test` after the build (deterministic, unlike timings): for each public route, the
// JavaScript the browser loads first, gzip -9, against a budget; and Stripe.js nowhere in a first load.
//
// A route's first load is the entry of index.html with every chunk it imports statically (the <script> and its
// modulepreloads), plus, for a lazily loaded page, that page's chunk with its static imports: the router asks for it
// as soon as the entry runs. Chunks a page imports on demand later (the payment step's Stripe.js loader, the featured
// campaigns at the foot of the home page, the toaster) are not first load. Read from dist/.vite/manifest.json, which
// apps/site/vite.config.ts asks Vite to write; index.html is checked against it so the two cannot drift apart.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DIST = path.join(root, 'apps/site/dist');

/** The page module each route loads on demand (null: the page is in the entry itself, as Home is). */
export const ROUTE_PAGES = {
  '/': null,
  '/campaigns': 'src/pages/Campaigns.tsx',
  '/campaigns/:slug': 'src/pages/CampaignPage.tsx',
  '/events': 'src/pages/Events.tsx',
  '/donate': 'src/pages/Donate.tsx',
  // The partner widget's frame is its own entry (embed.html), not index.html: its first load is that entry's closure.
  '/embed/donate': { entry: 'embed.html' },
};

/** The route of the table a concrete address belongs to ('/campaigns/midday-meals' → '/campaigns/:slug'). */
export function routeOf(pathname) {
  if (pathname in ROUTE_PAGES) return pathname;
  if (/^\/campaigns\/[^/]+$/.test(pathname)) return '/campaigns/:slug';
  return null;
}

/**
 * kB gzip: what each page measured when last budgeted plus about 5 %, so a page cannot quietly grow by a library.
 * Re-based on 2026-11-27 (decision 029) when the site began building the UI library from its sources: / 98.7,
 * /campaigns 147.3, /events 126.0, /donate 171.1 kB. '/' stays well inside the speed target's promise (110 kB).
 * Issue 19 (2026-11-27): campaign pages 176.5 (the page and the whole donation wizard) and the widget's frame 143.4
 * budgeted; /donate 175.6 with the thank-you's receipt and share row, step 1's limits and the flag images' table.
 */
export const BUDGETS_KB = { '/': 104, '/campaigns': 155, '/campaigns/:slug': 185, '/events': 133, '/donate': 184, '/embed/donate': 151 };

/** The scripts index.html loads: its module <script> and its modulepreloads. */
export function firstLoadScripts(html) {
  const srcs = new Set();
  for (const m of html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)) srcs.add(m[1]);
  for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) srcs.add(m[1]);
  return [...srcs];
}

/** Manifest keys reachable from `keys` through static imports only, in load order (each once). */
export function staticClosure(manifest, keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The Vite manifest has no entry "${key}": was the site rebuilt after a page moved?`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return [...seen];
}

/** Manifest keys of `route`'s first load. */
export function routeFirstLoad(manifest, route) {
  if (!(route in ROUTE_PAGES)) throw new Error(`No page is known for route ${route}.`);
  const page = ROUTE_PAGES[route];
  if (page && typeof page === 'object') return staticClosure(manifest, [page.entry]);
  return staticClosure(manifest, page ? ['index.html', page] : ['index.html']);
}

/** Is this chunk Stripe.js or its loader? By the module it was built from, or by the address it fetches. */
export function isStripeChunk(key, code) {
  return key.includes('@stripe/stripe-js/') || code.includes('js.stripe.com');
}

/** Per route: its files with their gzip size, the total, the budget, and any Stripe chunk among them. */
export function measureRoutes(manifest, readFile) {
  return Object.keys(ROUTE_PAGES).map((route) => {
    const files = routeFirstLoad(manifest, route).map((key) => {
      const file = manifest[key].file;
      const bytes = readFile(file);
      return { key, file, kb: gzipSync(bytes, { level: 9 }).length / 1024, stripe: isStripeChunk(key, bytes.toString('utf8')) };
    });
    const kb = files.reduce((sum, f) => sum + f.kb, 0);
    return { route, files, kb, budgetKb: BUDGETS_KB[route], stripe: files.filter((f) => f.stripe).map((f) => f.file) };
  });
}

/** Problems with a measurement, as messages (empty when every budget holds). */
export function budgetProblems(routes) {
  const problems = [];
  for (const r of routes) {
    if (r.files.length === 0) problems.push(`${r.route}: no JavaScript found for its first load.`);
    if (r.kb > r.budgetKb) problems.push(`${r.route}: first-load JavaScript is ${r.kb.toFixed(1)} kB gzip, over its ${r.budgetKb} kB budget.`);
    if (r.stripe.length > 0) problems.push(`${r.route}: Stripe.js is in the first load (${r.stripe.join(', ')}); it belongs to the payment step only.`);
  }
  return problems;
}

/** index.html must load exactly the entry's static closure, or the manifest is not describing this build. */
export function indexMismatch(manifest, html) {
  const fromHtml = firstLoadScripts(html).map((src) => src.replace(/^\//, '')).sort();
  const fromManifest = staticClosure(manifest, ['index.html']).map((key) => manifest[key].file).sort();
  return JSON.stringify(fromHtml) === JSON.stringify(fromManifest) ? null : { fromHtml, fromManifest };
}

export function readDist(dist = DIST) {
  const manifestFile = path.join(dist, '.vite/manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`${path.relative(root, manifestFile)} is missing: run \`npm run build\` first.`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  return { manifest, html, readFile: (file) => readFileSync(path.join(dist, file)) };
}

function main() {
  const { manifest, html, readFile } = readDist();
  const mismatch = indexMismatch(manifest, html);
  if (mismatch) {
    console.error(`index.html loads ${mismatch.fromHtml.join(', ')} but the manifest says ${mismatch.fromManifest.join(', ')}.`);
    process.exit(1);
  }
  const routes = measureRoutes(manifest, readFile);
  for (const r of routes) {
    console.log(`${r.route}`);
    for (const f of r.files) console.log(`${f.kb.toFixed(1).padStart(7)} kB gzip  /${f.file}`);
    console.log(`${r.kb.toFixed(1).padStart(7)} kB gzip  first-load JavaScript of ${r.route} (budget ${r.budgetKb} kB)${r.stripe.length ? '  STRIPE.JS INCLUDED' : ''}`);
  }
  const problems = budgetProblems(routes);
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) process.exit(1);
  console.log('Every route is within its budget; Stripe.js is in no first load.');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
