import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../src/admin/sql-rows.js';
import type { DatabaseHandle } from '../../src/db/open.js';

// CPU time, so the fuzz can say what a run costs on a quiet machine while it runs on a busy one: wall time on a
// shared machine measures the neighbours, CPU time measures the work. On PGlite the database runs inside this
// process, so process.cpuUsage() covers it; on PostgreSQL the server's backends for this test's database are
// other processes, read from /proc (a local server; elsewhere their share is reported as unknown).

/** CPU milliseconds this process has used (all threads: the app, the test and PGlite). */
export function processCpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

/** Linux counts a process's CPU time in clock ticks; 100 per second on every common kernel configuration. */
const TICKS_PER_SECOND = 100;

function procCpuMs(pid: number): number | undefined {
  try {
    // Fields after the command name (which may hold spaces, hence the last ')'): utime and stime are 14th and 15th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/**
 * A reader of the CPU milliseconds used by the PostgreSQL backends serving this database since it was made (only
 * backends alive at each reading are seen: the pool keeps its connections open for the whole run), or undefined
 * for PGlite and for a server whose processes this machine cannot see.
 */
export async function postgresCpuReader(database: DatabaseHandle): Promise<(() => Promise<number | undefined>) | undefined> {
  if (database.kind !== 'postgres') return undefined;
  const backends = async () =>
    rowsOf<{ pid: number }>(await database.db.execute(sql`select pid from pg_stat_activity where datname = current_database()`)).map((row) => Number(row.pid));
  const start = new Map<number, number>();
  for (const pid of await backends()) {
    const ms = procCpuMs(pid);
    if (ms === undefined) return undefined;
    start.set(pid, ms);
  }
  return async () => {
    let total = 0;
    for (const pid of await backends()) {
      const ms = procCpuMs(pid);
      if (ms === undefined) return undefined;
      total += ms - (start.get(pid) ?? 0);
    }
    return total;
  };
}
