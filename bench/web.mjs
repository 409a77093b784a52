// `npm run bench:web` (docs/decisions/009-prerendered-public-pages.md): Lighthouse on the production build, as a
// visitor's phone sees it.
//
// The server is apps/api/dist/server.js, started as `npm start` starts it, on a fresh DATA_DIR (PGlite, seeded) in its
// default payments mode (sandbox). Lighthouse runs with its default configuration: mobile form factor and simulated
// ("Lantern") Slow 4G / 4x CPU throttling, performance category only, in headless Chromium.
// Each page runs RUNS times (default 3); the run reported is Lighthouse's own median run (computeMedianRun: the run
// nearest the median FCP and TTI), so every figure printed for a page comes from one real load.
//
// Per page: performance score, LCP, CLS, TBT, FCP and the SEO score (with the SEO audits that failed) with PASS/FAIL
// against the targets; the JavaScript of its first load
// (the entry and the page's chunk with their static imports, as scripts/bundle-budget.mjs budgets it in `npm test`),
// and every script the run requested (network records), each as gzip -9 of the built file, so the figures do not
// depend on what the server compresses; what the server actually sent is printed beside them. Then Stripe: the first load of /donate in stripe mode (test keys) must not request js.stripe.com
// or the @stripe/stripe-js chunk. Exits 1 when a target is missed.
//
// Usage: npm run build; node bench/web.mjs   (BENCH_WEB_RUNS=n runs per page; BENCH_WEB_PAGES=/,/events picks pages;
// BENCH_WEB_SAVE=<dir> writes each page's median Lighthouse result there as JSON, to open in the Lighthouse viewer;
// CHROMIUM_PATH picks the browser, else Playwright's or /usr/bin/chromium).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { readDist, routeFirstLoad, routeOf } from '../scripts/bundle-budget.mjs';
import { findChromium } from '../scripts/chromium.mjs';
import { requireBuild, root, startApi } from './support.mjs';

// chrome-launcher is Lighthouse's own dependency: resolved from there rather than declared twice.
const chromeLauncher = await import(createRequire(createRequire(import.meta.url).resolve('lighthouse')).resolve('chrome-launcher'));

const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
// A seeded campaign's page and the partner widget's frame too (issue 19): they are public pages like the others.
// Pages are comma-separated: write a comma inside a page's query as %2C.
const PAGES = (process.env.BENCH_WEB_PAGES ?? '/,/campaigns,/campaigns/nutritious-midday-meals,/events,/donate,/embed/donate').split(',');
const TARGET = { score: 98, lcpMs: 1800, cls: 0.02, tbtMs: 100, homeJsKb: 110, seo: 100 };
/** Pages kept out of search engines on purpose (X-Robots-Tag: noindex): Lighthouse's SEO audit fails them by design. */
const NOT_FOR_SEARCH_PATHS = new Set(['/embed/donate']);
const notForSearch = (page) => NOT_FOR_SEARCH_PATHS.has(new URL(page, 'http://bench.invalid').pathname);
const siteDist = path.join(root, 'apps/site/dist');

requireBuild();
if (!existsSync(path.join(siteDist, 'index.html'))) {
  console.error('apps/site/dist/index.html is missing: run `npm run build` first.');
  process.exit(1);
}

// The build manifest (vite.config.ts writes it): each route's first load, as scripts/bundle-budget.mjs defines it,
// and the @stripe/stripe-js chunk, so its name is known whatever its hash.
const { manifest } = readDist(siteDist);
const stripeChunks = Object.entries(manifest)
  .filter(([key]) => key.includes('@stripe/stripe-js/'))
  .map(([, chunk]) => `/${chunk.file}`);
const firstLoadOf = (page) => {
  const route = routeOf(page);
  return route ? routeFirstLoad(manifest, route).map((key) => `/${manifest[key].file}`) : [];
};
const gzipKb = (pathname) => {
  const file = path.join(siteDist, pathname);
  return existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length / 1024 : NaN;
};

