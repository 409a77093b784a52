import { existsSync } from 'node:fs';
import { formatFileSize } from '@charity/domain';
import { ConfigError, loadConfig } from '../config.js';
import { DatabaseConnectionError } from '../db/open.js';
import { BackupRefused } from '../backup/archive.js';
import { createBackup } from '../backup/create-backup.js';
import { BACKUP_COUNT_NAMES } from '../backup/database-facts.js';

// `npm run backup -- <file>` (root script: node apps/api/dist/cli/backup.js): one archive of the database and the
// stored files, while the site runs (docs/decisions/042-backups.md, README "Backups"). Reads the same settings as the
// server (.env in the working directory, then the environment). Exit code 0 with a complete archive, 1 otherwise
// (and then no archive of that name is left half-written).

const USAGE = `Usage: npm run backup -- <file>
  Writes one archive of everything the site needs to come back: the database, the photos and the Form 10BE
  certificates, with a manifest of counts and checksums. Safe while the server runs. Restore with
  npm run restore -- <file>.`;

async function main(argv: string[]): Promise<number> {
  if (argv.length !== 1 || argv[0]!.startsWith('-')) {
    process.stdout.write(`${USAGE}\n`);
    return argv.length === 1 && ['--help', '-h'].includes(argv[0]!) ? 0 : 2;
  }
  try {
    if (existsSync('.env')) process.loadEnvFile('.env');
    const config = loadConfig();
    const summary = await createBackup(config, argv[0]!, (line) => process.stdout.write(`${line}\n`));
    const m = summary.manifest;
    process.stdout.write(
      `Backup written: ${summary.file} (${formatFileSize(summary.bytes)}, ${m.parts.length} parts) in ${(summary.durationMs / 1000).toFixed(1)} s` +
        (summary.blockedMs === null ? '.\n' : `; the server's database was held for ${summary.blockedMs} ms.\n`),
    );
    process.stdout.write(`Product ${m.productVersion}, database ${m.database.kind} ${m.database.serverVersion} at migration ${m.database.migrations.latest ?? 'none'}.\n`);
    process.stdout.write(`${BACKUP_COUNT_NAMES.map((name) => `${name.replace(/_/g, ' ')} ${m.counts[name]}`).join(', ')}.\n`);
    if (summary.notRecorded) {
      process.stderr.write(`The archive is complete, but the dashboard could not be told about it (its "last backup" line will not show it): ${summary.notRecorded}\n`);
    }
    return 0;
  } catch (error) {
    if (error instanceof ConfigError || error instanceof BackupRefused || error instanceof DatabaseConnectionError) {
      process.stderr.write(`No backup was made: ${error.message}\n`);
      return 1;
    }
    process.stderr.write(`No backup was made: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
