// `npm run bench:backup` (docs/decisions/042-backups.md): what `npm run backup` costs a running site, and how big and
// how quick backups and restores are, on embedded PGlite and on PostgreSQL. Figures are printed, never asserted.
//
// 1. Donations during a backup vs without: the production server on a fresh DATA_DIR (seeded demo data), donors
//    (create-intent + sandbox confirm + save-after-payment + the receipt, each from its own address) kept BENCH_BACKUP_CONCURRENCY
//    in flight: BENCH_DURATION seconds of warm-up, BENCH_DURATION seconds without a backup, then while `npm run backup`
//    runs back to back for as long (donations stop when the last backup ends: the whole window is "during a backup"),
//    then BENCH_DURATION seconds without again. Printed: donations/s in each window and their ratio, p99 and worst
//    latency, the longest stretch in which no donation finished, the backup's own "the server's database was held for
//    … ms", and the server's log of its copy (PGlite only).
// 2. Archive size and times: a backup of the freshly seeded site (server running, nothing else) and its restore into
//    a fresh DATA_DIR / temporary PostgreSQL database; then the same with BENCH_BACKUP_DONATIONS (default 100,000) more
//    donations, bulk-inserted with SQL while the server is stopped (copies of a real donation's rows in every table a
//    donation writes, unique columns varied, receipt numbers gapless), the server restarted and backed up while it
//    runs; then step 1 again on that big site, and the restore. Each restore's counts table must say nothing differs.
//
// Usage: npm run build; npm run bench:backup   (BENCH_DURATION seconds per window, default 5; BENCH_BACKUP_CONCURRENCY
// donors in flight, default 8; BENCH_BACKUP_DONATIONS, default 100000, 0 leaves the big site out;
// BENCH_BACKUP_LARGE_WINDOW=0 leaves out step 1 on the big site (minutes on PGlite); BENCH_DATABASE_URL or DATABASE_URL
// names the PostgreSQL server, default postgres://postgres@127.0.0.1:5432/postgres, a temporary database is created
// there and dropped; BENCH_SKIP_POSTGRES=1 measures PGlite only). Exits 1 only when something failed outright: a
// command's non-zero exit, a failed donation, a restore whose counts differ from the archive's.
import { spawn } from 'node:child_process';
import http from 'node:http';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { donateOnce, fmt, loadPg, queryPostgres, requireBuild, root, runDonations, startApi, temporaryPostgres } from './support.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONCURRENCY = Number(process.env.BENCH_BACKUP_CONCURRENCY ?? 8);
const BULK_DONATIONS = Number(process.env.BENCH_BACKUP_DONATIONS ?? 100_000);
// The donors during a backup of the big site too (on PGlite that backup takes minutes under load); 0 leaves it out.
const LARGE_WINDOW = process.env.BENCH_BACKUP_LARGE_WINDOW !== '0';
// The donors go the wizard's whole way, receipt included (support.mjs donateOnce).
const WIZARD = { receipt: true };
const BACKUP_CLI = path.join(root, 'apps/api/dist/cli/backup.js');
const RESTORE_CLI = path.join(root, 'apps/api/dist/cli/restore.js');
const SERVER_ENV = { TRUST_PROXY: '1', PAYMENTS_MODE: 'sandbox', STORAGE_URL: '' };

requireBuild();

const failures = [];
const fail = (what) => {
  failures.push(what);
  console.error(`FAILED: ${what}`);
};
const started = performance.now();
const progress = (line) => console.error(`[${fmt((performance.now() - started) / 1000, 0).padStart(4)} s] ${line}`);
const scratch = mkdtempSync(path.join(os.tmpdir(), 'charity-bench-backup-'));
let archives = 0;
const newArchive = () => path.join(scratch, `backup-${++archives}.tar`);
const newDir = (name) => mkdtempSync(path.join(scratch, `${name}-`));

// ---- The commands, as an operator runs them ----

