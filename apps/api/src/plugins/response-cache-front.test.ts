import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { createLogger } from '../logger.js';
import { campaigns } from '../db/schema.js';
import type { SandboxProvider } from '../donations/provider/sandbox-provider.js';
import { insertCampaigns } from '../../test/support/campaign-fixtures.js';
import { describeEachDatabase } from '../../test/support/databases.js';
import { buildSandboxApp, donate, indianDonation } from '../../test/support/donations.js';
import { BASELINE_SECURITY_HEADERS, HSTS } from './security-headers.js';

// The response cache's front door: a GET whose URL the cache answers is answered by the HTTP server before Fastify.
// Over real sockets (app.inject never passes the door), each answer is compared with the one Fastify itself gives
// for the same request, header by header; the log says which of the two answered (the door's lines carry a
// `cache-…` request id). Writes through the API show at the next read, and anything personal, cross-origin or not
// a GET goes through Fastify.

const PARTNER = 'https://partner.example';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

describeEachDatabase('response cache front door', (ctx) => {
  let app: FastifyInstance;
  let sandbox: SandboxProvider;
  let base: string;
  const lines: Array<Record<string, unknown>> = [];

  beforeAll(async () => {
    const logger = createLogger('info', { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
    ({ app, sandbox } = await buildSandboxApp(ctx, { logger, config: { trustProxy: 1, partnerOrigins: { any: false, origins: [PARTNER] } } }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    base = `http://127.0.0.1:${address.port}`;
    await insertCampaigns(
      ctx.database.db,
      Array.from({ length: 6 }, (_, i) => ({ title: `Front ${i}`, description: `Long enough for a body over a kilobyte. ${'y'.repeat(200)}` })),
    );
  });
  afterAll(async () => {
    await app?.close();
  });
  beforeEach(() => {
    lines.length = 0;
  });

  function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const req = httpRequest(`${base}${path}`, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    });
  }

  /** Who answered each read so far, in order: 'door' or 'fastify' (from the request log lines; the sandbox's webhook POSTs are not reads). */
  const answeredBy = () =>
    lines.filter((line) => typeof line.statusCode === 'number' && line.method !== 'POST').map((line) => (String(line.reqId).startsWith('cache-') ? 'door' : 'fastify'));

  const withoutDate = (headers: Answer['headers']) => {
    const { date: _date, ...rest } = headers;
    return rest;
  };

  it('answers a repeat before Fastify with exactly the headers and bytes Fastify gives, in every representation', async () => {
    const url = '/api/campaigns?status=active&limit=9';
    const variants: Array<Record<string, string>> = [
      {},
      { 'accept-encoding': 'gzip' },
      { 'accept-encoding': 'gzip, deflate, br' },
      { 'x-forwarded-proto': 'https' },
    ];
    for (const headers of variants) {
      // The cache's entry is dropped first, so Fastify answers (and keeps) it, then the door answers the repeat.
      app.responseCache.invalidate('campaigns');
      lines.length = 0;
      const fromFastify = await get(url, headers);
      const fromDoor = await get(url, headers);
      expect(answeredBy()).toEqual(['fastify', 'door']);
      expect(fromDoor.status).toBe(200);
      expect(fromFastify.status).toBe(200);
      expect(withoutDate(fromDoor.headers)).toEqual(withoutDate(fromFastify.headers));
      expect(fromDoor.body.equals(fromFastify.body)).toBe(true);
    }
    // What those headers are: the site's security headers, HSTS only over HTTPS, caching and encoding.
    const plain = await get(url);
    for (const [name, value] of Object.entries(BASELINE_SECURITY_HEADERS)) expect(plain.headers[name]).toBe(value);
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('public, no-cache');
    expect(plain.headers.vary).toBe('accept-encoding');
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.headers['content-length']).toBe(String(plain.body.length));
    expect((await get(url, { 'x-forwarded-proto': 'https' })).headers['strict-transport-security']).toBe(HSTS);
    const br = await get(url, { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    const gzip = await get(url, { 'accept-encoding': 'gzip' });
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    expect(answeredBy().slice(-4)).toEqual(['door', 'door', 'door', 'door']);
  });

  it('answers If-None-Match with 304 and no body, as Fastify does', async () => {
    const url = '/api/campaigns?status=active&limit=9';
    app.responseCache.invalidate('campaigns');
    const first = await get(url);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    lines.length = 0;
    const fromDoor = await get(url, { 'if-none-match': etag });
    expect(fromDoor.status).toBe(304);
    expect(fromDoor.body.length).toBe(0);
    // Fastify's own hit for the same request: through it because of an Origin it does not list.
    const fromFastify = await get(url, { 'if-none-match': etag, origin: 'https://elsewhere.example' });
    expect(answeredBy()).toEqual(['door', 'fastify']);
    expect(fromFastify.status).toBe(304);
    expect(withoutDate(fromDoor.headers)).toEqual(withoutDate(fromFastify.headers));
    // A compressed representation's tag matches too.
    const gzip = await get(url, { 'accept-encoding': 'gzip' });
    expect((await get(url, { 'accept-encoding': 'gzip', 'if-none-match': gzip.headers.etag as string })).status).toBe(304);
  });

  it('serves from memory (a change behind the API’s back is not seen) until a write through the API, then shows it', async () => {
    const url = '/api/campaigns?limit=9&status=active';
    await get(url);
    await ctx.database.db.update(campaigns).set({ title: 'Renamed behind the door' }).where(eq(campaigns.title, 'Front 1'));
    lines.length = 0;
    const stale = await get(url);
    expect(answeredBy()).toEqual(['door']);
    expect(stale.body.toString()).not.toContain('Renamed behind the door');

    // A donation through the API invalidates the statistics: the next read through the door shows it.
    const before = JSON.parse((await get('/api/stats')).body.toString()).data.totalDonations as number;
    expect(JSON.parse((await get('/api/stats')).body.toString()).data.totalDonations).toBe(before);
    await donate(app, indianDonation());
    await sandbox.idle(); // the sandbox's webhook for it has been applied (it invalidates too)
    lines.length = 0;
    const after = JSON.parse((await get('/api/stats')).body.toString()).data.totalDonations as number;
    expect(after).toBe(before + 1);
    expect(answeredBy()).toEqual(['fastify']); // the entry was dropped: Fastify computed it again
    expect(JSON.parse((await get('/api/stats')).body.toString()).data.totalDonations).toBe(before + 1);
    expect(answeredBy()).toEqual(['fastify', 'door']);
  });

  it('leaves credentials, cookies, cross-origin requests, HEAD and drafts to Fastify', async () => {
    const url = '/api/campaigns?status=active&limit=9';
    await get(url);
    await get(url);
    lines.length = 0;
    await get(url, { authorization: 'Bearer not-a-token' });
    await get(url, { cookie: 'a=b' });
    // Partner CORS headers depend on the Origin (plugins/partner-cors.ts): the door never answers one.
    await get(url, { origin: PARTNER });
    const head = await get(url, {}, 'HEAD');
    expect(answeredBy()).toEqual(['fastify', 'fastify', 'fastify', 'fastify']);
    expect(head.status).toBe(200);

    // A draft list is an admin's: refused without a token, every time, and never from the door.
    lines.length = 0;
    expect((await get('/api/campaigns?status=draft')).status).toBe(401);
    expect((await get('/api/campaigns?status=draft')).status).toBe(401);
    expect(answeredBy()).toEqual(['fastify', 'fastify']);
  });

  it('writes the request log line for what it answers, with secrets in the query redacted', async () => {
    const url = '/api/campaigns?status=active&limit=9&token=abc123';
    await get(url);
    lines.length = 0;
    await get(url);
    const [line] = lines.filter((l) => typeof l.statusCode === 'number');
    expect(line).toMatchObject({ level: 30, method: 'GET', url: '/api/campaigns?status=active&limit=9&token=[redacted]', statusCode: 200 });
    expect(String(line?.reqId)).toMatch(/^cache-/);
    expect(JSON.stringify(lines)).not.toContain('abc123');
  });
});
