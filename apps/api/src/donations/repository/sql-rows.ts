import { getTableColumns, type InferSelectModel, type Table } from 'drizzle-orm';

// Rows of statements written as SQL (data-modifying CTEs, which fold several writes into one round trip) come back
// as the driver gives them: column names, timestamps as text, numerics as text. This maps them as drizzle maps its
// own queries' rows, column by column, so callers get the same typed row either way.

export function rowOf<T extends Table>(table: T, raw: Record<string, unknown>): InferSelectModel<T> {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as InferSelectModel<T>;
}

/** The rows of `db.execute` on either driver (PGlite and node-postgres both answer `{ rows }`). */
export function rowsOf(result: unknown): Array<Record<string, unknown>> {
  return (result as { rows: Array<Record<string, unknown>> }).rows;
}
