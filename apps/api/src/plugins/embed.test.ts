import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { insertCampaign } from '../campaigns/repository.js';
import { migrateDatabase } from '../db/migrate.js';
import { openDatabase, type DatabaseHandle } from '../db/open.js';
import { temporaryDir, testConfig } from '../../test/support/databases.js';
import { embedPageRenderer } from './embed-render.js';

// /embed/donate rendered by the server for its query (issue 19 item 7): the wizard's first step in #root, through the
// site's own render code. The site's server bundle is its source here (apps/site/src/prerender.tsx, re-exported from
// the place the build puts the bundle), so these tests render what the browser renders. The framing headers, the
// partner meta tag and widget.js are donations/widget.test.ts.

const SITE_SOURCE = fileURLToPath(new URL('../../../site/src/prerender.tsx', import.meta.url));
const PARTNER = 'https://partner.example';

// dist/embed.html as Vite writes it, and the shell scripts/prerender.mjs makes of it (boot script in place of the entry).
const BUILT_EMBED = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Donate to Bright Beginnings Foundation</title>
    <meta name="robots" content="noindex" />
    <script type="module" crossorigin src="/assets/embed-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/client-1.js">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

let database: DatabaseHandle;
let app: FastifyInstance;
let unbuilt: FastifyInstance;
let campaignId: number;

