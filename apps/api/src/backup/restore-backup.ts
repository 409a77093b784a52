import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Config } from '../config.js';
import { lockDataDir, type DataDirLock } from '../db/lock.js';
import { migrateDatabase } from '../db/migrate.js';
import { openDatabase, describePostgresUrl, type DatabaseHandle } from '../db/open.js';
import * as schema from '../db/schema.js';
import { BackupRefused, collect, FILES_PREFIX, readArchive, writeChunksTo, type BackupManifest } from './archive.js';
import { recordBackupRun } from './backup-runs.js';
import { productVersion } from './create-backup.js';
import { BACKUP_COUNT_NAMES, knownMigrations, readDatabaseFacts, type BackupCounts } from './database-facts.js';
import { restorePostgres } from './database-parts.js';
import { COPY_PREFIX, extractDatabasePart, pgliteQuery, startRestoredDatabase } from './pglite-copy.js';
import { openStoredFiles, STORED_FILE_ROOTS } from './stored-files.js';

// `npm run restore -- <file> [--force]` (docs/decisions/042-backups.md). Reads the whole archive and checks every part
// against its manifest before it changes anything; refuses an archive of a newer product, or of the other database
// kind; refuses a DATA_DIR, database or bucket that already holds data unless --force says to replace it (and then
// keeps what was there aside). The embedded database and local files are put together in a staging folder inside
// DATA_DIR and moved into place at the end; PostgreSQL is restored in one transaction. Then newer migrations are
// applied, the archive is recorded as the last backup, and the counts are compared with the manifest's.

export interface RestoreOptions {
  force?: boolean;
  print?: (line: string) => void;
}

export interface RestoreSummary {
  manifest: BackupManifest;
  restored: BackupCounts;
  /** Migrations applied after the restore (the archive was made by an older version). */
  migrationsApplied: number;
  /** Where --force put what was there before, if anything. */
  keptAside: string | null;
  durationMs: number;
}

function compareVersions(a: string, b: string): number {
  const parse = (v: string) => v.split(/[.+-]/).slice(0, 3).map((n) => Number.parseInt(n, 10) || 0);
  const [x, y] = [parse(a), parse(b)];
  for (let i = 0; i < 3; i += 1) if (x[i] !== y[i]) return (x[i] ?? 0) - (y[i] ?? 0);
  return 0;
}

/** Refuses an archive this product cannot take: a newer product, unknown migrations, the other database kind. */
export function checkCompatible(manifest: BackupManifest, config: Pick<Config, 'databaseUrl'>, file: string): void {
  const ours = productVersion();
  const known = knownMigrations();
  const newer = () =>
    new BackupRefused(
      `${file} was made by a newer version of the product (${manifest.productVersion}, database at ${manifest.database.migrations.latest ?? 'no migration'}); this is ${ours}. Update the product first, then restore.`,
    );
  if (compareVersions(manifest.productVersion, ours) > 0) throw newer();
  const { count, latest } = manifest.database.migrations;
  if (count > known.length || (latest !== null && !known.some((entry) => entry.tag === latest))) throw newer();
  const wanted = config.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database.kind !== wanted) {
    throw new BackupRefused(
      manifest.database.kind === 'postgres'
        ? `${file} holds a PostgreSQL database: set DATABASE_URL to an empty PostgreSQL database to restore it.`
        : `${file} holds the embedded database: unset DATABASE_URL to restore it into DATA_DIR (the embedded database and PostgreSQL archives are not interchangeable).`,
    );
  }
}

