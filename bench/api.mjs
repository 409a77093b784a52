// `npm run bench:api` (docs/decisions/011-speed-targets-on-postgresql.md): the public read API and the sandbox donation
// path of the production build, each beside a bare node:http server answering the same bytes from memory, on embedded
// PGlite and on PostgreSQL.
//
// Reads: autocannon with 1 connection (service time) and 10 (throughput) against the API and the bare server.
// Targets: requests/s at least 60 % of the bare server's, and p99 under 20 ms, on PostgreSQL.
// Donations: create-intent + sandbox confirm + save-after-payment per donation, DONATION_CONCURRENCY in flight,
// each donation from its own client address (X-Forwarded-For with TRUST_PROXY=1: the card-testing and intent
// limits are per donor address in production; see bench/README.md). Target: at least 300 donations/s. At the end,
// the rows in donations must equal the successful paths (admin API; on PostgreSQL also a direct count).
//
// Usage: npm run build; node bench/api.mjs   (BENCH_DURATION seconds per measurement, default 5;
// BENCH_DATABASE_URL or DATABASE_URL names the PostgreSQL server, default postgres://postgres@127.0.0.1:5432/postgres;
// BENCH_SKIP_POSTGRES=1 measures PGlite only; BENCH_CPU_PROF=<dir> writes the server's CPU profiles there;
// BENCH_SKIP_READS=1 runs the donation path only, for profiling it; BENCH_SKIP_REPLICAS=1 leaves out the replicas row:
// donations/s and cached reads/s with one and with two API processes on one PostgreSQL; BENCH_ONLY_REPLICAS=1 runs it alone). Exits 1 when a target is missed or the count check fails.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import {
  DONATION_DATA,
  donateOnce,
  fmt,
  measure,
  queryPostgres,
  recordAnswer,
  requireBuild,
  runDonations as runDonationsFor,
  startApi,
  startBare,
  temporaryPostgres,
} from './support.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const DONATION_CONCURRENCY = Number(process.env.BENCH_DONATION_CONCURRENCY ?? 16);
const CONNECTIONS = [1, 10];
const TARGET = { ratio: 0.6, p99Ms: 20, donationsPerSecond: 300 };
const READS = [
  ['campaigns, first page', '/api/campaigns'],
  ['campaigns, site default', '/api/campaigns?page=1&limit=9&status=active'],
  ['campaigns, active + featured', '/api/campaigns?status=active&featured=true&limit=6'],
  ['events, completed', '/api/events/completed'],
  ['stats', '/api/stats'],
];
const ADMIN = { username: 'benchadmin', password: randomBytes(12).toString('base64url') };

requireBuild();

// ---- Donations: the donor client (bench/support.mjs), DONATION_CONCURRENCY in flight ----

const runDonations = (base, seconds, concurrency = DONATION_CONCURRENCY) => runDonationsFor(base, seconds, concurrency);

// ---- Monthly renewals (docs/decisions/022-monthly-gifts.md) ----

const RENEWAL_GIFTS = Number(process.env.BENCH_RENEWAL_GIFTS ?? 200);

/**
 * RENEWAL_GIFTS monthly gifts signed up through the wizard's calls, then the sandbox clock moved a month on: the one
 * call takes every renewal (invoice, charge, signed events to the webhook, the renewal's donation row) and answers
 * when all are recorded; receipts and their mails follow in the background, as after a donation. Answers renewals
 * per second of that call and the rows it wrote.
 */
