import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { campaigns, events } from '../db/schema.js';
import { SandboxProvider } from '../donations/provider/sandbox-provider.js';
import { allowAll, DAY_MS, insertCampaigns } from '../../test/support/campaign-fixtures.js';
import { describeEachDatabase } from '../../test/support/databases.js';
import { indianDonation, pay, saveAfterPayment } from '../../test/support/donations.js';
import { solidImage } from '../../test/support/images.js';
import { multipart } from '../../test/support/multipart.js';
import { cacheKey, chooseEncoding, RESPONSE_CACHE_CONTROL, ResponseCache } from './response-cache.js';

// The public reads' response cache: a repeat is answered from memory (proved by changing a row behind the API's
// back: the cached answer does not see it), with a strong ETag, 304 on If-None-Match, and gzip/brotli for large
// bodies; and after every kind of write through the API (campaigns, events and their photos, a donation saved by
// the browser or by the webhook) the very next read shows the change.

describe('response cache (unit)', () => {
  it('keys by path and the route’s own query parameters, sorted; a repeated parameter is not cached', () => {
    const allowed = new Set(['page', 'limit', 'status']);
    expect(cacheKey('/api/campaigns?status=active&limit=9&page=1', allowed)).toBe('/api/campaigns?limit=9&page=1&status=active');
    expect(cacheKey('/api/campaigns?page=1&limit=9&status=active', allowed)).toBe('/api/campaigns?limit=9&page=1&status=active');
    expect(cacheKey('/api/campaigns?utm_source=x&status=active', allowed)).toBe('/api/campaigns?status=active');
    expect(cacheKey('/api/campaigns?utm_source=x', allowed)).toBe('/api/campaigns');
    expect(cacheKey('/api/campaigns?status=active&status=draft', allowed)).toBeNull();
    expect(cacheKey('/api/stats', null)).toBe('/api/stats');
    expect(cacheKey('/api/stats?b=2&a=1', null)).toBe('/api/stats?a=1&b=2');
  });

  it('chooses brotli, then gzip, by Accept-Encoding and q-values, and nothing for small bodies', () => {
    expect(chooseEncoding('gzip, deflate, br', 5000)).toBe('br');
    expect(chooseEncoding('gzip', 5000)).toBe('gzip');
    expect(chooseEncoding('br;q=0.5, gzip', 5000)).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0', 5000)).toBeNull();
    expect(chooseEncoding('*', 5000)).toBe('br');
    expect(chooseEncoding('identity', 5000)).toBeNull();
    expect(chooseEncoding(undefined, 5000)).toBeNull();
    expect(chooseEncoding('gzip, br', 500)).toBeNull();
  });

  it('never keeps an answer computed before a write that committed while it was being computed', () => {
    const cache = new ResponseCache();
    const entry = { body: Buffer.from('{}'), contentType: 'application/json', etag: '"x"', tags: ['campaigns'] as const };
    const before = cache.generationsOf(['campaigns']);
    cache.invalidate('campaigns'); // the write commits while the read's query is still running
    cache.set('/a', { ...entry, generations: before });
    expect(cache.get('/a')).toBeNull();
    // Another tag's write does not touch it.
    cache.set('/a', { ...entry, generations: cache.generationsOf(['campaigns']) });
    cache.invalidate('events', 'stats');
    expect(cache.get('/a')?.body.toString()).toBe('{}');
    cache.invalidate('campaigns');
    expect(cache.get('/a')).toBeNull();
  });

  it('expires answers after the maximum age, and keeps at most maxEntries (oldest dropped)', () => {
    let now = 1_000;
    const cache = new ResponseCache({ maxAgeMs: 5_000, maxEntries: 2, now: () => now });
    const entry = (body: string) => ({ body: Buffer.from(body), contentType: 'application/json', etag: '"x"', tags: ['stats'] as const, generations: [0] });
    cache.set('/1', entry('1'));
    now += 4_999;
    expect(cache.get('/1')?.body.toString()).toBe('1');
    now += 1;
    expect(cache.get('/1')).toBeNull();
    cache.set('/1', entry('1'));
    cache.set('/2', entry('2'));
    cache.set('/3', entry('3'));
    expect(cache.size).toBe(2);
    expect(cache.get('/1')).toBeNull();
    expect(cache.get('/3')?.body.toString()).toBe('3');
  });
});