/** Entries of DATA_DIR that are data: anything but its lock, a staging folder, a backup's copy and what an earlier --force kept aside. */
async function dataDirEntries(dataDir: string): Promise<string[]> {
  try {
    return (await readdir(dataDir)).filter(
      (name) => name !== 'db.lock' && !name.startsWith('.restoring-') && !name.startsWith(COPY_PREFIX) && !name.startsWith('before-restore-'),
    );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

async function postgresHasData(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupRefused(`Could not connect to the PostgreSQL server in DATABASE_URL (${describePostgresUrl(url)}): ${(error as Error).message}.`);
  }
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'p', 'v', 'm', 'S') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'
         and n.nspname not like '%_before_restore_%'`,
    );
    return rows[0]!.n > 0;
  } finally {
    await client.end();
  }
}

/** Runs `work` in one transaction on a connection of its own to `url`. */
async function inTransaction<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}

/** --force on PostgreSQL: the schemas with data are renamed aside (kept, not dropped) and public is made anew. */
function movePostgresAside(url: string, stamp: string): Promise<string> {
  return inTransaction(url, async (client) => {
    const { rows } = await client.query<{ name: string }>(`select nspname as name from pg_namespace where nspname in ('public', 'drizzle') order by nspname`);
    const renamed: string[] = [];
    for (const { name } of rows) {
      const aside = `${name}_before_restore_${stamp}`;
      await client.query(`alter schema ${pg.escapeIdentifier(name)} rename to ${pg.escapeIdentifier(aside)}`);
      renamed.push(aside);
    }
    await client.query('create schema public');
    return `schemas ${renamed.join(' and ')} of the same database`;
  });
}

/** A failed --force restore on PostgreSQL: what it made is dropped and the schemas kept aside get their names back. */
function putBackPostgres(url: string, stamp: string): Promise<void> {
  return inTransaction(url, async (client) => {
    await client.query('drop schema if exists public cascade');
    await client.query('drop schema if exists drizzle cascade');
    for (const name of ['public', 'drizzle']) {
      const aside = `${name}_before_restore_${stamp}`;
      const { rows } = await client.query('select 1 from pg_namespace where nspname = $1', [aside]);
      if (rows.length > 0) await client.query(`alter schema ${pg.escapeIdentifier(aside)} rename to ${pg.escapeIdentifier(name)}`);
    }
  });
}

async function bucketHasFiles(config: Config): Promise<boolean> {
  const files = await openStoredFiles(config);
  try {
    return (await files.list()).length > 0;
  } finally {
    files.close();
  }
}

function stampNow(): string {
  return new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-').toLowerCase();
}

export async function restoreBackup(config: Config, file: string, options: RestoreOptions = {}): Promise<RestoreSummary> {
  const print = options.print ?? (() => {});
  const started = performance.now();
  const archive = path.resolve(file);
  print(`Checking ${archive}…`);
  const { manifest } = await readArchive(archive);
  checkCompatible(manifest, config, archive);

  const dataDir = config.dataDir;
  const stamp = stampNow();
  const embedded = !config.databaseUrl;
  const localFiles = config.storage.kind === 'local';
  // Nobody may start the server on DATA_DIR while it is being restored (and a running one makes this refuse).
  await mkdir(dataDir, { recursive: true });
  let lock: DataDirLock;
  try {
    lock = lockDataDir(dataDir);
  } catch (error) {
    throw new BackupRefused(`${(error as Error).message.replace(/;.*$/, '')}: stop the server before restoring.`);
  }
  const staging = path.join(dataDir, `.restoring-${randomBytes(6).toString('hex')}`);
  const databasePart = path.join(staging, 'database.part');
  let keptAside: string | null = null;
  let postgresMovedAside = false;
  try {
    // What is there already.
    const occupied: string[] = [];
    const entries = await dataDirEntries(dataDir);
    const localData = embedded ? entries : entries.filter((name) => (STORED_FILE_ROOTS as readonly string[]).includes(name));
    if (localData.length > 0) occupied.push(`DATA_DIR (${dataDir}) is not empty (${localData.slice(0, 3).join(', ')}${localData.length > 3 ? ', …' : ''})`);
    if (config.databaseUrl && (await postgresHasData(config.databaseUrl))) occupied.push(`the database in DATABASE_URL (${describePostgresUrl(config.databaseUrl)}) has tables`);
    if (!localFiles && (await bucketHasFiles(config))) occupied.push('the bucket in STORAGE_URL holds files');
    if (occupied.length > 0 && !options.force) {
      throw new BackupRefused(`Nothing was restored: ${occupied.join('; ')}. Restore into an empty one, or add --force to replace what is there (it is kept aside, not deleted).`);
    }

    await mkdir(staging, { recursive: true });
    const stagingFiles = await openStoredFiles({ ...config, storage: { kind: 'local' } }, staging);
    let filesWritten = 0;
    try {
      print('Reading the archive…');
      await readArchive(archive, async (name, chunks) => {
        if (name === manifest.database.part) return writeChunksTo(chunks, databasePart);
        if (name.startsWith(FILES_PREFIX)) {
          await stagingFiles.put(name.slice(FILES_PREFIX.length), await collect(chunks));
          filesWritten += 1;
        }
      });
    } finally {
      stagingFiles.close();
    }

    // The database.
    let handle: DatabaseHandle;
    if (embedded) {
      print('Restoring the embedded database…');
      await extractDatabasePart(databasePart, path.join(staging, 'db'));
      const client = await startRestoredDatabase(path.join(staging, 'db'));
      handle = { kind: 'pglite', client, db: drizzle({ client, schema }), close: () => client.close() };
    } else {
      const url = config.databaseUrl!;
      if (occupied.length > 0) {
        keptAside = await movePostgresAside(url, stamp);
        postgresMovedAside = true;
      }
      print('Restoring the PostgreSQL database (pg_restore, one transaction)…');
      await restorePostgres(url, databasePart);
      handle = await openDatabase({ ...config, databasePoolSize: 2 });
    }
    let migrationsApplied = 0;
    let restored: BackupCounts;
    try {
      const query = handle.kind === 'pglite' ? pgliteQuery(handle.client as PGlite) : async (sql: string) => (await handle.client.query(sql)).rows as Array<Record<string, unknown>>;
      const before = (await readDatabaseFacts(query)).migrations.count;
      await migrateDatabase(handle);
      const facts = await readDatabaseFacts(query);
      migrationsApplied = facts.migrations.count - before;
      restored = { ...facts.counts, files: filesWritten };
      await recordBackupRun(handle.db, {
        madeAt: manifest.createdAt,
        archiveName: path.basename(archive),
        archiveBytes: (await stat(archive)).size,
        durationMs: 0,
        counts: manifest.counts,
        source: 'restored',
      });
    } finally {
      await handle.close();
    }

    // The stored files: into place (local), or into the bucket.
    if (localFiles || embedded) {
      const moving = [...(embedded ? ['db'] : []), ...(localFiles ? STORED_FILE_ROOTS : [])];
      const present = new Set(await dataDirEntries(dataDir));
      if (present.size > 0 && options.force) {
        const aside = path.join(dataDir, `before-restore-${stamp}`);
        await mkdir(aside);
        for (const name of present) {
          if (!embedded && !(STORED_FILE_ROOTS as readonly string[]).includes(name)) continue;
          await rename(path.join(dataDir, name), path.join(aside, name));
        }
        keptAside = keptAside ? `${keptAside}, and ${aside}` : aside;
      }
      for (const name of moving) {
        await rename(path.join(staging, name), path.join(dataDir, name)).catch((error: NodeJS.ErrnoException) => {
          if (error.code !== 'ENOENT') throw error; // an archive with no certificates has no certificates/ folder
        });
      }
    }
    if (!localFiles) {
      print('Copying the stored files into the bucket…');
      const source = await openStoredFiles({ ...config, storage: { kind: 'local' } }, staging);
      const bucket = await openStoredFiles(config);
      try {
        for (const entry of await source.list()) await bucket.put(entry.key, (await source.get(entry.key))!);
      } finally {
        source.close();
        bucket.close();
      }
    }
    return { manifest, restored: restored!, migrationsApplied, keptAside, durationMs: Math.round(performance.now() - started) };
  } catch (error) {
    if (postgresMovedAside) await putBackPostgres(config.databaseUrl!, stamp).catch(() => {});
    throw error;
  } finally {
    await rm(staging, { recursive: true, force: true });
    lock.release();
  }
}

/** The manifest's counts beside the restored ones, as the command prints them. */
export function countsTable(manifest: BackupCounts, restored: BackupCounts): string[] {
  const width = Math.max(...BACKUP_COUNT_NAMES.map((name) => name.length));
  const lines = [`${'what'.padEnd(width)}  ${'in archive'.padStart(10)}  ${'restored'.padStart(10)}`];
  for (const name of BACKUP_COUNT_NAMES) {
    const mark = manifest[name] === restored[name] ? '' : '  ← differs';
    lines.push(`${name.replace(/_/g, ' ').padEnd(width)}  ${String(manifest[name]).padStart(10)}  ${String(restored[name]).padStart(10)}${mark}`);
  }
  return lines;
}
