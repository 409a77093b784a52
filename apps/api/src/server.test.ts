import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from './admin/sql-rows.js';
import { openDatabase } from './db/open.js';
import { JOB_INTERVALS_MS } from './jobs/schedule.js';
import { temporaryDir } from '../test/support/databases.js';

// The real entry point in a child process, as an operator runs it: settings errors, start-up on a fresh
// DATA_DIR, a clean SIGTERM, and a restart that keeps the data.

const SERVER = path.join(import.meta.dirname, 'server.ts');

interface Running {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function start(env: Record<string, string>): Running {
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=development', SERVER], {
    cwd: path.dirname(SERVER),
    env: { ...process.env, ADMIN_USERNAME: '', ADMIN_PASSWORD: '', DATABASE_URL: '', LOG_LEVEL: 'warn', ...env },
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

// A fresh DATA_DIR is migrated and seeded (PGlite in WebAssembly, seed pictures encoded): on a loaded 2-core CI machine
// that has taken over a minute.
async function waitForReady(running: Running, timeoutMs = 150_000) {
  const deadline = Date.now() + timeoutMs;
  while (!running.output().includes('Charity site ready')) {
    if (running.child.exitCode !== null) throw new Error(`the server exited early:\n${running.output()}`);
    if (Date.now() > deadline) throw new Error(`the server did not start in time:\n${running.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the server entry point', () => {
  it('stops with just the sentence and exit code 1 on a wrong setting', async () => {
    const running = start({ PORT: 'abc', DATA_DIR: temporaryDir() });
    expect(await running.exited).toBe(1);
    expect(running.output()).toBe('PORT must be a whole number between 1 and 65535 (got "abc").\n');
  });

  it('refuses PAYMENTS_MODE=stripe without keys, so a deployment never falls back to the sandbox', async () => {
    const running = start({ PAYMENTS_MODE: 'stripe', STRIPE_SECRET_KEY: '', STRIPE_PUBLISHABLE_KEY: '', DATA_DIR: temporaryDir() });
    expect(await running.exited).toBe(1);
    expect(running.output()).toBe('STRIPE_SECRET_KEY must be set when PAYMENTS_MODE is "stripe".\n');
  });

  it('starts on a fresh DATA_DIR, shuts down cleanly on SIGTERM and keeps its data across a restart', { timeout: 360_000 }, async () => {
    const dataDir = temporaryDir();
    const port = await freePort();
    const env = { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' };

    const first = start(env);
    await waitForReady(first);
    expect(first.output()).toContain(`Charity site ready on http://localhost:${port}`);
    expect(first.output()).toMatch(/username: admin\b/);
    expect(first.output()).toMatch(/password: \S{24}/);
    // No Stripe keys: the sandbox, said once at start (at LOG_LEVEL=warn too).
    expect(first.output().split('Payments: SANDBOX (test mode) — no real charges')).toHaveLength(2);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(await health.json()).toEqual({ success: true, data: { status: 'ok', database: 'reachable', driver: 'pglite' } });
    expect(existsSync(path.join(dataDir, 'db.lock'))).toBe(true);

    // While it runs, a second server on the same DATA_DIR is refused with the sentence.
    const intruder = start({ ...env, PORT: String(await freePort()) });
    expect(await intruder.exited).toBe(1);
    expect(intruder.output()).toBe(
      `Another process (pid ${first.child.pid}) is using the database in DATA_DIR; stop it first or use a different DATA_DIR.\n`,
    );

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'db.lock'))).toBe(false);

    // Its background jobs (decision 040): the start-up ones ran before it listened, first, by this process; SIGTERM
    // left no run unfinished and no lease held.
    const database = await openDatabase({ databaseUrl: null, dataDir });
    try {
      const runs = rowsOf<{ job: string; replica: string; outcome: string }>(await database.db.execute(sql`select job, replica, outcome from job_runs order by id`));
      expect(runs.slice(0, 2).map((run) => run.job)).toEqual(['payment-reconcile', 'missing-receipts']);
      expect(runs.filter((run) => run.outcome !== 'ok')).toEqual([]);
      expect(new Set(runs.map((run) => run.replica.split(':')[1]))).toEqual(new Set([String(first.child.pid)]));
      const schedule = rowsOf<{ name: string; locked_by: string | null }>(await database.db.execute(sql`select name, locked_by from scheduled_jobs order by name`));
      expect(schedule.map((row) => row.name).sort()).toEqual(Object.keys(JOB_INTERVALS_MS).sort());
      expect(schedule.filter((row) => row.locked_by !== null)).toEqual([]);
    } finally {
      await database.close();
    }

    const second = start(env);
    await waitForReady(second);
    expect(second.output()).not.toMatch(/password:/i);
    const seeded = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(seeded.status).toBe(200);
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
  });
});
