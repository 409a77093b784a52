import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { TEST_CARDS } from '@charity/domain';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { hashPassword, MIN_SCRYPT_COST } from '../../src/auth/password.js';
import { createSession } from '../../src/auth/sessions.js';
import { hashToken, newToken } from '../../src/auth/tokens.js';
import { eq } from 'drizzle-orm';
import { adminSessions, adminUsers, eventImages, events, paymentAttempts, recurringGifts } from '../../src/db/schema.js';
import { SANDBOX_CLOCK_KEY_FILE } from '../../src/recurring/sandbox-clock-routes.js';
import { mintGiftLink } from '../../src/recurring/repository.js';
import { SandboxProvider } from '../../src/donations/provider/sandbox-provider.js';
import { FRAMEWORK_ERROR_MESSAGES } from '../../src/plugins/security-headers.js';
import { insertMessages } from '../support/admin-fixtures.js';
import { insertCampaigns } from '../support/campaign-fixtures.js';
import { temporaryDir, type DatabaseContext } from '../support/databases.js';
import { confirm, createIntent, donate, generateInvoice, indianDonation } from '../support/donations.js';
import { solidImage } from '../support/images.js';
import { processCpuMs, postgresCpuReader } from './cpu-time.js';
import { changedTables, snapshotter, uploadedFiles, type Snapshot } from './database-snapshot.js';
import { HttpClient, type RawResponse } from './http-client.js';
import { encodePart, jsonBodies, queryString as queryFor, urlString, type FuzzBody } from './inputs.js';
import { operationSpecs, type FuzzAuth, type FuzzWorld, type OperationSpec } from './operations.js';

// Schema-driven fuzz (defined here, run by api-fuzz.pglite.test.ts and api-fuzz.postgres.test.ts) of EVERY route the
// app registers. The list of routes is read from the app (app.routeCatalogue, as the access-control test does), and
// each must have a spec in operations.ts, so a new route fails this test until it is fuzzed. For each operation
// fast-check generates FUZZ_RUNS requests (default 250 on PGlite, 100 on PostgreSQL) around a valid one: wrong types, huge strings, Unicode (lone
// surrogates, RTL, NUL), missing and extra fields, SQL and script payloads, bad JSON, wrong content types, bad
// multipart, bad path parameters and query strings. Every answer must be below 500, and an error must be the API's JSON
// envelope { success: false, message } with a message; after every refused write the database (row counts and a hash of
// every table's content) and the uploads folder must be as they were. Text that is not well-formed Unicode (lone
// surrogates, high or low, alone or in reversed pairs) put into one field, at any depth, of an otherwise valid body
// must be answered 400 "<field> contains characters that are not valid text." (multipart: refused).
//
// The app listens on a real port and is driven over keep-alive HTTP, not app.inject: the real HTTP parser, header
// limits and socket handling are part of what a hostile client meets. Addresses come from X-Forwarded-For (with
// TRUST_PROXY=1), a new one per request, so the per-address rate limits let validation run; admin routes are
// fuzzed with a valid admin token (without one they answer 401 before validation: admin-access.test.ts).
//
// Cost (it runs in CI on every push): ~26,000 requests on PGlite at 250, ~10,000 on PostgreSQL at 100 (FUZZ_RUNS=1000 for a deeper run
// before a release: the seed is fixed, so a larger count sends the same first requests and more). Writes are sent one at a time with a database
// snapshot after each (a cached-plan PL/pgSQL function: database-snapshot.ts); reads, which must change nothing,
// go READ_CONCURRENCY at a time with one snapshot per operation; the fuzz accounts' password hashes use the lowest
// scrypt cost the server verifies. The summary prints wall and CPU time: on a quiet 2-core machine a file's wall
// time is about its CPU time (PGlite runs in this process; PostgreSQL's backends are added from /proc).
//
// Reproduce a failure: the seed is printed; FUZZ_SEED=<seed> FUZZ_ONLY="<METHOD /url>" FUZZ_PATH=<path from the
// failure message> runs that operation's counterexample again.

