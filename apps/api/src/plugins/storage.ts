import multipart from '@fastify/multipart';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { megabytes, UPLOAD_LIMITS } from '../storage/limits.js';
import { openStorage } from '../storage/open-storage.js';
import type { FileStorage } from '../storage/storage.js';
import type { CertificateStore } from '../tax-year/certificate-files.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploaded pictures are kept: DATA_DIR/uploads, or the bucket STORAGE_URL names (decision 039). */
    storage: FileStorage;
    /** Where Form 10BE certificates are kept (private: never served as files), on the same storage. */
    certificateFiles: CertificateStore;
  }
}

/**
 * File uploads: the multipart parser with the project's limits (UPLOAD_MAX_MB a file, 5 MB by default;
 * 10 files a request; beyond that 413) and the storage uploaded pictures are written to. Routes read parts
 * themselves (request.parts()), so nothing is buffered before a route has decided it wants it.
 */
export const storagePlugin = fp<{ config: Pick<Config, 'uploadsDir' | 'dataDir' | 'storage' | 'uploadMaxMb'>; storage?: FileStorage }>(
  async (app, { config, storage }) => {
    const opened = await openStorage(config);
    app.decorate('storage', storage ?? opened.files);
    app.decorate('certificateFiles', opened.certificates);
    app.addHook('onClose', async () => opened.close());
    await app.register(multipart, {
      limits: {
        fileSize: megabytes(config.uploadMaxMb),
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
