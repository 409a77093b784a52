import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

// The production server (apps/api/dist/server.js, as `npm start` runs it) in a child process, for the fault tests
// that need a real process to kill: started on a given DATA_DIR / DATABASE_URL, waited for until /api/health
// answers, and stopped with SIGKILL (a crash: no shutdown code runs) or SIGTERM (a clean stop).

export const SERVER_FILE = path.resolve(import.meta.dirname, '../../dist/server.js');

/** Throws one sentence saying how to build the server when dist/server.js is missing (`npm test` builds it first). */
export function requireBuiltServer(): string {
  if (!existsSync(SERVER_FILE)) {
    throw new Error(`${SERVER_FILE} is missing: run \`npm run build -w apps/api\` (npm test builds it before Vitest runs).`);
  }
  return SERVER_FILE;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface ApiProcess {
  readonly base: string;
  readonly pid: number;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** SIGKILL, as a crash or the OOM killer would: resolves once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM, a clean stop: resolves with the exit code. */
  stop(): Promise<number | null>;
}

const running = new Set<ChildProcess>();
// A failed test must not leave servers behind holding ports and database locks.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

function exited(child: ChildProcess): Promise<number | null> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve(child.exitCode)
    : new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/**
 * Starts the built server with `env` over a quiet default environment (LOG_LEVEL=warn, mail to the outbox, sandbox
 * payments) on a free port, and resolves once /api/health answers 200 — or rejects with its output if it exits or
 * is not healthy within `timeoutMs`.
 */
export async function startApiProcess(env: Record<string, string>, timeoutMs = 60_000): Promise<ApiProcess> {
  const serverFile = requireBuiltServer();
  const port = await freePort();
  const childEnv: Record<string, string | undefined> = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    SMTP_URL: '',
    PAYMENTS_MODE: 'sandbox',
    DATABASE_URL: '',
    ...env,
  };
  const child = spawn(process.execPath, [serverFile], { cwd: env.DATA_DIR ?? process.cwd(), env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the API server exited during start-up (code ${child.exitCode}):\n${output}`);
    try {
      const response = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the API server was not healthy within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    base,
    pid: child.pid!,
    output: () => output,
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
    async stop() {
      child.kill('SIGTERM');
      return exited(child);
    },
  };
}
