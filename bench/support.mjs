// Shared by the benchmarks: starting the production API on a fresh data directory (PGlite) or a temporary
// PostgreSQL database, the bare replay server, autocannon runs and number formatting.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverFile = path.join(root, 'apps/api/dist/server.js');
const bareReplayFile = path.join(root, 'bench/bare-replay.mjs');

export function requireBuild() {
  if (!existsSync(serverFile)) {
    console.error('apps/api/dist/server.js is missing: run `npm run build` (or `npm run build -w apps/api`) first.');
    process.exit(1);
  }
}

const children = new Set();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts apps/api/dist/server.js as `npm start` would, on a fresh DATA_DIR (so it migrates and seeds), with
 * DATABASE_URL when given. `extraEnv` adds settings (TRUST_PROXY, ADMIN_USERNAME, …); `nodeArgs` goes before the
 * script (e.g. --cpu-prof). Resolves once /api/health answers 200.
 */
export async function startApi(databaseUrl, { extraEnv = {}, nodeArgs = [] } = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'charity-bench-'));
  const port = await freePort();
  // LOG_LEVEL info, the server's default: a line per request, as in production (it costs the reads
  // ~20 % of their throughput: bench/README.md).
  const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', SMTP_URL: '', ...extraEnv };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const child = spawn(process.execPath, [...nodeArgs, serverFile], { cwd: dataDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  // The server logs at its production level (info: a line per request); only the last 64 kB are kept, for the
  // error message when it fails to start, so the load generator in this process does not pay for the rest.
  let output = '';
  const keep = (chunk) => {
    output += chunk;
    if (output.length > 128 * 1024) output = output.slice(-64 * 1024);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the API server exited during start-up:\n${output}`);
    try {
      const response = await fetch(`${base}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the API server did not become healthy within 120 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    base,
    dataDir,
    output: () => output,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)));
      children.delete(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// Headers that belong to one connection or one moment, not to the answer: the bare server's own node:http sets them.
const HOP_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

/** A recorded answer: status, headers (less per-connection ones) and body, as bare-replay.mjs replays it. */
export function recordAnswer(status, headers, body) {
  const kept = {};
  for (const [name, value] of headers) if (!HOP_HEADERS.has(name)) kept[name] = value;
  return { status, headers: kept, body: Buffer.from(body).toString('base64') };
}

/** Starts bare-replay.mjs (its own process) on `routes` ({ "GET /x": recordAnswer(…) }); `fallback` answers anything else. */
export async function startBare(routes, fallback = null) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'charity-bench-bare-'));
  const file = path.join(dir, 'routes.json');
  writeFileSync(file, JSON.stringify({ routes, fallback }));
  const child = spawn(process.execPath, [bareReplayFile, file], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.add(child);
  const port = await new Promise((resolve, reject) => {
    child.stdout.once('data', (chunk) => resolve(Number(String(chunk).trim())));
    child.once('exit', () => reject(new Error('the bare server exited')));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)));
      children.delete(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One autocannon run; any non-2xx answer or socket error fails the benchmark rather than flattering it. */
export async function measure(url, connections, duration) {
  const result = await autocannon({ url, connections, duration, pipelining: 1 });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers and ${result.errors} errors during the run`);
  }
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

export const fmt = (n, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** pg is the API's own dependency; resolved from there rather than declared twice. */
export const loadPg = () => createRequire(path.join(root, 'apps/api/package.json'))('pg');

/** A throw-away database on the PostgreSQL server in `serverUrl`, dropped afterwards. */
export async function temporaryPostgres(serverUrl) {
  const pg = loadPg();
  const name = `charity_bench_${randomBytes(4).toString('hex')}`;
  const run = async (sql) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      return await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists "${name}" with (force)`) };
}

/** Runs one query against `databaseUrl` and answers its rows. */
export async function queryPostgres(databaseUrl, sql) {
  const pg = loadPg();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}
