import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

// The local disk's two rules, for the pictures (storage.ts) and the certificates (tax-year/certificate-files.ts).

/**
 * Writes `data` at `file` whole or not at all: under a dot-name beside it (never served: dotfiles are ignored, and
 * the copy command skips them) renamed into place, so a crash or a full disk mid-write never leaves half a file.
 */
export async function writeWhole(file: string, data: Uint8Array): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.partial`);
  try {
    await writeFile(temporary, data);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** The file's bytes, or null when there is no such file. */
export async function readIfExists(file: string): Promise<Buffer | null> {
  try {
    return await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