const chrome = await chromeLauncher.launch({
  chromePath: findChromium(),
  // --no-sandbox: CI containers run as root. The rest keeps the browser from doing work of its own during a run.
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
process.on('exit', () => chrome.kill());

/** One Lighthouse run; a run Lighthouse itself reports as broken (e.g. NO_NAVSTART on a busy machine) is retried twice. */
async function runLighthouse(url) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'seo'] });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const error = result.lhr.runtimeError;
    if (!error) return result.lhr;
    if (attempt === 3) throw new Error(`Lighthouse failed on ${url}: ${error.code} ${error.message}`);
    console.log(`(${url}: Lighthouse reported ${error.code}; running it again)`);
  }
}

/** The requests of one run (Lighthouse's network-requests audit). */
const requestsOf = (lhr) => lhr.audits['network-requests']?.details?.items ?? [];

/** Scripts the page loaded from our origin, each as gzip -9 of the built file (the bundle-budget measure). */
function scriptsLoaded(lhr, base) {
  return requestsOf(lhr)
    .filter((item) => item.resourceType === 'Script' && item.url.startsWith(base))
    .map((item) => {
      const pathname = new URL(item.url).pathname;
      return { pathname, kb: gzipKb(pathname), transferKb: item.transferSize / 1024 };
    });
}

/** Requests for Stripe.js from Stripe, or for the chunk that loads it. */
const stripeRequests = (lhr) =>
  requestsOf(lhr)
    .map((item) => item.url)
    .filter((url) => url.includes('js.stripe.com') || stripeChunks.some((chunk) => url.endsWith(chunk)));

const ms = (value) => `${Math.round(value)} ms`;
const verdict = (ok) => (ok ? 'PASS' : 'FAIL');
let failed = false;

const started = Date.now();
const server = await startApi(undefined);
console.log(`bench:web — Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, default config (mobile, simulated throttling), ${RUNS} runs per page, median run reported`);
console.log(`Chromium ${(await (await fetch(`http://127.0.0.1:${chrome.port}/json/version`)).json()).Browser}; server ${server.base} (PGlite, payments: sandbox)\n`);

const rows = [];
try {
  for (const page of PAGES) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await runLighthouse(`${server.base}${page}`));
    const lhr = computeMedianRun(runs);
    if (process.env.BENCH_WEB_SAVE) {
      mkdirSync(process.env.BENCH_WEB_SAVE, { recursive: true });
      writeFileSync(path.join(process.env.BENCH_WEB_SAVE, `${page.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home'}.json`), JSON.stringify(lhr));
    }
    const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
    const row = {
      page,
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      seo: Math.round((lhr.categories.seo?.score ?? 0) * 100),
      seoFailures: Object.values(lhr.audits)
        .filter((audit) => lhr.categories.seo?.auditRefs.some((ref) => ref.id === audit.id && ref.weight > 0) && audit.score !== null && audit.score < 1)
        .map((audit) => audit.id),
      scores: runs.map((run) => Math.round((run.categories.performance.score ?? 0) * 100)),
      lcp: audit('largest-contentful-paint'),
      cls: audit('cumulative-layout-shift'),
      tbt: audit('total-blocking-time'),
      fcp: audit('first-contentful-paint'),
      benchmarkIndex: lhr.environment.benchmarkIndex,
      lcpElement: lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.nodeLabel ?? '',
      scripts: scriptsLoaded(lhr, server.base),
      stripe: stripeRequests(lhr),
    };
    row.jsKb = row.scripts.reduce((sum, s) => sum + s.kb, 0);
    row.jsTransferKb = row.scripts.reduce((sum, s) => sum + s.transferKb, 0);
    // First load: the entry with its static imports and the page's chunk with its own (bundle-budget.mjs); the rest
    // of the scripts in the run were imported later (the featured campaigns at the foot of /, the toaster).
    row.firstLoad = firstLoadOf(page);
    row.firstKb = row.firstLoad.reduce((sum, file) => sum + gzipKb(file), 0);
    row.firstNotRequested = row.firstLoad.filter((file) => !row.scripts.some((s) => s.pathname === file));
    row.ok = {
      score: row.score >= TARGET.score,
      lcp: row.lcp < TARGET.lcpMs,
      cls: row.cls < TARGET.cls,
      tbt: row.tbt < TARGET.tbtMs,
      js: page !== '/' || row.firstKb <= TARGET.homeJsKb,
      stripe: row.stripe.length === 0,
      seo: notForSearch(page) || row.seo >= TARGET.seo,
    };
    rows.push(row);
    const all = Object.values(row.ok).every(Boolean);
    if (!all) failed = true;
    console.log(
      `${page.padEnd(11)} score ${String(row.score).padStart(3)} (runs ${row.scores.join(', ')}) ${verdict(row.ok.score)}  ` +
        `LCP ${ms(row.lcp).padStart(7)} ${verdict(row.ok.lcp)}  CLS ${row.cls.toFixed(3)} ${verdict(row.ok.cls)}  ` +
        `TBT ${ms(row.tbt).padStart(6)} ${verdict(row.ok.tbt)}  FCP ${ms(row.fcp).padStart(7)}  ` +
        `JS first load ${row.firstKb.toFixed(1)} kB gzip${page === '/' ? ` ${verdict(row.ok.js)}` : ''} ` +
        `(all JS in the run ${row.jsKb.toFixed(1)} kB gzip in ${row.scripts.length} files, ${row.jsTransferKb.toFixed(1)} kB sent)  ` +
        `Stripe ${row.stripe.length === 0 ? 'none' : row.stripe.join(' ')}  ` +
        `SEO ${row.seo}${notForSearch(page) ? ' (noindex by design: not a target)' : ` ${verdict(row.ok.seo)}`}${row.seoFailures.length ? ` [${row.seoFailures.join(', ')}]` : ''}`,
    );
    // benchmarkIndex: Lighthouse's measure of this machine's CPU at the time (a quiet desktop scores 1,000-2,500). The
    // simulated throttling multiplies the page's observed CPU time by 4, so a busy machine inflates TBT and LCP.
    console.log(`${''.padEnd(11)} LCP element: ${row.lcpElement.slice(0, 90) || '(none)'}; machine benchmarkIndex ${Math.round(row.benchmarkIndex)}`);
  }
} finally {
  await server.stop();
}

