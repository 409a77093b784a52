import multipart from '@fastify/multipart';
import fp from 'fastify-plugin';
import { megabytes, UPLOAD_LIMITS } from '../storage/limits.js';
import { LocalDiskStorage, type FileStorage } from '../storage/storage.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploaded files are kept (local disk under DATA_DIR/uploads unless another storage is given). */
    storage: FileStorage;
  }
}

/**
 * File uploads: the multipart parser with the project's limits (UPLOAD_MAX_MB a file, 5 MB by default;
 * 10 files a request; beyond that 413) and the storage uploaded pictures are written to. Routes read parts
 * themselves (request.parts()), so nothing is buffered before a route has decided it wants it.
 */
export const storagePlugin = fp<{ uploadsDir: string; maxFileMb: number; storage?: FileStorage }>(
  async (app, { uploadsDir, maxFileMb, storage }) => {
    app.decorate('storage', storage ?? new LocalDiskStorage(uploadsDir));
    await app.register(multipart, {
      limits: {
        fileSize: megabytes(maxFileMb),
        files: UPLOAD_LIMITS.files,
        fields: 50,
        fieldSize: 100 * 1024,
        parts: 100,
        headerPairs: 200,
      },
      throwFileSizeLimit: true,
    });
  },
  { name: 'storage' },
);
