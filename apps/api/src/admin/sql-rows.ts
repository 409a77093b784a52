/**
 * The rows of `db.execute(sql…)`. Both drivers answer an object with `rows` (PGlite's Results, node-postgres'
 * QueryResult), but drizzle's type shared by the two cannot say so.
 */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
