// Shared by the benchmarks: starting the production API on a fresh data directory (PGlite) or a temporary
// PostgreSQL database, the bare replay server, autocannon runs, the donor client (create-intent + sandbox confirm +
// save-after-payment) and number formatting.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverFile = path.join(root, 'apps/api/dist/server.js');
const domainFile = path.join(root, 'packages/domain/dist/index.js');
const bareReplayFile = path.join(root, 'bench/bare-replay.mjs');

export function requireBuild() {
  if (!existsSync(serverFile)) {
    console.error('apps/api/dist/server.js is missing: run `npm run build` (or `npm run build -w apps/api`) first.');
    process.exit(1);
  }
  if (!existsSync(domainFile)) {
    console.error('packages/domain/dist is missing (the donor client reads its test cards): run `npm run build` (or `npm run build -w packages/domain`) first.');
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
 * script (e.g. --cpu-prof). `dataDir` starts it on that directory instead (the caller's: it is not removed on stop,
 * so a stopped server's database can be reopened). `onOutput` sees every chunk the server writes (its log lines).
 * Resolves once /api/health answers 200.
 */
export async function startApi(databaseUrl, { extraEnv = {}, nodeArgs = [], dataDir: givenDataDir = null, onOutput = null } = {}) {
  const dataDir = givenDataDir ?? mkdtempSync(path.join(os.tmpdir(), 'charity-bench-'));
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
    onOutput?.(chunk);
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
    pid: child.pid,
    output: () => output,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)));
      children.delete(child);
      if (!givenDataDir) rmSync(dataDir, { recursive: true, force: true });
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

// ---- Donations: a small concurrent client on keep-alive sockets ----

/** What the donate wizard sends (an Indian donor, 80G receipt data), as in apps/api/test/support/donations.ts. */
export const DONATION_DATA = {
  donor: {
    full_name: 'Asha Verma',
    email: 'asha.verma@example.org',
    mobile: '9876543210',
    pan_number: 'ABCDE1234F',
    country: 'India',
    country_code: 'IN',
    state: 'Karnataka',
    city: 'Bengaluru',
    address: '12, 100 Feet Road, Indiranagar',
    pincode: '560038',
    is_anonymous: false,
  },
  amount: 1000,
  currency: 'INR',
  donation_type: 'one_time',
  campaign_id: null,
  source: 'website',
};

// Donor addresses from 198.18.0.0/15, the range set aside for benchmarks (RFC 2544). They only ever appear as
// header text: every request goes to the server on 127.0.0.1.
let donorCount = 0;
function nextDonorAddress() {
  const n = donorCount++;
  return `198.${18 + ((n >> 16) & 1)}.${(n >> 8) & 255}.${n & 255}`;
}

function post(agent, base, path, body, address) {
  const payload = Buffer.from(JSON.stringify(body));
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': payload.length, 'x-forwarded-for': address },
      },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode, headers: Object.entries(response.headers), body: Buffer.concat(chunks) }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

// Stripe's test card the sandbox accepts (TEST_CARDS.visa), read from @charity/domain's build on first use, so the
// benchmarks that never donate do not need it.
let visaPaymentMethod = null;
async function visa() {
  visaPaymentMethod ??= (await import('@charity/domain')).TEST_CARDS.visa.paymentMethod;
  return visaPaymentMethod;
}

/** One donor's full path; answers the three answers, and throws on any unexpected status. */
/**
 * One donation as the donate wizard makes it: create-intent, sandbox confirm, save-after-payment; with `receipt`, also
 * the wizard's last call, `POST /api/invoices/generate-and-send` (the receipt issued, drawn and mailed). bench:api
 * measures the first three (its targets were set on them); bench:backup the whole journey, or the server's
 * missing-receipts job would issue and mail every donation's receipt in batches, as it does only after a crash.
 */
