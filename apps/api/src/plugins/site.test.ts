import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { openDatabase, type DatabaseHandle } from '../db/open.js';
import { temporaryDir, testConfig } from '../../test/support/databases.js';
import { prerenderedPageName, sitePlugin } from './site.js';

// The built site and uploads as served from disk, with a throw-away SITE_DIR and DATA_DIR.

const INDEX = '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script></body></html>';
// A script large enough to be worth compressing, with the .br and .gz copies the site's build writes beside it.
const BIG_SCRIPT = `export const words = ${JSON.stringify('children education health nutrition '.repeat(200))};\n`;
const BUILT_INDEX =
  '<!doctype html><html><head><script type="module" crossorigin src="/assets/main-m1.js"></script>\n' +
  '<link rel="modulepreload" crossorigin href="/assets/react-r1.js">\n</head><body><div id="root"></div></body></html>';
// Pages as apps/site/scripts/prerender.mjs writes them: one file per page and payments mode, the markup in #root.
const prerendered = (mode: string, page: string) =>
  BUILT_INDEX.replace('<div id="root"></div>', `<div id="root" data-prerendered="/${page}" data-prerendered-mode="${mode}"><h1>${page} in ${mode} mode</h1>${'<p>Text</p>'.repeat(200)}</div>`);
// The 404 page as the build prerenders it (at /404, with the spec's texts), its boot script's tag included.
const notFoundPage = (mode: string) =>
  BUILT_INDEX.replace(
    '<div id="root"></div>',
    `<div id="root" data-prerendered="/404" data-prerendered-mode="${mode}"><p>404</p><h1>Page Not Found</h1>` +
      `<p>The page you're looking for doesn't exist.</p><a href="/">Go Home</a> (${mode})${'<p>Header and footer</p>'.repeat(60)}</div>`,
  ).replace('</head>', '<script type="module" id="charity-boot" crossorigin src="/assets/boot-b1.js" data-entry="/assets/main-m1.js" data-preload=""></script>\n</head>');
/** A public page as the full app sends it: its canonical address and og:url at PUBLIC_BASE_URL (the test config's). */
const withCanonical = (html: string, path: string) => {
  const url = `${builtApp.config.publicBaseUrl}${path}`;
  return html.replace('</head>', `<link rel="canonical" href="${url}" />\n<meta property="og:url" content="${url}" />\n</head>`);
};
/** index.html as the full app sends it at a page's address: canonical first (when public), then the payments mode. */
const indexAt = (canonical: string | null) =>
  (canonical ? withCanonical(BUILT_INDEX, canonical) : BUILT_INDEX).replace('</head>', '<meta name="payments-mode" content="sandbox" />\n</head>');
const withMeta = (html: string, mode = 'sandbox') => html.replace('</head>', `<meta name="payments-mode" content="${mode}" />\n</head>`);
const WEBP = Buffer.from('RIFF\x1a\x00\x00\x00WEBPVP8L\x0d\x00\x00\x00\x2f\x00\x00\x00\x10\x07\x10\x11\x11\x88\x88\xfe\x07\x00', 'latin1');

let database: DatabaseHandle;
let app: FastifyInstance;
let bareApp: FastifyInstance;
let builtApp: FastifyInstance;
let builtDir: string;

