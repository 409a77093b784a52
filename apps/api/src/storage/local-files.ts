import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
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

/**
 * Every file under `root/key`, as its path and its key (`key/…/name`, '/'-separated), in name order. Dot-names (a
 * write cut short by writeWhole) are left out; a missing folder has no files.
 */
export async function* filesUnder(root: string, key: string): AsyncGenerator<{ file: string; key: string }> {
  let entries;
  try {
    entries = await readdir(path.join(root, key), { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.name.startsWith('.')) continue;
    const child = `${key}/${entry.name}`;
    if (entry.isDirectory()) yield* filesUnder(root, child);
    else if (entry.isFile()) yield { file: path.join(root, child), key: child };
  }
}
