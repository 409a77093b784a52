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

/** One file of a group: the sizes of one picture share a random name and differ by suffix (…-400.webp). */
export interface GroupFile {
  /** Digits only, e.g. '400'. */
  suffix: string;
  data: Buffer;
}

/**
 * Where uploaded files live. Local disk under DATA_DIR/uploads now; an S3-compatible implementation can come
 * later behind the same calls. Names are always chosen here (random), never taken from the client.
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
}

// What save() and saveGroup() produce: the only URLs remove() will ever act on.
const STORED_URL = /^\/uploads\/(campaigns|events)\/([0-9a-f]{16,64}(?:-\d{1,5})?)\.(webp|png|jpe?g|gif|avif)$/;

export class LocalDiskStorage implements FileStorage {
  constructor(private readonly uploadsDir: string) {}

  private async write(area: UploadArea, name: string, data: Buffer): Promise<StoredFile> {
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
    const file = this.pathOf(url);
    if (file) await rm(file, { force: true });
  }

  /** The file on disk behind a URL (tests and tools); null for URLs this storage did not make. */
  pathOf(url: string): string | null {
    const match = STORED_URL.exec(url);
    return match ? path.join(this.uploadsDir, match[1]!, `${match[2]}.${match[3]}`) : null;
  }
}
