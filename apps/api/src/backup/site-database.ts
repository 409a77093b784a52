import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { Config } from '../config.js';
import { DatabaseLockedError } from '../db/lock.js';
import { openDatabase, type DatabaseHandle } from '../db/open.js';
import { BackupRefused } from './archive.js';
import { recordBackupRun, type BackupRun } from './backup-runs.js';
import { recordThroughServer, requestDatabaseDump } from './control-socket.js';
import type { DatabaseFacts } from './database-facts.js';
import { compressPgliteDump, dumpPgliteData, dumpPostgres, readPgliteDumpFacts } from './database-parts.js';

// How a backup reaches the site's database, whether or not the server is running (decision 042):
// - PostgreSQL (DATABASE_URL): directly, with pg_dump and a connection of its own, however many replicas run;
// - PGlite with no server running: it opens DATA_DIR itself, taking the server's lock for the few seconds of the copy;
// - PGlite while the server runs: through the server's backup socket (control-socket.ts).

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
      const { tar, heldMs } = await withEmbeddedDatabase(
        config,
        (handle) => dumpPgliteData(handle.client as PGlite),
        (pid) => requestDatabaseDump(config.dataDir, pid),
      );
      const gzipped = await compressPgliteDump(tar);
      await writeFile(file, gzipped, { mode: 0o600 });
      // Counted from a copy loaded from this very dump: the manifest describes the archive, and the dump is proven to load.
      // blockedMs: what the server's queries waited for, as the process holding the database measured it.
      return { ...(await readPgliteDumpFacts(gzipped)), blockedMs: heldMs };
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
