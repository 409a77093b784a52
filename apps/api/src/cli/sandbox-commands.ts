import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseClockStep, RECURRING_MESSAGES } from '@charity/domain';
import type { Config } from '../config.js';
import { SANDBOX_CLOCK_KEY_FILE } from '../recurring/sandbox-clock-routes.js';

// `npm run sandbox -- advance 32d` and `npm run sandbox -- clock`: the payment sandbox's clock, like a Stripe test
// clock (docs/decisions/022-monthly-gifts.md). The command asks the running server (the one process that holds the
// embedded database) to move the clock and take what falls due, with the key the server wrote to
// DATA_DIR/sandbox-clock.key: only someone with the server's files can move it. Refused in Stripe mode.

export const SANDBOX_USAGE = `Usage:
  npm run sandbox -- advance <time>   move the payment sandbox's clock forward (e.g. 32d, 12h, 2w, 1mo) and take
                                      the monthly renewals that fall due
  npm run sandbox -- clock            show the sandbox clock's time`;

export class SandboxCliError extends Error {
  override readonly name = 'SandboxCliError';
}

export const SANDBOX_CLI_MESSAGES = {
  stripeMode: RECURRING_MESSAGES.clockStripeMode,
  notRunning: (port: number) => `No server answers on port ${port}. Start it with \`npm start\` (in sandbox mode), then run this again.`,
  noKey: (file: string) => `${file} is missing: start the server with \`npm start\` first (it writes the key there).`,
  sandboxOff: 'The server does not run the payment sandbox (it is in Stripe mode): there is no sandbox clock to move.',
} as const;

export type SandboxCommand = { command: 'advance'; step: string; ms: number } | { command: 'clock' } | { command: 'help' };

export function parseSandboxArgs(argv: readonly string[]): SandboxCommand {
  const [command, step, ...rest] = argv;
  if (command === 'clock' && step === undefined) return { command: 'clock' };
  if (command === 'advance' && step !== undefined && rest.length === 0) {
    const ms = parseClockStep(step);
    if (ms === null) throw new SandboxCliError(`'${step}' is not a time to move the clock by. ${SANDBOX_USAGE}`);
    return { command: 'advance', step, ms };
  }
  if (command === undefined || command === 'help' || command === '--help') return { command: 'help' };
  throw new SandboxCliError(SANDBOX_USAGE);
}

/** Runs the command against the server at `baseUrl`; answers the lines to print. */
export async function runSandboxCommand(command: SandboxCommand, config: Pick<Config, 'payments' | 'dataDir' | 'port'>, baseUrl = `http://127.0.0.1:${config.port}`): Promise<string[]> {
  if (command.command === 'help') return [SANDBOX_USAGE];
  if (config.payments.mode === 'stripe') throw new SandboxCliError(SANDBOX_CLI_MESSAGES.stripeMode);
  const call = async (url: string, init?: RequestInit) => {
    try {
      return await fetch(url, init);
    } catch {
      throw new SandboxCliError(SANDBOX_CLI_MESSAGES.notRunning(config.port));
    }
  };
  if (command.command === 'clock') {
    const response = await call(`${baseUrl}/api/payments/sandbox/clock`);
    if (response.status === 404) throw new SandboxCliError(SANDBOX_CLI_MESSAGES.sandboxOff);
    const body = (await response.json()) as { data: { now: string; offset_ms: number } };
    return [`Sandbox clock: ${body.data.now} (${Math.round(body.data.offset_ms / 86_400_000)} days ahead of real time).`];
  }
  const keyFile = path.join(config.dataDir, SANDBOX_CLOCK_KEY_FILE);
  let key: string;
  try {
    key = readFileSync(keyFile, 'utf8').trim();
  } catch {
    throw new SandboxCliError(SANDBOX_CLI_MESSAGES.noKey(keyFile));
  }
  const response = await call(`${baseUrl}/api/payments/sandbox/clock/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-sandbox-clock-key': key },
    body: JSON.stringify({ by: command.step }),
  });
  if (response.status === 404) throw new SandboxCliError(SANDBOX_CLI_MESSAGES.sandboxOff);
  const body = (await response.json()) as { success: boolean; message: string; data?: { renewals: number; failures: number; lapsed: number } };
  if (!response.ok || !body.data) throw new SandboxCliError(body.message);
  const { renewals, failures, lapsed } = body.data;
  return [body.message, `Monthly renewals taken: ${renewals}; failed payments: ${failures}; gifts lapsed: ${lapsed}.`];
}