// The server's own log line for each copy of its database it makes for a backup (PGlite: control-socket.ts,
// pglite-copy.ts): {"msg":"database copied for a backup","bytes":…,"heldMs":…}. heldMs is what every query waited for:
// pg_backup_start's checkpoint plus pg_backup_stop with the copy of its log; the data files are copied between the two
// while the site goes on. The backup command prints the same figure (the server sends it back).
const serverCopies = [];
let partialLine = '';
function watchServerLog(chunk) {
  const lines = (partialLine + chunk).split('\n');
  partialLine = lines.pop();
  for (const line of lines) {
    if (!line.includes('database copied for a backup')) continue;
    try {
      const { heldMs, ms, bytes } = JSON.parse(line);
      serverCopies.push({ ms: heldMs ?? ms, bytes });
    } catch {
      // not a JSON line after all
    }
  }
}
const startSite = (site) => startApi(site.databaseUrl, { dataDir: site.dataDir, extraEnv: SERVER_ENV, onOutput: watchServerLog });

// GNU time, when installed, gives each command's peak memory (resident set); the figures say n/a without it.
const GNU_TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : null;
let timeFiles = 0;

/** Runs one of the CLIs with the server's settings; answers its exit code, output, wall-clock seconds and peak RSS (MB). */
function runCli(file, args, { dataDir, databaseUrl }) {
  const env = { ...process.env, DATA_DIR: dataDir, STORAGE_URL: '', LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const rssFile = GNU_TIME ? path.join(scratch, `time-${++timeFiles}.txt`) : null;
  const [command, ...rest] = GNU_TIME ? [GNU_TIME, '-f', '%M', '-o', rssFile, process.execPath, file, ...args] : [process.execPath, file, ...args];
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    // cwd: an empty folder, so no .env of the checkout is read.
    const child = spawn(command, rest, { cwd: scratch, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (code) => {
      const seconds = (performance.now() - t0) / 1000;
      let peakMb = null;
      try {
        const kb = Number(readFileSync(rssFile, 'utf8').trim().split('\n').at(-1));
        if (Number.isFinite(kb)) peakMb = kb / 1024;
      } catch {
        // no GNU time
      }
      resolve({ code, stdout, stderr, seconds, peakMb });
    });
  });
}

/**
 * `npm run backup -- <archive>`; answers the archive's bytes, the command's seconds and the figures it printed.
 * "Backup written: /x/a.tar (6.2 MB, 97 parts) in 2.9 s; the server's database was held for 542 ms."
 */
