import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import * as tar from 'tar-stream';
import { BACKUP_COUNT_NAMES, type BackupCounts } from './database-facts.js';
import { isStoredFileKey } from './stored-files.js';

// One backup is one tar file (docs/decisions/042-backups.md): the database part first, then every stored file under
// files/<key>, then manifest.json, written last so that an archive cut short has no manifest and is refused. The
// manifest names every part with its size and SHA-256; a restore reads the whole archive and checks each of them
// before it changes anything. Plain tar (no outer gzip): the database part is compressed on its own and the photos
// are WebP already, so compressing again would cost time for nothing.

export const ARCHIVE_FORMAT = 'charity-site-backup';
export const ARCHIVE_FORMAT_VERSION = 1;
export const MANIFEST_NAME = 'manifest.json';
export const DATABASE_PARTS = { pglite: 'database/pglite-data.tar.gz', postgres: 'database/postgres.dump' } as const;
export const FILES_PREFIX = 'files/';

export type DatabaseKindInArchive = keyof typeof DATABASE_PARTS;

export interface ArchivePart {
  name: string;
  bytes: number;
  sha256: string;
}

export interface BackupManifest {
  format: typeof ARCHIVE_FORMAT;
  formatVersion: number;
  /** apps/api's version when the archive was made. */
  productVersion: string;
  createdAt: string;
  database: {
    kind: DatabaseKindInArchive;
    part: string;
    /** The migrations applied to it: how many, and the newest one's tag (apps/api/drizzle). */
    migrations: { count: number; latest: string | null };
    /** PostgreSQL's version that wrote it (PGlite's own for the embedded database). */
    serverVersion: string;
  };
  /** Where the stored files came from. */
  storage: 'local' | 's3';
  counts: BackupCounts;
  /** The database part first, then the stored files (files/<key>) in key order. */
  parts: ArchivePart[];
}

/** A refusal a person can act on: printed as its sentence, with exit code 1, and nothing changed. */
export class BackupRefused extends Error {
  override readonly name = 'BackupRefused';
}

export type PartSource = { buffer: Buffer } | { file: string };

/**
 * Writes an archive under `<file>.partial` beside the target, renamed into place only when complete and flushed to
 * disk, so `<file>` is either a whole archive or absent (an older archive of the same name stays until then).
 */
export class ArchiveWriter {
  private readonly pack = tar.pack();
  private readonly parts: ArchivePart[] = [];
  private readonly written: Promise<void>;
  private readonly partial: string;

  private constructor(readonly file: string) {
    this.partial = path.join(path.dirname(file), `.${path.basename(file)}.partial`);
    this.written = pipeline(this.pack, createWriteStream(this.partial, { mode: 0o600 }));
    // Until finish() awaits it, a failed write must not be an unhandled rejection.
    this.written.catch(() => {});
  }

  static async create(file: string): Promise<ArchiveWriter> {
    const directory = path.dirname(path.resolve(file));
    const info = await stat(directory).catch(() => null);
    if (!info?.isDirectory()) throw new BackupRefused(`Cannot write the archive ${file}: the folder ${directory} does not exist.`);
    return new ArchiveWriter(path.resolve(file));
  }

  /** Adds one part; its size and checksum go into the manifest. */
  async add(name: string, source: PartSource): Promise<ArchivePart> {
    const hash = createHash('sha256');
    let bytes: number;
    if ('buffer' in source) {
      bytes = source.buffer.length;
      hash.update(source.buffer);
      await new Promise<void>((resolve, reject) => this.pack.entry(this.header(name, bytes), source.buffer, (error) => (error ? reject(error) : resolve())));
    } else {
      bytes = (await stat(source.file)).size;
      let sent = 0;
      const done = new Promise<void>((resolve, reject) => {
        const sink = this.pack.entry(this.header(name, bytes), (error) => (error ? reject(error) : resolve()));
        void (async () => {
          try {
            for await (const chunk of createReadStream(source.file) as AsyncIterable<Buffer>) {
              sent += chunk.length;
              if (sent > bytes) throw new Error(`${source.file} grew while it was being archived.`);
              hash.update(chunk);
              if (!sink.write(chunk)) await once(sink as unknown as NodeJS.EventEmitter, 'drain');
            }
            sink.end(undefined);
          } catch (error) {
            sink.destroy(error as Error);
            reject(error);
          }
        })();
      });
      await done;
    }
    const part = { name, bytes, sha256: hash.digest('hex') };
    this.parts.push(part);
    return part;
  }

