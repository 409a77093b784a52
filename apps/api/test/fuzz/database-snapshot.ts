import { readdirSync, type Dirent } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../src/admin/sql-rows.js';
import type { Database } from '../../src/db/open.js';

// What a refused request must leave as it was: every table's row count and a hash of its whole content, and the
// files in uploads. One call for all tables, so the fuzz can afford a snapshot after every write it sends.

/**
 * Tables whose changes a refused request may legitimately cause: the guard stamps a session's last use on every
 * signed-in request, a failed sign-in is counted (that is the lock-out working, not a half-written change), and a
 * rate-limited route counts every request, refused or not, before it reads the body (decision 041: the counters are
 * in the database).
 */
export const TABLES_WRITTEN_BY_REFUSALS = ['admin_sessions', 'login_attempts', 'rate_limit_counters'] as const;

export type Snapshot = Record<string, string>;

/** Where the snapshot function lives: a schema of the test's own, created in the test's database. */
const SNAPSHOT_SCHEMA = 'fuzz_snapshot';

async function tableNames(db: Database): Promise<string[]> {
  const rows = rowsOf<{ tablename: string }>(
    await db.execute(sql`select tablename from pg_tables where schemaname = 'public' order by tablename`),
  );
  return rows.map((row) => row.tablename).filter((name) => !(TABLES_WRITTEN_BY_REFUSALS as readonly string[]).includes(name));
}

/**
 * A function that snapshots every table (names read once: migrations do not run mid-test).
 *
 * The union of per-table hashes is wrapped in a PL/pgSQL function in a schema of the test's own (not `public`, so
 * it is neither snapshotted nor seen by the app): PL/pgSQL keeps the query's plan between calls, where a plain
 * statement is parsed and planned again each time. With a dozen small tables the planning was most of the cost
 * (PGlite: ~3.2 ms of CPU per snapshot as a statement, ~1.4 ms as the function), and the fuzz takes one snapshot
 * per write request it sends.
 */
export async function snapshotter(db: Database): Promise<() => Promise<Snapshot>> {
  const names = await tableNames(db);
  if (names.length === 0) throw new Error('No tables to snapshot: is the database migrated?');
  // Table names come from pg_tables, not from a request: quoting them is enough.
  const query = names
    .map(
      (name) =>
        // A sum of row hashes: independent of row order (no sort), and any changed, added or removed row moves it.
        `select '${name}'::text, count(*)::int, coalesce(sum(hashtext(x::text)::bigint), 0)::text from "${name}" x`,
    )
    .join(' union all ');
  // Two statements: PGlite's extended protocol takes one at a time.
  await db.execute(sql.raw(`create schema if not exists ${SNAPSHOT_SCHEMA}`));
  await db.execute(
    sql.raw(
      `create or replace function ${SNAPSHOT_SCHEMA}.tables() returns table(t text, n int, h text) language plpgsql stable as $snapshot$ begin return query ${query}; end $snapshot$`,
    ),
  );
  const call = sql.raw(`select t, n, h from ${SNAPSHOT_SCHEMA}.tables()`);
  return async () => {
    const result: Snapshot = {};
    for (const row of rowsOf<{ t: string; n: number; h: string }>(await db.execute(call))) result[row.t] = `${row.n}:${row.h}`;
    return result;
  };
}

/** Every file under uploads/, relative paths, sorted. */
export function uploadedFiles(uploadsDir: string): string[] {
  try {
    return (readdirSync(uploadsDir, { recursive: true, withFileTypes: true }) as Dirent[])
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(uploadsDir, path.join(entry.parentPath, entry.name)))
      .sort();
  } catch {
    return [];
  }
}

/** The tables whose snapshot differs, with before → after, for a failure message. */
export function changedTables(before: Snapshot, after: Snapshot): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => before[name] !== after[name]).map((name) => `${name}: ${before[name]} → ${after[name]}`);
}
