import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_DIR } from '../paths.js';
import type { DatabaseHandle } from './open.js';

// Arbitrary but fixed ("char" in ASCII): the advisory lock key every replica of this server agrees on for start-up work.
const STARTUP_LOCK_KEY = 0x63686172;

/**
 * Runs `work` while no other server process does start-up work on the same database. With PGlite the
 * DATA_DIR lock already guarantees that; on a PostgreSQL server several replicas may start at once, so
 * they queue on a session advisory lock and only the first one migrates and seeds.
 */
export async function withStartupLock<T>(handle: DatabaseHandle, work: () => Promise<T>): Promise<T> {
  if (handle.kind === 'pglite') return work();
  const client = await handle.client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    try {
      return await work();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

/** Applies the SQL migrations in apps/api/drizzle that this database has not seen yet. */
export async function migrateDatabase(handle: DatabaseHandle, migrationsFolder = MIGRATIONS_DIR): Promise<void> {
  if (handle.kind === 'pglite') {
    await migratePglite(drizzlePglite({ client: handle.client }), { migrationsFolder });
  } else {
    await migratePostgres(drizzlePostgres({ client: handle.client }), { migrationsFolder });
  }
}
