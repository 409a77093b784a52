import { existsSync } from 'node:fs';
import { ConfigError, loadConfig } from '../config.js';
import { parseSandboxArgs, runSandboxCommand, SandboxCliError } from './sandbox-commands.js';

// `npm run sandbox -- advance 32d` (root script: node apps/api/dist/cli/sandbox.js): see sandbox-commands.ts.
async function main(): Promise<number> {
  try {
    const command = parseSandboxArgs(process.argv.slice(2));
    if (existsSync('.env')) process.loadEnvFile('.env');
    const lines = await runSandboxCommand(command, loadConfig());
    process.stdout.write(`${lines.join('\n')}\n`);
    return 0;
  } catch (error) {
    if (error instanceof SandboxCliError || error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

process.exitCode = await main();
