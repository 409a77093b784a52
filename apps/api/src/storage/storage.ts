import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** The folders uploads are kept in; each is served under /uploads/<area>/. */
export const UPLOAD_AREAS = ['campaigns', 'events'] as const;
export type UploadArea = (typeof UPLOAD_AREAS)[number];

export interface StoredFile {
  /** Server-relative URL the site shows, e.g. /uploads/campaigns/3f9a….webp */
  url: string;
}

/**
 * Where uploaded files live. Local disk under DATA_DIR/uploads now; an S3-compatible implementation can come
 * later behind the same two calls. Names are always chosen here (random), never taken from the client.
 */
export interface FileStorage {
  save(area: UploadArea, data: Buffer, extension: 'webp'): Promise<StoredFile>;
  /** Removes a file saved earlier, given its URL. Unknown or foreign URLs are ignored (nothing outside the uploads). */
  remove(url: string): Promise<void>;
}

// What save() produces: the only URLs remove() will ever act on.
const STORED_URL = /^\/uploads\/(campaigns|events)\/([0-9a-f]{16,64})\.(webp|png|jpe?g|gif|avif)$/;

export class LocalDiskStorage implements FileStorage {
  constructor(private readonly uploadsDir: string) {}

  async save(area: UploadArea, data: Buffer, extension: 'webp'): Promise<StoredFile> {
    const name = `${randomBytes(12).toString('hex')}.${extension}`;
    const dir = path.join(this.uploadsDir, area);
    await mkdir(dir, { recursive: true });
    // Written under a dot-name (never served: dotfiles are ignored) and renamed into place, so a crash or a
    // full disk mid-write never leaves a half-written picture at a URL.
    const temporary = path.join(dir, `.${name}.partial`);
    try {
      await writeFile(temporary, data);
      await rename(temporary, path.join(dir, name));
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    return { url: `/uploads/${area}/${name}` };
  }

  async remove(url: string): Promise<void> {
    const match = STORED_URL.exec(url);
    if (!match) return;
    await rm(path.join(this.uploadsDir, match[1]!, `${match[2]}.${match[3]}`), { force: true });
  }

  /** The file on disk behind a URL (tests and tools); null for URLs this storage did not make. */
  pathOf(url: string): string | null {
    const match = STORED_URL.exec(url);
    return match ? path.join(this.uploadsDir, match[1]!, `${match[2]}.${match[3]}`) : null;
  }
}
