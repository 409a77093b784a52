import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { openDatabase, type DatabaseHandle } from '../../src/db/open.js';
import { donations } from '../../src/db/schema.js';
import { reconcilePayments } from '../../src/donations/use-cases/reconcile.js';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../src/plugins/errors.js';
import { bearer, createUser, signIn } from '../support/auth.js';
import { describePostgres, temporaryDir } from '../support/databases.js';
import { createIntent, donate, indianDonation, nextIp, pay, saveAfterPayment } from '../support/donations.js';
import { requireBuiltServer, SERVER_FILE } from './api-process.js';
import { startCuttableProxy, type CuttableProxy } from './tcp-proxy.js';

// The database stopped mid-run. On PostgreSQL a TCP proxy stands between the API and the real
// server (which other tests share, so it is never stopped): cutting it destroys every connection and refuses new
// ones, as a crashed or restarting database server does. While it is cut, every call that needs the database must
// answer 503 at once (never hang, never a 500 or a stack trace) with the catalogue's sentence, /api/health must say
// the database is unreachable, and once connections are let through again the same process must recover by itself.
//
// PGlite runs inside the API process: it cannot go away while the server runs (if the process dies, so does the
// server, which the crash-safety test covers). Its equivalent of an unreachable server is a data directory it
// cannot start from, which must stop the server with one sentence and exit code 1, not a WebAssembly trace.

const OUTAGE_BODY = { success: false, message: 'Internal server error. Please try again later.' };
/** "At once": a refused connection fails in milliseconds; this leaves room for a loaded CI machine. */
const PROMPT_MS = 3_000;

async function timed(request: () => Promise<LightMyRequestResponse>): Promise<{ response: LightMyRequestResponse; ms: number }> {
  const started = performance.now();
  const response = await request();
  return { response, ms: performance.now() - started };
}

