import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cspHeader } from './embed.js';
import { NOINDEX_HEADER } from './site.js';

// The static Storybook (`npm run build-storybook` → storybook-static/, or STORYBOOK_DIR) at /storybook/, so
// designers review every state of the UI library from the same host as the site.

export const STORYBOOK_MESSAGES = {
  notBuilt: 'Storybook is not built. Run `npm run build-storybook` in the project folder, then reload this page.',
} as const;

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

/** Registered with prefix '/storybook'. Not wrapped in fastify-plugin: its hook must stay inside this prefix. */
export async function storybookPlugin(app: FastifyInstance, { storybookDir }: { storybookDir: string }) {
  // Checked at start: building Storybook while the server runs needs a restart to be served (it is a build step).
  if (!existsSync(storybookDir)) {
    const notBuilt = async (_request: FastifyRequest, reply: FastifyReply) =>
      reply.code(404).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(STORYBOOK_MESSAGES.notBuilt);
    app.get('', notBuilt);
    app.get('/*', notBuilt);
    return;
  }

  // The site-wide headers are already on the raw response (security-headers.ts's hooks run first): this replaces the CSP.
  app.addHook('onRequest', async (_request, reply) => {
    reply.raw.setHeader('content-security-policy', STORYBOOK_POLICY);
    // A design review tool, not pages for search results (robots.txt disallows it too: decision 016).
    reply.header(...NOINDEX_HEADER);
  });

  // Relative asset paths in Storybook's pages only resolve under the slash.
  app.get('', async (_request, reply) => reply.redirect('/storybook/', 301));

  await app.register(fastifyStatic, {
    root: storybookDir,
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