async function backup(target) {
  const file = newArchive();
  const copiesBefore = serverCopies.length;
  const run = await runCli(BACKUP_CLI, [file], target);
  const copy = serverCopies.slice(copiesBefore).at(-1) ?? null;
  if (run.code !== 0) {
    fail(`npm run backup exited ${run.code}: ${(run.stderr || run.stdout).trim().slice(0, 500)}`);
    return null;
  }
  const written = /Backup written: .* \(([^,]+), (\d+) parts\) in ([\d.]+) s(?:; the server's database was held for (\d+) ms)?\./.exec(run.stdout);
  if (!written) fail(`npm run backup printed no "Backup written" line:\n${run.stdout}`);
  if (run.stderr.trim()) progress(`backup said on stderr: ${run.stderr.trim().slice(0, 300)}`);
  return {
    file,
    bytes: statSync(file).size,
    seconds: run.seconds,
    reportedSeconds: written ? Number(written[3]) : NaN,
    heldMs: written?.[4] === undefined ? null : Number(written[4]),
    serverCopyMs: copy?.ms ?? null,
    peakMb: run.peakMb,
    stdout: run.stdout,
  };
}

/** `npm run restore -- <archive>` into an empty target; answers its seconds and its counts table, parsed. */
async function restore(file, target) {
  const run = await runCli(RESTORE_CLI, [file], target);
  if (run.code !== 0) {
    fail(`npm run restore exited ${run.code}: ${(run.stderr || run.stdout).trim().slice(0, 500)}`);
    return null;
  }
  // what            in archive    restored
  // donations              100003      100003
  const counts = {};
  let differs = 0;
  for (const line of run.stdout.split('\n')) {
    const row = /^(\S.*?)\s+(\d+)\s+(\d+)(\s+← differs)?\s*$/.exec(line);
    if (!row) continue;
    counts[row[1]] = { archive: Number(row[2]), restored: Number(row[3]) };
    if (row[4] || row[2] !== row[3]) differs += 1;
  }
  const parsed = Object.keys(counts).length;
  if (parsed === 0) fail(`npm run restore printed no counts table:\n${run.stdout}`);
  if (differs > 0) fail(`npm run restore: ${differs} count(s) differ from the archive's:\n${run.stdout}`);
  return { seconds: run.seconds, peakMb: run.peakMb, counts, match: parsed > 0 && differs === 0 };
}

// ---- 100,000 donations, bulk-inserted ----

/**
 * Statements that add `n` donations as the site would have written them, copied from its newest real donation: the
 * sandbox's payment intent, the payment attempt, the donation, its webhook event, its receipt (numbered on, without
 * gaps, in the template's financial year; receipt_counters moved on), the receipt's two download tokens and its
 * receipt mail. Every row's id, payment intent id, idempotency key, receipt number, token and donor address is its
 * own; times are spread 30 s apart up to now. Plain SQL that PostgreSQL and PGlite both run.
 */
function bulkDonationStatements(n) {
  const pi = `'pi_sbxbench_' || lpad(g::text, 8, '0')`;
  const key = `md5('bench-attempt-' || g)::uuid::text`;
  const at = `(b.t_end - (${n} - g) * interval '30 seconds')`;
  const seq = `(b.seq0 + g)`;
  const number = `(b.prefix || lpad(${seq}::text, greatest(6, length(${seq}::text)), '0'))`;
  const iso = (t) => `to_char(${t} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  const series = `generate_series(1, ${n}) g`;
  return [
    `create temp table bench_base as
       select d.id as donation_id, d.payment_intent_id as template_pi, a.id as attempt_id, r.id as receipt_id, r.number as template_number,
              r.financial_year as fy, regexp_replace(r.number, '[0-9]+$', '') as prefix, m.id as mail_id,
              (select last_number from receipt_counters c where c.financial_year = r.financial_year) as seq0,
              (select coalesce(max(id), 0) from donations) as d0, (select coalesce(max(id), 0) from payment_attempts) as a0,
              (select coalesce(max(id), 0) from receipts) as r0, (select coalesce(max(id), 0) from receipt_tokens) as k0,
              (select coalesce(max(id), 0) from mail_outbox) as m0, now() as t_end
         from donations d
         join payment_attempts a on a.id = d.payment_attempt_id
         join sandbox_payment_intents s on s.id = d.payment_intent_id
         join receipts r on r.donation_id = d.id
         join mail_outbox m on m.id = r.mail_outbox_id
        where d.status = 'completed' and d.donation_type = 'one_time' and d.recurring_gift_id is null
        order by d.id desc limit 1`,
    `insert into sandbox_payment_intents
       select x.*
         from bench_base b join sandbox_payment_intents s on s.id = b.template_pi, ${series},
         lateral jsonb_populate_record(null::sandbox_payment_intents, to_jsonb(s) || jsonb_build_object(
         'id', ${pi}, 'client_secret', ${pi} || '_secret_' || md5('bench-secret-' || g), 'idempotency_key', ${key},
         'metadata', s.metadata || jsonb_build_object('attempt_key', ${key}), 'created_at', ${at}, 'updated_at', ${at})) x`,
    `insert into payment_attempts
       select x.*
         from bench_base b join payment_attempts a on a.id = b.attempt_id, ${series},
         lateral jsonb_populate_record(null::payment_attempts, to_jsonb(a) || jsonb_build_object(
         'id', b.a0 + g, 'payment_intent_id', ${pi}, 'idempotency_key', ${key},
         'client_ip', '198.19.' || ((g / 256) % 256) || '.' || (g % 256), 'created_at', ${at}, 'updated_at', ${at})) x`,
    `insert into donations
       select x.*
         from bench_base b join donations d on d.id = b.donation_id, ${series},
         lateral jsonb_populate_record(null::donations, to_jsonb(d) || jsonb_build_object(
         'id', b.d0 + g, 'payment_intent_id', ${pi}, 'payment_attempt_id', b.a0 + g, 'receipt_number', ${number}, 'created_at', ${at})) x`,
    `insert into webhook_events (id, type, payment_intent_id, received_at)
       select 'evt_sbxbench_' || lpad(g::text, 8, '0'), 'payment_intent.succeeded', ${pi}, ${at} from bench_base b, ${series}`,
    `insert into receipts
       select x.*
         from bench_base b join receipts r on r.id = b.receipt_id, ${series},
         lateral jsonb_populate_record(null::receipts, to_jsonb(r) || jsonb_build_object(
         'id', b.r0 + g, 'number', ${number}, 'sequence', ${seq}, 'donation_id', b.d0 + g, 'mail_outbox_id', b.m0 + g, 'issued_at', ${at},
         'details', r.details || jsonb_build_object('receiptNumber', ${number}, 'issuedAt', ${iso(at)},
           'donation', (r.details -> 'donation') || jsonb_build_object('id', b.d0 + g, 'paymentIntentId', ${pi}, 'createdAt', ${iso(at)})))) x`,
    `insert into receipt_tokens (id, receipt_id, token_hash, created_at)
       select b.k0 + g, b.r0 + (g + 1) / 2, encode(sha256(convert_to('bench-token-' || g, 'UTF8')), 'hex'), b.t_end
         from bench_base b, generate_series(1, ${2 * n}) g`,
    `insert into mail_outbox
       select x.*
         from bench_base b join mail_outbox m on m.id = b.mail_id, ${series},
         lateral jsonb_populate_record(null::mail_outbox, to_jsonb(m) || jsonb_build_object(
         'id', b.m0 + g, 'receipt_id', b.r0 + g, 'created_at', ${at}, 'sent_at', case when m.sent_at is null then null else ${at} end,
         'subject', replace(m.subject, b.template_number, ${number}),
         'text', replace(replace(m.text, b.template_number, ${number}), b.template_pi, ${pi}),
         'html', replace(replace(m.html, b.template_number, ${number}), b.template_pi, ${pi}))) x`,
    `update receipt_counters c set last_number = c.last_number + ${n} from bench_base b where c.financial_year = b.fy`,
    ...['donations', 'payment_attempts', 'receipts', 'receipt_tokens', 'mail_outbox'].map(
      (table) => `select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`,
    ),
  ];
}

/** The receipt series of the filled year: numbered 1..n without gaps, the counter at n, every donation's number its receipt's. */
const RECEIPT_CHECK = `
  select (select count(*) from bench_base) as templates,
         count(*)::int as receipts, min(r.sequence) as first, max(r.sequence) as last, count(distinct r.sequence)::int as distinct_sequences,
         (select last_number from receipt_counters c join bench_base b on c.financial_year = b.fy) as counter,
         count(*) filter (where d.receipt_number is distinct from r.number)::int as mismatched
    from receipts r join bench_base b on r.financial_year = b.fy left join donations d on d.id = r.donation_id`;

/**
 * One more donation whose receipt is asked for as the thank-you page asks (POST /api/invoices/generate-and-send; the
 * sandbox's webhook may have issued it already), then a moment for its mail to be composed: the rows the bulk
 * donations are copied from. (The benchmark's donors skip that request, so most of their donations have no receipt
 * until the server's missing-receipts job issues them.)
 */
async function templateDonation(api) {
  const agent = new http.Agent({ keepAlive: false });
  try {
    const { created, saved } = await donateOnce(agent, api.base);
    const donation = JSON.parse(saved.body).data.donation;
    const response = await fetch(`${api.base}/api/invoices/generate-and-send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.19.255.254' },
      body: JSON.stringify({ donation_id: donation.id, payment_intent_id: JSON.parse(created.body).data.payment_intent_id }),
    });
    if (!response.ok) throw new Error(`generate-and-send answered ${response.status}: ${await response.text()}`);
  } finally {
    agent.destroy();
  }
  await new Promise((resolve) => setTimeout(resolve, 2000));
}