describePostgres('the database going away and coming back', (ctx) => {
  let proxy: CuttableProxy;
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let token: string;

  beforeAll(async () => {
    const real = new URL(ctx.config.databaseUrl!);
    proxy = await startCuttableProxy({ host: real.hostname, port: Number(real.port || 5432) });
    const config = { ...ctx.config, databaseUrl: proxy.urlFor(ctx.config.databaseUrl!) };
    database = await openDatabase(config);
    app = await buildApp({ config, database });
    token = await signIn(app, await createUser(ctx.database.db));
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await proxy?.close();
  });

  // Every kind of call the site makes that reads or writes the database: public reads, the donation path, the
  // contact form, sign-in, an admin list behind the session check, and the webhook.
  const calls: Array<[string, (app: FastifyInstance) => Promise<LightMyRequestResponse>]> = [
    ['GET /api/campaigns', (a) => a.inject({ method: 'GET', url: '/api/campaigns?page=1&limit=9&status=active' })],
    ['GET /api/events/completed', (a) => a.inject({ method: 'GET', url: '/api/events/completed' })],
    ['GET /api/stats', (a) => a.inject({ method: 'GET', url: '/api/stats' })],
    ['POST /api/payments/create-intent', (a) => createIntent(a, indianDonation())],
    ['POST /api/donations/save-after-payment', (a) => saveAfterPayment(a, indianDonation(), 'pi_sbx_000000000000000000000000')],
    [
      'POST /api/contact',
      (a) =>
        a.inject({
          method: 'POST',
          url: '/api/contact',
          remoteAddress: nextIp(),
          payload: { name: 'Asha Verma', email: 'asha.verma@example.org', phone: '9876543210', subject: 'general', message: 'Hello from the outage test.' },
        }),
    ],
    ['POST /api/auth/login', (a) => a.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: nextIp(), payload: { username: 'nobody', password: 'wrong-password' } })],
    ['GET /api/admin/donations', (a) => a.inject({ method: 'GET', url: '/api/admin/donations', headers: bearer(token) })],
  ];

  it('works through the proxy before the outage', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    for (const [name, call] of calls.slice(0, 3)) expect((await call(app)).statusCode, name).toBe(200);
    await donate(app, indianDonation());
  });

  it('answers 503 at once, with a sentence and no stack, for every call while the database is unreachable', async () => {
    // The public reads' response cache may answer from memory for a few seconds (RESPONSE_CACHE_MAX_AGE_MS) without
    // the database; emptied here, so every read below has to reach it.
    app.responseCache.invalidate('campaigns', 'events', 'stats');
    // Requests under way when the connection dies fail as promptly as new ones.
    const inFlight = Array.from({ length: 12 }, (_, i) =>
      timed(() => (i % 2 ? app.inject({ method: 'GET', url: '/api/stats' }) : app.inject({ method: 'GET', url: '/api/admin/donations', headers: bearer(token) }))),
    );
    await proxy.cut();
    for (const { response, ms } of await Promise.all(inFlight)) {
      expect([200, 503], response.body).toContain(response.statusCode);
      expect(ms).toBeLessThan(PROMPT_MS);
    }

    const health = await timed(() => app.inject({ method: 'GET', url: '/api/health' }));
    expect(health.response.statusCode).toBe(503);
    expect(health.response.json()).toEqual({ success: false, message: 'Database unreachable' });
    expect(health.response.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(health.ms).toBeLessThan(PROMPT_MS);

    for (const [name, call] of calls) {
      const { response, ms } = await timed(() => call(app));
      expect(response.statusCode, `${name}: ${response.body}`).toBe(503);
      expect(response.headers['content-type'], name).toMatch(/^application\/json/);
      expect(response.json(), name).toEqual(OUTAGE_BODY);
      expect(response.headers['retry-after'], name).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
      expect(ms, `${name} took ${Math.round(ms)} ms`).toBeLessThan(PROMPT_MS);
    }
  });

  it('recovers by itself once the database is reachable again: health, reads and a donation, without a restart', async () => {
    const before = (await ctx.database.db.select({ id: donations.id }).from(donations)).length;
    await proxy.restore();
    const deadline = Date.now() + 10_000;
    let health = await app.inject({ method: 'GET', url: '/api/health' });
    while (health.statusCode !== 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      health = await app.inject({ method: 'GET', url: '/api/health' });
    }
    expect(health.json()).toEqual({ success: true, data: { status: 'ok', database: 'reachable', driver: 'postgres' } });
    for (const [name, call] of calls.slice(0, 3)) expect((await call(app)).statusCode, name).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/admin/donations', headers: bearer(token) })).statusCode).toBe(200);
    const { intentId } = await donate(app, indianDonation({ amount: 750 }));
    await app.payments.idle();
    const rows = await ctx.database.db.select({ id: donations.id, intentId: donations.paymentIntentId }).from(donations);
    expect(rows).toHaveLength(before + 1);
    expect(rows.map((row) => row.intentId)).toContain(intentId);
  });

  it('loses no paid donation when the database goes away between the payment and its webhook', async () => {
    const sandbox = app.payments.sandbox!;
    const data = indianDonation({ amount: 1200 });
    sandbox.holdEvents(); // the payment's webhook event is still on its way when the database goes
    const { intentId } = await pay(app, data);
    await proxy.cut();
    // The browser's save during the outage: 503 (the wizard then shows "contact support with Payment ID") …
    expect((await saveAfterPayment(app, data, intentId)).statusCode).toBe(503);
    // … and the webhook's delivery fails too (Stripe would retry it; the sandbox's event is gone).
    sandbox.releaseEvents();
    await app.payments.idle();
    expect(await ctx.database.db.select().from(donations).where(eq(donations.paymentIntentId, intentId))).toEqual([]);
    await proxy.restore();
    // The running server's reconciliation delivers it again (donations/use-cases/reconcile.ts; the 'payment-reconcile'
    // job, once a minute in production). A turn that meets the pool still reconnecting fails, and the next one tries.
    const reconcile = () => reconcilePayments(app).catch(() => ({ delivered: 0, failed: 0 }));
    let result = await reconcile();
    for (let tries = 0; result.delivered === 0 && tries < 50; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      result = await reconcile();
    }
    expect(result).toEqual({ delivered: 1, failed: 0 });
    // The browser's retry finds the donation the webhook wrote: the same one, once.
    const retried = await saveAfterPayment(app, data, intentId);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(await ctx.database.db.select({ id: donations.id }).from(donations).where(eq(donations.paymentIntentId, intentId))).toEqual([
      { id: retried.json().data.donation.id },
    ]);
  });
});

describe('PGlite: a data directory it cannot open', () => {
  it('stops the production server with one sentence and exit code 1', () => {
    requireBuiltServer();
    const dataDir = temporaryDir('charity-damaged-');
    // What a half-copied backup or a disk fault leaves: a database directory whose files are not PostgreSQL's.
    mkdirSync(path.join(dataDir, 'db'));
    writeFileSync(path.join(dataDir, 'db', 'PG_VERSION'), '17\n');
    writeFileSync(path.join(dataDir, 'db', 'postgresql.conf'), '\u0000\u0001 not a configuration file\n');
    const run = spawnSync(process.execPath, [SERVER_FILE], {
      cwd: dataDir,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PORT: '39999', HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(
      `Could not open the embedded database in ${path.join(dataDir, 'db')}: PGlite failed to initialize properly. Restore DATA_DIR from a backup, or move db/ aside to start with an empty database.`,
    );
    expect(run.stderr).not.toMatch(/\n\s+at /); // no stack trace
  });
});