const SEED = Number(process.env.FUZZ_SEED ?? 20_240_808);
const ONLY = process.env.FUZZ_ONLY;
const REPLAY_PATH = process.env.FUZZ_PATH;
/** A rate limit may answer some requests, but if 429 is more than this share of an operation, validation went untested. */
const MAX_RATE_LIMITED_SHARE = 0.05;
const POOL_SIZE = 60;
/**
 * Longer URLs overflow Node's 16 KiB header limit, which the HTTP parser answers before Fastify sees a request (on a
 * reused connection by closing it): the URL-length behaviour is the HTTP server's, not the routes' input handling.
 */
const MAX_URL_LENGTH = 12_000;
/**
 * A HEAD twin runs its GET's handler and schema (Fastify's exposeHeadRoutes) and answers without a body: it gets a
 * tenth of the runs, enough to show HEAD is answered the same way, without sending every GET's requests twice.
 */
const HEAD_SHARE = 0.1;
/** Reads in flight at once (see fuzzOperation). */
const READ_CONCURRENCY = 4;

function runsFor(method: string, runs: number): number {
  return method === 'HEAD' ? Math.ceil(runs * HEAD_SHARE) : runs;
}

interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: FuzzBody;
}

interface OperationReport {
  operation: string;
  requests: number;
  /** Database snapshots taken (one per write request, two per read operation). */
  snapshots: number;
  statuses: Record<number, number>;
  ms: number;
  /** CPU time of this process (app, test and PGlite) during the operation. */
  cpuMs: number;
}

/** The operation's spec: its own, or for a HEAD twin its GET's. */
function specFor(specs: Record<string, OperationSpec>, method: string, url: string): OperationSpec | undefined {
  return specs[`${method} ${url}`] ?? (method === 'HEAD' ? specs[`GET ${url}`] : undefined);
}

function requests(method: string, url: string, spec: OperationSpec): fc.Arbitrary<FuzzRequest> {
  const params = Object.entries(spec.params ?? {});
  const paramArb = fc.tuple(...params.map(([, arb]) => arb));
  const query = spec.query ? queryFor(spec.query) : fc.constant('');
  const body: fc.Arbitrary<FuzzBody> = spec.body ?? (method === 'GET' || method === 'HEAD' ? fc.constant({ label: 'no body' }) : jsonBodies({}));
  const headers = spec.headers ?? fc.constant({});
  return fc.tuple(paramArb, query, body, headers).map(([values, qs, b, h]) => {
    let pathname = url;
    params.forEach(([name], i) => {
      pathname = pathname.replace(name === '*' ? '*' : `:${name}`, values[i]!);
    });
    return { method, path: pathname + qs, headers: h, body: b };
  }).filter((request) => request.path.length < MAX_URL_LENGTH);
}

function describeRequest(request: FuzzRequest): string {
  const body = request.body.data ? `${request.body.label}: ${request.body.data.subarray(0, 300).toString('utf8')}` : request.body.label;
  return `${request.method} ${request.path.slice(0, 300)} [${request.body.contentType ?? 'no content type'}] ${body}`;
}

/** The API's error envelope: JSON { success: false, message } with a non-empty message. */
function expectErrorEnvelope(response: RawResponse, label: string) {
  const type = String(response.headers['content-type'] ?? '');
  if (!type.startsWith('application/json')) throw new Error(`${label}: ${response.status} answered as ${type || 'no content type'}: ${response.text().slice(0, 200)}`);
  let body: unknown;
  try {
    body = JSON.parse(response.text());
  } catch {
    throw new Error(`${label}: ${response.status} with a body that is not JSON: ${response.text().slice(0, 200)}`);
  }
  const envelope = body as { success?: unknown; message?: unknown };
  if (envelope.success !== false || typeof envelope.message !== 'string' || envelope.message.trim() === '') {
    throw new Error(`${label}: ${response.status} without the error envelope: ${response.text().slice(0, 200)}`);
  }
}

const NOT_VALID_TEXT = / contains characters that are not valid text\.$/;
/** What the router answers for an address it cannot route (a bad %-escape, too long), before any hook runs. */
const ROUTER_REFUSALS: ReadonlySet<unknown> = new Set(Object.values(FRAMEWORK_ERROR_MESSAGES));

/**
 * Text that is not well-formed Unicode in an otherwise valid request (inputs.ts illFormedJson, illFormedMultipart):
 * a JSON body is refused at the boundary, 400 with the sentence naming the field, before any route code (only an
 * address the router itself refuses is answered first); a multipart one is refused (its parts are checked as the
 * route reads them, and a route may refuse a bad id first).
 */
