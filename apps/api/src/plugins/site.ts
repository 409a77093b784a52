import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { NOT_FOUND_BODY } from './errors.js';
import { routePreloadTags } from './site-route-preloads.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

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

/** Paths the single-page app never owns: they answer a JSON 404 instead of index.html. */
function isSpaPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? '/';
  // A missing hashed asset is a stale or broken link, not a page: HTML there would only confuse the browser.
  return !/^\/(api|uploads|assets)(\/|$)/.test(pathname);
}

/**
 * The built site from SITE_DIR: files as they are, hashed assets cached for a year, and index.html for
 * every other GET so client-side routes work from a direct link or a reload. The not-found handler that
 * does this is also the one answering JSON 404s for unknown /api paths.
 */
export const sitePlugin = fp<{ siteDir: string; paymentsMode?: 'sandbox' | 'stripe' }>(
  async (app, { siteDir, paymentsMode }) => {
    const assetsDir = path.join(siteDir, 'assets') + path.sep;
    const indexFile = path.join(siteDir, 'index.html');
    const manifestFile = path.join(siteDir, '.vite', 'manifest.json');

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
        allowedPath: (pathName) => isSpaPath(pathName) || pathName.startsWith('/assets/'),
        setHeaders(reply, sentPath) {
          // The file sent may be the compressed copy (main.js.br): its cache policy is the original's.
          const filePath = sentPath.replace(/\.(br|gz)$/, '');
          if (filePath.startsWith(assetsDir)) reply.header('cache-control', IMMUTABLE);
          else if (filePath.endsWith('.html')) reply.header('cache-control', 'no-cache');
          else reply.header('cache-control', 'public, max-age=3600');
        },
      });
    }

    async function sendIndex(request: FastifyRequest, reply: FastifyReply) {
      let html: string;
      try {
        // Read per request: a rebuilt site is picked up without restarting the server.
        html = await readFile(indexFile, 'utf8');
      } catch {
        return reply.code(503).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(NOT_BUILT_PAGE);
      }
      // The page learns the payments mode with its first byte, so the 'Test mode' ribbon is part of the first render
      // instead of appearing later and pushing the page down (layout shift). A meta tag: the CSP allows no inline script.
      if (paymentsMode) html = html.replace('</head>', `<meta name="payments-mode" content="${paymentsMode}" />\n</head>`);
      // The page's own code, fetched alongside the entry instead of after it has run (see site-route-preloads.ts).
      const manifest = await readFile(manifestFile, 'utf8').catch(() => null);
      const preloads = routePreloadTags(manifest, request.url, html);
      if (preloads) html = html.replace('</head>', `${preloads}\n</head>`);
      return reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
    }

    // "/" is the site's root directory to the static handler; as a page it is index.html like the rest.
    app.get('/', async (request, reply) => sendIndex(request, reply));

    app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
      if ((request.method === 'GET' || request.method === 'HEAD') && isSpaPath(request.url)) return sendIndex(request, reply);
      return reply.code(404).send(NOT_FOUND_BODY);
    });
  },
  { name: 'site' },
);
