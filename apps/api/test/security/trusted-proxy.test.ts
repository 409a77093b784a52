import { TEST_CARDS } from '@charity/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { TOO_MANY_ATTEMPTS } from '../../src/auth/attempts.js';
import { loadConfig } from '../../src/config.js';
import { HttpClient, type RawResponse } from '../fuzz/http-client.js';
import { createLogger } from '../../src/logger.js';
import { SandboxProvider } from '../../src/donations/provider/sandbox-provider.js';
import type { TrustProxySetting } from '../../src/proxy-trust.js';
import { CONTACT_ROUTE_MESSAGES } from '../../src/routes/contact.js';
import { CREATE_INTENT_RATE_LIMIT, PAYMENT_ROUTE_MESSAGES } from '../../src/donations/messages.js';
import { describeEachDatabase, describePglite, type DatabaseContext } from '../support/databases.js';
import { indianDonation } from '../support/donations.js';

// TRUST_PROXY behind nginx, over a real socket (docs/decisions/013-trusted-proxies.md). Every connection comes from
// 127.0.0.1: the proxy. nginx's `proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for` appends the address it
// saw to whatever the client sent, so a client that forges the header arrives as `X-Forwarded-For: <forged>, <real
// client>`. With TRUST_PROXY=1 the client is the right-most address: a forger who changes the left part on every
// request is still one client and meets every per-address limit. (With the old TRUST_PROXY=true the left-most, forged
// address was taken, and none of these limits was ever reached.)

const ONE_PROXY = loadConfig({ TRUST_PROXY: '1' }).trustProxy;

let forged = 0;
/** What a forging client puts in front: a new address on every request (TEST-NET-3, never routed). */
const forgedPart = () => `203.0.113.${(forged++ % 250) + 1}, 198.18.${forged % 250}.${(forged * 7) % 250}`;
/** The header nginx passes on for `client`, who sent a forged one. */
const throughNginx = (client: string) => ({ 'x-forwarded-for': `${forgedPart()}, ${client}` });

interface Served {
  app: FastifyInstance;
  client: HttpClient;
  port: number;
  /** The request log's lines (reqId `cache-…`: answered by the cache's front door). */
  lines: Array<Record<string, unknown>>;
}