describeEachDatabase('response cache', (ctx) => {
  let app: FastifyInstance;
  let sandbox: SandboxProvider;

  beforeAll(async () => {
    sandbox = new SandboxProvider(ctx.database.db, () => {});
    // allowAll: admin writes go through without a token, so every request here is an anonymous one the cache serves.
    app = await buildApp({ config: ctx.config, database: ctx.database, adminGuard: allowAll, paymentProvider: sandbox });
  });
  afterAll(async () => {
    await app?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
  const titles = (response: LightMyRequestResponse) => (response.json().data.campaigns as Array<{ title: string }>).map((c) => c.title);
  const eventTitles = (response: LightMyRequestResponse) => (response.json().data.events as Array<{ title: string }>).map((e) => e.title);

  it('answers a repeat from memory with a strong ETag, 304 for If-None-Match, and gzip or brotli for large bodies', async () => {
    await insertCampaigns(
      ctx.database.db,
      Array.from({ length: 6 }, (_, i) => ({ title: `Cached ${i}`, description: `A campaign long enough to make the list over a kilobyte. ${'x'.repeat(200)}` })),
    );
    const url = '/api/campaigns?status=active&limit=9';
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    expect(first.headers.etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect(first.headers['cache-control']).toBe(RESPONSE_CACHE_CONTROL);
    expect(first.headers.vary).toBe('accept-encoding');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.rawPayload.length).toBeGreaterThan(1024);
    // Security headers are on cached answers too (helmet runs before the cache's hook).
    expect(first.headers['x-content-type-options']).toBe('nosniff');

    // Behind the API's back (no invalidation): the cached answer is served, so it cannot see this.
    await ctx.database.db.update(campaigns).set({ title: 'Renamed behind the cache' }).where(eq(campaigns.title, 'Cached 0'));
    const second = await get('/api/campaigns?limit=9&status=active&utm_source=mail'); // same answer, other spelling
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers['x-content-type-options']).toBe('nosniff');

    const notModified = await get(url, { 'if-none-match': first.headers.etag as string });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    expect(notModified.headers.etag).toBe(first.headers.etag);
    expect((await get(url, { 'if-none-match': '"something-else"' })).statusCode).toBe(200);

    const gzip = await get(url, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.etag).not.toBe(first.headers.etag);
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(first.body);
    expect(gzip.rawPayload.length).toBeLessThan(first.rawPayload.length / 2);
    const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(first.body);
    expect((await get(url, { 'accept-encoding': 'gzip', 'if-none-match': gzip.headers.etag as string })).statusCode).toBe(304);

    // Small answers are sent as they are.
    const stats = await get('/api/stats', { 'accept-encoding': 'gzip, br' });
    expect(stats.headers['content-encoding']).toBeUndefined();
    expect(stats.headers.etag).toMatch(/^"/);
  });

  it('never serves or keeps drafts, nor answers to requests carrying credentials', async () => {
    await insertCampaigns(ctx.database.db, [{ title: 'Secret draft', status: 'draft' }]);
    const size = app.responseCache.size;
    const admin = await get('/api/campaigns?include_drafts=true&limit=50');
    expect(titles(admin)).toContain('Secret draft');
    expect((await get('/api/campaigns?status=draft')).statusCode).toBe(200);
    expect((await get('/api/campaigns?limit=50', { authorization: 'Bearer x' })).statusCode).toBe(200);
    expect(app.responseCache.size).toBe(size);
    expect(titles(await get('/api/campaigns?limit=50'))).not.toContain('Secret draft');
  });

  it('shows every campaign write at the next read: create, update, delete', async () => {
    const list = '/api/campaigns?limit=50';
    await get(list); // cached
    const created = await app.inject({
      method: 'POST',
      url: '/api/campaigns',
      payload: { title: 'Fresh campaign', description: 'New.', target_amount: 5000, status: 'active', end_date: new Date(Date.now() + 30 * DAY_MS).toISOString() },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.campaign.id as number;
    expect(titles(await get(list))).toContain('Fresh campaign');
    expect((await get(`/api/campaigns/${id}`)).json().data.campaign.title).toBe('Fresh campaign'); // cached now

    const updated = await app.inject({ method: 'PUT', url: `/api/campaigns/${id}`, payload: { title: 'Renamed campaign' } });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(titles(await get(list))).toContain('Renamed campaign');
    expect((await get(`/api/campaigns/${id}`)).json().data.campaign.title).toBe('Renamed campaign');

    expect((await app.inject({ method: 'DELETE', url: `/api/campaigns/${id}` })).statusCode).toBe(200);
    expect(titles(await get(list))).not.toContain('Renamed campaign');
    expect((await get(`/api/campaigns/${id}`)).statusCode).toBe(404);
  });

  it('shows every event write at the next read: create, update, photos added and removed, delete', async () => {
    const completed = '/api/events/completed';
    await get(completed);
    const body = { title: 'Health Camp', description: 'Free check-ups.', date: '2024-03-15', location: 'Hubballi', impact: '300 children', status: 'completed' };
    const created = await app.inject({ method: 'POST', url: '/api/events', payload: body });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.event.id as number;
    expect(eventTitles(await get(completed))).toContain('Health Camp');

    expect((await app.inject({ method: 'PUT', url: `/api/events/${id}`, payload: { ...body, title: 'Eye Camp' } })).statusCode).toBe(200);
    expect(eventTitles(await get(completed))).toEqual(expect.arrayContaining(['Eye Camp']));
    expect(eventTitles(await get(completed))).not.toContain('Health Camp');

    const imagesOf = async () => ((await get(`/api/events/${id}`)).json().data.event.images as unknown[]).length;
    expect(await imagesOf()).toBe(0); // cached
    const { payload, headers } = multipart({ images: [{ filename: 'a.png', contentType: 'image/png', data: await solidImage(64, 48) }] });
    const uploaded = await app.inject({ method: 'POST', url: `/api/events/${id}/images`, payload, headers });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect(await imagesOf()).toBe(1);
    const imageId = uploaded.json().data.images[0].id as number;
    expect((await app.inject({ method: 'DELETE', url: `/api/events/${id}/images/${imageId}` })).statusCode).toBe(200);
    expect(await imagesOf()).toBe(0);

    expect((await app.inject({ method: 'DELETE', url: `/api/events/${id}` })).statusCode).toBe(200);
    expect(eventTitles(await get(completed))).not.toContain('Eye Camp');
    expect((await get(`/api/events/${id}`)).statusCode).toBe(404);
    expect(await ctx.database.db.select().from(events).where(eq(events.id, id))).toEqual([]);
  });

  it('shows a donation at the next read, whether the browser or the webhook saved it', async () => {
    const [campaign] = await insertCampaigns(ctx.database.db, [{ title: 'Midday Meals', endDate: new Date(Date.now() + 10 * DAY_MS) }]);
    const one = `/api/campaigns/${campaign!.id}`;
    const stats = async () => (await get('/api/stats')).json().data as { totalDonations: number; totalAmount: number };
    const raised = async () => (await get(one)).json().data.campaign.raised_amount as number;
    const before = await stats();
    expect(await raised()).toBe(0);

    // The browser saves first (the sandbox's webhook event is held back until after).
    sandbox.holdEvents();
    const data = indianDonation({ campaign_id: campaign!.id });
    const { intentId } = await pay(app, data);
    expect((await saveAfterPayment(app, data, intentId)).statusCode).toBe(201);
    expect(await stats()).toMatchObject({ totalDonations: before.totalDonations + 1, totalAmount: before.totalAmount + 1000 });
    expect(await raised()).toBe(1000);
    sandbox.releaseEvents();
    await app.payments.idle();

    // The webhook saves it (the donor closed the tab): the event arrives through the real delivery.
    sandbox.holdEvents();
    await pay(app, data);
    expect(await stats()).toMatchObject({ totalDonations: before.totalDonations + 1 }); // cached again, unchanged
    sandbox.releaseEvents();
    await app.payments.idle();
    expect(await stats()).toMatchObject({ totalDonations: before.totalDonations + 2, totalAmount: before.totalAmount + 2000 });
    expect(await raised()).toBe(2000);
  });
});
