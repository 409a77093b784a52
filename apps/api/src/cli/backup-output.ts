import { BACKUP_COUNT_NAMES, type BackupCounts } from '../backup/database-facts.js';

/** 1234567 → "1.2 MB" (decimal units, as disks and hosting plans count). */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  const units = ['kB', 'MB', 'GB', 'TB'];
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

export function printCounts(counts: BackupCounts): void {
  process.stdout.write(`${BACKUP_COUNT_NAMES.map((name) => `${name.replace(/_/g, ' ')} ${counts[name]}`).join(', ')}.\n`);
}
