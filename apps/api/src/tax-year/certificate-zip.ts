import { megabytes } from '../storage/limits.js';
import { unzipSync } from 'fflate';

// Opening the ZIP of Form 10BE certificates staff download from the income-tax portal. The archive comes from staff,
// but it is still a file from outside: a ZIP can declare gigabytes that a few kilobytes inflate to, hold thousands
// of entries, or name paths outside any folder. Entries are checked from the central directory before anything is
// inflated (fflate calls the filter first), and an entry never inflates past the size it declares (fflate writes into
// a buffer of that size), so what is held in memory is bounded by the limits below.

export const CERTIFICATE_ZIP_LIMITS = {
  /** Entries in one archive: a charity's donors of a year, with room to spare. */
  entries: 5000,
  /** All entries inflated: a 10BE is tens of kilobytes; more than this is a bomb, not certificates. */
  totalBytes: megabytes(200),
} as const;

export type ZipRefusal = 'invalid' | 'empty';

export class ZipRefused extends Error {
  override readonly name = 'ZipRefused';
  constructor(readonly reason: ZipRefusal) {
    super(reason === 'empty' ? 'The ZIP holds no files.' : 'Not a usable ZIP archive.');
  }
}

export interface ZipEntry {
  /** The entry's path in the archive, as shown to staff. */
  name: string;
  /** Null for an entry that cannot be inflated (a compression method other than stored or deflate). */
  data: Uint8Array | null;
}

const LOCAL_HEADER = [0x50, 0x4b, 0x03, 0x04];
const EMPTY_ARCHIVE = [0x50, 0x4b, 0x05, 0x06];

function startsWith(data: Uint8Array, bytes: readonly number[]): boolean {
  return bytes.every((byte, i) => data[i] === byte);
}

/** Folders, and what macOS's archiver adds (__MACOSX/, ._ resource forks, .DS_Store): skipped without a word. */
function isClutter(name: string): boolean {
  const base = name.split('/').pop() ?? '';
  return name.endsWith('/') || name.startsWith('__MACOSX/') || base.startsWith('._') || base === '.DS_Store' || base === '';
}

/** '..' anywhere, an absolute path, a drive letter or a backslash: an archive no portal makes, refused whole. */
function isUnsafePath(name: string): boolean {
  return name.startsWith('/') || name.includes('\\') || /^[A-Za-z]:/.test(name) || name.split('/').includes('..') || name.includes('\u0000');
}

/**
 * The files of a ZIP archive, in the archive's order. Throws ZipRefused('invalid') for anything that is not a ZIP
 * (by its first bytes, then by its structure), one past the limits, or with an unsafe or repeated path; and
 * ZipRefused('empty') when it has no file at all.
 */
export function readCertificateZip(data: Uint8Array): ZipEntry[] {
  if (startsWith(data, EMPTY_ARCHIVE)) throw new ZipRefused('empty');
  if (!startsWith(data, LOCAL_HEADER)) throw new ZipRefused('invalid');
  const order: Array<{ name: string; inflatable: boolean }> = [];
  const seen = new Set<string>();
  let count = 0;
  let total = 0;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(data, {
      filter: (file) => {
        count += 1;
        total += file.originalSize;
        if (count > CERTIFICATE_ZIP_LIMITS.entries || total > CERTIFICATE_ZIP_LIMITS.totalBytes || isUnsafePath(file.name) || seen.has(file.name)) {
          throw new ZipRefused('invalid');
        }
        seen.add(file.name);
        if (isClutter(file.name)) return false;
        // A name that is the object's prototype key would be lost in fflate's result: never a certificate's name.
        const inflatable = (file.compression === 0 || file.compression === 8) && file.name !== '__proto__';
        order.push({ name: file.name, inflatable });
        return inflatable;
      },
    });
  } catch (error) {
    if (error instanceof ZipRefused) throw error;
    // fflate's own errors (no end of central directory, a corrupt deflate stream) say the archive is broken.
    throw new ZipRefused('invalid');
  }
  if (order.length === 0) throw new ZipRefused('empty');
  return order.map(({ name, inflatable }) => ({ name, data: inflatable ? (files[name] ?? null) : null }));
}