export async function donateOnce(agent, base, steps = null, data = DONATION_DATA, { receipt = false } = {}) {
  const card = await visa();
  const address = nextDonorAddress();
  let t = performance.now();
  const lap = (name) => {
    const now = performance.now();
    steps?.[name].push(now - t);
    t = now;
  };
  const created = await post(agent, base, '/api/payments/create-intent', { donation_data: data, payment_method_id: card }, address);
  if (created.status !== 200) throw new Error(`create-intent answered ${created.status}: ${created.body}`);
  lap('create-intent');
  const { client_secret: clientSecret, payment_intent_id: intentId } = JSON.parse(created.body).data;
  const confirmed = await post(agent, base, '/api/payments/sandbox/confirm', { client_secret: clientSecret, payment_method_id: card }, address);
  if (confirmed.status !== 200) throw new Error(`sandbox/confirm answered ${confirmed.status}: ${confirmed.body}`);
  lap('confirm');
  const status = JSON.parse(confirmed.body).data?.payment_intent?.status;
  if (status !== undefined && status !== 'succeeded') throw new Error(`sandbox/confirm left the intent ${status}`);
  const saved = await post(
    agent,
    base,
    '/api/donations/save-after-payment',
    { donation_data: data, payment_intent_id: intentId, payment_method_id: card, payment_status: 'completed' },
    address,
  );
  // 201: this save wrote the donation; 200: the sandbox's webhook event got there first (same donation, once).
  if (saved.status !== 201 && saved.status !== 200) throw new Error(`save-after-payment answered ${saved.status}: ${saved.body}`);
  lap('save');
  if (receipt) {
    const donationId = JSON.parse(saved.body).data.donation.id;
    const sent = await post(agent, base, '/api/invoices/generate-and-send', { donation_id: donationId, payment_intent_id: intentId }, address);
    if (sent.status !== 200) throw new Error(`invoices/generate-and-send answered ${sent.status}: ${sent.body}`);
    lap('receipt');
  }
  return { created, confirmed, saved };
}

export const percentile = (sorted, p) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]);

/**
 * `concurrency` donors in a loop for `seconds` (or, when `seconds` is a function, until it answers true); answers
 * donations/s, p50/p99/max of the whole path, the longest time no donation finished, and the counts. `base` may list several replicas: donor i goes to
 * base[i % n] (what a round-robin balancer does, without its cost).
 */
export async function runDonations(base, seconds, concurrency = 16, { receipt = false } = {}) {
  const bases = Array.isArray(base) ? base : [base];
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies = [];
  const finishes = [];
  const failures = [];
  const steps = { 'create-intent': [], confirm: [], save: [], receipt: [] };
  const started = performance.now();
  const end = started + (typeof seconds === 'function' ? Infinity : seconds * 1000);
  const done = typeof seconds === 'function' ? seconds : () => performance.now() >= end;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, donor) => {
      while (!done()) {
        const t0 = performance.now();
        try {
          await donateOnce(agent, bases[donor % bases.length], steps, DONATION_DATA, { receipt });
          const t1 = performance.now();
          latencies.push(t1 - t0);
          finishes.push(t1);
        } catch (error) {
          failures.push(error.message);
        }
      }
    }),
  );
  const stopped = performance.now();
  const elapsed = (stopped - started) / 1000;
  agent.destroy();
  // The longest stretch in which no donation finished (from the start, between two, and up to the end).
  let longestGapMs = 0;
  let previous = started;
  for (const t of [...finishes, stopped]) {
    longestGapMs = Math.max(longestGapMs, t - previous);
    previous = t;
  }
  latencies.sort((a, b) => a - b);
  const stepP50 = Object.fromEntries(Object.entries(steps).filter(([, times]) => times.length > 0).map(([name, times]) => [name, percentile(times.sort((a, b) => a - b), 50)]));
  return {
    stepP50,
    ok: latencies.length,
    failed: failures.length,
    firstFailure: failures[0] ?? null,
    seconds: elapsed,
    perSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? NaN,
    longestGapMs,
  };
}
