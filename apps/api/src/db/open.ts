import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Config } from '../config.js';
import { lockDataDir } from './lock.js';
import * as schema from './schema.js';

/**
 * One query layer for both drivers: PGlite (embedded, the default) and a PostgreSQL server (DATABASE_URL).
 * Both drizzle drivers extend PgDatabase, so repositories take `Database` and never know which one runs.
 */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle =
  | { kind: 'pglite'; db: Database; client: PGlite; close(): Promise<void> }
  | { kind: 'postgres'; db: Database; client: pg.Pool; close(): Promise<void> };

export type DatabaseKind = DatabaseHandle['kind'];

export interface OpenOptions {
  /** PGlite only: keep the database in memory (tests); no directory, no lock. */
  inMemory?: boolean;
}

export class DatabaseConnectionError extends Error {
  override readonly name = 'DatabaseConnectionError';
}

export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  options: OpenOptions = {},
): Promise<DatabaseHandle> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(config.dataDir, options);
}

async function openPglite(dataDir: string, { inMemory = false }: OpenOptions): Promise<DatabaseHandle> {
  if (inMemory) {
    const client = await PGlite.create();
    return { kind: 'pglite', client, db: drizzlePglite({ client, schema }), close: () => client.close() };
  }
  mkdirSync(dataDir, { recursive: true });
  const lock = lockDataDir(dataDir);
  let client: PGlite;
  try {
    client = await PGlite.create(path.join(dataDir, 'db'));
  } catch (error) {
    lock.release();
    throw error;
  }
  let closed = false;
  return {
    kind: 'pglite',
    client,
    db: drizzlePglite({ client, schema }),
    async close() {
      if (closed) return;
      closed = true;
      try {
        await client.close();
      } finally {
        lock.release();
      }
    },
  };
}

/** "host:port/db" for messages: enough to find the server, never the password. */
export function describePostgresUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // A dead server must surface as a failed health check or start-up, not as requests hanging forever.
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its connection emits 'error' on the pool; unhandled, that would crash the process.
  // The next query reports the problem instead (and /api/health answers 503).
  pool.on('error', () => {});
  try {
    await pool.query('select 1');
  } catch (error) {
    await pool.end().catch(() => {});
    throw new DatabaseConnectionError(
      `Could not connect to the PostgreSQL server in DATABASE_URL (${describePostgresUrl(url)}): ${(error as Error).message}.`,
      { cause: error },
    );
  }
  let closed = false;
  return {
    kind: 'postgres',
    client: pool,
    db: drizzlePostgres({ client: pool, schema }),
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