// Stripe mode (test keys; nothing is charged, nothing leaves this machine unless the page asks for Stripe.js, which is
// exactly what must not happen on a first load): /donate opens on the amount step, not the payment step.
const stripeServer = await startApi(undefined, {
  extraEnv: { PAYMENTS_MODE: 'stripe', STRIPE_SECRET_KEY: 'sk_test_bench', STRIPE_PUBLISHABLE_KEY: 'pk_test_bench', STRIPE_WEBHOOK_SECRET: 'whsec_bench' },
});
try {
  const lhr = await runLighthouse(`${stripeServer.base}/donate`);
  const found = stripeRequests(lhr);
  if (found.length > 0) failed = true;
  console.log(
    `\n/donate in stripe mode (1 run): ${found.length === 0 ? 'no request to js.stripe.com nor for the @stripe/stripe-js chunk' : `Stripe requested on first load: ${found.join(' ')}`} ${verdict(found.length === 0)}` +
      ` (stripe-js chunk: ${stripeChunks.join(', ') || 'not in the manifest'})`,
  );
} finally {
  await stripeServer.stop();
}

console.log('\nJavaScript loaded per page (gzip -9 of each built file; "sent" is what the server sent, brotli where it has a copy; * first load):');
for (const row of rows) {
  console.log(`${row.page}`);
  for (const s of row.scripts) {
    const first = row.firstLoad.includes(s.pathname) ? '*' : ' ';
    console.log(` ${first}${s.kb.toFixed(1).padStart(6)} kB gzip  ${s.transferKb.toFixed(1).padStart(6)} kB sent  ${s.pathname}`);
  }
}

console.log(
  `\nTargets: score >= ${TARGET.score}, LCP < ${TARGET.lcpMs} ms, CLS < ${TARGET.cls}, TBT < ${TARGET.tbtMs} ms on every page; ` +
    `first-load JS on / <= ${TARGET.homeJsKb} kB gzip; no Stripe.js on a first load; SEO ${TARGET.seo} on every indexable page. ${failed ? 'Some targets MISSED.' : 'All met.'} (${((Date.now() - started) / 1000).toFixed(0)} s)`,
);
await chrome.kill();
process.exit(failed ? 1 : 0);