/** The app with `trustProxy`, listening on 127.0.0.1 (the proxy's side of the socket), with a route that says who it sees. */
async function serve(ctx: DatabaseContext, trustProxy: TrustProxySetting): Promise<Served> {
  const lines: Array<Record<string, unknown>> = [];
  const logger = createLogger('info', { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
  const app = await buildApp({
    config: { ...ctx.config, trustProxy },
    database: ctx.database,
    logger,
    paymentProvider: new SandboxProvider(ctx.database.db),
    loginSlowdown: () => 0,
  });
  app.get('/api/test/whoami', async (request) => ({ ip: request.ip, protocol: request.protocol, host: request.host }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return { app, client: new HttpClient('127.0.0.1', address.port), port: address.port, lines };
}

describeEachDatabase('one trusted proxy in front (TRUST_PROXY=1), a client forging X-Forwarded-For', (ctx) => {
  let app: FastifyInstance;
  let client: HttpClient;

  beforeAll(async () => {
    ({ app, client } = await serve(ctx, ONE_PROXY));
  });
  afterAll(async () => {
    client?.close();
    await app?.close();
  });

  const post = (path: string, body: unknown, headers: Record<string, string>): Promise<RawResponse> =>
    client.send({ method: 'POST', path, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const json = (response: RawResponse) => JSON.parse(response.text()) as { success: boolean; message?: string; data?: Record<string, unknown> };

  it('takes the right-most address as the client (request.ip), and X-Forwarded-Proto from the proxy', async () => {
    const answer = await client.send({
      method: 'GET',
      path: '/api/test/whoami',
      headers: { 'x-forwarded-for': '203.0.113.9, 198.51.100.20', 'x-forwarded-proto': 'https' },
    });
    expect(JSON.parse(answer.text())).toEqual({ ip: '198.51.100.20', protocol: 'https', host: expect.stringMatching(/^127\.0\.0\.1:\d+$/) });
  });

  it('sign-in: the real client still meets the per-address limit (429), another client behind the same proxy does not', async () => {
    const real = '198.51.100.1';
    const statuses: number[] = [];
    let blocked: RawResponse | undefined;
    for (let i = 0; i < 40 && !blocked; i += 1) {
      const response = await post('/api/auth/login', { username: `nobody-${i}`, password: 'guess-123' }, throughNginx(real));
      statuses.push(response.status);
      if (response.status === 429) blocked = response;
    }
    expect(statuses.slice(0, -1).every((status) => status === 401)).toBe(true);
    expect(blocked?.status).toBe(429);
    expect(json(blocked!)).toEqual({ success: false, message: TOO_MANY_ATTEMPTS });
    expect(Number(blocked!.headers['retry-after'])).toBeGreaterThan(0);
    // The proxy itself is not what was limited: another client through it is answered normally.
    expect((await post('/api/auth/login', { username: 'nobody-x', password: 'guess-123' }, throughNginx('198.51.100.2'))).status).toBe(401);
  });

  it('contact form: the 6th message in 10 minutes from the real client is refused (429)', async () => {
    const real = '198.51.100.11';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await post('/api/contact', {}, throughNginx(real))).status);
    expect(statuses.slice(0, 5)).not.toContain(429);
    const refused = await post('/api/contact', {}, throughNginx(real));
    expect(refused.status).toBe(429);
    expect(json(refused)).toEqual({ success: false, message: CONTACT_ROUTE_MESSAGES.tooMany });
    expect((await post('/api/contact', {}, throughNginx('198.51.100.12'))).status).not.toBe(429);
  });

  it('create-intent: the per-address cap of intents holds for the real client (429)', async () => {
    const real = '198.51.100.21';
    const intent = () => post('/api/payments/create-intent', { donation_data: indianDonation(), payment_method_id: TEST_CARDS.visa.paymentMethod }, throughNginx(real));
    for (let i = 0; i < CREATE_INTENT_RATE_LIMIT.max; i += 1) expect((await intent()).status, `intent ${i + 1}`).toBe(200);
    const refused = await intent();
    expect(refused.status).toBe(429);
    expect(json(refused)).toEqual({ success: false, message: PAYMENT_ROUTE_MESSAGES.tooManyIntents });
  });

  it('card testing: after 5 declined cards the real client is refused (429), whatever it puts in front', async () => {
    const real = '198.51.100.31';
    for (let i = 0; i < 5; i += 1) {
      const created = await post('/api/payments/create-intent', { donation_data: indianDonation(), payment_method_id: TEST_CARDS.declined.paymentMethod }, throughNginx(real));
      expect(created.status, `intent ${i + 1}`).toBe(200);
      const secret = json(created).data!.client_secret as string;
      const declined = await post('/api/payments/sandbox/confirm', { client_secret: secret, payment_method_id: TEST_CARDS.declined.paymentMethod }, throughNginx(real));
      expect((json(declined).data!.payment_intent as { last_payment_error: { code: string } }).last_payment_error.code, `confirm ${i + 1}`).toBe('card_declined');
    }
    const refused = await post('/api/payments/create-intent', { donation_data: indianDonation(), payment_method_id: TEST_CARDS.visa.paymentMethod }, throughNginx(real));
    expect(refused.status).toBe(429);
    expect(json(refused)).toEqual({ success: false, message: PAYMENT_ROUTE_MESSAGES.tooManyFailures });
    const other = await post('/api/payments/create-intent', { donation_data: indianDonation(), payment_method_id: TEST_CARDS.visa.paymentMethod }, throughNginx('198.51.100.32'));
    expect(other.status).toBe(200);
  });
});

// Who the client is, and whether it came over HTTPS, for each kind of setting: Fastify's request (ip, protocol, host)
// and the cache's front door (HSTS on a cached read) must read the same. The chain: a client at 198.51.100.20 that
// forged 203.0.113.9, an inner proxy at 10.0.0.5, and the socket's peer 127.0.0.1.
describePglite('TRUST_PROXY as a count or a list of proxies', (ctx) => {
  const CHAIN = { 'x-forwarded-for': '203.0.113.9, 198.51.100.20, 10.0.0.5', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'charity.example' };
  const cases: Array<[string, TrustProxySetting, string, boolean]> = [
    ['false: nothing trusted', false, '127.0.0.1', false],
    ['1 proxy', 1, '10.0.0.5', true],
    ['2 proxies', 2, '198.51.100.20', true],
    ['the socket peer listed', ['127.0.0.1'], '10.0.0.5', true],
    ['both proxies listed', ['127.0.0.1', '10.0.0.0/8'], '198.51.100.20', true],
    ['named ranges', ['loopback', 'uniquelocal'], '198.51.100.20', true],
    ['a list without the socket peer', ['10.0.0.0/8'], '127.0.0.1', false],
  ];

  it.each(cases)('%s', async (_label, setting, ip, https) => {
    const served = await serve(ctx, setting);
    try {
      const seen = JSON.parse((await served.client.send({ method: 'GET', path: '/api/test/whoami', headers: CHAIN })).text());
      expect(seen).toEqual({ ip, protocol: https ? 'https' : 'http', host: https ? 'charity.example' : `127.0.0.1:${served.port}` });

      // A cached read twice: Fastify answers (and keeps) the first, the front door the second; HSTS on both or neither.
      const url = '/api/campaigns?limit=3';
      served.lines.length = 0;
      const fromFastify = await served.client.send({ method: 'GET', path: url, headers: CHAIN });
      const fromDoor = await served.client.send({ method: 'GET', path: url, headers: CHAIN });
      const answeredBy = served.lines.filter((line) => typeof line.statusCode === 'number').map((line) => String(line.reqId).startsWith('cache-'));
      expect(answeredBy).toEqual([false, true]);
      const hsts = https ? 'max-age=31536000; includeSubDomains' : undefined;
      expect(fromFastify.headers['strict-transport-security']).toBe(hsts);
      expect(fromDoor.headers['strict-transport-security']).toBe(hsts);
    } finally {
      served.client.close();
      await served.app.close();
    }
  });
});
