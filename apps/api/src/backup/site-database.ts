import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { Config } from '../config.js';
import { DatabaseLockedError } from '../db/lock.js';
import { openDatabase, type DatabaseHandle } from '../db/open.js';
import { BackupRefused } from './archive.js';
import { recordBackupRun, type BackupRun } from './backup-runs.js';
import { recordThroughServer, requestDatabaseCopy } from './control-socket.js';
import type { DatabaseFacts } from './database-facts.js';
import { dumpPostgres } from './database-parts.js';
import { copyPgliteOnline, COPY_PREFIX, packCopy, removeAbandonedCopies, settleCopy } from './pglite-copy.js';

// How a backup reaches the site's database, whether or not the server is running (decision 042):
// - PostgreSQL (DATABASE_URL): directly, with pg_dump and a connection of its own, however many replicas run;
// - PGlite with no server running: it opens DATA_DIR itself, taking the server's lock for the copy;
// - PGlite while the server runs: through the server's backup socket (control-socket.ts), which makes the copy.
// Either way the copy lands in DATA_DIR/.backup-copy-<this pid>-<hex>, is settled and packed here, then removed.

export interface SiteDatabase {
  readonly kind: 'pglite' | 'postgres';
  /** Writes the database part of the archive to `file`; answers what it holds. */
  dump(file: string): Promise<DatabaseFacts & { blockedMs: number | null }>;
  /** Adds the archive's row to backup_runs (for the dashboard). */
  record(run: BackupRun): Promise<void>;
}

export function siteDatabase(config: Config): SiteDatabase {
  if (config.databaseUrl) {
    const url = config.databaseUrl;
    return {
      kind: 'postgres',
      async dump(file) {
        return { ...(await dumpPostgres(url, file)), blockedMs: null };
      },
      record: (run) => withOwnConnection(config, (handle) => recordBackupRun(handle.db, run)),
    };
  }
  return {
    kind: 'pglite',
    async dump(file) {
      if (!existsSync(path.join(config.dataDir, 'db', 'PG_VERSION'))) {
        throw new BackupRefused(`There is no database in DATA_DIR (${config.dataDir}) to back up: check DATA_DIR (the server's own), or start the server once.`);
      }
      // A copy an earlier backup command left when it died would stay until the server restarts: gone now.
      await removeAbandonedCopies(config.dataDir);
      const copy = path.join(config.dataDir, `${COPY_PREFIX}${process.pid}-${randomBytes(4).toString('hex')}`);
      try {
        const { heldMs } = await withEmbeddedDatabase(
          config,
          (handle) => copyPgliteOnline(handle.client as PGlite, path.join(config.dataDir, 'db'), copy),
          (pid) => requestDatabaseCopy(config.dataDir, pid, path.basename(copy)),
        );
        // The manifest's counts are the copy's own, read once it has replayed its log (which proves it starts).
        const facts = await settleCopy(copy);
        await packCopy(copy, file);
        // blockedMs: what the server's queries waited for, as the process holding the database measured it.
        return { ...facts, blockedMs: heldMs };
      } finally {
        await rm(copy, { recursive: true, force: true });
      }
    },
    record: (run) =>
      withEmbeddedDatabase(
        config,
        (handle) => recordBackupRun(handle.db, run),
        (pid) => recordThroughServer(config.dataDir, pid, run),
      ),
  };
}

async function withOwnConnection<T>(config: Config, work: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  const handle = await openDatabase({ ...config, databasePoolSize: 1 });
  try {
    return await work(handle);
  } finally {
    await handle.close();
  }
}

/** Runs `direct` on DATA_DIR's database when no process holds it, else `throughServer` with the holder's pid. */
async function withEmbeddedDatabase<T>(config: Config, direct: (handle: DatabaseHandle) => Promise<T>, throughServer: (pid: number) => Promise<T>): Promise<T> {
  let handle: DatabaseHandle;
  try {
    handle = await openDatabase({ dataDir: config.dataDir, databaseUrl: null });
  } catch (error) {
    if (error instanceof DatabaseLockedError) return throughServer(error.pid);
    throw error;
  }
  try {
    return await direct(handle);
  } finally {
    await handle.close();
  }
}
