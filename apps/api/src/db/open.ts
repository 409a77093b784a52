import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { DATABASE_POOL_SIZE_DEFAULT, type Config } from '../config.js';
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

/**
 * A failure to reach the database at all (connection refused, reset or timed out, the server shutting down, PGlite
 * closed), as opposed to a query the database refused. Requests that meet one answer 503 (plugins/errors.ts), and
 * the pool reconnects by itself once the server is back.
 */
export class DatabaseUnavailableError extends Error {
  override readonly name = 'DatabaseUnavailableError';
}

// Socket errors of node:net, and pg's and pg-pool's own words for a connection that died or never came.
const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
]);
const CONNECTION_ERROR_MESSAGES = [
  /^Connection terminated/, // pg: the socket closed under a query ("… unexpectedly", "… due to connection timeout")
  /^timeout exceeded when trying to connect$/, // pg-pool: connectionTimeoutMillis passed
  /is not queryable$/, // pg: a client whose connection already failed
  /^Cannot use a pool after calling end on the pool$/,
  /^PGlite is clos(ed|ing)$/, // the embedded database was shut down (process stopping)
];
// SQLSTATE class 08 (connection exception), and the server going away or not accepting yet: admin_shutdown,
// crash_shutdown, cannot_connect_now, too_many_connections.
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** True when `error` (or what it wraps: drizzle puts the driver's error in `cause`) means the database cannot be reached. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    if (current instanceof DatabaseUnavailableError) return true;
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (CONNECTION_ERROR_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
    }
    if (CONNECTION_ERROR_MESSAGES.some((pattern) => pattern.test(current instanceof Error ? current.message : ''))) return true;
    current = current.cause;
  }
  return false;
}

export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'> & Partial<Pick<Config, 'databasePoolSize'>>,
  options: OpenOptions = {},
): Promise<DatabaseHandle> {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, config.databasePoolSize ?? DATABASE_POOL_SIZE_DEFAULT)
    : openPglite(config.dataDir, options);
}

async function openPglite(dataDir: string, { inMemory = false }: OpenOptions): Promise<DatabaseHandle> {
  if (inMemory) {
    const client = await PGlite.create();
    return { kind: 'pglite', client, db: drizzlePglite({ client, schema }), close: () => client.close() };
  }
  mkdirSync(dataDir, { recursive: true });
  const lock = lockDataDir(dataDir);
  let client: PGlite;
  const directory = path.join(dataDir, 'db');
  try {
    client = await PGlite.create(directory);
  } catch (error) {
    lock.release();
    // The embedded equivalent of an unreachable server: a data directory PGlite cannot start from (damaged files,
    // another PostgreSQL version's, no permission). One sentence for the operator instead of a WebAssembly trace.
    throw new DatabaseConnectionError(
      `Could not open the embedded database in ${directory}: ${describeCause(error)}. Restore DATA_DIR from a backup, or move db/ aside to start with an empty database.`,
      { cause: error },
    );
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

/** An error's message in one line, for an operator's sentence ("unknown reason" when it has none). */
function describeCause(error: unknown): string {
  const text = error instanceof Error ? error.message || error.name : String(error);
  return text.replace(/\s+/g, ' ').trim().replace(/\.$/, '') || 'unknown reason';
}

async function openPostgres(url: string, poolSize: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    // DATABASE_POOL_SIZE: every replica opens up to this many connections to the server.
    max: poolSize,
    // A dead server must surface as a failed health check or start-up, not as requests hanging forever.
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its connection emits 'error' on the pool; unhandled, that would crash the process.
  // The next query reports the problem instead (and /api/health answers 503).
  pool.on('error', () => {});
  // A client checked out of the pool (a transaction between two statements, the start-up lock) has no pool listener
  // while it is out: its connection dying then emits 'error' on the client itself, and without a listener of its own
  // that crashes the server (node-postgres#2439, #3202). With one, the statement waiting on it fails (503), the broken
  // client is discarded when released, and the pool opens fresh connections once the server is back.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
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
