import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.js';
import { certificatesDir } from '../tax-year/certificate-files.js';
import { filesUnder } from './local-files.js';
import { S3Objects } from './s3-objects.js';
import { contentTypeOf } from './s3-storage.js';
import { UPLOAD_AREAS } from './storage.js';

// `npm run storage -- copy-local` (decision 039): a site moving from the local disk to a bucket copies DATA_DIR's
// uploads/<area>/ and certificates/ into it under the same keys, so every URL and storage key in the database stays
// valid. Safe to run again: an object already in the bucket with the same size is skipped. Temporary files (a write
// cut short: dot-names) are left behind.

export interface CopyResult {
  copied: number;
  skipped: number;
  failed: { key: string; reason: string }[];
}

export class CopyRefused extends Error {
  override readonly name = 'CopyRefused';
}

export async function copyLocalFiles(config: Pick<Config, 'dataDir' | 'uploadsDir' | 'storage'>, print: (line: string) => void = () => {}): Promise<CopyResult> {
  if (config.storage.kind !== 's3') {
    throw new CopyRefused('STORAGE_URL is not set: there is no bucket to copy to. Set STORAGE_URL (and the AWS keys) as .env.example shows, then run this again.');
  }
  const objects = await S3Objects.open(config.storage);
  const result: CopyResult = { copied: 0, skipped: 0, failed: [] };
  const sources = [
    ...UPLOAD_AREAS.map((area) => ({ root: path.dirname(config.uploadsDir), key: `${path.basename(config.uploadsDir)}/${area}` })),
    { root: path.dirname(certificatesDir(config.dataDir)), key: path.basename(certificatesDir(config.dataDir)) },
  ];
  try {
    for (const source of sources) {
      for await (const { file, key: relative } of filesUnder(source.root, source.key)) {
        // uploads/… and certificates/…: the keys the storages use (DATA_DIR/uploads is always named uploads).
        const key = relative.replace(/^[^/]+/, relative.startsWith('certificates') ? 'certificates' : 'uploads');
        try {
          const size = (await stat(file)).size;
          if ((await objects.size(key)) === size) {
            result.skipped += 1;
            continue;
          }
          await objects.put(key, await readFile(file), key.startsWith('certificates/') ? 'application/pdf' : contentTypeOf(key));
          result.copied += 1;
          print(`copied ${key}`);
        } catch (error) {
          result.failed.push({ key, reason: error instanceof Error ? error.message : String(error) });
        }
      }
    }
  } finally {
    objects.close();
  }
  return result;
}