beforeAll(async () => {
  const siteDir = temporaryDir('charity-site-');
  mkdirSync(path.join(siteDir, 'assets'));
  writeFileSync(path.join(siteDir, 'index.html'), INDEX);
  writeFileSync(path.join(siteDir, 'assets', 'index-abc123.js'), 'console.log("hi");');
  writeFileSync(path.join(siteDir, 'site.webmanifest'), '{"name":"Charity"}');
  writeFileSync(path.join(siteDir, 'embed.html'), '<!doctype html><html><head><title>Donate</title></head><body></body></html>');
  writeFileSync(path.join(siteDir, 'assets', 'big-def456.js'), BIG_SCRIPT);
  writeFileSync(path.join(siteDir, 'assets', 'big-def456.js.br'), brotliCompressSync(BIG_SCRIPT));
  writeFileSync(path.join(siteDir, 'assets', 'big-def456.js.gz'), gzipSync(BIG_SCRIPT));
  mkdirSync(path.join(siteDir, '.vite'));
  writeFileSync(path.join(siteDir, '.vite', 'manifest.json'), '{"index.html":{"file":"assets/MANIFEST-ONLY.js"}}');
  mkdirSync(path.join(siteDir, '.ssr'));
  writeFileSync(path.join(siteDir, '.ssr', 'prerender.js'), 'export const SERVER_BUNDLE_ONLY = 1;');
  writeFileSync(path.join(siteDir, '.env'), 'SECRET=1');

  const config = testConfig({ SITE_DIR: siteDir });
  mkdirSync(path.join(config.uploadsDir, 'events'), { recursive: true });
  writeFileSync(path.join(config.uploadsDir, 'events', 'a1b2.webp'), WEBP);
  writeFileSync(path.join(config.uploadsDir, 'events', 'evil.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
  writeFileSync(path.join(config.uploadsDir, 'events', 'evil.html'), '<script>alert(1)</script>');
  writeFileSync(path.join(config.dataDir, 'outside.webp'), 'NOT-FOR-THE-WEB');

  database = await openDatabase(config, { inMemory: true });
  app = await buildApp({ config, database });
  bareApp = await buildApp({ config: testConfig({ SITE_DIR: temporaryDir('charity-empty-site-') }), database });

  // A site as the build leaves it: index.html loads the entry, and the manifest names the lazily loaded pages.
  builtDir = temporaryDir('charity-built-site-');
  mkdirSync(path.join(builtDir, '.vite'));
  // /events and / prerendered in both modes; /campaigns not at all (a build whose prerender left it out).
  for (const mode of ['sandbox', 'stripe']) {
    mkdirSync(path.join(builtDir, 'prerendered', mode), { recursive: true });
    writeFileSync(path.join(builtDir, 'prerendered', mode, 'events.html'), prerendered(mode, 'events'));
    writeFileSync(path.join(builtDir, 'prerendered', mode, 'index.html'), prerendered(mode, ''));
    writeFileSync(path.join(builtDir, 'prerendered', mode, '404.html'), notFoundPage(mode));
  }
  writeFileSync(path.join(builtDir, 'index.html'), BUILT_INDEX);
  writeFileSync(
    path.join(builtDir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/main-m1.js', isEntry: true, imports: ['_react.js'] },
      '_react.js': { file: 'assets/react-r1.js' },
      'src/pages/Events.tsx': { file: 'assets/Events-e1.js', isDynamicEntry: true, imports: ['_react.js', '_event.js'] },
      '_event.js': { file: 'assets/event-e2.js' },
      'src/pages/NotFound.tsx': { file: 'assets/NotFound-n1.js', isDynamicEntry: true, imports: ['_react.js'] },
    }),
  );
  builtApp = await buildApp({ config: testConfig({ SITE_DIR: builtDir }), database });
});

afterAll(async () => {
  await app?.close();
  await bareApp?.close();
  await builtApp?.close();
  await database?.close();
});

describe('the built site', () => {
  it('serves index.html at / without caching it', async () => {
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(INDEX);
  });

  it("answers every page of the site's route table with index.html (SPA fallback), query strings included", async () => {
    const pages = ['/about', '/campaigns', '/events', '/contact', '/donate', '/login', '/admin', '/admin/campaigns', '/admin/events', '/admin/donations', '/admin/messages'];
    // As the router matches them: any case, trailing slashes, escapes decoded.
    for (const url of [...pages, '/donate?campaign=3', '/About', '/events/', '/ab%6Fut']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(INDEX);
      expect(response.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers['content-security-policy'], url).toContain("frame-ancestors 'self'");
    }
  });

  it('tells search engines to leave the sign-in page, the admin console and the embedded form out (X-Robots-Tag)', async () => {
    for (const url of ['/login', '/admin', '/admin/events', '/admin/messages?status=unread', '/embed/donate']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['x-robots-tag'], url).toBe('noindex');
    }
    for (const url of ['/', '/about', '/donate?campaign=3']) {
      expect((await app.inject({ method: 'GET', url })).headers['x-robots-tag'], url).toBeUndefined();
    }
  });

  it('answers an address no page owns with 404 and the page the site shows there, never stored, headers as usual', async () => {
    for (const url of ['/no-such-page', '/admin/nope', '/no/such/page?x=1', '/events/999999', '/about%2Fteam', '/404', '/.vite/manifest.json', '/.ssr/prerender.js', '/.env']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control'], url).toBe('no-store');
      // index.html: the site's router shows its 404 page at this address (no prerendered 404 page in this build).
      expect(response.body, url).toBe(INDEX);
      expect(response.headers['content-security-policy'], url).toContain("frame-ancestors 'self'");
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
    }
    const head = await app.inject({ method: 'HEAD', url: '/no-such-page' });
    expect(head.statusCode).toBe(404);
    expect(head.body).toBe('');
    // Other methods, as before: the JSON envelope.
    const post = await app.inject({ method: 'POST', url: '/no-such-page' });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toEqual({ success: false, message: 'Not found' });
  });

  it("answers an unknown address with the build's prerendered 404 page (spec texts) in the server's payments mode", async () => {
    for (const url of ['/no-such-page', '/admin/nope', '/.vite/manifest.json', '/prerendered/sandbox/events.html', '/wp-login.php?x=1']) {
      const response = await builtApp.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['cache-control'], url).toBe('no-store');
      // Its own chunk added to what its boot script starts after the first paint, as for the other prerendered pages.
      expect(response.body, url).toBe(
        withMeta(notFoundPage('sandbox')).replace('data-preload=""', 'data-preload="/assets/NotFound-n1.js"'),
      );
      expect(response.body, url).toContain("<p>404</p><h1>Page Not Found</h1><p>The page you're looking for doesn't exist.</p><a href=\"/\">Go Home</a>");
    }
    const brotli = await builtApp.inject({ method: 'GET', url: '/no-such-page', headers: { 'accept-encoding': 'br' } });
    expect(brotli.statusCode).toBe(404);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toContain('<h1>Page Not Found</h1>');
  });

  it('serves hashed assets as immutable for a year', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends the precompressed copy the browser accepts (brotli first), with the original type and cache policy', async () => {
    const brotli = await app.inject({ method: 'GET', url: '/assets/big-def456.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(BIG_SCRIPT);
    expect(brotli.rawPayload.length).toBeLessThan(BIG_SCRIPT.length / 10);

    const gzip = await app.inject({ method: 'GET', url: '/assets/big-def456.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(BIG_SCRIPT);

    // A client that accepts no encoding gets the file itself; caches are told the answer depends on the header.
    const plain = await app.inject({ method: 'GET', url: '/assets/big-def456.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(BIG_SCRIPT);
  });

  it('sends a file without a compressed copy as it is, whatever the browser accepts', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe('console.log("hi");');
  });

  it('never serves the build manifest nor the server bundle (dot-directories): 404', async () => {
    const response = await app.inject({ method: 'GET', url: '/.vite/manifest.json' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('MANIFEST-ONLY');
    const bundle = await app.inject({ method: 'GET', url: '/.ssr/prerender.js' });
    expect(bundle.statusCode).toBe(404);
    expect(bundle.body).not.toContain('SERVER_BUNDLE_ONLY');
  });

  it('serves other files with a short cache, and never dotfiles', async () => {
    const file = await app.inject({ method: 'GET', url: '/site.webmanifest' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toBe('public, max-age=3600');
    const dotfile = await app.inject({ method: 'GET', url: '/.env' });
    expect(dotfile.statusCode).toBe(404);
    expect(dotfile.body).not.toContain('SECRET');
  });

  it('answers a missing hashed asset with 404 rather than HTML', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/index-old999.js' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, message: 'Not found' });
  });

  it('keeps /api answers as JSON', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/unknown' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, message: 'Not found' });
  });

  it("hints a lazily loaded page's own chunks in its <head>, and only that page's", async () => {
    // The test configuration runs payments in sandbox mode, so the page also carries that meta tag (indexAt).
    const events = await builtApp.inject({ method: 'GET', url: '/events?page=2' });
    expect(events.statusCode).toBe(200);
    expect(events.body).toBe(
      indexAt('/events').replace(
        '</head>',
        '<link rel="modulepreload" crossorigin href="/assets/Events-e1.js">\n<link rel="modulepreload" crossorigin href="/assets/event-e2.js">\n</head>',
      ),
    );
    // (/ is prerendered in this build: its page, without preloads, is checked in the prerendered page's test below.)
    for (const [url, canonical] of [['/?from=mail', '/'], ['/campaigns', '/campaigns'], ['/admin/events', null]] as const) {
      const response = await builtApp.inject({ method: 'GET', url });
      expect(response.body, url).toBe(indexAt(canonical));
    }
  });

  it("answers a prerendered page with its HTML in the server's payments mode and the meta tag, adding no preloads", async () => {
    // The page's chunks are named on its boot script's tag by the build and fetched after its first paint.
    const events = await builtApp.inject({ method: 'GET', url: '/events' });
    expect(events.statusCode).toBe(200);
    expect(events.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(events.headers['cache-control']).toBe('no-cache');
    expect(events.body).toBe(withCanonical(prerendered('sandbox', 'events'), '/events').replace('</head>', '<meta name="payments-mode" content="sandbox" />\n</head>'));
    const home = await builtApp.inject({ method: 'GET', url: '/' });
    expect(home.body).toBe(withCanonical(prerendered('sandbox', ''), '/').replace('</head>', '<meta name="payments-mode" content="sandbox" />\n</head>'));
  });

  it('answers every other page address with index.html: a query, a page not prerendered, a trailing slash', async () => {
    for (const [url, canonical] of [['/?utm_source=mail', '/'], ['/campaigns', '/campaigns'], ['/admin/events', null], ['/events/', '/events']] as const) {
      const response = await builtApp.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).not.toContain('data-prerendered');
      if (!url.startsWith('/events')) expect(response.body, url).toBe(indexAt(canonical));
    }
    // The build's files themselves are no page: 404.
    for (const url of ['/prerendered/sandbox/events.html', '/prerendered/sandbox/', '/prerendered/sandbox/404.html']) {
      const response = await builtApp.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('events in sandbox mode');
    }
  });

  it('sends the page compressed to a browser that accepts it, and says the answer depends on that', async () => {
    const brotli = await builtApp.inject({ method: 'GET', url: '/events', headers: { 'accept-encoding': 'gzip, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.headers['cache-control']).toBe('no-cache');
    const text = brotliDecompressSync(brotli.rawPayload).toString();
    expect(text).toContain('<h1>events in sandbox mode</h1>');
    expect(brotli.rawPayload.length).toBeLessThan(text.length / 5);

    const gzip = await builtApp.inject({ method: 'GET', url: '/events', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(text);

    const plain = await builtApp.inject({ method: 'GET', url: '/events' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(text);
  });

  it('serves the stripe-mode page in stripe mode, and index.html when the mode is not stated', async () => {
    const serve = async (paymentsMode?: 'sandbox' | 'stripe', url = '/events') => {
      const server = Fastify();
      await server.register(sitePlugin, { siteDir: builtDir, paymentsMode });
      try {
        return await server.inject({ method: 'GET', url });
      } finally {
        await server.close();
      }
    };
    const stripe = (await serve('stripe')).body;
    expect(stripe).toContain('<h1>events in stripe mode</h1>');
    expect(stripe).toContain('<meta name="payments-mode" content="stripe" />');
    const stripeNotFound = await serve('stripe', '/no-such-page');
    expect(stripeNotFound.statusCode).toBe(404);
    expect(stripeNotFound.body).toContain('Go Home</a> (stripe)');
    // Without the meta tag the layout asks the API for the mode: no prerendered page is that first render.
    const unstated = (await serve()).body;
    expect(unstated).not.toContain('data-prerendered');
    expect(unstated).toContain('<div id="root"></div>');
    const unstatedNotFound = await serve(undefined, '/no-such-page');
    expect(unstatedNotFound.statusCode).toBe(404);
    expect(unstatedNotFound.body).not.toContain('data-prerendered');
  });

  it('explains how to build the site when SITE_DIR has no index.html (404 still for an unknown address)', async () => {
    for (const [url, status] of [['/', 503], ['/about', 503], ['/no-such-page', 404]] as const) {
      const response = await bareApp.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(status);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain('not built yet');
      expect(response.body).toContain('npm run build');
    }
    expect((await bareApp.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});

describe('prerenderedPageName', () => {
  it('names the file of a bare one-segment path, and nothing else', () => {
    expect(prerenderedPageName('/')).toBe('index');
    expect(prerenderedPageName('/donate')).toBe('donate');
    expect(prerenderedPageName('/not-found')).toBe('not-found');
    for (const url of ['/donate?campaign=3', '/?', '/donate/', '/admin/events', '/About', '/..', '/%2e%2e', '/a.html', '/-x', '//']) {
      expect(prerenderedPageName(url), url).toBeNull();
    }
  });
});

describe('uploads', () => {
  it('serves uploaded images with a long cache, nosniff and a sandboxing policy', async () => {
    const response = await app.inject({ method: 'GET', url: '/uploads/events/a1b2.webp' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain('sandbox');
    expect(response.rawPayload.equals(WEBP)).toBe(true);
  });

  it('never serves anything that could run: SVG, HTML', async () => {
    for (const url of ['/uploads/events/evil.svg', '/uploads/events/evil.html']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('alert');
    }
  });

  it('answers a missing upload with 404 JSON, not the site', async () => {
    const response = await app.inject({ method: 'GET', url: '/uploads/events/missing.webp' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, message: 'Not found' });
  });

  it('never lets a path escape DATA_DIR/uploads', async () => {
    for (const url of ['/uploads/..%2foutside.webp', '/uploads/%2e%2e/outside.webp', '/uploads/events/..%2f..%2foutside.webp']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.body, url).not.toContain('NOT-FOR-THE-WEB');
    }
  });
});
