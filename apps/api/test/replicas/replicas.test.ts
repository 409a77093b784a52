import { readdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/open.js';
import { campaigns } from '../../src/db/schema.js';
import { rowsOf } from '../../src/admin/sql-rows.js';
import { createTemporaryDatabase, POSTGRES_SKIP_REASON, temporaryDir } from '../support/databases.js';
import { indianDonation } from '../support/donations.js';
import { solidImage } from '../support/images.js';
import { multipart } from '../support/multipart.js';
import { startS3Server, type S3TestServer } from '../support/s3-server.js';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.js';
import { requireBuiltServer, startApiProcess, type ApiProcess } from '../faults/api-process.js';
import { checkDonationLedger } from '../faults/donation-ledger-checks.js';
import { donateOnce, runDonors, type LedgerEntry } from '../faults/donor-client.js';
import { startRoundRobinProxy, type RoundRobinProxy } from './round-robin-proxy.js';

// Issue 21's proof (docs/decisions/041-replicas.md): three replicas of the built server (`node apps/api/dist/server.js`,
// as production runs it) on one PostgreSQL database and one S3-speaking object store, behind a round-robin proxy.
// Each replica has a DATA_DIR of its own, so nothing can be shared through the local disk. Checked: a photo uploaded
// through one replica is served by the other two; a campaign edited through one is seen through the others within a
// second; 300 donations spread over the replicas give 300 donations, 300 receipts numbered without gap or repeat and
// 300 receipt mails; a replica killed with SIGKILL under load loses no acknowledged donation and doubles none; and
// every scheduled job ran once per turn across the replicas. In `npm test` when TEST_DATABASE_URL is set.

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL?.trim() || undefined;
const REPLICAS = 3;
const DONATIONS = 300;
const CONCURRENCY = 12;
const ADMIN = { username: 'replica-admin', password: 'Replica test password 2026!' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `read` until `done(value)`; answers the value and how long it took, or fails with the last value after `limitMs`. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, limitMs: number, what: string): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  for (;;) {
    const value = await read();
    const ms = performance.now() - started;
    if (done(value)) return { value, ms };
    if (ms > limitMs) throw new Error(`${what}: not within ${limitMs} ms; last seen ${JSON.stringify(value)}`);
    await sleep(25);
  }
}