function expectIllFormedTextRefused(request: FuzzRequest, response: RawResponse, label: string) {
  const kind = request.body.illFormedText;
  if (!kind || response.status === 429) return;
  if (kind === 'multipart') {
    if (response.status < 400) throw new Error(`${label}: text that is not well-formed was accepted (${response.status})`);
    return;
  }
  let message: unknown;
  try {
    message = (JSON.parse(response.text()) as { message?: unknown }).message;
  } catch {
    message = undefined;
  }
  if (ROUTER_REFUSALS.has(message) && response.status < 500) return;
  if (response.status !== 400 || typeof message !== 'string' || !NOT_VALID_TEXT.test(message)) {
    throw new Error(`${label}: text that is not well-formed was answered ${response.status} ${response.text().slice(0, 200)}, not 400 naming the field`);
  }
}

/**
 * Defines the fuzz on one database (api-fuzz.pglite.test.ts, api-fuzz.postgres.test.ts: two files, so they run in
 * parallel). `defaultRuns`: requests per operation unless FUZZ_RUNS says otherwise.
 */
export function defineApiFuzz(describeOn: (title: string, suite: (ctx: DatabaseContext) => void) => void, { defaultRuns }: { defaultRuns: number }): void {
const RUNS = Number(process.env.FUZZ_RUNS ?? defaultRuns);
describeOn('API fuzz', (ctx) => {
  let app: FastifyInstance;
  let client: HttpClient;
  let world: FuzzWorld;
  let specs: Record<string, OperationSpec>;
  let snapshot: () => Promise<Snapshot>;
  const adminTokens: string[] = [];
  const userTokens: string[] = [];
  const userIds: number[] = [];
  let uploadsDir: string;
  let sent = 0;

  beforeAll(async () => {
    // A built site of three files, so the page routes answer as in production rather than "not built".
    const siteDir = temporaryDir('charity-fuzz-site-');
    mkdirSync(path.join(siteDir, 'assets'), { recursive: true });
    writeFileSync(path.join(siteDir, 'index.html'), '<!doctype html><html><head><title>Site</title></head><body><div id="root"></div></body></html>');
    writeFileSync(path.join(siteDir, 'embed.html'), '<!doctype html><html><head><title>Donate</title></head><body></body></html>');
    writeFileSync(path.join(siteDir, 'widget.js'), 'console.log("__CHARITY_ORGANISATION_NAME__");');
    writeFileSync(path.join(siteDir, 'assets', 'app-abc.js'), 'export {};');
    // FUZZ_LOG_LEVEL=error shows the server's account of a 5xx the fuzz found (a replay with it set says why).
    const logLevel = (process.env.FUZZ_LOG_LEVEL ?? 'silent') as typeof ctx.config.logLevel;
    const config = { ...ctx.config, trustProxy: 1, siteDir, logLevel };
    uploadsDir = config.uploadsDir;

    const sandbox = new SandboxProvider(ctx.database.db);
    app = await buildApp({ config, database: ctx.database, paymentProvider: sandbox, loginSlowdown: () => 0 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('The app did not listen on a TCP port.');
    client = new HttpClient('127.0.0.1', address.port);

    const db = ctx.database.db;
    // Accounts: one pool for admin routes, one for the sign-in and own-account routes (whose fuzz changes
    // passwords and revokes sessions). One hash for all, at the lowest cost the server verifies (a hash records its
    // own cost): every well-formed sign-in and password change checks it, hundreds of times per operation, and at
    // the server's cost that scrypt work alone would be most of the fuzz's time. password.test.ts covers the cost.
    const password = 'correct-horse-42';
    const passwordHash = await hashPassword(password, { cost: MIN_SCRYPT_COST });
    const stamp = Date.now().toString(36);
    const rows = await db
      .insert(adminUsers)
      .values(Array.from({ length: POOL_SIZE * 2 }, (_, i) => ({ username: `fuzz${i}-${stamp}`, fullName: `Fuzz ${i}`, role: 'admin', passwordHash })))
      .returning({ id: adminUsers.id, username: adminUsers.username });
    // One session per account, in one statement (as createSession writes them).
    const now = new Date();
    const tokens = rows.map(() => newToken());
    await db.insert(adminSessions).values(
      rows.map((row, i) => ({
        userId: row.id,
        tokenHash: hashToken(tokens[i]!),
        createdAt: now,
        lastUsedAt: now,
        expiresAt: new Date(now.getTime() + ctx.config.session.maxHours * 3_600_000),
        userAgent: 'fuzz',
        ip: '127.0.0.1',
      })),
    );
    for (const [i, row] of rows.entries()) {
      if (i < POOL_SIZE) adminTokens.push(tokens[i]!);
      else {
        userTokens.push(tokens[i]!);
        userIds.push(row.id);
      }
    }
    const usernames = rows.slice(POOL_SIZE).map((row) => row.username);

    const [campaign, draft] = await insertCampaigns(db, [
      { title: 'Fuzz target', status: 'active' },
      { title: 'Fuzz draft', status: 'draft' },
    ]);
    const [event] = await db.insert(events).values({ title: 'Fuzz event', description: 'Kept.', status: 'completed' }).returning();
    const [image] = await db.insert(eventImages).values({ eventId: event!.id, filePath: '/uploads/events/none-800.webp' }).returning();
    const [message] = await insertMessages(db, [{ name: 'Fuzz message' }]);
    const donation = await donate(app, indianDonation({ campaign_id: campaign!.id }));
    const invoice = await generateInvoice(app, donation.donationId, donation.intentId);
    expect(invoice.statusCode, invoice.body).toBe(200);
    const download = new URL(invoice.json().data.invoice.download_url as string, 'http://x');
    const pending = await createIntent(app, indianDonation({ amount: 700 }));
    const actionIntent = await createIntent(app, indianDonation({ amount: 800 }), TEST_CARDS.authentication.paymentMethod);
    await confirm(app, actionIntent.json().data.client_secret, TEST_CARDS.authentication.paymentMethod);
    // A monthly gift and a management link to it (the link minted as a receipt's mail would).
    const monthly = await donate(app, indianDonation({ donation_type: 'monthly', amount: 900 }));
    await app.payments.idle();
    const [gift] = await db.select().from(recurringGifts).where(eq(recurringGifts.paymentAttemptId, (await db.select().from(paymentAttempts).where(eq(paymentAttempts.paymentIntentId, monthly.intentId)))[0]!.id));
    const { token: giftToken } = await mintGiftLink(db, gift!.id);
    const clockKey = readFileSync(path.join(ctx.config.dataDir, SANDBOX_CLOCK_KEY_FILE), 'utf8').trim();
    await app.payments.idle();
    await app.mailer.idle();

    world = {
      giftToken,
      giftId: gift!.id,
      clockKey,
      campaignId: campaign!.id,
      campaignSlug: campaign!.slug,
      draftCampaignId: draft!.id,
      eventId: event!.id,
      imageId: image!.id,
      donationId: donation.donationId,
      messageId: message!.id,
      receiptNumber: download.pathname.split('/')[3]!,
      receiptToken: download.searchParams.get('token')!,
      intentId: donation.intentId,
      clientSecret: pending.json().data.client_secret,
      actionClientSecret: actionIntent.json().data.client_secret,
      usernames,
      password,
      images: [await solidImage(40, 30, 'png'), await solidImage(64, 64, 'jpeg')],
      webhookSecret: sandbox.webhookSecret,
    };
    specs = operationSpecs(world);
    snapshot = await snapshotter(db);
  }, 180_000);

  afterAll(async () => {
    client?.close();
    await app?.close();
  });

  function operations(): Array<{ method: string; url: string }> {
    const notFound = { method: '*', url: '/api/*not-found*' };
    return [...app.routeCatalogue.map(({ method, url }) => ({ method, url })), notFound];
  }

  it('has a fuzz spec for every route the app registers', () => {
    const routes = app.routeCatalogue;
    expect(routes.length).toBeGreaterThan(60);
    const missing = routes.filter((route) => !specFor(specs, route.method, route.url)).map((route) => `${route.method} ${route.url}`);
    expect(missing).toEqual([]);
    // …and no spec for a route that no longer exists (a renamed route would otherwise go unfuzzed).
    const known = new Set(routes.map((route) => `${route.method} ${route.url}`));
    expect(Object.keys(specs).filter((key) => !known.has(key))).toEqual([]);
  });

  async function tokenFor(auth: FuzzAuth | undefined): Promise<string | null> {
    if (!auth || auth === 'none') return null;
    if (auth === 'admin') return adminTokens[sent % adminTokens.length]!;
    if (auth === 'user') return userTokens[sent % userTokens.length]!;
    // A session of its own: logout and refresh end the token they are sent with.
    const userId = userIds[sent % userIds.length]!;
    return (await createSession(ctx.database.db, userId, { userAgent: 'fuzz', ip: '127.0.0.1' }, ctx.config.session, new Date())).token;
  }

  /** The next client address: 10.x.y.z, a new one per request, so no per-address limit is reached. */
  function nextAddress(): string {
    sent += 1;
    return `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`;
  }

  async function settled() {
    await app.payments.idle();
    await app.mailer.idle();
  }

  /** Sends one request as the spec's user from a fresh address; checks status and envelope; returns the answer. */
  async function sendChecked(request: FuzzRequest, auth: FuzzAuth | undefined, statuses: Record<number, number>) {
    const token = await tokenFor(auth);
    const headers: Record<string, string> = { 'x-forwarded-for': nextAddress(), ...request.headers };
    if (token) headers.authorization = `Bearer ${token}`;
    if (request.body.contentType) headers['content-type'] = request.body.contentType;
    const label = describeRequest(request);
    const response = await client.send({ method: request.method, path: request.path, headers, body: request.body.data });
    statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    if (response.status >= 500) throw new Error(`${label}: answered ${response.status} ${response.text().slice(0, 300)}`);
    const api = request.path.startsWith('/api/');
    if (response.status >= 400 && request.method !== 'HEAD' && (api || String(response.headers['content-type']).startsWith('application/json'))) {
      expectErrorEnvelope(response, label);
    }
    expectIllFormedTextRefused(request, response, label);
    return { response, label };
  }

  async function fuzzOperation(method: string, url: string, seed: number): Promise<OperationReport> {
    const started = performance.now();
    const cpuStarted = processCpuMs();
    const statuses: Record<number, number> = {};
    const notFound = method === '*';
    const spec = notFound ? {} : specFor(specs, method, url)!;
    const arbitrary = notFound
      ? fc
          .tuple(fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE'), fc.array(urlString, { minLength: 1, maxLength: 3 }), jsonBodies({ a: 1 }))
          // An unknown address answers 404 whatever its body holds, text that is not well-formed included.
          .map(([m, segments, body]) => ({ method: m, path: `/api/${segments.map(encodePart).join('/')}`, headers: {}, body: { ...body, illFormedText: undefined } }))
      : requests(method, url, spec);
    const writes = notFound || !(method === 'GET' || method === 'HEAD');
    let baseline = await snapshot();
    let files = uploadedFiles(uploadsDir);
    let requestsSent = 0;
    let snapshots = 1;

    // A write is sent alone and the database compared after it: a refused one must have changed nothing, an
    // accepted one gives the next baseline. One snapshot per write request (about 1.4 ms of CPU on PGlite).
    const writeProperty = fc.asyncProperty(arbitrary, async (request) => {
      const { response, label } = await sendChecked(request, spec.auth, statuses);
      requestsSent += 1;
      await settled();
      const after = await snapshot();
      snapshots += 1;
      const nowFiles = uploadedFiles(uploadsDir);
      if (response.status < 400) {
        baseline = after;
        files = nowFiles;
        return;
      }
      const changed = changedTables(baseline, after);
      if (changed.length > 0) throw new Error(`${label}: refused with ${response.status} but changed ${changed.join('; ')}`);
      if (nowFiles.join('\n') !== files.join('\n')) throw new Error(`${label}: refused with ${response.status} but changed the uploads`);
    });
    // Reads go READ_CONCURRENCY at a time (the database works on one while the app parses the next) and the
    // database is compared once, after the operation's last read: whatever a read answers, it must change nothing.
    const readProperty = fc.asyncProperty(fc.array(arbitrary, { minLength: READ_CONCURRENCY, maxLength: READ_CONCURRENCY }), async (batch) => {
      await Promise.all(batch.map((request) => sendChecked(request, spec.auth, statuses)));
      requestsSent += batch.length;
    });

    const replay = REPLAY_PATH ? { path: REPLAY_PATH } : {};
    if (writes) await fc.assert(writeProperty, { seed, numRuns: runsFor(method, RUNS), ...replay });
    else {
      await fc.assert(readProperty, { seed, numRuns: Math.ceil(runsFor(method, RUNS) / READ_CONCURRENCY), ...replay });
      // Reads change nothing, whatever they answer (sessions' last use aside).
      await settled();
      snapshots += 1;
      expect(changedTables(baseline, await snapshot()), `${method} ${url}`).toEqual([]);
      expect(uploadedFiles(uploadsDir)).toEqual(files);
    }
    return {
      operation: `${method} ${url}`,
      requests: requestsSent,
      snapshots,
      statuses,
      ms: Math.round(performance.now() - started),
      cpuMs: Math.round(processCpuMs() - cpuStarted),
    };
  }

  it(`answers ${RUNS} generated requests per operation with no 5xx, the error envelope, and no change when refusing`, { timeout: 1_800_000 }, async () => {
    console.log(`API fuzz on ${ctx.kind}: seed ${SEED}, ${RUNS} requests per operation${ONLY ? `, only ${ONLY}` : ''}`);
    const reports: OperationReport[] = [];
    const failures: string[] = [];
    const list = operations().filter((op) => !ONLY || `${op.method} ${op.url}` === ONLY);
    expect(list.length).toBeGreaterThan(0);
    const databaseCpu = await postgresCpuReader(ctx.database);
    const started = performance.now();
    const cpuStarted = processCpuMs();
    for (const [index, { method, url }] of list.entries()) {
      // One seed per operation, derived from the run's seed: the same run always sends the same requests.
      const seed = (SEED + index * 7919) | 0;
      try {
        reports.push(await fuzzOperation(method, url, seed));
      } catch (error) {
        // fast-check's message names the counterexample and the replay path; its cause says what went wrong.
        const cause = (error as { cause?: unknown }).cause;
        const reason = cause instanceof Error ? cause.message : '';
        failures.push(`${method} ${url} (seed ${seed}): ${reason.slice(0, 600)}\n${(error as Error).message.slice(0, 600)}`);
      }
      // The process is alive and still answering between operations.
      const health = await client.send({ method: 'GET', path: '/api/health' });
      expect(health.status, `health after ${method} ${url}`).toBe(200);
    }
    // Wall time depends on what else the machine runs; CPU time (this process, plus the PostgreSQL backends) is
    // what the same run costs on a quiet machine, where it is close to the wall time.
    const wallS = (performance.now() - started) / 1000;
    const cpuS = (processCpuMs() - cpuStarted) / 1000;
    const serverMs = databaseCpu ? await databaseCpu() : undefined;
    const total = reports.reduce((sum, r) => sum + r.requests, 0);
    const histogram: Record<number, number> = {};
    for (const report of reports) for (const [status, n] of Object.entries(report.statuses)) histogram[Number(status)] = (histogram[Number(status)] ?? 0) + n;
    const server = ctx.kind === 'pglite' ? ' (PGlite included)' : serverMs === undefined ? ', PostgreSQL server CPU unknown' : ` + ${(serverMs / 1000).toFixed(1)} s PostgreSQL backends`;
    console.log(
      `API fuzz on ${ctx.kind}: ${total} requests over ${reports.length} operations in ${wallS.toFixed(1)} s wall, ` +
        `${cpuS.toFixed(1)} s CPU${server}, ${reports.reduce((s, r) => s + r.snapshots, 0)} database snapshots\n` +
        `  statuses ${JSON.stringify(histogram)}\n` +
        reports
          .map((r) => `  ${r.operation.padEnd(46)} ${String(r.requests).padStart(4)} req ${String(r.ms).padStart(6)} ms ${String(r.cpuMs).padStart(6)} ms CPU  ${JSON.stringify(r.statuses)}`)
          .join('\n'),
    );
    expect(failures, failures.join('\n\n')).toEqual([]);
    for (const report of reports) {
      expect(report.requests, report.operation).toBeGreaterThanOrEqual(runsFor(report.operation.split(' ')[0]!, RUNS));
      const limited = report.statuses[429] ?? 0;
      expect(limited / report.requests, `${report.operation}: ${limited} of ${report.requests} answered 429`).toBeLessThanOrEqual(MAX_RATE_LIMITED_SHARE);
    }
  });
});
}
