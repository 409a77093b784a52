import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { contentTypeOf } from '../storage/s3-storage.js';

// Only image types are ever served from uploads; SVG is left out on purpose (it can carry script).
const SERVABLE = /\.(webp|png|jpe?g|gif|avif)$/i;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Files under /uploads/*: from DATA_DIR/uploads, or with STORAGE_URL from the bucket, through this process
 * (decision 039: the same headers whichever storage holds them, and no bucket exposed to the public). Uploaded files
 * get random names and never change, so they are cached for a year; a sandboxing CSP and nosniff make sure nothing in
 * there can run as a page or script. Registered encapsulated (not fastify-plugin) so its onRequest hook touches only
 * these responses.
 */
export async function uploadsPlugin(app: FastifyInstance, { uploadsDir, fromStorage = false }: { uploadsDir: string; fromStorage?: boolean }) {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('content-security-policy', "default-src 'none'; img-src 'self'; sandbox");
  });
  if (fromStorage) {
    app.get<{ Params: { '*': string } }>('/uploads/*', { schema: { hide: true } }, async (request, reply) => {
      const url = `/uploads/${request.params['*']}`;
      // Anything the storage did not name (read() answers null for it) is not found, as a missing file is.
      const body = SERVABLE.test(url) ? await app.storage.read(url) : null;
      if (!body) return reply.callNotFound();
      // The file never changes under its name: its hash is a strong validator.
      const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
      reply.header('cache-control', IMMUTABLE).header('x-content-type-options', 'nosniff').header('etag', etag);
      if (request.headers['if-none-match']?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) return reply.code(304).send();
      return reply.type(contentTypeOf(url)).send(body);
    });
    return;
  }
  mkdirSync(uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    dotfiles: 'ignore',
    allowedPath: (pathName) => SERVABLE.test(pathName),
    cacheControl: false,
    setHeaders(reply) {
      reply.header('cache-control', IMMUTABLE);
      reply.header('x-content-type-options', 'nosniff');
    },
  });
}