describe.skipIf(!TEST_DATABASE_URL)(`three API replicas on PostgreSQL behind a round-robin proxy${TEST_DATABASE_URL ? '' : ` (${POSTGRES_SKIP_REASON})`}`, () => {
  let temporary: { url: string; drop(): Promise<void> } | undefined;
  let databaseUrl: string;
  let database: DatabaseHandle;
  let s3: S3TestServer;
  let sink: SmtpSink;
  let env: Record<string, string>;
  const replicas: ApiProcess[] = [];
  let proxy: RoundRobinProxy;
  let token: string;
  let campaignId: number;
  /** The campaign's figures before any donation of this test (the seed's). */
  let seedFigures: { raised: number; count: number };

  beforeAll(async () => {
    requireBuiltServer();
    temporary = await createTemporaryDatabase('charity_replicas');
    databaseUrl = temporary.url;
    s3 = await startS3Server();
    sink = await startSmtpSink();
    env = {
      DATABASE_URL: databaseUrl,
      STORAGE_URL: s3.storageUrl,
      AWS_ACCESS_KEY_ID: s3.accessKeyId,
      AWS_SECRET_ACCESS_KEY: s3.secretAccessKey,
      SMTP_URL: sink.url,
      TRUST_PROXY: '1',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      // Short leases, so a job the killed replica held is taken over within the test (production: 60 s).
      JOB_LEASE_MS: '3000',
      JOB_POLL_MS: '250',
    };
    // All three at once on an empty database: the start-up lock makes them migrate and seed it once, in turn.
    replicas.push(...(await Promise.all(Array.from({ length: REPLICAS }, () => startApiProcess({ ...env, DATA_DIR: temporaryDir('charity-replica-') }, 180_000)))));
    proxy = await startRoundRobinProxy(replicas.map((replica) => replica.base));
    database = await openDatabase({ dataDir: temporaryDir(), databaseUrl });
    const login = await fetch(`${replicas[0]!.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    expect(login.status, await login.clone().text()).toBe(200);
    token = ((await login.json()) as { data: { token: string } }).data.token;
    const [campaign] = await database.db
      .select({ id: campaigns.id, raised: campaigns.raisedAmount, count: campaigns.donationCount })
      .from(campaigns)
      .where(eq(campaigns.status, 'active'))
      .limit(1);
    campaignId = campaign!.id;
    seedFigures = { raised: campaign!.raised, count: campaign!.count };
  }, 420_000);

  afterAll(async () => {
    await proxy?.close();
    await Promise.all(replicas.map((replica) => replica.stop().catch(() => null)));
    await database?.close();
    await sink?.close();
    await s3?.stop();
    await temporary?.drop();
  }, 60_000);

  it('started once on one database: one migration history, one seed, one first account', async () => {
    const [{ n: admins }] = rowsOf<{ n: string }>(await database.db.execute(sql`select count(*) as n from admin_users where username = ${ADMIN.username}`)) as [{ n: string }];
    expect(Number(admins)).toBe(1);
    // Migrated once: every migration recorded once.
    const migrations = readdirSync(path.resolve(import.meta.dirname, '../../drizzle')).filter((file) => file.endsWith('.sql')).length;
    const [applied] = rowsOf<{ n: string; distinct_hashes: string }>(
      await database.db.execute(sql`select count(*) as n, count(distinct hash) as distinct_hashes from drizzle.__drizzle_migrations`),
    );
    expect([Number(applied!.n), Number(applied!.distinct_hashes)]).toEqual([migrations, migrations]);
    // Seeded once: the demonstration campaigns exist once each, whichever replica is asked.
    const [{ n: seeded, titles }] = rowsOf<{ n: string; titles: string }>(
      await database.db.execute(sql`select count(*) as n, count(distinct title) as titles from campaigns where status <> 'draft'`),
    ) as [{ n: string; titles: string }];
    expect(Number(seeded)).toBeGreaterThan(0);
    expect(Number(titles)).toBe(Number(seeded));
    const replies = await Promise.all(replicas.map(async (replica) => ((await (await fetch(`${replica.base}/api/campaigns?limit=50`)).json()) as { meta: { total: number } }).meta.total));
    expect(replies).toEqual(replicas.map(() => Number(seeded)));
  });

  it('a photo uploaded through one replica is served by the other two, with the same bytes and headers', async () => {
    const auth = { authorization: `Bearer ${token}` };
    const created = await fetch(`${replicas[0]!.base}/api/events`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Replica camp', description: 'Photos across replicas.', date: '2026-03-15', location: 'Hubballi', impact: '40 children', status: 'completed' }),
    });
    expect(created.status).toBe(201);
    const eventId = ((await created.json()) as { data: { event: { id: number } } }).data.event.id;
    const { payload, headers } = multipart({ images: { filename: 'camp.jpg', contentType: 'image/jpeg', data: await solidImage(1200, 800, 'jpeg') } });
    const uploaded = await fetch(`${replicas[0]!.base}/api/events/${eventId}/images`, { method: 'POST', headers: { ...auth, ...headers }, body: payload });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const { images } = ((await uploaded.json()) as { data: { images: { variants: { url: string }[] }[] } }).data;
    const urls = images.flatMap((image) => image.variants.map((variant) => variant.url));
    expect(urls.length).toBeGreaterThan(1);
    for (const url of urls) {
      const [first, ...others] = await Promise.all(replicas.map((replica) => fetch(`${replica.base}${url}`)));
      const bytes = Buffer.from(await first!.arrayBuffer());
      expect(first!.status).toBe(200);
      for (const other of others) {
        expect(other.status, `${url} from another replica`).toBe(200);
        expect(Buffer.from(await other.arrayBuffer()).equals(bytes)).toBe(true);
        expect(other.headers.get('content-type')).toBe('image/webp');
        expect(other.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        expect(other.headers.get('x-content-type-options')).toBe('nosniff');
        expect(other.headers.get('content-security-policy')).toBe("default-src 'none'; img-src 'self'; sandbox");
      }
    }
  });

  it('a campaign edited through one replica is seen through the other two within a second', async () => {
    const read = async (replica: ApiProcess) =>
      ((await (await fetch(`${replica.base}/api/campaigns/${campaignId}`)).json()) as { data: { campaign: { title: string } } }).data.campaign.title;
    // Both others have the campaign in their caches.
    const before = await read(replicas[1]!);
    expect(await read(replicas[2]!)).toBe(before);
    expect(await read(replicas[1]!)).toBe(before);
    const title = `${before} (edited on replica one)`;
    const { payload, headers } = multipart({ title });
    const edit = await fetch(`${replicas[0]!.base}/api/campaigns/${campaignId}`, { method: 'PUT', headers: { authorization: `Bearer ${token}`, ...headers }, body: payload });
    expect(edit.status, await edit.clone().text()).toBe(200);
    const seen = await Promise.all([1, 2].map((index) => until(() => read(replicas[index]!), (value) => value === title, 1_000, `replica ${index + 1}`)));
    console.log(`replicas: a campaign edit on replica 1 was seen on replicas 2 and 3 after ${seen.map((s) => Math.round(s.ms)).join(' and ')} ms`);
  });

  it(`${DONATIONS} donations spread over the replicas: ${DONATIONS} donations, receipts numbered without gap or repeat, ${DONATIONS} receipt mails`, async () => {
    const mailsBefore = sink.mails.length;
    const answeredBefore = [...proxy.answered];
    const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
    const ledger: LedgerEntry[] = [];
    const data = indianDonation({ campaign_id: campaignId });
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < DONATIONS) {
          next += 1;
          await donateOnce(agent, proxy.base, data, { ledger });
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    agent.destroy();
    expect(ledger).toHaveLength(DONATIONS);
    expect(ledger.filter((entry) => entry.receiptNumber !== null)).toHaveLength(DONATIONS);
    const spread = proxy.answered.map((n, i) => n - answeredBefore[i]!);
    // Every replica took its share (round robin: 4 requests a donation, in turn).
    for (const n of spread) expect(n).toBeGreaterThan(DONATIONS);

    const counts = await checkDonationLedger(database, { ledger, campaign: { id: campaignId, ...seedFigures } });
    expect(counts.donations).toBe(DONATIONS);
    expect(counts.receipts).toBe(DONATIONS);
    const numbers = new Set(ledger.map((entry) => entry.receiptNumber));
    expect(numbers.size).toBe(DONATIONS);

    // The receipt mails: to the donor, each naming its receipt's number (shaped like the first one's).
    const numberPattern = new RegExp(ledger[0]!.receiptNumber!.replace(/\d/g, '\\d'));
    const receiptMails = () => sink.mails.slice(mailsBefore).filter((mail) => mail.to.includes(String(data.donor.email)) && numberPattern.test(mail.decoded));
    // Mailed from the mailer's quiet queue, which yields to requests: on a busy CI machine this takes a while.
    await until(async () => receiptMails().length, (n) => n >= DONATIONS, 180_000, 'receipt mails');
    const mailed = receiptMails().map((mail) => numberPattern.exec(mail.decoded)![0]);
    expect(new Set(mailed).size).toBe(DONATIONS);
    expect(new Set(mailed)).toEqual(numbers);
    console.log(
      `replicas: ${DONATIONS} donations in ${seconds.toFixed(1)} s (${(DONATIONS / seconds).toFixed(1)}/s) through the proxy; requests per replica ${spread.join(', ')}; ` +
        `${counts.receipts} receipts, ${mailed.length} receipt mails`,
    );
  }, 420_000);

  it('a replica killed with SIGKILL under load loses no acknowledged donation and doubles none', async () => {
    let stop!: () => void;
    const stopped = new Promise<void>((resolve) => (stop = resolve));
    const load = runDonors(proxy.base, { concurrency: CONCURRENCY, until: stopped, campaignId, closeTabEvery: 5 });
    await load.firstSave;
    await sleep(300 + Math.random() * 400);
    await replicas[1]!.kill();
    // Donations go on through the two replicas left (the proxy skips the dead one) for a while.
    await sleep(4_000);
    stop();
    const run = await load.done;
    expect(run.unexpected).toEqual([]);
    // The killed replica comes back (as systemd would restart it): its start-up delivers what it left behind.
    replicas[1] = await startApiProcess({ ...env, DATA_DIR: temporaryDir('charity-replica-') }, 180_000);

    // Every payment that succeeded ends with its donation and its receipt (the start-up, or the other replicas' jobs).
    await until(
      async () => {
        const [row] = rowsOf<{ paid: string; donations: string; receipts: string }>(
          await database.db.execute(sql`select (select count(*) from sandbox_payment_intents where status = 'succeeded') as paid,
            (select count(*) from donations) as donations, (select count(*) from receipts) as receipts`),
        );
        return { paid: Number(row!.paid), donations: Number(row!.donations), receipts: Number(row!.receipts) };
      },
      (value) => value.donations === value.paid && value.receipts === value.donations,
      90_000,
      'a donation and a receipt for every succeeded payment after the kill',
    );
    // The whole database against what this run's donors were told (and the earlier run's, through the totals).
    const counts = await checkDonationLedger(database, { ledger: run.ledger, campaign: { id: campaignId, ...seedFigures } });
    expect(counts.acknowledged).toBeGreaterThan(0);
    console.log(
      `replicas: SIGKILL of replica 2 under load: ${run.ledger.length} payments started, ${counts.paid} paid, ${counts.acknowledged} saves acknowledged, ` +
        `${run.cutOff} requests cut off; ${counts.donations} donations and ${counts.receipts} receipts in all, one per succeeded payment`,
    );
  }, 420_000);

  it('every scheduled job ran once per turn across the replicas, never two at once', async () => {
    const runs = rowsOf<{ job: string; scheduled_for: string; replica: string; started_at: Date; finished_at: Date | null; outcome: string }>(
      await database.db.execute(sql`select job, scheduled_for::text, replica, started_at, finished_at, outcome from job_runs order by job, started_at`),
    );
    const byTurn = new Map<string, number>();
    for (const run of runs.filter((r) => r.outcome === 'ok')) byTurn.set(`${run.job} ${run.scheduled_for}`, (byTurn.get(`${run.job} ${run.scheduled_for}`) ?? 0) + 1);
    expect([...byTurn].filter(([, n]) => n > 1), 'turns of a job that ran more than once').toEqual([]);
    const replicasThatRan = new Set(runs.map((run) => run.replica));
    expect(replicasThatRan.size, 'jobs spread over the replicas').toBeGreaterThan(1);
    const jobs = new Map<string, typeof runs>();
    for (const run of runs) jobs.set(run.job, [...(jobs.get(run.job) ?? []), run]);
    for (const [job, list] of jobs) {
      const finished = list.filter((run) => run.outcome === 'ok' || run.outcome === 'failed');
      for (let i = 1; i < finished.length; i += 1) {
        expect(new Date(finished[i]!.started_at).getTime(), `${job} started before its previous run finished`).toBeGreaterThanOrEqual(new Date(finished[i - 1]!.finished_at!).getTime());
      }
    }
    expect([...jobs.keys()]).toEqual(expect.arrayContaining(['mail-sweep', 'missing-receipts']));
    console.log(`replicas: ${runs.length} job runs of ${jobs.size} jobs by ${replicasThatRan.size} replica processes; ${runs.filter((r) => r.outcome === 'abandoned').length} abandoned by the killed replica and run again`);
  });
});
