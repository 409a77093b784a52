import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from './open.js';

// Statements on the donation path, built once per database and run by name (docs/decisions/010-prepared-statements.md).
//
// Building a statement with drizzle costs the API more CPU than sending it (the first profile of the donation path:
// a fifth of the process's time went to turning query builders into SQL text), and an unnamed statement makes
// PostgreSQL parse and plan it again on every call (pg_stat_statements: planning was 40 % of the path's database
// time). A prepared statement is built into text once, with placeholders for the values; on a PostgreSQL server
// node-postgres sends it under its name, so each pooled connection parses it once and the server can keep its plan.
// PGlite takes the same prepared statement without a name (it has no named statements): the build is still saved.

const dialect = new PgDialect();
const statements = new WeakMap<Database, Map<string, unknown>>();

/**
 * The statement `name` of this database, built by `build` the first time it is asked for. `name` is the server-side
 * statement name: one name, one SQL text (node-postgres refuses a name reused for another text).
 */
export function prepared<T>(db: Database, name: string, build: () => T): T {
  let byName = statements.get(db);
  if (!byName) {
    byName = new Map();
    statements.set(db, byName);
  }
  let statement = byName.get(name) as T | undefined;
  if (statement === undefined) {
    // PostgreSQL cuts names at 63 bytes: two long names sharing a start would collide on the server.
    if (name.length > 63) throw new Error(`Prepared statement name "${name}" is longer than PostgreSQL's 63 characters.`);
    statement = build();
    byName.set(name, statement);
  }
  return statement;
}

export interface PreparedSql {
  /** Runs the statement with these placeholder values; answers the driver's result (`rows` as column → value). */
  execute(values: Record<string, unknown>): Promise<{ rows: Array<Record<string, unknown>> }>;
}

/**
 * A statement written as SQL (data-modifying CTEs: several writes in one statement, one implicit transaction),
 * with `sql.placeholder(…)` for its values, prepared under `name`. What `db.execute(query)` does, minus building the
 * text on every call.
 */
export function preparedSql(db: Database, name: string, query: () => SQL): PreparedSql {
  return prepared(db, name, () => db._.session.prepareQuery(dialect.sqlToQuery(query()), undefined, name, false) as unknown as PreparedSql);
}
