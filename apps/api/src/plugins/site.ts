import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { CAMPAIGN_PAGE_SUPPORTERS, matchSitePage, NOT_FOUND_PRERENDER, type SitePage } from '@charity/domain';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { NOT_FOUND_BODY } from './errors.js';
import { chooseEncoding } from './response-cache.js';
import { campaignHeadTags, campaignPageWithData, legacyCampaignId, withCampaignHead, type CampaignHeadFacts } from './site-campaign-page.js';
import { campaignsPageWithData } from './site-campaigns-page.js';
import { routePreloadTags, withBootPreloads } from './site-route-preloads.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';


/** An address no page owns: its 404 page is never kept (a page added by the next deploy must not be hidden by it). */
const NOT_FOUND_CACHE_CONTROL = 'no-store';

/**
 * Sent with the pages search engines must leave out of their index (the sign-in page, the admin console; the embed
 * plugin sends it too). A header rather than a meta tag: index.html is one file for every page. robots.txt also asks
 * crawlers not to fetch them (crawlers.ts); this holds for those that fetch anyway, and for links to them.
 */
export const NOINDEX_HEADER = ['x-robots-tag', 'noindex'] as const;

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Site not built yet</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; padding: 0 1rem; line-height: 1.5">
<h1>The site is not built yet</h1>
<p>The server is running and the API answers at <a href="/api/health">/api/health</a>, but there is no built site to show.</p>
<p>Run <code>npm run build</code> in the project folder (or start with <code>npm start</code>, which builds what is missing), then reload this page.</p>
</body>
</html>
`;

const escapeAttribute = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Paths the single-page app never owns: they answer a JSON 404 instead of index.html. */
function isSpaPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? '/';
  // A missing hashed asset is a stale or broken link, not a page: HTML there would only confuse the browser.
  return !/^\/(api|uploads|assets)(\/|$)/.test(pathname);
}

/**
 * The prerendered page for a request, as the site's build names it (apps/site/scripts/prerender.mjs writes
 * prerendered/<payments mode>/<page>.html: index.html for /, about.html for /about, ...), or null.
 *
 * Only a bare one-segment path: a query can change the page's first render (/campaigns?status=…, /donate?campaign=…),
 * and the page's script hydrates the HTML only when it is the render of that exact address (apps/site/src/app/
 * hydration.ts), so such requests get index.html. Which pages exist is the build's business: a path without a file
 * (/login, /admin, a typo) falls back to index.html too.
 */
export function prerenderedPageName(url: string): string | null {
  const [pathname = '/', query] = url.split('?', 2);
  if (query !== undefined) return null;
  if (pathname === '/') return 'index';
  // Lower-case letters and dashes only: never a path outside the folder, never index.html by another name.
  const match = /^\/([a-z][a-z-]*)$/.exec(pathname);
  return match?.[1] ?? null;
}

/** Compressed pages kept, at most: a few pages in one payments mode, each with a handful of preload variants. */
const COMPRESSED_PAGES_MAX = 64;

/**
 * A prerendered page is tens of kilobytes of HTML (index.html was one): on a phone's connection it is worth sending
 * compressed. The page is index.html-like (meta tag and preloads added per request) but the same few texts over and
 * over, so each text's compressed copy is made once and kept (by the text itself: a rebuilt site is new text).
 */
function compressedCopies() {
  const copies = new Map<string, Buffer>();
  return (html: string, encoding: 'br' | 'gzip'): Buffer => {
    const key = `${encoding}\n${html}`;
    let copy = copies.get(key);
    if (!copy) {
      const bytes = Buffer.from(html);
      copy =
        encoding === 'br'
          ? // Quality 5: ~20 ms for the home page against ~270 ms at 11, for ~15 % more bytes (6.7 kB against 5.8 kB).
            brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length } })
          : gzipSync(bytes, { level: 6 });
      if (copies.size >= COMPRESSED_PAGES_MAX) copies.clear();
      copies.set(key, copy);
    }
    return copy;
  };
}

/**
 * The built site from SITE_DIR: files as they are, hashed assets cached for a year, and for every other GET the page
 * of the site's route table (@charity/domain SITE_PAGES) at that address, so client-side routes work from a direct link
 * or a reload, or, where no page is, the 404 page with status 404 (decision 016). The not-found handler that does this
 * is also the one answering JSON 404s for unknown /api paths and for other methods.
 */
export const sitePlugin = fp<{ siteDir: string; paymentsMode?: 'sandbox' | 'stripe' }>(
  async (app, { siteDir, paymentsMode }) => {
    const assetsDir = path.join(siteDir, 'assets') + path.sep;
    const indexFile = path.join(siteDir, 'index.html');
    const prerenderedDir = path.join(siteDir, 'prerendered');
    const compress = compressedCopies();
    const manifestFile = path.join(siteDir, '.vite', 'manifest.json');
    const campaignsPage = campaignsPageWithData({
      bundleFile: path.join(siteDir, '.ssr', 'prerender.js'),
      // The public list as any visitor gets it, through the response cache (no credentials: never a draft).
      fetchFirstPage: async (query) => {
        const response = await app.inject({ method: 'GET', url: `/api/campaigns?${query}` });
        if (response.statusCode !== 200) return null;
        const etag = response.headers.etag;
        return { body: response.body, etag: typeof etag === 'string' ? etag : undefined };
      },
      log: app.log,
    });
    const campaignPage = campaignPageWithData({ bundleFile: path.join(siteDir, '.ssr', 'prerender.js'), log: app.log });

    if (existsSync(siteDir)) {
      await app.register(fastifyStatic, {
        root: siteDir,
        prefix: '/',
        index: false, // pages go through sendIndex below, so index.html is never cached
        dotfiles: 'ignore',
        cacheControl: false,
        // The build writes a .br and a .gz beside each text asset (apps/site/vite.config.ts): sent to browsers that
        // accept them, with Vary: Accept-Encoding; the plain file otherwise. Nothing is compressed per request.
        preCompressed: true,
        // The prerendered pages are sent by sendIndex at their own addresses, with the payments mode and preloads.
        allowedPath: (pathName) => (isSpaPath(pathName) && !/^\/prerendered(\/|$)/.test(pathName)) || pathName.startsWith('/assets/'),
        setHeaders(reply, sentPath) {
          // The file sent may be the compressed copy (main.js.br): its cache policy is the original's.
          const filePath = sentPath.replace(/\.(br|gz)$/, '');
          if (filePath.startsWith(assetsDir)) reply.header('cache-control', IMMUTABLE);
          else if (filePath.endsWith('.html')) reply.header('cache-control', 'no-cache');
          else reply.header('cache-control', 'public, max-age=3600');
        },
      });
    }

    /**
     * The page prerendered for this address in the server's payments mode (its HTML is the first render, ribbon
     * included, of exactly that mode), or null. Without a stated mode the page's first render is not known here.
     */
    async function readPrerendered(url: string): Promise<string | null> {
      const name = prerenderedPageName(url);
      if (!name || !paymentsMode) return null;
      const page = await readFile(path.join(prerenderedDir, paymentsMode, `${name}.html`), 'utf8').catch(() => null);
      // /campaigns with its cards in it (site-campaigns-page.ts); the loading state when that cannot be done.
      if (page !== null && name === 'campaigns') return (await campaignsPage(page, paymentsMode)) ?? page;
      return page;
    }

    /** The build's 404 page in the server's payments mode (rendered once, at NOT_FOUND_PRERENDER.path), or null. */
    async function readPrerenderedNotFound(): Promise<string | null> {
      if (!paymentsMode) return null;
      return readFile(path.join(prerenderedDir, paymentsMode, `${NOT_FOUND_PRERENDER.name}.html`), 'utf8').catch(() => null);
    }

    /**
     * `page`: the page of the route table at this address; null for none, answered 404 with the page the site shows
     * there (the build's prerendered 404 page, else index.html, whose router shows its 404 page at any such address).
     */
    /** A public answer of the API as any visitor gets it (through the response cache: no credentials, never a draft). */
    async function publicAnswer(url: string): Promise<string | null> {
      const response = await app.inject({ method: 'GET', url });
      return response.statusCode === 200 ? response.body : null;
    }

    /**
     * /campaigns/{slug}: the page rendered with its campaign and supporters and the campaign's head tags (share
     * previews, search engines); an old address by id (/campaigns/4) moves for good to the slug's; an unknown slug is a
     * 404 like any address no page owns.
     */
    async function sendCampaignPage(request: FastifyRequest, reply: FastifyReply, page: SitePage, slug: string) {
      const [pathname = '', query] = request.url.split('?', 2);
      const legacyId = legacyCampaignId(pathname);
      if (legacyId !== null) {
        const byId = await publicAnswer(`/api/campaigns/${legacyId}`);
        const campaign = byId ? (JSON.parse(byId) as { data: { campaign: CampaignHeadFacts } }).data.campaign : null;
        if (!campaign) return sendIndex(request, reply, null);
        const target = `/campaigns/${encodeURIComponent(campaign.slug)}${query === undefined ? '' : `?${query}`}`;
        return reply.code(301).header('cache-control', 'public, max-age=3600').redirect(target, 301);
      }
      const campaignBody = /^[a-z0-9-]{1,60}$/.test(slug) ? await publicAnswer(`/api/campaigns/slug/${slug}`) : null;
      if (!campaignBody) return sendIndex(request, reply, null);
      const campaign = (JSON.parse(campaignBody) as { data: { campaign: CampaignHeadFacts } }).data.campaign;
      const head = (html: string) => withCampaignHead(html, campaignHeadTags(campaign, app.config.publicBaseUrl));
      // The body rendered by the server when the address is exactly the page's: the page then hydrates that markup.
      let rendered: string | null = null;
      if (paymentsMode && query === undefined && pathname === `/campaigns/${campaign.slug}`) {
        const template = await readFile(path.join(prerenderedDir, paymentsMode, 'campaigns.html'), 'utf8').catch(() => null);
        const donations = template ? await publicAnswer(`/api/campaigns/${campaign.id}/donations?limit=${CAMPAIGN_PAGE_SUPPORTERS}`) : null;
        if (template && donations) {
          rendered = await campaignPage(template, paymentsMode, pathname, `{"campaign":${campaignBody},"donations":${donations}}`);
        }
      }
      return sendIndex(request, reply, page, head, rendered);
    }

    async function sendIndex(
      request: FastifyRequest,
      reply: FastifyReply,
      page: SitePage | null,
      transform?: (html: string) => string,
      serverRendered: string | null = null,
    ) {
      // Read per request: a rebuilt site is picked up without restarting the server. A public page the build
      // prerendered is sent as such, so the browser paints it before the script runs; index.html otherwise.
      const prerendered = serverRendered ?? (page ? await readPrerendered(request.url) : await readPrerenderedNotFound());
      const status = page ? 200 : 404;
      let html: string;
      try {
        html = prerendered ?? (await readFile(indexFile, 'utf8'));
      } catch {
        return reply.code(page ? 503 : 404).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(NOT_BUILT_PAGE);
      }
      if (transform) html = transform(html);
      // A public page's canonical address and og:url are absolute (PUBLIC_BASE_URL): the page's own tags come from
      // the build, which does not know the address it will be served at. Every variant of a page (/donate?campaign=4)
      // names the page itself. A campaign's page has its own (site-campaign-page.ts).
      // (A bare server with only this plugin, as in its tests, has no settings and no public address.)
      const publicBaseUrl = (app as { config?: { publicBaseUrl?: string } }).config?.publicBaseUrl;
      if (publicBaseUrl && page?.indexable && !html.includes('rel="canonical"')) {
        const canonical = escapeAttribute(`${publicBaseUrl}${page.path}`);
        html = html.replace('</head>', () => `<link rel="canonical" href="${canonical}" />\n<meta property="og:url" content="${canonical}" />\n</head>`);
      }
      // The page learns the payments mode with its first byte, so the 'Test mode' ribbon is part of the first render
      // instead of appearing later and pushing the page down (layout shift). A meta tag: the CSP allows no inline script.
      if (paymentsMode) html = html.replace('</head>', `<meta name="payments-mode" content="${paymentsMode}" />\n</head>`);
      // The page's own code, fetched alongside the entry instead of after it has run (see site-route-preloads.ts). A
      // prerendered page lists it on its boot script's tag instead, fetched after its first paint (decision 009).
      // The 404 page's own code is the same at every address: looked up where it was prerendered.
      const manifest = await readFile(manifestFile, 'utf8').catch(() => null);
      const pageUrl = page ? request.url : NOT_FOUND_PRERENDER.path;
      if (prerendered !== null) {
        html = withBootPreloads(manifest, pageUrl, html);
      } else {
        const preloads = routePreloadTags(manifest, pageUrl, html);
        if (preloads) html = html.replace('</head>', `${preloads}\n</head>`);
      }
      reply
        .code(status)
        .type('text/html; charset=utf-8')
        .header('cache-control', page ? 'no-cache' : NOT_FOUND_CACHE_CONTROL)
        .header('vary', 'accept-encoding');
      if (page && !page.indexable) reply.header(...NOINDEX_HEADER);
      const encoding = chooseEncoding(request.headers['accept-encoding'], Buffer.byteLength(html));
      if (!encoding) return reply.send(html);
      return reply.header('content-encoding', encoding).send(compress(html, encoding));
    }

    // "/" is the site's root directory to the static handler; as a page it is index.html like the rest.
    app.get('/', async (request, reply) => sendIndex(request, reply, matchSitePage(request.url)?.page ?? null));

    /** The page of the route table at this address, the campaign page through sendCampaignPage. */
    async function sendPage(request: FastifyRequest, reply: FastifyReply) {
      const match = matchSitePage(request.url);
      if (match?.page.path === '/campaigns/:slug') return sendCampaignPage(request, reply, match.page, match.params.slug ?? '');
      return sendIndex(request, reply, match?.page ?? null);
    }

    // Every GET the static handler has no file for (dotfiles and the build's own folders included) comes here.
    app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
      if ((request.method === 'GET' || request.method === 'HEAD') && isSpaPath(request.url)) return sendPage(request, reply);
      return reply.code(404).send(NOT_FOUND_BODY);
    });
  },
  { name: 'site' },
);
