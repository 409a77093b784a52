import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '../config.js';
import { ARCHIVE_FORMAT, ARCHIVE_FORMAT_VERSION, ArchiveWriter, DATABASE_PARTS, FILES_PREFIX, type BackupManifest } from './archive.js';
import { openStoredFiles, type StoredFiles } from './stored-files.js';
import { siteDatabase } from './site-database.js';

// `npm run backup -- <file>` (docs/decisions/042-backups.md): one archive of the database and the stored files, made
// while the site serves. Order matters for consistency: the files first, then the database (a snapshot), then the
// files that appeared meanwhile. Every file a row of the snapshot names existed when the snapshot was taken, so it was
// copied in the first pass or is picked up in the second; a file that appeared after the snapshot is harmless extra.

export interface BackupSummary {
  file: string;
  bytes: number;
  manifest: BackupManifest;
  /** The whole backup, wall clock. */
  durationMs: number;
  /** PGlite only: how long the server's queries could wait (the copy of its data directory); null on PostgreSQL. */
  blockedMs: number | null;
  /** Why the archive could not be recorded for the dashboard (it is complete all the same); null when it was. */
  notRecorded: string | null;
}

/** apps/api's version, written into each manifest and compared on restore. */
export function productVersion(): string {
  for (const candidate of ['../package.json', '../../package.json']) {
    try {
      const json = JSON.parse(readFileSync(fileURLToPath(new URL(candidate, import.meta.url)), 'utf8')) as { name?: string; version?: string };
      if (json.name === '@charity/api' && json.version) return json.version;
    } catch {
      // try the next level (built: dist/server.js, dist/cli/backup.js; from source: src/backup/)
    }
  }
  throw new Error('apps/api/package.json was not found beside the program.');
}

async function copyFiles(writer: ArchiveWriter, files: StoredFiles, skip: ReadonlySet<string>): Promise<string[]> {
  const copied: string[] = [];
  for (const entry of await files.list()) {
    if (skip.has(entry.key)) continue;
    const data = await files.get(entry.key);
    if (data === null) continue; // removed since it was listed: no row of the snapshot can name it
    await writer.add(`${FILES_PREFIX}${entry.key}`, { buffer: data });
    copied.push(entry.key);
  }
  return copied;
}

export async function createBackup(config: Config, file: string, print: (line: string) => void = () => {}): Promise<BackupSummary> {
  const started = performance.now();
  const target = path.resolve(file);
  const writer = await ArchiveWriter.create(target);
  const databasePart = path.join(path.dirname(target), `.${path.basename(target)}.database.partial`);
  const files = await openStoredFiles(config);
  const database = siteDatabase(config);
  try {
    print(`Copying stored files from ${files.description}…`);
    const first = await copyFiles(writer, files, new Set());
    print(`Copying the ${database.kind === 'postgres' ? 'PostgreSQL' : 'embedded'} database…`);
    const facts = await database.dump(databasePart);
    await writer.add(DATABASE_PARTS[database.kind], { file: databasePart });
    const later = await copyFiles(writer, files, new Set(first));
    const createdAt = new Date().toISOString();
    const { manifest, bytes } = await writer.finish({
      format: ARCHIVE_FORMAT,
      formatVersion: ARCHIVE_FORMAT_VERSION,
      productVersion: productVersion(),
      createdAt,
      database: { kind: database.kind, part: DATABASE_PARTS[database.kind], migrations: facts.migrations, serverVersion: facts.serverVersion },
      storage: config.storage.kind,
      counts: { ...facts.counts, files: first.length + later.length },
    });
    const durationMs = Math.round(performance.now() - started);
    let notRecorded: string | null = null;
    try {
      await database.record({ madeAt: createdAt, archiveName: path.basename(target), archiveBytes: bytes, durationMs, counts: manifest.counts, source: 'backup' });
    } catch (error) {
      // The archive is whole and usable: say so, and why the dashboard will not show it, rather than call it failed.
      notRecorded = error instanceof Error ? error.message : String(error);
    }
    return { file: target, bytes, manifest, durationMs, blockedMs: facts.blockedMs === null ? null : Math.round(facts.blockedMs), notRecorded };
  } catch (error) {
    await writer.abort();
    throw error;
  } finally {
    await rm(databasePart, { force: true });
    files.close();
  }
}
