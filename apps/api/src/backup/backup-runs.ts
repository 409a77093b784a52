import type { Database } from '../db/open.js';
import { backupRuns } from '../db/schema.js';
import { BACKUP_COUNT_NAMES, type BackupCounts } from './database-facts.js';

// The row `npm run backup` adds once its archive is complete (the dashboard reads the newest), and the one a restore
// adds for the archive it restored from (docs/decisions/042-backups.md).

export interface BackupRun {
  madeAt: string;
  archiveName: string;
  archiveBytes: number;
  durationMs: number;
  counts: BackupCounts;
  source: 'backup' | 'restored';
}

/** A run as it crosses the backup socket: checked before it is written (the socket is local, but data is data). */
export function parseBackupRun(value: unknown): BackupRun | null {
  const run = value as Partial<BackupRun> | null;
  if (!run || typeof run !== 'object') return null;
  const ok =
    typeof run.madeAt === 'string' &&
    !Number.isNaN(Date.parse(run.madeAt)) &&
    typeof run.archiveName === 'string' &&
    run.archiveName.length > 0 &&
    run.archiveName.length <= 255 &&
    !run.archiveName.includes('/') &&
    Number.isSafeInteger(run.archiveBytes) &&
    run.archiveBytes! >= 0 &&
    Number.isSafeInteger(run.durationMs) &&
    run.durationMs! >= 0 &&
    run.durationMs! <= 2_147_483_647 &&
    (run.source === 'backup' || run.source === 'restored') &&
    !!run.counts &&
    typeof run.counts === 'object' &&
    BACKUP_COUNT_NAMES.every((name) => Number.isSafeInteger((run.counts as Record<string, unknown>)[name]));
  if (!ok) return null;
  const counts = Object.fromEntries(BACKUP_COUNT_NAMES.map((name) => [name, (run.counts as BackupCounts)[name]])) as BackupCounts;
  return { madeAt: run.madeAt!, archiveName: run.archiveName!, archiveBytes: run.archiveBytes!, durationMs: run.durationMs!, counts, source: run.source! };
}

export async function recordBackupRun(db: Database, run: BackupRun): Promise<void> {
  await db.insert(backupRuns).values({
    madeAt: new Date(run.madeAt),
    archiveName: run.archiveName,
    archiveBytes: run.archiveBytes,
    durationMs: run.durationMs,
    counts: run.counts,
    source: run.source,
  });
}
