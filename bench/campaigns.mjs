// Load benchmark of the campaign list API (issue 3: "the campaigns list answers in under 20 ms at the median
// on the seeded data"). Starts the production server (apps/api/dist/server.js; run `npm run build` first) on a
// fresh temporary DATA_DIR with the seeded demo data, on embedded PGlite and, when BENCH_DATABASE_URL (or
// DATABASE_URL) names a PostgreSQL server, on a temporary database created there and dropped afterwards.
// Each request is measured with autocannon against the API and against a bare node:http server answering the
// same bytes from memory, first with one connection (latency: the service time of one request) and then
// with ten (throughput). Usage: node bench/campaigns.mjs   (see bench/README.md)
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverFile = path.join(root, 'apps/api/dist/server.js');
const bareServerFile = path.join(root, 'bench/bare-server.mjs');

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const TARGET_MEDIAN_MS = 20;
const SCENARIOS = [
  ['list, first page', '/api/campaigns'],
  ['the site default (active, 9)', '/api/campaigns?page=1&limit=9&status=active'],
  ['status + featured', '/api/campaigns?status=active&featured=true&limit=6'],
  ['search', '/api/campaigns?search=school'],
];
const CONNECTIONS = [1, 10];

if (!existsSync(serverFile)) {
  console.error('apps/api/dist/server.js is missing: run `npm run build` (or `npm run build -w apps/api`) first.');
  process.exit(1);
}

const children = new Set();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function startApi(databaseUrl) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'charity-bench-'));
  const port = await freePort();
  const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SMTP_URL: '' };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const child = spawn(process.execPath, [serverFile], { cwd: dataDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
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
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)));
      children.delete(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function startBare(body, contentType) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'charity-bench-bare-'));
  const file = path.join(dir, 'body');
  writeFileSync(file, body);
  const child = spawn(process.execPath, [bareServerFile, file, contentType], { stdio: ['ignore', 'pipe', 'inherit'] });
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

async function measure(url, connections, duration = DURATION) {
  const result = await autocannon({ url, connections, duration, pipelining: 1 });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers and ${result.errors} errors during the run`);
  }
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

const fmt = (n, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

async function benchDatabase(label, databaseUrl) {
  console.log(`\n## ${label}\n`);
  const api = await startApi(databaseUrl);
  const rows = [];
  let listMedian = null;
  try {
    // A server that has just started is cold (V8 has not optimised the hot paths yet, PGlite's WebAssembly has
    // not tiered up, the database's caches are empty); a running site is not. Warm every request first.
    for (const [, url] of SCENARIOS) await measure(api.base + url, 10, 2);
    for (const [name, url] of SCENARIOS) {
      const response = await fetch(api.base + url);
      const body = Buffer.from(await response.arrayBuffer());
      const json = JSON.parse(body.toString('utf8'));
      if (!response.ok || !json.success) throw new Error(`${url} answered ${response.status}: ${body}`);
      const bare = await startBare(body, response.headers.get('content-type'));
      try {
        // Warm-up: JIT, the database's caches and prepared plans, the connection pool.
        await measure(api.base + url, 10, 1);
        await measure(bare.base, 10, 1);
        for (const connections of CONNECTIONS) {
          const a = await measure(api.base + url, connections);
          const b = await measure(bare.base, connections);
          rows.push({ name, count: json.data.campaigns.length, bytes: body.length, connections, api: a, bare: b });
          if (url === '/api/campaigns' && connections === 1) listMedian = a.p50;
        }
      } finally {
        await bare.stop();
      }
    }
  } finally {
    await api.stop();
  }

  console.log('| request | campaigns (bytes) | conns | API req/s | API p50 ms | API p99 ms | bare req/s | bare p50 ms | bare p99 ms | API / bare req/s |');
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    console.log(
      `| ${r.name} | ${r.count} (${fmt(r.bytes)}) | ${r.connections} | ${fmt(r.api.rps)} | ${fmt(r.api.p50, 1)} | ${fmt(r.api.p99, 1)} | ` +
        `${fmt(r.bare.rps)} | ${fmt(r.bare.p50, 1)} | ${fmt(r.bare.p99, 1)} | ${fmt(r.api.rps / r.bare.rps, 3)} |`,
    );
  }
  const verdict = listMedian !== null && listMedian < TARGET_MEDIAN_MS ? 'met' : 'NOT met';
  console.log(`\nTarget (GET /api/campaigns median under ${TARGET_MEDIAN_MS} ms, one connection): ${fmt(listMedian ?? NaN, 1)} ms, ${verdict}.`);
  return verdict === 'met';
}

/** A throw-away database on the PostgreSQL server in `serverUrl`, dropped afterwards. */
async function temporaryPostgres(serverUrl) {
  // pg is the API's own dependency; resolved from there rather than declared twice.
  const pg = createRequire(path.join(root, 'apps/api/package.json'))('pg');
  const name = `charity_bench_${randomBytes(4).toString('hex')}`;
  const run = async (sql) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists "${name}" with (force)`) };
}

console.log(`# Campaign list benchmark: ${DURATION} s per run, autocannon, Node ${process.version}, ${os.cpus().length} CPU(s)`);
let ok = await benchDatabase('Embedded PGlite (default DATA_DIR set-up, seeded demo data)', null);
const postgresUrl = process.env.BENCH_DATABASE_URL?.trim() || process.env.DATABASE_URL?.trim();
if (postgresUrl) {
  const database = await temporaryPostgres(postgresUrl);
  try {
    ok = (await benchDatabase('PostgreSQL server (seeded demo data)', database.url)) && ok;
  } finally {
    await database.drop();
  }
} else {
  console.log('\n(PostgreSQL skipped: set BENCH_DATABASE_URL=postgres://… to measure it too.)');
}
process.exitCode = ok ? 0 : 1;
