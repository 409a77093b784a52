import { existsSync } from 'node:fs';
import { ConfigError, loadConfig } from '../config.js';
import { DatabaseConnectionError } from '../db/open.js';
import { BackupRefused } from '../backup/archive.js';
import { countsTable, restoreBackup } from '../backup/restore-backup.js';

// `npm run restore -- <file> [--force]` (root script: node apps/api/dist/cli/restore.js): puts an archive of
// `npm run backup` back into DATA_DIR, or into the empty PostgreSQL database DATABASE_URL names (docs/decisions/
// 042-backups.md, README "Backups"). Stop the server first. Exit code 0 when restored, 1 when refused or failed (and
// then nothing was changed), 2 for wrong arguments.

const USAGE = `Usage: npm run restore -- <file> [--force]
  Restores an archive made by npm run backup into an empty DATA_DIR (or, with DATABASE_URL, an empty PostgreSQL
  database), then applies this version's newer migrations. Stop the server first.
  --force  replace what is there; it is kept aside (DATA_DIR/before-restore-<time>, or renamed schemas), not deleted.`;

async function main(argv: string[]): Promise<number> {
  const force = argv.includes('--force');
  const rest = argv.filter((arg) => arg !== '--force');
  if (rest.length !== 1 || rest[0]!.startsWith('-')) {
    process.stdout.write(`${USAGE}\n`);
    return rest.length === 1 && ['--help', '-h'].includes(rest[0]!) ? 0 : 2;
  }
  try {
    if (existsSync('.env')) process.loadEnvFile('.env');
    const config = loadConfig();
    const summary = await restoreBackup(config, rest[0]!, { force, print: (line) => process.stdout.write(`${line}\n`) });
    const m = summary.manifest;
    process.stdout.write(`Restored the backup of ${m.createdAt} (product ${m.productVersion}) in ${(summary.durationMs / 1000).toFixed(1)} s.\n`);
    if (summary.migrationsApplied > 0) process.stdout.write(`Applied ${summary.migrationsApplied} newer migration(s) of this version.\n`);
    if (summary.keptAside) process.stdout.write(`What was there before is kept in ${summary.keptAside}; remove it once the restored site is checked.\n`);
    for (const line of countsTable(m.counts, summary.restored)) process.stdout.write(`${line}\n`);
    process.stdout.write('Start the server (npm start) to serve the restored site.\n');
    return 0;
  } catch (error) {
    if (error instanceof ConfigError || error instanceof BackupRefused || error instanceof DatabaseConnectionError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    process.stderr.write(`The restore failed and changed nothing: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