/** Runs the statements in one transaction through `query` (sql → rows); answers the seconds it took. */
async function fillDonations(query, n) {
  const t0 = performance.now();
  await query('begin');
  try {
    for (const statement of bulkDonationStatements(n)) await query(statement);
    const [check] = await query(RECEIPT_CHECK);
    if (Number(check.templates) !== 1) throw new Error('no donation with a receipt and its mail to copy (templateDonation)');
    const gapless =
      Number(check.templates) === 1 &&
      Number(check.first) === 1 &&
      Number(check.last) === Number(check.receipts) &&
      Number(check.distinct_sequences) === Number(check.receipts) &&
      Number(check.counter) === Number(check.last) &&
      Number(check.mismatched) === 0;
    if (!gapless) throw new Error(`the filled receipt series is not gapless: ${JSON.stringify(check)}`);
    await query('commit');
  } catch (error) {
    await query('rollback').catch(() => {});
    throw error;
  }
  return (performance.now() - t0) / 1000;
}

async function fillPglite(dataDir, n) {
  const client = await PGlite.create(path.join(dataDir, 'db'));
  try {
    const seconds = await fillDonations(async (sql) => (await client.query(sql)).rows, n);
    await client.query('CHECKPOINT');
    return seconds;
  } finally {
    await client.close();
  }
}