  /** Writes the manifest (with every part added so far), closes the tar and renames it into place. */
  async finish(manifest: Omit<BackupManifest, 'parts'>): Promise<{ manifest: BackupManifest; bytes: number }> {
    const whole: BackupManifest = { ...manifest, parts: this.parts };
    const json = Buffer.from(`${JSON.stringify(whole, null, 2)}\n`);
    await new Promise<void>((resolve, reject) => this.pack.entry(this.header(MANIFEST_NAME, json.length), json, (error) => (error ? reject(error) : resolve())));
    this.pack.finalize();
    await this.written;
    const handle = await open(this.partial, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(this.partial, this.file);
    return { manifest: whole, bytes: (await stat(this.file)).size };
  }

  /** Drops what was written: no partial archive stays behind. */
  async abort(): Promise<void> {
    this.pack.destroy();
    await this.written.catch(() => {});
    await rm(this.partial, { force: true });
  }

  private header(name: string, size: number): Parameters<tar.Pack['entry']>[0] {
    return { name, size, mode: 0o600, mtime: new Date(), type: 'file' };
  }
}

/** What a whole read of an archive found: its manifest, checked against every part. */
export interface CheckedArchive {
  manifest: BackupManifest;
  bytes: number;
}

/**
 * Reads the archive from end to end and checks it: a tar, every entry named in the manifest with its size and
 * checksum, the manifest last, nothing missing or extra. Throws BackupRefused naming what is wrong. `onEntry` sees each
 * part's bytes as they are read (a restore's second pass writes them out; the first pass only checks).
 */
export async function readArchive(
  file: string,
  onEntry?: (name: string, chunks: AsyncIterable<Buffer>) => Promise<void>,
): Promise<CheckedArchive> {
  const info = await stat(file).catch(() => null);
  if (!info) throw new BackupRefused(`There is no file ${file}.`);
  if (!info.isFile()) throw new BackupRefused(`${file} is not a file.`);
  const seen: ArchivePart[] = [];
  let manifestText: string | null = null;
  const extract = tar.extract();
  const input = createReadStream(file);
  input.on('error', (error) => extract.destroy(error));
  input.pipe(extract as unknown as NodeJS.WritableStream);
  try {
    for await (const entry of extract) {
      const name = entry.header.name;
      if (manifestText !== null) throw new BackupRefused(`${file} is damaged: it has ${name} after its manifest.`);
      if (entry.header.type !== 'file') throw new BackupRefused(`${file} is not a backup archive made by npm run backup (it holds ${entry.header.type} ${name}).`);
      if (name === MANIFEST_NAME) {
        const chunks: Buffer[] = [];
        for await (const chunk of entry as AsyncIterable<Buffer>) chunks.push(chunk);
        manifestText = Buffer.concat(chunks).toString('utf8');
        continue;
      }
      if (!isPartName(name)) throw new BackupRefused(`${file} is not a backup archive made by npm run backup (it holds ${name}).`);
      const hash = createHash('sha256');
      let bytes = 0;
      const counted = (async function* () {
        for await (const chunk of entry as AsyncIterable<Buffer>) {
          hash.update(chunk);
          bytes += chunk.length;
          yield chunk;
        }
      })();
      if (onEntry) await onEntry(name, counted);
      // Whatever onEntry left unread is read (and counted) here.
      for await (const chunk of counted) void chunk;
      seen.push({ name, bytes, sha256: hash.digest('hex') });
    }
  } catch (error) {
    input.destroy();
    if (error instanceof BackupRefused) throw error;
    throw describeTarError(file, error, seen.length > 0 || manifestText !== null);
  }
  if (manifestText === null) {
    if (seen.length === 0) throw new BackupRefused(`${file} is not a backup archive made by npm run backup.`);
    throw new BackupRefused(`${file} is incomplete: it has no manifest (a backup cut short, or a file copied before it was finished).`);
  }
  const manifest = parseManifest(file, manifestText);
  compareParts(file, manifest.parts, seen);
  return { manifest, bytes: info.size };
}

function isPartName(name: string): boolean {
  return (Object.values(DATABASE_PARTS) as string[]).includes(name) || (name.startsWith(FILES_PREFIX) && isStoredFileKey(name.slice(FILES_PREFIX.length)));
}

function describeTarError(file: string, error: unknown, readSomething: boolean): BackupRefused {
  const message = error instanceof Error ? error.message : String(error);
  if (/unexpected end/i.test(message)) return new BackupRefused(`${file} is incomplete: it ends in the middle of a part (cut short while it was written or copied).`);
  if (!readSomething) return new BackupRefused(`${file} is not a backup archive made by npm run backup.`);
  return new BackupRefused(`${file} is damaged: ${message}.`);
}

function compareParts(file: string, expected: ArchivePart[], seen: ArchivePart[]): void {
  const found = new Map(seen.map((part) => [part.name, part]));
  const missing = expected.filter((part) => !found.has(part.name));
  if (missing.length > 0) {
    throw new BackupRefused(`${file} is incomplete: ${missing.length} of its ${expected.length} parts are missing (first: ${missing[0]!.name}).`);
  }
  const listed = new Set(expected.map((part) => part.name));
  const extra = seen.find((part) => !listed.has(part.name));
  if (extra) throw new BackupRefused(`${file} is damaged: it holds ${extra.name}, which its manifest does not list.`);
  for (const part of expected) {
    const actual = found.get(part.name)!;
    if (actual.bytes !== part.bytes || actual.sha256 !== part.sha256) {
      throw new BackupRefused(`${file} is damaged: ${part.name} does not match its checksum in the manifest.`);
    }
  }
}

function parseManifest(file: string, text: string): BackupManifest {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new BackupRefused(`${file} is damaged: its manifest is not valid JSON.`);
  }
  const m = value as Partial<BackupManifest> | null;
  if (!m || typeof m !== 'object' || m.format !== ARCHIVE_FORMAT) throw new BackupRefused(`${file} is not a backup archive made by npm run backup.`);
  if (typeof m.formatVersion !== 'number' || m.formatVersion > ARCHIVE_FORMAT_VERSION) {
    throw new BackupRefused(`${file} was made by a newer version of the product (archive format ${String(m.formatVersion)}); update the product before restoring it.`);
  }
  const database = m.database;
  const valid =
    typeof m.productVersion === 'string' &&
    typeof m.createdAt === 'string' &&
    !Number.isNaN(Date.parse(m.createdAt)) &&
    (m.storage === 'local' || m.storage === 's3') &&
    !!database &&
    (database.kind === 'pglite' || database.kind === 'postgres') &&
    database.part === DATABASE_PARTS[database.kind] &&
    typeof database.serverVersion === 'string' &&
    !!database.migrations &&
    Number.isInteger(database.migrations.count) &&
    (database.migrations.latest === null || typeof database.migrations.latest === 'string') &&
    !!m.counts &&
    BACKUP_COUNT_NAMES.every((name) => Number.isInteger((m.counts as Record<string, unknown>)[name])) &&
    Array.isArray(m.parts) &&
    m.parts.every((part) => part && typeof part.name === 'string' && Number.isInteger(part.bytes) && typeof part.sha256 === 'string') &&
    m.parts.some((part) => part.name === database.part);
  if (!valid) throw new BackupRefused(`${file} is damaged: its manifest is missing or has wrong fields.`);
  return m as BackupManifest;
}

/** The bytes of an entry, whole (stored files: a photo or a certificate at a time). */
export async function collect(chunks: AsyncIterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts);
}

/** Writes an entry's bytes to `file` (the database part, which may be large). */
export async function writeChunksTo(chunks: AsyncIterable<Buffer>, file: string): Promise<void> {
  await pipeline(chunks, createWriteStream(file, { mode: 0o600 }));
}
