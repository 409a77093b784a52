import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { readIfExists, writeWhole } from '../storage/local-files.js';
import type { S3Objects } from '../storage/s3-objects.js';

// Where uploaded Form 10BE certificates are kept: DATA_DIR/certificates/<year>/<PAN>-<random>.pdf, or with STORAGE_URL
// the bucket's certificates/<year>/<PAN>-<random>.pdf (decision 039). Private files (a donor's PAN, name, address and
// gift), so never under uploads/, which is served to anyone; the app's FileStorage is for public pictures only. Each upload writes new names (a replaced certificate's old file is removed
// only after the database has the new one), so a failed upload never leaves a row pointing at a changed file.

/** The storage key: year and PAN as validated, and a random part. The only keys read() and remove() act on. */
const KEY = /^(\d{4}-\d{2})\/([A-Z]{5}[0-9]{4}[A-Z])-([0-9a-f]{24})\.pdf$/;

export function certificatesDir(dataDir: string): string {
  return path.join(dataDir, 'certificates');
}

/** A new storage key for a certificate of `year` for `pan`. */
function newKey(year: string, pan: string): string {
  const key = `${year}/${pan}-${randomBytes(12).toString('hex')}.pdf`;
  if (!KEY.test(key)) throw new Error(`Invalid certificate key ${JSON.stringify(key)}.`);
  return key;
}

/** Where certificates are kept: the disk (CertificateFiles) or the bucket (S3CertificateFiles). */
export interface CertificateStore {
  /** Writes a certificate under a new key, whole or not at all; answers the key. */
  save(year: string, pan: string, data: Uint8Array): Promise<string>;
  /** The file's bytes, or null when the key is not one of ours or the file is gone. */
  read(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
}

export class S3CertificateFiles implements CertificateStore {
  constructor(private readonly objects: S3Objects) {}

  async save(year: string, pan: string, data: Uint8Array): Promise<string> {
    const key = newKey(year, pan);
    await this.objects.put(`certificates/${key}`, data, 'application/pdf');
    return key;
  }

  async read(key: string): Promise<Buffer | null> {
    return KEY.test(key) ? this.objects.get(`certificates/${key}`) : null;
  }

  async remove(key: string): Promise<void> {
    if (KEY.test(key)) await this.objects.delete(`certificates/${key}`);
  }
}

export class CertificateFiles implements CertificateStore {
  constructor(private readonly dir: string) {}

  private pathOf(key: string): string | null {
    return KEY.test(key) ? path.join(this.dir, ...key.split('/')) : null;
  }

  /** Writes a certificate under a new key (via a temporary name and a rename: never half a file at a key). */
  async save(year: string, pan: string, data: Uint8Array): Promise<string> {
    const key = newKey(year, pan);
    const file = this.pathOf(key);
    if (!file) throw new Error(`Invalid certificate key ${JSON.stringify(key)}.`);
    await writeWhole(file, data);
    return key;
  }

  /** The file's bytes, or null when the key is not one of ours or the file is gone. */
  async read(key: string): Promise<Buffer | null> {
    const file = this.pathOf(key);
    return file ? readIfExists(file) : null;
  }

  async remove(key: string): Promise<void> {
    const file = this.pathOf(key);
    if (file) await rm(file, { force: true });
  }
}
