import { KeyedFileStorage } from './storage.js';
import type { S3Objects } from './s3-objects.js';

// Uploaded pictures in an S3-compatible bucket (STORAGE_URL; decision 039), under the keys the local disk uses
// (uploads/<area>/<file>), so `npm run storage -- copy-local` is a straight copy. A PUT is atomic in S3: an object is
// there whole or not at all, as the disk's rename gives.

const CONTENT_TYPES: Record<string, string> = { webp: 'image/webp', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', avif: 'image/avif' };

export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';
}

export class S3FileStorage extends KeyedFileStorage {
  constructor(readonly objects: S3Objects) {
    super();
  }

  protected writeKey(key: string, data: Buffer): Promise<void> {
    return this.objects.put(key, data, contentTypeOf(key));
  }

  protected readKey(key: string): Promise<Buffer | null> {
    return this.objects.get(key);
  }

  protected deleteKey(key: string): Promise<void> {
    return this.objects.delete(key);
  }
}