beforeAll(async () => {
  const { embedShellHtml } = (await import(SITE_SOURCE)) as { embedShellHtml: (template: string, boot: { src: string }) => string };
  const siteDir = temporaryDir('charity-site-embed-');
  mkdirSync(path.join(siteDir, 'prerendered'), { recursive: true });
  mkdirSync(path.join(siteDir, '.ssr'), { recursive: true });
  writeFileSync(path.join(siteDir, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
  writeFileSync(path.join(siteDir, 'embed.html'), BUILT_EMBED);
  writeFileSync(path.join(siteDir, 'prerendered', 'embed.html'), embedShellHtml(BUILT_EMBED, { src: '/assets/boot-1.js' }));
  writeFileSync(path.join(siteDir, '.ssr', 'prerender.js'), `export * from ${JSON.stringify(SITE_SOURCE)};\n`);
  // The same site without the server's render (built before it existed): embed.html as it is, drawn in the browser.
  const oldSiteDir = temporaryDir('charity-site-embed-old-');
  writeFileSync(path.join(oldSiteDir, 'embed.html'), BUILT_EMBED);

  const config = testConfig({ SITE_DIR: siteDir, PARTNER_ORIGINS: PARTNER });
  database = await openDatabase(config, { inMemory: true });
  await migrateDatabase(database);
  app = await buildApp({ config, database });
  unbuilt = await buildApp({ config: testConfig({ SITE_DIR: oldSiteDir }), database });
  const row = await insertCampaign(database.db, {
    title: 'Midday Meals </script><script>alert(1)</script>',
    description: 'Hot meals for 500 children.',
    status: 'active',
    isFeatured: false,
    category: 'nutrition',
    targetAmount: 1_000_000,
    startDate: null,
    endDate: null,
    imageUrl: null,
  });
  campaignId = row.id;
});

afterAll(async () => {
  await app?.close();
  await unbuilt?.close();
  await database?.close();
});

/** #root's attributes and markup, and the data block after it. */
function page(body: string) {
  const root = /<div id="root"([^>]*)>([\s\S]*?)<\/div>\s*(?:<script type="application\/json" id="embed-campaign">([\s\S]*?)<\/script>\s*)?<\/body>/.exec(body);
  expect(root, body).not.toBeNull();
  return { attributes: root![1]!.trim(), markup: root![2]!, data: root![3] };
}
const checkedAmount = (markup: string) => /<input type="radio"[^>]*name="[^"]*-amount" checked=""[^>]*value="([^"]+)"/.exec(markup)?.[1];
const STEP_ONE = /<h2 [^>]*class="cs-donation__heading"><span class="cs-visually-hidden">Step 1 of 4: <\/span>Choose Amount<\/h2>/;

describe('/embed/donate rendered by the server', () => {
  it.each([
    ['', '1000', 'campaign=;country=;amounts=;theme=;locale='],
    ['?amounts=500,1000,2500&currency=INR&theme=%231d4ed8', '500', 'campaign=;country=IN;amounts=500,1000,2500;theme=#1d4ed8;locale='],
    ['?currency=USD&amounts=25,50&locale=en-us', '25', 'campaign=;country=US;amounts=25,50;theme=;locale=en-US'],
  ])("answers %s with the wizard's first step in #root, marked with the query it was rendered for", async (query, checked, key) => {
    const response = await app.inject({ method: 'GET', url: `/embed/donate${query}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['x-robots-tag']).toBe('noindex');
    const { attributes, markup } = page(response.body);
    expect(attributes).toBe(`data-embed-params="${key}" data-prerendered-mode="sandbox"`);
    expect(markup).toMatch(STEP_ONE);
    expect(checkedAmount(markup)).toBe(checked);
    // The boot script starts the page's code after the first paint; the server's meta tags are there for it.
    expect(response.body).toContain('<script type="module" id="charity-boot" crossorigin src="/assets/boot-1.js" data-entry="/assets/embed-1.js"');
    expect(response.body).toContain('<meta name="payments-mode" content="sandbox" />');
  });

  it("writes the partner's colour and locale on <html> before the first paint, and keeps the partner's meta tag and framing", async () => {
    const response = await app.inject({ method: 'GET', url: `/embed/donate?theme=%23B91C1C&locale=hi-in&partner=${encodeURIComponent(PARTNER)}` });
    expect(response.body).toContain('<html lang="hi-IN" style="--cs-color-primary: #b91c1c; --cs-color-primary-hover: #941616; --cs-color-primary-contrast: #ffffff; --cs-color-primary-soft: #f8e8e8; --cs-color-primary-soft-contrast: #941616">');
    expect(response.body).toContain(`<meta name="partner-origin" content="${PARTNER}" />`);
    expect(/frame-ancestors ([^;]*)/.exec(String(response.headers['content-security-policy']))?.[1]).toBe(`'self' ${PARTNER}`);
    expect(response.headers['x-frame-options']).toBeUndefined();
  });

  it('cannot be made to write markup, script or style by its query', async () => {
    const hostile = [
      'theme=%23fff%22%20onload%3D%22alert(1)',
      'theme=%23abc%3Bbackground%3Aurl(x)',
      'locale=en%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E',
      'amounts=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E,500',
      'currency=INR%22%3E%3Cb%3E',
      'campaign=1%3Cscript%3Ealert(1)%3C%2Fscript%3E',
      `partner=${encodeURIComponent('https://evil.example"><script>alert(1)</script>')}`,
    ].join('&');
    const response = await app.inject({ method: 'GET', url: `/embed/donate?${hostile}` });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toMatch(/alert\(1\)|<img|<b>|onload|url\(x\)|evil\.example/);
    expect([...response.body.matchAll(/<script\b/g)]).toHaveLength(1);
    expect(response.body).toContain('<html lang="en">');
    const { attributes, markup } = page(response.body);
    expect(attributes).toBe('data-embed-params="campaign=;country=;amounts=500;theme=;locale=" data-prerendered-mode="sandbox"');
    expect(markup).toMatch(STEP_ONE);
  });

  it("sends the campaign's public answer with the page (escaped), and says so when there is no such campaign", async () => {
    const response = await app.inject({ method: 'GET', url: `/embed/donate?campaign=${campaignId}` });
    const { attributes, markup, data } = page(response.body);
    expect(attributes).toBe(`data-embed-params="campaign=${campaignId};country=;amounts=;theme=;locale=" data-prerendered-mode="sandbox"`);
    expect(markup).toMatch(STEP_ONE);
    expect(response.body).not.toContain('<script>alert(1)');
    const block = JSON.parse(data!) as { campaignId: number; answer: { data: { campaign: { id: number; title: string } } } };
    expect(block.campaignId).toBe(campaignId);
    expect(block.answer.data.campaign).toMatchObject({ id: campaignId, title: 'Midday Meals </script><script>alert(1)</script>' });

    const unknown = await app.inject({ method: 'GET', url: '/embed/donate?campaign=999999' });
    expect(JSON.parse(page(unknown.body).data!)).toEqual({ campaignId: 999999, answer: null });
  });

  it('sends the page compressed to browsers that accept it', async () => {
    const response = await app.inject({ method: 'GET', url: '/embed/donate?currency=INR', headers: { 'accept-encoding': 'gzip, br' } });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(response.rawPayload).toString('utf8')).toMatch(STEP_ONE);
  });

  it('sends the build\'s embed.html, drawn in the browser, when the site has no shell or server bundle', async () => {
    const response = await unbuilt.inject({ method: 'GET', url: '/embed/donate?currency=INR&amounts=500' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
    expect(response.body).toContain('<script type="module" crossorigin src="/assets/embed-1.js"></script>');
  });
});

describe('embedPageRenderer (what it keeps)', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'embed-render-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const bundle = (name: string, body: string) => {
    const file = path.join(dir, `${name}.mjs`);
    writeFileSync(file, body);
    return file;
  };
  // Keys as the site's: the query without order or unknown fields; each render numbered.
  const WORKING = bundle(
    'working',
    `let renders = 0;
     export function embedRequest(search) {
       const query = new URLSearchParams(search);
       const campaign = query.get('campaign');
       return { key: 'amounts=' + (query.get('amounts') ?? '') + ';campaign=' + (campaign ?? ''), campaignId: campaign ? Number(campaign) : null };
     }
     export async function renderEmbedDonate(shell, mode, search, answer) {
       renders += 1;
       return shell.replace('ROOT', mode + ':' + embedRequest(search).key + ':' + JSON.stringify(answer === undefined ? 'none' : answer) + ':' + renders);
     }`,
  );
  const FAILING = bundle('failing', `export function embedRequest() { return { key: 'k', campaignId: null }; }
    export async function renderEmbedDonate() { throw new Error('render failed'); }`);

  function logger() {
    const lines: string[] = [];
    return { log: pino({ level: 'warn' }, { write: (line: string) => void lines.push(line) }), lines };
  }

  it('renders once per key, payments mode, campaign answer and build, and keeps only the most recently used', async () => {
    const { log } = logger();
    const answers: number[] = [];
    const render = embedPageRenderer({
      bundleFile: WORKING,
      fetchCampaign: async (id) => {
        answers.push(id);
        return id === 7 ? '{"title":"Seven"}' : null;
      },
      log,
      max: 2,
    });
    expect(await render('<p>ROOT</p>', 'sandbox', '?amounts=500&x=1')).toBe('<p>sandbox:amounts=500;campaign=:"none":1</p>');
    // The same key (another order, an unknown field): the kept render.
    expect(await render('<p>ROOT</p>', 'sandbox', '?x=2&amounts=500')).toBe('<p>sandbox:amounts=500;campaign=:"none":1</p>');
    expect(await render('<p>ROOT</p>', 'stripe', '?amounts=500')).toBe('<p>stripe:amounts=500;campaign=:"none":2</p>');
    expect(await render('<div>ROOT</div>', 'sandbox', '?amounts=500')).toBe('<div>sandbox:amounts=500;campaign=:"none":3</div>');
    expect(render.size()).toBe(2);
    // The first was the least recently used: dropped, rendered again.
    expect(await render('<p>ROOT</p>', 'sandbox', '?amounts=500')).toBe('<p>sandbox:amounts=500;campaign=:"none":4</p>');
    expect(await render('<p>ROOT</p>', 'sandbox', '?campaign=7')).toBe('<p>sandbox:amounts=;campaign=7:{"title":"Seven"}:5</p>');
    expect(await render('<p>ROOT</p>', 'sandbox', '?campaign=8')).toBe('<p>sandbox:amounts=;campaign=8:null:6</p>');
    expect(answers).toEqual([7, 8]);
    expect(render.size()).toBe(2);
  });

  it('gives null (the page drawn in the browser) without a bundle or when the render fails, and logs why', async () => {
    const missing = logger();
    const none = embedPageRenderer({ bundleFile: path.join(dir, 'missing.mjs'), fetchCampaign: async () => null, log: missing.log });
    expect(await none('<p>ROOT</p>', 'sandbox', '')).toBeNull();
    expect(missing.lines.join('')).toContain('/embed/donate is drawn in the browser: the site has no server bundle (rebuild the site)');
    const failing = logger();
    const broken = embedPageRenderer({ bundleFile: FAILING, fetchCampaign: async () => null, log: failing.log });
    expect(await broken('<p>ROOT</p>', 'sandbox', '')).toBeNull();
    expect(failing.lines.join('')).toContain('Rendering /embed/donate failed; the page is drawn in the browser');
  });
});
