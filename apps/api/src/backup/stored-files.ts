import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.js';
import { filesUnder, readIfExists, writeWhole } from '../storage/local-files.js';
import { S3Objects } from '../storage/s3-objects.js';
import { contentTypeOf } from '../storage/s3-storage.js';

// The stored files a backup holds and a restore puts back (docs/decisions/042-backups.md): the photos
// (`uploads/<area>/…`) and the Form 10BE certificates (`certificates/<year>/…`), by the keys both storages use
// (decision 039), from DATA_DIR or from the bucket STORAGE_URL names. Receipts, refund notes and statements are not
// files: they are drawn from the database's rows each time they are asked for, so the database part brings them back.

/** The top folders of the keys a backup holds. */
export const STORED_FILE_ROOTS = ['uploads', 'certificates'] as const;

export interface StoredFileEntry {
  key: string;
  size: number;
}

export interface StoredFiles {
  /** Where they are, for messages: "DATA_DIR (/srv/charity/data)" or "the bucket s3://photos/site/". */
  readonly description: string;
  /** Every stored file, in key order. */
  list(): Promise<StoredFileEntry[]>;
  /** The bytes at `key`, or null when the file went away since it was listed. */
  get(key: string): Promise<Buffer | null>;
  /** Writes `data` at `key`, whole or not at all. */
  put(key: string, data: Buffer): Promise<void>;
  close(): void;
}

/** The keys a backup may hold: `uploads/…` or `certificates/…`, plain names only (no `..`, no dot-names). */
export function isStoredFileKey(key: string): boolean {
  const parts = key.split('/');
  return (
    parts.length >= 2 &&
    (STORED_FILE_ROOTS as readonly string[]).includes(parts[0]!) &&
    parts.every((part) => /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/.test(part) && part !== '..')
  );
}

class LocalStoredFiles implements StoredFiles {
  readonly description: string;
  constructor(private readonly dataDir: string) {
    this.description = `DATA_DIR (${dataDir})`;
  }

  async list(): Promise<StoredFileEntry[]> {
    const entries: StoredFileEntry[] = [];
    for (const root of STORED_FILE_ROOTS) {
      for await (const { file, key } of filesUnder(this.dataDir, root)) {
        if (!isStoredFileKey(key)) continue;
        try {
          entries.push({ key, size: (await stat(file)).size });
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error; // removed meanwhile: not there
        }
      }
    }
    return entries.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  get(key: string): Promise<Buffer | null> {
    return readIfExists(path.join(this.dataDir, key));
  }

  put(key: string, data: Buffer): Promise<void> {
    return writeWhole(path.join(this.dataDir, key), data);
  }

  close(): void {}
}

class BucketStoredFiles implements StoredFiles {
  readonly description: string;
  constructor(private readonly objects: S3Objects) {
    this.description = `the bucket s3://${objects.location.bucket}/${objects.location.prefix}`;
  }

  async list(): Promise<StoredFileEntry[]> {
    const entries: StoredFileEntry[] = [];
    for (const root of STORED_FILE_ROOTS) {
      for await (const object of this.objects.list(`${root}/`)) {
        if (isStoredFileKey(object.key)) entries.push(object);
      }
    }
    return entries.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  get(key: string): Promise<Buffer | null> {
    return this.objects.get(key);
  }

  put(key: string, data: Buffer): Promise<void> {
    return this.objects.put(key, data, key.startsWith('certificates/') ? 'application/pdf' : contentTypeOf(key));
  }

  close(): void {
    this.objects.close();
  }
}

/**
 * The stored files of the site these settings describe. `dataDir` overrides the settings' DATA_DIR (a restore writes
 * into a staging folder first and moves it into place).
 */
export async function openStoredFiles(config: Pick<Config, 'dataDir' | 'storage'>, dataDir = config.dataDir): Promise<StoredFiles> {
  if (config.storage.kind === 's3') return new BucketStoredFiles(await S3Objects.open(config.storage));
  return new LocalStoredFiles(dataDir);
}
