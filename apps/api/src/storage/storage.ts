import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { readIfExists, writeWhole } from './local-files.js';

/** The folders uploads are kept in; each is served under /uploads/<area>/. */
export const UPLOAD_AREAS = ['campaigns', 'events'] as const;
export type UploadArea = (typeof UPLOAD_AREAS)[number];

export interface StoredFile {
  /** Server-relative URL the site shows, e.g. /uploads/campaigns/3f9a….webp */
  url: string;
}

/** One file of a group: the sizes of one picture share a random name and differ by suffix (…-400.webp). */
export interface GroupFile {
  /** Digits only, e.g. '400'. */
  suffix: string;
  data: Buffer;
}

/**
 * Where uploaded files live: the local disk under DATA_DIR/uploads (the default), or an S3-compatible bucket
 * (STORAGE_URL: s3-storage.ts, decision 039), under the same names. Names are always chosen here (random), never
 * taken from the client.
 */
export interface FileStorage {
  save(area: UploadArea, data: Buffer, extension: 'webp'): Promise<StoredFile>;
  /**
   * Saves several files under one new random name, `<name>-<suffix>.<extension>`, all or nothing: if one
   * cannot be written, those already written are removed before the error is thrown. URLs in input order.
   */
  saveGroup(area: UploadArea, files: readonly GroupFile[], extension: 'webp'): Promise<StoredFile[]>;
  /** Removes a file saved earlier, given its URL. Unknown or foreign URLs are ignored (nothing outside the uploads). */
  remove(url: string): Promise<void>;
  /** The bytes of a file saved earlier, given its URL; null for a URL this storage did not make, or a file gone. */
  read(url: string): Promise<Buffer | null>;
}

// What save() and saveGroup() produce: the only URLs remove() and read() will ever act on.
const STORED_URL = /^\/uploads\/(campaigns|events)\/([0-9a-f]{16,64}(?:-\d{1,5})?)\.(webp|png|jpe?g|gif|avif)$/;

/** The key of a stored URL, the same on every storage: `uploads/<area>/<file>` (the URL without its first slash). */
export function storedKey(url: string): string | null {
  const match = STORED_URL.exec(url);
  return match ? `uploads/${match[1]}/${match[2]}.${match[3]}` : null;
}

/** The naming rules once; the storages differ only in how a key's bytes are written, read and deleted. */
export abstract class KeyedFileStorage implements FileStorage {
  /** Writes `data` at `key` whole or not at all (never half a file at a key). */
  protected abstract writeKey(key: string, data: Buffer): Promise<void>;
  protected abstract readKey(key: string): Promise<Buffer | null>;
  protected abstract deleteKey(key: string): Promise<void>;

  private async write(area: UploadArea, name: string, data: Buffer): Promise<StoredFile> {
    await this.writeKey(`uploads/${area}/${name}`, data);
    return { url: `/uploads/${area}/${name}` };
  }

  async save(area: UploadArea, data: Buffer, extension: 'webp'): Promise<StoredFile> {
    return this.write(area, `${randomBytes(12).toString('hex')}.${extension}`, data);
  }

  async saveGroup(area: UploadArea, files: readonly GroupFile[], extension: 'webp'): Promise<StoredFile[]> {
    const base = randomBytes(12).toString('hex');
    const stored: StoredFile[] = [];
    try {
      for (const file of files) {
        if (!/^\d{1,5}$/.test(file.suffix)) throw new Error(`Invalid file suffix ${JSON.stringify(file.suffix)}.`);
        stored.push(await this.write(area, `${base}-${file.suffix}.${extension}`, file.data));
      }
    } catch (error) {
      await Promise.all(stored.map((file) => this.remove(file.url)));
      throw error;
    }
    return stored;
  }

  async remove(url: string): Promise<void> {
    const key = storedKey(url);
    if (key) await this.deleteKey(key);
  }

  async read(url: string): Promise<Buffer | null> {
    const key = storedKey(url);
    return key ? this.readKey(key) : null;
  }
}

export class LocalDiskStorage extends KeyedFileStorage {
  /** `uploadsDir` is DATA_DIR/uploads: keys (uploads/…) are relative to its parent. */
  constructor(private readonly uploadsDir: string) {
    super();
  }

  private fileOf(key: string): string {
    return path.join(this.uploadsDir, key.replace(/^uploads\//, ''));
  }

  protected writeKey(key: string, data: Buffer): Promise<void> {
    return writeWhole(this.fileOf(key), data);
  }

  protected readKey(key: string): Promise<Buffer | null> {
    return readIfExists(this.fileOf(key));
  }

  protected async deleteKey(key: string): Promise<void> {
    await rm(this.fileOf(key), { force: true });
  }

  /** The file on disk behind a URL (tests and tools); null for URLs this storage did not make. */
  pathOf(url: string): string | null {
    const key = storedKey(url);
    return key ? this.fileOf(key) : null;
  }
}
