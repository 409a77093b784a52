import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { cspHeader } from './embed.js';
import { NOINDEX_HEADER } from './site.js';

// The static Storybook (`npm run build-storybook` → storybook-static/, or STORYBOOK_DIR) at /storybook/, so
// designers review every state of the UI library from the same host as the site. `npm start` builds it in the
// background when it is missing or older than its sources (scripts/start.mjs, docs/decisions/034-storybook-on-start.md);
// until then this page says so and reloads itself.

export const STORYBOOK_MESSAGES = {
  notBuilt: 'Storybook is not built. Run `npm run build-storybook` in the project folder, then reload this page.',
  building: 'Storybook is being built…',
  buildingDetail:
    'The server is building it in the background; the first build takes a minute or two. This page reloads itself every 5 seconds and shows Storybook as soon as it is ready.',
  buildFailed: (log: string) =>
    `Storybook could not be built when the server started (its output is in ${log}). Run \`npm run build-storybook\` in the project folder to see why, then reload this page.`,
} as const;

/** Seconds between the 'being built' page's reloads, and its Retry-After. */
export const STORYBOOK_RETRY_SECONDS = 5;

/**
 * The file `npm start` keeps in the Storybook directory while it builds one (a dot file: never served). It holds
 * `{ "state": "building", "pid": <the server's process id>, "startedAt": <ms> }`, or `{ "state": "failed", "log": <path> }`
 * after a failed build; a finished build replaces the whole directory, marker included. scripts/start.mjs writes it.
 */
export const STORYBOOK_BUILD_MARKER = '.build.json';

export type StorybookState = { kind: 'built' } | { kind: 'building' } | { kind: 'failed'; log: string } | { kind: 'missing' };

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Read on every request, not once at start: the background build finishes while the server runs. A build whose
 * process is gone (the server was killed mid-build) counts as missing, so nobody waits for a build that never ends.
 */
export function storybookState(storybookDir: string): StorybookState {
  if (existsSync(path.join(storybookDir, 'index.html'))) return { kind: 'built' };
  let marker: { state?: unknown; pid?: unknown; log?: unknown };
  try {
    marker = JSON.parse(readFileSync(path.join(storybookDir, STORYBOOK_BUILD_MARKER), 'utf8')) as typeof marker;
  } catch {
    return { kind: 'missing' };
  }
  if (marker.state === 'building' && Number.isInteger(marker.pid) && processIsAlive(marker.pid as number)) return { kind: 'building' };
  if (marker.state === 'failed' && typeof marker.log === 'string') return { kind: 'failed', log: marker.log };
  return { kind: 'missing' };
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A page that reloads itself (a meta refresh: no script, which this answer's policy would allow but does not need). */
export const STORYBOOK_BUILDING_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${STORYBOOK_RETRY_SECONDS}">
<title>${escapeHtml(STORYBOOK_MESSAGES.building)}</title>
<style>body { font-family: system-ui, sans-serif; color: #2b2118; max-width: 40rem; margin: 4rem auto; padding: 0 1rem; line-height: 1.5; }</style>
</head>
<body>
<h1>${escapeHtml(STORYBOOK_MESSAGES.building)}</h1>
<p>${escapeHtml(STORYBOOK_MESSAGES.buildingDetail)}</p>
</body>
</html>
`;

/**
 * Storybook's built pages carry inline <script> blocks (its manager and preview configuration: globals, the story
 * index location) and inline <style>, and the manager shows the preview (iframe.html) in a same-origin frame. So
 * this policy allows inline scripts, which the site's policy never does; everything still comes from this origin
 * only, and nothing here is framable by other sites.
 */
export const STORYBOOK_CONTENT_SECURITY_POLICY: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'", "'unsafe-inline'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'frame-src': ["'self'"],
  'worker-src': ["'self'", 'blob:'],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'self'"],
};

const STORYBOOK_POLICY = cspHeader(STORYBOOK_CONTENT_SECURITY_POLICY);

/** Registered with prefix '/storybook'. Not wrapped in fastify-plugin: its hooks must stay inside this prefix. */
export async function storybookPlugin(app: FastifyInstance, { storybookDir }: { storybookDir: string }) {
  // The site-wide headers are already on the raw response (security-headers.ts's hooks run first): this replaces the CSP.
  app.addHook('onRequest', async (_request, reply) => {
    reply.raw.setHeader('content-security-policy', STORYBOOK_POLICY);
    // A design review tool, not pages for search results (robots.txt disallows it too: decision 016).
    reply.header(...NOINDEX_HEADER);
  });

  // Until there is a built Storybook, every page of it answers what is happening instead.
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const state = storybookState(storybookDir);
    if (state.kind === 'built') return;
    reply.header('cache-control', 'no-store');
    if (state.kind === 'building') {
      // 503 + Retry-After: not there yet, but soon (decision 034); the page reloads itself for people.
      return reply
        .code(503)
        .header('retry-after', String(STORYBOOK_RETRY_SECONDS))
        .type('text/html; charset=utf-8')
        .send(STORYBOOK_BUILDING_PAGE);
    }
    const message = state.kind === 'failed' ? STORYBOOK_MESSAGES.buildFailed(state.log) : STORYBOOK_MESSAGES.notBuilt;
    return reply.code(404).type('text/plain; charset=utf-8').send(message);
  });

  // Relative asset paths in Storybook's pages only resolve under the slash.
  app.get('', async (_request, reply) => reply.redirect('/storybook/', 301));

  await app.register(fastifyStatic, {
    root: storybookDir,
    // It may not exist yet: `npm start` builds it after the server is up.
    suppressWarning: true,
    prefix: '/',
    index: ['index.html'],
    dotfiles: 'ignore',
    // A second @fastify/static in the app: the site's registration owns reply.sendFile.
    decorateReply: false,
    cacheControl: false,
    setHeaders(reply) {
      // A rebuilt Storybook is seen at once; its files are small and served on a local network or to a few designers.
      reply.header('cache-control', 'no-cache');
    },
  });
}