async function fillPostgres(databaseUrl, n) {
  const client = new (loadPg().Client)({ connectionString: databaseUrl });
  await client.connect();
  try {
    const seconds = await fillDonations(async (sql) => (await client.query(sql)).rows, n);
    const t0 = performance.now();
    await client.query('vacuum analyze'); // what autovacuum would soon have done on a site that grew this big
    return seconds + (performance.now() - t0) / 1000;
  } finally {
    await client.end();
  }
}

// ---- One database ----

/** Bytes under a directory. */
function directoryBytes(dir) {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    total += entry.isDirectory() ? directoryBytes(full) : entry.isFile() ? statSync(full).size : 0;
  }
  return total;
}

/** The database's size: PGlite's data directory on disk, or pg_database_size on PostgreSQL. */
async function databaseBytes(site) {
  if (!site.databaseUrl) return directoryBytes(path.join(site.dataDir, 'db'));
  const [row] = await queryPostgres(site.databaseUrl, 'select pg_database_size(current_database())::bigint as bytes');
  return Number(row.bytes);
}

/** The server's peak resident memory so far (Linux), in MB. */
function serverPeakMb(api) {
  try {
    const kb = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${api.pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

/** A fresh, empty restore target of the same kind: a DATA_DIR, and for PostgreSQL a temporary database. */
async function restoreTarget(serverUrl) {
  const dataDir = newDir('restored');
  const database = serverUrl ? await temporaryPostgres(serverUrl) : null;
  return {
    dataDir,
    databaseUrl: database?.url ?? null,
    async drop() {
      rmSync(dataDir, { recursive: true, force: true });
      await database?.drop();
    },
  };
}

/**
 * Backs up the running server; runs `between` (more measurements, stopping the server), then restores the archive into
 * a fresh target.
 */
async function backupAndRestore(label, site, serverUrl, between = null) {
  const databaseMb = (await databaseBytes(site)) / 1e6;
  progress(`${label}: database ${fmt(databaseMb)} MB; backup`);
  const made = await backup(site);
  if (made) progress(`${label}: backup ${fmt(made.bytes / 1e6, 1)} MB in ${fmt(made.seconds, 1)} s`);
  if (between) await between();
  if (!made) return { label, databaseMb, made: null, restored: null };
  progress(`${label}: restore`);
  const target = await restoreTarget(serverUrl);
  try {
    const restored = await restore(made.file, target);
    if (restored) progress(`${label}: restored in ${fmt(restored.seconds, 1)} s`);
    return { label, databaseMb, made, restored };
  } finally {
    await target.drop();
    rmSync(made.file, { force: true });
  }
}

/** Two runs of donors as one: donations/s over both, the worse p99, max and gap. */
function combined(a, b) {
  return {
    ok: a.ok + b.ok,
    failed: a.failed + b.failed,
    firstFailure: a.firstFailure ?? b.firstFailure,
    seconds: a.seconds + b.seconds,
    perSecond: (a.ok + b.ok) / (a.seconds + b.seconds),
    p99: Math.max(a.p99, b.p99),
    max: Math.max(a.max, b.max),
    longestGapMs: Math.max(a.longestGapMs, b.longestGapMs),
  };
}

/**
 * Donors for DURATION seconds alone, then while backups run back to back for as long, then alone again: the baseline
 * is both runs without a backup together, so a server still warming up (or the machine busier) in one of them does not
 * pass for the backup's effect.
 */
async function donationsDuringBackups(api, site) {
  // A freshly (re)started server is cold (JIT, the receipts' first PDFs, the database's caches): warm it as long as a window.
  progress(`donations: ${DURATION} s warm-up, then ${DURATION} s without a backup`);
  const warm = await runDonations(api.base, DURATION, CONCURRENCY, WIZARD);
  const before = await runDonations(api.base, DURATION, CONCURRENCY, WIZARD);
  progress(`donations: ${fmt(before.perSecond)}/s without; now ${DURATION} s of backups back to back`);
  let backingUp = true;
  const during = runDonations(api.base, () => !backingUp, CONCURRENCY, WIZARD);
  const backups = [];
  const windowStart = performance.now();
  try {
    while (performance.now() - windowStart < DURATION * 1000) {
      const made = await backup(site);
      if (!made) break;
      backups.push(made);
      rmSync(made.file, { force: true });
    }
  } finally {
    backingUp = false;
  }
  const withBackups = await during;
  progress(`donations: ${fmt(withBackups.perSecond)}/s during ${backups.length} backup(s); ${DURATION} s without again`);
  const after = await runDonations(api.base, DURATION, CONCURRENCY, WIZARD);
  for (const run of [warm, before, withBackups, after]) {
    if (run.failed > 0) fail(`${run.failed} donation(s) failed; the first: ${run.firstFailure}`);
  }
  const held = backups.map((b) => b.heldMs).filter((ms) => ms !== null);
  const copies = backups.map((b) => b.serverCopyMs).filter((ms) => ms !== null);
  return {
    without: combined(before, after),
    before,
    after,
    during: withBackups,
    backups: backups.length,
    heldMaxMs: held.length ? Math.max(...held) : null,
    serverCopyMaxMs: copies.length ? Math.max(...copies) : null,
    serverPeakMb: serverPeakMb(api),
  };
}

async function benchDatabase(label, serverUrl) {
  progress(`## ${label}`);
  const database = serverUrl ? await temporaryPostgres(serverUrl) : null;
  const dataDir = newDir('site');
  const site = { dataDir, databaseUrl: database?.url ?? null };
  const result = { label, donations: [], sizes: [], fillSeconds: null };
  let api = null;
  try {
    api = await startSite(site);
    // The seeded demo site, as first started: its archive and restore; then donations during a backup vs without
    // (which also leave the real donations the bulk rows are copied from).
    result.sizes.push({ data: 'seeded demo data', ...(await backupAndRestore(`${label}, seeded`, site, serverUrl)) });
    result.donations.push({ data: 'seeded demo data', ...(await donationsDuringBackups(api, site)) });
    if (BULK_DONATIONS > 0) {
      const data = `+ ${fmt(BULK_DONATIONS)} donations`;
      await templateDonation(api);
      await api.stop();
      api = null;
      progress(`filling ${fmt(BULK_DONATIONS)} donations with SQL (server stopped)`);
      result.fillSeconds = site.databaseUrl ? await fillPostgres(site.databaseUrl, BULK_DONATIONS) : await fillPglite(dataDir, BULK_DONATIONS);
      progress(`filled in ${fmt(result.fillSeconds, 1)} s; restarting the server`);
      api = await startSite(site);
      // The archive is timed with nothing else running; then the donors, during backups and without, on the big site.
      const sized = await backupAndRestore(`${label}, ${data}`, site, serverUrl, async () => {
        if (LARGE_WINDOW) result.donations.push({ data, ...(await donationsDuringBackups(api, site)) });
        await api.stop();
        api = null;
      });
      result.sizes.push({ data, ...sized });
    }
  } catch (error) {
    fail(`${label}: ${error.stack ?? error}`);
  } finally {
    await api?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  }
  return result;
}

// ---- The run ----

console.log(
  `# Backup benchmark: ${DURATION} s per window, ${CONCURRENCY} donors in flight, Node ${process.version}, ${os.cpus().length} CPU(s), ` +
    `load average ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}, ${new Date().toISOString().slice(0, 10)}`,
);
const results = [];
try {
  results.push(await benchDatabase('PGlite', null));
  if (process.env.BENCH_SKIP_POSTGRES !== '1') {
    const serverUrl = process.env.BENCH_DATABASE_URL?.trim() || process.env.DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/postgres';
    results.push(await benchDatabase('PostgreSQL', serverUrl));
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

const ms = (n) => (n === null || n === undefined || Number.isNaN(n) ? 'n/a' : fmt(n, 0));
console.log(
  `\nDonations (create-intent + sandbox confirm + save-after-payment + generate-and-send, the wizard's whole way, ${CONCURRENCY} in flight): ${DURATION} s without a backup, then while ` +
    `\`npm run backup\` ran back to back for as long (the window ends with the last backup), then ${DURATION} s without again ("without" is ` +
    'both runs without, taken together; "before / after" their donations/s). "longest gap": the longest time in which no ' +
    'donation finished. "held": what the backup command printed as the time the server\'s database was held, and "server copy": the ' +
    'server\'s own log of that copy (PGlite only; on PostgreSQL pg_dump reads a snapshot and holds nothing).\n',
);
console.log(
  '| database | data | donations/s without (before / after) | during backup | ratio | p99 ms without | p99 during | max ms without | max during | longest gap ms without | longest gap during | backups in window | held ms (max) | server copy ms (max) | failed |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const r of results) {
  if (r.donations.length === 0) console.log(`| ${r.label} | | failed | | | | | | | | | | | | |`);
  for (const d of r.donations) {
    console.log(
      `| ${r.label} | ${d.data} | ${fmt(d.without.perSecond)} (${fmt(d.before.perSecond)} / ${fmt(d.after.perSecond)}) | ${fmt(d.during.perSecond)} | ` +
        `${fmt(d.during.perSecond / d.without.perSecond, 2)} | ${ms(d.without.p99)} | ${ms(d.during.p99)} | ${ms(d.without.max)} | ${ms(d.during.max)} | ` +
        `${ms(d.without.longestGapMs)} | ${ms(d.during.longestGapMs)} | ${d.backups} in ${fmt(d.during.seconds, 1)} s | ${ms(d.heldMaxMs)} | ` +
        `${ms(d.serverCopyMaxMs)} | ${d.without.failed + d.during.failed} |`,
    );
  }
}
console.log(
  `\nArchives: \`npm run backup\` while the server runs (no other load), then \`npm run restore\` into a fresh DATA_DIR (PGlite) or a fresh ` +
    'temporary PostgreSQL database, server stopped. "database MB": PGlite\'s DATA_DIR/db on disk, or pg_database_size. Seconds are each ' +
    'command\'s wall clock, Node start-up included; "held" and "server copy" as above; "peak MB": each command\'s peak resident memory; ' +
    '"counts match": the restore\'s table beside the manifest\'s says nothing differs. Counts are the manifest\'s.\n',
);
console.log('| database | data | database MB | archive MB | backup s | held ms | server copy ms | restore s | peak MB backup / restore | donations | receipts | files | counts match |');
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const r of results) {
  for (const s of r.sizes) {
    const c = s.restored?.counts ?? {};
    const count = (name) => (c[name] ? fmt(c[name].archive) : 'n/a');
    console.log(
      `| ${r.label} | ${s.data} | ${fmt(s.databaseMb)} | ${s.made ? fmt(s.made.bytes / 1e6, 1) : 'failed'} | ${s.made ? fmt(s.made.seconds, 1) : 'n/a'} | ` +
        `${ms(s.made?.heldMs)} | ${ms(s.made?.serverCopyMs)} | ${s.restored ? fmt(s.restored.seconds, 1) : 'failed'} | ` +
        `${ms(s.made?.peakMb)} / ${ms(s.restored?.peakMb)} | ` +
        `${count('donations')} | ${count('receipts')} | ${count('files')} | ${s.restored ? (s.restored.match ? 'yes' : 'NO') : 'n/a'} |`,
    );
  }
}
const peaks = results.flatMap((r) => r.donations.filter((d) => d.serverPeakMb !== null).map((d) => `${r.label} (${d.data}) ${fmt(d.serverPeakMb)} MB`));
if (peaks.length > 0) console.log(`\nThe server's peak resident memory by the end of its donation windows: ${peaks.join(', ')}.`);
const fills = results.filter((r) => r.fillSeconds !== null);
if (fills.length > 0) {
  console.log(`\nBulk insert of ${fmt(BULK_DONATIONS)} donations (every table a donation writes): ${fills.map((r) => `${r.label} ${fmt(r.fillSeconds, 1)} s`).join(', ')}.`);
}
console.log(`\nWhole run ${fmt((performance.now() - started) / 1000)} s; load average at the end: ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}.`);
if (failures.length > 0) console.log(`\n${failures.length} failure(s):\n${failures.map((f) => `- ${f.split('\n')[0]}`).join('\n')}`);
process.exitCode = failures.length > 0 ? 1 : 0;
