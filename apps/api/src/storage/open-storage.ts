import type { Config } from '../config.js';
import { CertificateFiles, certificatesDir, S3CertificateFiles, type CertificateStore } from '../tax-year/certificate-files.js';
import { S3Objects } from './s3-objects.js';
import { S3FileStorage } from './s3-storage.js';
import { LocalDiskStorage, type FileStorage } from './storage.js';

/** Where this process keeps files: public pictures and private certificates, on one storage (decision 039). */
export interface Storages {
  files: FileStorage;
  certificates: CertificateStore;
  /** The bucket's client when STORAGE_URL is set (the copy command, tests); null on the local disk. */
  objects: S3Objects | null;
  close(): void;
}

/** The storages STORAGE_URL names: the bucket, or DATA_DIR (uploads/ and certificates/) when it is not set. */
export async function openStorage(config: Pick<Config, 'uploadsDir' | 'dataDir'> & Partial<Pick<Config, 'storage'>>): Promise<Storages> {
  const location = config.storage ?? { kind: 'local' };
  if (location.kind === 'local') {
    return { files: new LocalDiskStorage(config.uploadsDir), certificates: new CertificateFiles(certificatesDir(config.dataDir)), objects: null, close() {} };
  }
  const objects = await S3Objects.open(location);
  return { files: new S3FileStorage(objects), certificates: new S3CertificateFiles(objects), objects, close: () => objects.close() };
}
