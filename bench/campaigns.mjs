// Load benchmark of the campaign list API (target: the campaigns list answers in under 20 ms at the median on
// the seeded data). Starts the production server (apps/api/dist/server.js; run `npm run build` first) on a
// fresh temporary DATA_DIR with the seeded demo data, on embedded PGlite and, when BENCH_DATABASE_URL (or
// DATABASE_URL) names a PostgreSQL server, on a temporary database created there and dropped afterwards.
// Each request is measured with autocannon against the API and against a bare node:http server answering the
// same bytes from memory, first with one connection (latency: the service time of one request) and then
// with ten (throughput). Usage: node bench/campaigns.mjs   (see bench/README.md)
import os from 'node:os';
import { fmt, measure as measureFor, recordAnswer, requireBuild, startApi, startBare, temporaryPostgres } from './support.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const TARGET_MEDIAN_MS = 20;
const SCENARIOS = [
  ['list, first page', '/api/campaigns'],
  ['the site default (active, 9)', '/api/campaigns?page=1&limit=9&status=active'],
  ['status + featured', '/api/campaigns?status=active&featured=true&limit=6'],
  ['search', '/api/campaigns?search=school'],
];
const CONNECTIONS = [1, 10];

requireBuild();

const measure = (url, connections, duration = DURATION) => measureFor(url, connections, duration);

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
      // The bare server replays this answer's status, headers and body for any request to it.
      const bare = await startBare({ 'GET /': recordAnswer(response.status, response.headers, body) }, 'GET /');
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
