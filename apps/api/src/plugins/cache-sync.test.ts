import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { openDatabase, type DatabaseHandle } from '../db/open.js';
import { campaigns } from '../db/schema.js';
import { allowAll, insertCampaigns } from '../../test/support/campaign-fixtures.js';
import { describePglite, describePostgres } from '../../test/support/databases.js';
import { multipart } from '../../test/support/multipart.js';

// Two replicas (two apps, each with its own connection pool) on one PostgreSQL: a write through one clears the
// other's cached public reads within a second (decision 041). Staleness is made visible by changing a row behind
// the cache's back (plain SQL, no invalidation): the replica keeps answering from its cache until a notice comes.

const WITHIN_MS = 1_000;

async function titlesOf(app: FastifyInstance): Promise<string[]> {
  const reply = await app.inject({ method: 'GET', url: '/api/campaigns' });
  expect(reply.statusCode).toBe(200);
  return (reply.json() as { data: { campaigns: { title: string }[] } }).data.campaigns.map((campaign) => campaign.title);
}

/** Polls `read` until it gives `expected`; answers how long that took (ms), or fails after `limitMs`. */
async function msUntil<T>(read: () => Promise<T>, expected: T, limitMs: number): Promise<number> {
  const started = performance.now();
  for (;;) {
    const value = await read();
    const elapsed = performance.now() - started;
    if (JSON.stringify(value) === JSON.stringify(expected)) return elapsed;
    if (elapsed > limitMs) expect(value).toEqual(expected);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describePostgres('cache sync between replicas', (ctx) => {
  let second: DatabaseHandle;
  let one: FastifyInstance;
  let two: FastifyInstance;
  let id: number;

  beforeAll(async () => {
    second = await openDatabase(ctx.config);
    one = await buildApp({ config: ctx.config, database: ctx.database, adminGuard: allowAll });
    two = await buildApp({ config: ctx.config, database: second, adminGuard: allowAll });
    await Promise.all([one.ready(), two.ready()]);
    id = (await insertCampaigns(ctx.database.db, [{ title: 'First title' }]))[0]!.id;
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await second?.close();
  });

  const retitle = (title: string) => ctx.database.db.update(campaigns).set({ title }).where(eq(campaigns.id, id));

  it('an edit through one replica is seen through the other within a second', async () => {
    expect(await titlesOf(two)).toEqual(['First title']);
    // Behind the cache's back: the second replica still answers from its cache (it would for 5 s).
    await retitle('Changed quietly');
    expect(await titlesOf(two)).toEqual(['First title']);

    const { payload, headers } = multipart({ title: 'Edited on replica one' });
    const edit = await one.inject({ method: 'PUT', url: `/api/campaigns/${id}`, payload, headers });
    expect(edit.statusCode).toBe(200);
    const ms = await msUntil(() => titlesOf(two), ['Edited on replica one'], WITHIN_MS);
    expect(ms).toBeLessThan(WITHIN_MS);
  });

  it('a replica whose listening connection dies serves nothing from its cache until it listens again, then starts empty', async () => {
    const sync = two.cacheSync!;
    const pid = sync.listenerPid;
    expect(pid).toEqual(expect.any(Number));
    await ctx.database.db.execute(sql`select pg_terminate_backend(${pid})`);
    await msUntil(async () => two.responseCache.isSuspended, true, 2_000);

    // While it cannot hear the others it reads the database every time.
    await retitle('Read while deaf');
    expect(await titlesOf(two)).toEqual(['Read while deaf']);

    // It reconnects by itself (a new session), caches again, and hears the other replica again.
    await msUntil(async () => sync.listenerPid !== null && sync.listenerPid !== pid, true, 5_000);
    expect(two.responseCache.isSuspended).toBe(false);
    expect(await titlesOf(two)).toEqual(['Read while deaf']);
    await retitle('Changed quietly again');
    expect(await titlesOf(two)).toEqual(['Read while deaf']);
    one.responseCache.invalidate('campaigns');
    await msUntil(() => titlesOf(two), ['Changed quietly again'], WITHIN_MS);
  });

  it('its own writes are not sent back to it, and foreign or malformed notices change nothing', async () => {
    expect(await titlesOf(two)).toEqual(['Changed quietly again']);
    await retitle('Quiet three');
    await ctx.database.db.execute(sql`select pg_notify('response_cache', 'not json')`);
    await ctx.database.db.execute(sql`select pg_notify('response_cache', ${JSON.stringify({ from: 'x', tags: ['nothing-we-know'] })})`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await titlesOf(two)).toEqual(['Changed quietly again']);
    await ctx.database.db.execute(sql`select pg_notify('response_cache', ${JSON.stringify({ from: 'x', tags: ['campaigns'] })})`);
    await msUntil(() => titlesOf(two), ['Quiet three'], WITHIN_MS);
  });
});

describePglite('cache sync on PGlite', (ctx) => {
  it('is off: one process, nothing to tell, and the cache serves at once', async () => {
    const app = await buildApp({ config: ctx.config, database: ctx.database });
    try {
      await app.ready();
      expect(app.cacheSync).toBeNull();
      expect(app.responseCache.isSuspended).toBe(false);
    } finally {
      await app.close();
    }
  });
});
