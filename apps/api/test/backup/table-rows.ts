import { sql } from 'drizzle-orm';
import { rowsOf } from '../../src/admin/sql-rows.js';
import type { DatabaseHandle } from '../../src/db/open.js';

// Every row of every table of the product's schema, as JSON, in a fixed order: two databases hold the same data when
// these are equal. backup_runs is left out (a backup adds its row after the archive; a restore adds the archive's).
const LEFT_OUT = new Set(['backup_runs']);

export async function tableRows(handle: DatabaseHandle): Promise<Record<string, unknown[]>> {
  const tables = rowsOf<{ name: string }>(
    await handle.db.execute(sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`),
  ).map((row) => row.name);
  const result: Record<string, unknown[]> = {};
  for (const table of tables) {
    if (LEFT_OUT.has(table)) continue;
    const rows = rowsOf<{ row: unknown }>(
      await handle.db.execute(sql.raw(`select row_to_json(t) as row from "${table}" t order by row_to_json(t)::text`)),
    );
    result[table] = rows.map((row) => row.row);
  }
  return result;
}
