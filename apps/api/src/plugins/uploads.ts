import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

// Only image types are ever served from uploads; SVG is left out on purpose (it can carry script).
const SERVABLE = /\.(webp|png|jpe?g|gif|avif)$/i;

/**
 * Files under DATA_DIR/uploads at /uploads/*. Uploaded files get random names and never change, so they
 * are cached for a year; a sandboxing CSP and nosniff make sure nothing in there can run as a page or script.
 * Registered encapsulated (not fastify-plugin) so its onRequest hook touches only these responses.
 */
export async function uploadsPlugin(app: FastifyInstance, { uploadsDir }: { uploadsDir: string }) {
  mkdirSync(uploadsDir, { recursive: true });
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('content-security-policy', "default-src 'none'; img-src 'self'; sandbox");
  });
  await app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    dotfiles: 'ignore',
    allowedPath: (pathName) => SERVABLE.test(pathName),
    cacheControl: false,
    setHeaders(reply) {
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      reply.header('x-content-type-options', 'nosniff');
    },
  });
}
