import { existsSync } from 'node:fs';
import { ConfigError, loadConfig } from '../config.js';
import { copyLocalFiles, CopyRefused } from '../storage/copy-local.js';

// `npm run storage -- copy-local` (root script: node apps/api/dist/cli/storage.js): copies DATA_DIR's photos and
// certificates into the bucket STORAGE_URL names (decision 039). Reads the same settings as the server (.env in the
// working directory, then the environment). Exit code 0 when every file is in the bucket, 1 otherwise.

const USAGE = `Usage: npm run storage -- copy-local
  Copies the photos (DATA_DIR/uploads) and Form 10BE certificates (DATA_DIR/certificates) into the bucket
  STORAGE_URL names, under the same names. Files already there with the same size are skipped: safe to run again.`;

async function main(argv: string[]): Promise<number> {
  if (argv[0] !== 'copy-local' || argv.length !== 1) {
    process.stdout.write(`${USAGE}\n`);
    return argv.length === 0 || ['help', '--help', '-h'].includes(argv[0]!) ? 0 : 2;
  }
  try {
    if (existsSync('.env')) process.loadEnvFile('.env');
    const config = loadConfig();
    const result = await copyLocalFiles(config, (line) => process.stdout.write(`${line}\n`));
    for (const failure of result.failed) process.stderr.write(`could not copy ${failure.key}: ${failure.reason}\n`);
    process.stdout.write(`${result.copied} copied, ${result.skipped} already in the bucket, ${result.failed.length} failed.\n`);
    return result.failed.length === 0 ? 0 : 1;
  } catch (error) {
    if (error instanceof ConfigError || error instanceof CopyRefused) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    process.stderr.write(`The copy failed: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
