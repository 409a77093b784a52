import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { ORGANISATION } from '@charity/domain';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { allowedPartnerOrigin, embedFrameAncestors } from '../partners.js';
import { embedPageRenderer } from './embed-render.js';
import { chooseEncoding } from './response-cache.js';
import { CONTENT_SECURITY_POLICY } from './security-headers.js';
import { NOINDEX_HEADER } from './site.js';

// The partner donate widget (docs/decisions/006-partner-widget.md):
//   GET /widget.js      the one-line loader partners paste; any page, on any origin, may load it
//   GET /embed/donate   the page widget.js frames: only the donation wizard, framable by PARTNER_ORIGINS only, its
//                       first step rendered by the server for the query (embed-render.ts) and hydrated by the page

/** Partners' pages cache the loader briefly: a fix reaches them within minutes, without a request per page view. */
export const WIDGET_CACHE_CONTROL = 'public, max-age=300';

/** Stands in the built widget.js for the organisation's name (the iframe's title), filled in as it is served. */
export const WIDGET_NAME_PLACEHOLDER = '__CHARITY_ORGANISATION_NAME__';

export const EMBED_MESSAGES = {
  widgetNotBuilt: '/* widget.js is not built yet: run `npm run build` in the project folder. */\n',
} as const;

const EMBED_NOT_BUILT_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Donations are unavailable right now</title></head>
<body style="font-family: system-ui, sans-serif; margin: 1rem; line-height: 1.5">
<p>Donations are unavailable right now. The donation form is not built yet: run <code>npm run build</code> in the project folder.</p>
</body>
</html>
`;

/** Compressed pages kept: the rendered queries in use, each with its partner's meta tag. */
const COMPRESSED_MAX = 64;

/**
 * The rendered page is ~20 kB of HTML, worth sending compressed on a phone's connection; the same few texts over and
 * over (a partner frames a fixed query), so each text's compressed copy is made once and kept.
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
          ? brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length } })
          : gzipSync(bytes, { level: 6 });
      if (copies.size >= COMPRESSED_MAX) copies.delete(copies.keys().next().value as string);
      copies.set(key, copy);
    }
    return copy;
  };
}

/** A CSP header value from directives (the site's policy with one directive replaced). */
export function cspHeader(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/** The page's one partner, when the query names an allowed one: the only origin the page posts messages to. */
function partnerFromQuery(query: unknown, partners: Parameters<typeof allowedPartnerOrigin>[0]): string | null {
  const raw = typeof query === 'object' && query !== null ? (query as Record<string, unknown>).partner : undefined;
  return typeof raw === 'string' && raw.length <= 200 ? allowedPartnerOrigin(partners, raw) : null;
}

export const embedPlugin = fp<{ siteDir: string; paymentsMode?: 'sandbox' | 'stripe' }>(
  async (app, { siteDir, paymentsMode }) => {
    const embedFile = path.join(siteDir, 'embed.html');
    // The build's shell for the server's render (apps/site/scripts/prerender.mjs), and the bundle that renders into it.
    const shellFile = path.join(siteDir, 'prerendered', 'embed.html');
    const renderEmbed = embedPageRenderer({
      bundleFile: path.join(siteDir, '.ssr', 'prerender.js'),
      // The public answer as any visitor gets it (through the response cache: no credentials, never a draft).
      fetchCampaign: async (id) => {
        const response = await app.inject({ method: 'GET', url: `/api/campaigns/${id}` });
        if (response.statusCode === 200) return response.body;
        return response.statusCode === 404 || response.statusCode === 400 ? null : undefined;
      },
      log: app.log,
    });
    const compress = compressedCopies();
    const widgetFile = path.join(siteDir, 'widget.js');
    const partners = app.config.partnerOrigins;
    const embedPolicy = cspHeader({ ...CONTENT_SECURITY_POLICY, 'frame-ancestors': embedFrameAncestors(partners) });

    /** Framing rules of the embed page; the site-wide policy is on the raw response already (security-headers.ts). */
    function allowPartnerFraming(reply: FastifyReply) {
      reply.raw.setHeader('content-security-policy', embedPolicy);
      // X-Frame-Options knows only DENY and SAMEORIGIN: its SAMEORIGIN would contradict the partners CSP allows
      // (browsers that know frame-ancestors ignore it, older ones would refuse every partner). CSP alone decides here.
      reply.raw.removeHeader('x-frame-options');
    }

    app.get('/embed/donate', async (request, reply) => {
      allowPartnerFraming(reply);
      // A form framed by partners' pages, not a page of its own for search results (decision 016).
      reply.header(...NOINDEX_HEADER);
      // Read per request, like index.html: a rebuilt site is picked up without a restart. The wizard's first step
      // rendered for this query when the build has the shell and server bundle (embed-render.ts); else embed.html,
      // drawn in the browser. Without a stated payments mode the page's first render is not known here.
      const shell = paymentsMode ? await readFile(shellFile, 'utf8').catch(() => null) : null;
      const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      let html = shell && paymentsMode ? await renderEmbed(shell, paymentsMode, search) : null;
      try {
        html ??= await readFile(embedFile, 'utf8');
      } catch {
        return reply.code(503).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(EMBED_NOT_BUILT_PAGE);
      }
      const partner = partnerFromQuery(request.query, partners);
      // Meta tags, not inline script (the CSP allows none). The partner origin is one the server verified: the page
      // posts its messages to it and to nobody else, and sends it with the payment so the donation records it.
      const metas = [
        paymentsMode ? `<meta name="payments-mode" content="${paymentsMode}" />` : '',
        partner ? `<meta name="partner-origin" content="${partner}" />` : '',
      ].filter(Boolean);
      if (metas.length > 0) html = html.replace('</head>', `${metas.join('\n')}\n</head>`);
      reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
      const encoding = chooseEncoding(request.headers['accept-encoding'], Buffer.byteLength(html));
      if (!encoding) return reply.send(html);
      return reply.header('content-encoding', encoding).send(compress(html, encoding));
    });

    app.get('/widget.js', async (_request, reply) => {
      // Loaded by <script> from partners' origins: helmet's same-origin resource policy would block it there.
      reply.raw.setHeader('cross-origin-resource-policy', 'cross-origin');
      let source: string;
      try {
        source = await readFile(widgetFile, 'utf8');
      } catch {
        return reply.code(404).type('text/javascript; charset=utf-8').header('cache-control', 'no-store').send(EMBED_MESSAGES.widgetNotBuilt);
      }
      // JSON.stringify without its quotes: the name sits inside a string literal of the built file.
      source = source.split(WIDGET_NAME_PLACEHOLDER).join(JSON.stringify(ORGANISATION.name).slice(1, -1));
      return reply.code(200).type('text/javascript; charset=utf-8').header('cache-control', WIDGET_CACHE_CONTROL).send(source);
    });
  },
  { name: 'embed', dependencies: ['context'] },
);
