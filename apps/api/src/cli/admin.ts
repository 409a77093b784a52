import { existsSync } from 'node:fs';
import { ConfigError, loadConfig } from '../config.js';
import { DatabaseLockedError } from '../db/lock.js';
import { migrateDatabase, withStartupLock } from '../db/migrate.js';
import { DatabaseConnectionError, openDatabase, type DatabaseHandle } from '../db/open.js';
import { CliError, parseArgs, runAdminCommand, USAGE, type CliIo } from './admin-commands.js';

// `npm run admin -- create <username> [--full-name "…"]`, `npm run admin -- reset-password <username>` and
// `npm run admin -- unlock <username>` (root script: node apps/api/dist/cli/admin.js). Reads the same settings as
// the server (.env in the working directory, then the environment) and opens the same database.

const OPERATOR_ERRORS = [CliError, ConfigError, DatabaseLockedError, DatabaseConnectionError];

/** Reads a line from the terminal without echoing it (raw mode); Ctrl-C cancels. */
function readSecret(prompt: string): Promise<string> {
  const input = process.stdin;
  const output = process.stderr;
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = () => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      output.write('\n');
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') {
          finish();
          resolve(value);
          return;
        }
        if (char === '\u0003' || (char === '\u0004' && value === '')) {
          finish();
          reject(new CliError('Cancelled; nothing was changed.'));
          return;
        }
        if (char === '\u007f' || char === '\b') value = Array.from(value).slice(0, -1).join('');
        else if (char >= ' ') value += char;
      }
    };
    output.write(prompt);
    input.setEncoding('utf8');
    input.setRawMode(true);
    input.resume();
    input.on('data', onData);
  });
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  let database: DatabaseHandle | undefined;
  try {
    // Usage errors first: no reason to touch the database for a typo.
    if (parseArgs(argv).command === 'help') {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    if (existsSync('.env')) process.loadEnvFile('.env');
    // ADMIN_USERNAME/ADMIN_PASSWORD are the server's first-account settings; here ADMIN_PASSWORD is only the
    // new password, so they are not validated as a pair.
    const config = loadConfig({ ...process.env, ADMIN_USERNAME: undefined, ADMIN_PASSWORD: undefined });
    database = await openDatabase(config);
    const handle = database;
    await withStartupLock(handle, () => migrateDatabase(handle));
    const io: CliIo = {
      env: process.env,
      interactive: Boolean(process.stdin.isTTY),
      readSecret,
      print: (line) => process.stdout.write(`${line}\n`),
    };
    await runAdminCommand(database.db, argv, io);
    return 0;
  } catch (error) {
    if (OPERATOR_ERRORS.some((kind) => error instanceof kind)) {
      process.stderr.write(`${(error as Error).message}\n`);
      return error instanceof CliError ? error.exitCode : 1;
    }
    process.stderr.write(`The admin command failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return 1;
  } finally {
    await database?.close().catch(() => {});
  }
}

process.exitCode = await main();