async function runRenewals(api, databaseUrl) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: DONATION_CONCURRENCY });
  const monthly = { ...DONATION_DATA, donation_type: 'monthly' };
  let next = 0;
  await Promise.all(
    Array.from({ length: DONATION_CONCURRENCY }, async () => {
      while (next < RENEWAL_GIFTS) {
        next += 1;
        await donateOnce(agent, api.base, null, monthly);
      }
    }),
  );
  agent.destroy();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const key = readFileSync(path.join(api.dataDir, 'sandbox-clock.key'), 'utf8').trim();
  const started = performance.now();
  const response = await fetch(`${api.base}/api/payments/sandbox/clock/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-sandbox-clock-key': key },
    body: JSON.stringify({ by: '32d' }),
  });
  const seconds = (performance.now() - started) / 1000;
  const body = await response.json();
  if (!response.ok) throw new Error(`clock/advance answered ${response.status}: ${JSON.stringify(body)}`);
  const rows = databaseUrl
    ? Number((await queryPostgres(databaseUrl, 'select count(*)::int as n from donations where is_renewal'))[0].n)
    : null;
  return { gifts: RENEWAL_GIFTS, renewals: body.data.renewals, seconds, perSecond: body.data.renewals / seconds, rows };
}

// ---- Admin API: the count of donation rows ----

async function adminToken(base) {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`admin sign-in answered ${response.status}: ${JSON.stringify(json)}`);
  return json.data.token;
}

async function donationRowCount(base, token) {
  // No status filter: summary.count is every row (completed or not), so a stray failed row would show too.
  const response = await fetch(`${base}/api/admin/donations?limit=1`, { headers: { authorization: `Bearer ${token}` } });
  const json = await response.json();
  if (!response.ok) throw new Error(`GET /api/admin/donations answered ${response.status}: ${JSON.stringify(json)}`);
  return json.data.summary.count;
}

// ---- One database ----

const pass = (ok) => (ok ? 'PASS' : 'FAIL');

async function benchDatabase(label, databaseUrl) {
  console.log(`\n## ${label}\n`);
  const api = await startApi(databaseUrl, {
    extraEnv: { TRUST_PROXY: '1', PAYMENTS_MODE: 'sandbox', ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password },
    // BENCH_CPU_PROF=<dir>: a V8 CPU profile of the server per database (open it in Chrome DevTools, or summarise it
    // with `node bench/profile-summary.mjs <file>`). Profiling slows the server: its figures are not the benchmark's.
    nodeArgs: process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [],
  });
  const rows = [];
  let donations;
  let counts;
  let renewals;
  try {
    // A freshly started server is cold (V8 has not optimised the hot paths, PGlite's WebAssembly has not tiered
    // up, the database's caches are empty); a running site is not. Warm every request first.
    const reads = process.env.BENCH_SKIP_READS === '1' ? [] : READS;
    for (const [, url] of reads) await measure(api.base + url, 10, 1);
    for (const [name, url] of reads) {
      const response = await fetch(api.base + url);
      const body = Buffer.from(await response.arrayBuffer());
      if (!response.ok || !JSON.parse(body.toString('utf8')).success) throw new Error(`${url} answered ${response.status}: ${body}`);
      const bare = await startBare({ [`GET ${url.split('?')[0]}`]: recordAnswer(response.status, response.headers, body) }, `GET ${url.split('?')[0]}`);
      try {
        await measure(bare.base, 10, 0.5);
        for (const connections of CONNECTIONS) {
          const a = await measure(api.base + url, connections, DURATION);
          const b = await measure(bare.base + url, connections, DURATION);
          rows.push({ name, url, bytes: body.length, connections, api: a, bare: b });
        }
      } finally {
        await bare.stop();
      }
    }

    // Donations: one path recorded for the bare server, a second of warm-up, then the measured run.
    const token = await adminToken(api.base);
    const before = await donationRowCount(api.base, token);
    const sample = await donateOnce(new http.Agent({ keepAlive: false }), api.base);
    const warm = await runDonations(api.base, 1);
    const measured = await runDonations(api.base, DURATION);
    const bare = await startBare({
      'POST /api/payments/create-intent': recordAnswer(sample.created.status, sample.created.headers, sample.created.body),
      'POST /api/payments/sandbox/confirm': recordAnswer(sample.confirmed.status, sample.confirmed.headers, sample.confirmed.body),
      'POST /api/donations/save-after-payment': recordAnswer(sample.saved.status, sample.saved.headers, sample.saved.body),
    });
    let bareRun;
    try {
      await runDonations(bare.base, 0.5);
      bareRun = await runDonations(bare.base, DURATION);
    } finally {
      await bare.stop();
    }
    // Let the sandbox's own webhook deliveries settle before counting (they write the same donation, never a second).
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const successful = 1 + warm.ok + measured.ok;
    const after = await donationRowCount(api.base, token);
    const sqlRows = databaseUrl ? Number((await queryPostgres(databaseUrl, 'select count(*)::int as n from donations'))[0].n) : null;
    // Receipts the sandbox's webhook issued for donations it saved first: their mails are composed (PDF drawn) by
    // the mailer's quiet queue, which yields to requests; what is still queued here is mailed after the rush.
    const receiptMail = databaseUrl
      ? (
          await queryPostgres(
            databaseUrl,
            "select count(*)::int as receipts, count(*) filter (where mail_status = 'queued')::int as queued from receipts",
          )
        )[0]
      : null;
    donations = { measured, bare: bareRun, failed: warm.failed + measured.failed, receiptMail };
    counts = { before, after, successful, sqlRows };
    renewals = await runRenewals(api, databaseUrl);
  } finally {
    await api.stop();
  }

  console.log('| request | bytes | conns | API req/s | API p50 ms | API p99 ms | bare req/s | bare p50 ms | bare p99 ms | API / bare | ≥ 60 % | p99 < 20 ms |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
  let readsOk = rows.length > 0; // not measured (BENCH_SKIP_READS=1) is not a pass
  for (const r of rows) {
    const ratio = r.api.rps / r.bare.rps;
    const ratioOk = ratio >= TARGET.ratio;
    const p99Ok = r.api.p99 < TARGET.p99Ms;
    readsOk &&= ratioOk && p99Ok;
    console.log(
      `| ${r.name} | ${fmt(r.bytes)} | ${r.connections} | ${fmt(r.api.rps)} | ${fmt(r.api.p50, 1)} | ${fmt(r.api.p99, 1)} | ` +
        `${fmt(r.bare.rps)} | ${fmt(r.bare.p50, 1)} | ${fmt(r.bare.p99, 1)} | ${fmt(ratio, 3)} | ${pass(ratioOk)} | ${pass(p99Ok)} |`,
    );
  }

  const d = donations.measured;
  const donationsOk = d.perSecond >= TARGET.donationsPerSecond && d.failed === 0;
  console.log(`\nDonation path (create-intent + sandbox confirm + save-after-payment), ${DONATION_CONCURRENCY} in flight:\n`);
  console.log('| server | donations | failed | donations/s | p50 ms | p99 ms | API / bare | ≥ 300/s |');
  console.log('|---|---|---|---|---|---|---|---|');
  console.log(`| API | ${d.ok} | ${d.failed} | ${fmt(d.perSecond)} | ${fmt(d.p50, 1)} | ${fmt(d.p99, 1)} | ${fmt(d.perSecond / donations.bare.perSecond, 3)} | ${pass(donationsOk)} |`);
  console.log(`| bare | ${donations.bare.ok} | ${donations.bare.failed} | ${fmt(donations.bare.perSecond)} | ${fmt(donations.bare.p50, 1)} | ${fmt(donations.bare.p99, 1)} | | |`);
  console.log(`\nAPI p50 per step: ${Object.entries(d.stepP50).map(([name, ms]) => `${name} ${fmt(ms, 1)} ms`).join(', ')}.`);
  if (d.firstFailure) console.log(`\nFirst failed path: ${d.firstFailure}`);
  console.log('\n| monthly gifts | renewals taken | seconds | renewals/s | renewal rows (SQL) |');
  console.log('|---|---|---|---|---|');
  console.log(`| ${renewals.gifts} | ${renewals.renewals} | ${fmt(renewals.seconds, 2)} | ${fmt(renewals.perSecond)} | ${renewals.rows ?? 'n/a'} |`);
  const renewalsOk = renewals.renewals === renewals.gifts && (renewals.rows === null || renewals.rows === renewals.gifts);
  if (!renewalsOk) console.log(`Renewal check FAILED: ${renewals.gifts} gifts, ${renewals.renewals} renewals taken, ${renewals.rows} rows.`);
  if (donations.receiptMail) {
    console.log(
      `\nReceipts issued by the webhook during the run: ${donations.receiptMail.receipts}; mails still queued (PDF not drawn yet) ` +
        `1 s after the run: ${donations.receiptMail.queued}.`,
    );
  }

  const added = counts.after - counts.before;
  const countOk = added === counts.successful && (counts.sqlRows === null || counts.sqlRows === counts.after);
  console.log(
    `\nRow check: ${counts.successful} successful paths (warm-up included), donations rows ${counts.before} → ${counts.after} (+${added}) ` +
      `via the admin API${counts.sqlRows === null ? '' : `, ${counts.sqlRows} by SQL count`}: ${pass(countOk)}.`,
  );
  console.log(
    `\nTargets: public reads ≥ 60 % of bare and p99 < 20 ms: ${pass(readsOk)}; donations ≥ 300/s: ${pass(donationsOk)}.`,
  );
  return { readsOk, donationsOk, countOk: countOk && renewalsOk };
}

// ---- Replicas (docs/decisions/041-replicas.md): one and two API processes on one PostgreSQL ----

const REPLICA_READ = '/api/campaigns?page=1&limit=9&status=active';

/** Cached reads/s over every replica at once, `connections` in all (split evenly). */
async function measureReads(bases, connections) {
  const results = await Promise.all(bases.map((base) => measure(base + REPLICA_READ, Math.max(1, Math.round(connections / bases.length)), DURATION)));
  return { rps: results.reduce((sum, r) => sum + r.rps, 0), p99: Math.max(...results.map((r) => r.p99)) };
}

/**
 * The same load against one replica, then against two on the same database (each client spread over them).
 * On a machine with few cores no gain is expected (every replica, PostgreSQL and the load generator share them):
 * the row shows that adding a replica loses nothing and fails nothing, and the ratio shows what it gains here.
 */
async function benchReplicas(serverUrl) {
  console.log('\n## Replicas on one PostgreSQL (temporary database)\n');
  const database = await temporaryPostgres(serverUrl);
  const extraEnv = { TRUST_PROXY: '1', PAYMENTS_MODE: 'sandbox', ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password };
  const replicas = [];
  const rows = [];
  try {
    for (const count of [1, 2]) {
      while (replicas.length < count) replicas.push(await startApi(database.url, { extraEnv }));
      const bases = replicas.map((replica) => replica.base);
      for (const base of bases) await measure(base + REPLICA_READ, 10, 1);
      await runDonations(bases, 1);
      const donations = await runDonations(bases, DURATION);
      const reads = await measureReads(bases, 10);
      rows.push({ count, donations, reads });
    }
    // Let the sandbox's webhook deliveries settle, then every successful path must have exactly one row.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const [{ n: doubled }] = await queryPostgres(database.url, 'select count(*)::int as n from (select payment_intent_id from donations group by 1 having count(*) > 1) d');
    console.log(`| replicas | donations/s | failed | p99 ms | vs 1 replica | cached reads/s | p99 ms | vs 1 replica |`);
    console.log('|---|---|---|---|---|---|---|---|');
    const [one] = rows;
    for (const r of rows) {
      console.log(
        `| ${r.count} | ${fmt(r.donations.perSecond)} | ${r.donations.failed} | ${fmt(r.donations.p99, 1)} | ${fmt(r.donations.perSecond / one.donations.perSecond, 2)} | ` +
          `${fmt(r.reads.rps)} | ${fmt(r.reads.p99, 1)} | ${fmt(r.reads.rps / one.reads.rps, 2)} |`,
      );
    }
    const failed = rows.reduce((sum, r) => sum + r.donations.failed, 0);
    console.log(`\n${os.cpus().length} CPU(s) shared by the replicas, PostgreSQL and the load generator; payments with two donation rows: ${doubled}.`);
    return { ok: failed === 0 && doubled === 0 };
  } finally {
    await Promise.all(replicas.map((replica) => replica.stop()));
    await database.drop();
  }
}

console.log(
  `# API benchmark: ${DURATION} s per measurement, autocannon, Node ${process.version}, ${os.cpus().length} CPU(s), ` +
    `load average ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}`,
);
// BENCH_ONLY_REPLICAS=1: the replicas row alone (it needs PostgreSQL).
const onlyReplicas = process.env.BENCH_ONLY_REPLICAS === '1';
const pglite = onlyReplicas ? { readsOk: true, donationsOk: true, countOk: true } : await benchDatabase('Embedded PGlite (fresh DATA_DIR, seeded demo data)', null);
let verdict = pglite;
if (process.env.BENCH_SKIP_POSTGRES !== '1') {
  const serverUrl = process.env.BENCH_DATABASE_URL?.trim() || process.env.DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/postgres';
  if (!onlyReplicas) {
    const database = await temporaryPostgres(serverUrl);
    try {
      // The targets are the issue's on PostgreSQL; PGlite's figures are printed for comparison.
      verdict = await benchDatabase('PostgreSQL server (temporary database, seeded demo data)', database.url);
      verdict.countOk &&= pglite.countOk;
    } finally {
      await database.drop();
    }
  }
  if (process.env.BENCH_SKIP_REPLICAS !== '1') verdict.countOk &&= (await benchReplicas(serverUrl)).ok;
}
console.log(`\nload average at the end: ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}`);
process.exitCode = verdict.readsOk && verdict.donationsOk && verdict.countOk ? 0 : 1;
