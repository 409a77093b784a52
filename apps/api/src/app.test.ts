import { TEST_CARDS } from '@charity/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { openDatabase, type DatabaseHandle } from './db/open.js';
import { HttpError } from './http-errors.js';
import { createLogger } from './logger.js';
import { GENERIC_SERVER_ERROR } from './plugins/errors.js';
import { testConfig } from '../test/support/databases.js';

// Cross-cutting HTTP behaviour: the error handler, security headers and request logging. None of it depends
// on which database runs, so one embedded database serves the whole file.

const EXPECTED_CSP =
  "default-src 'self';script-src 'self' https://js.stripe.com;frame-src https://js.stripe.com https://hooks.stripe.com;" +
  "connect-src 'self' https://api.stripe.com;img-src 'self' data: blob: https://*.stripe.com;style-src 'self' 'unsafe-inline';" +
  "font-src 'self';object-src 'none';base-uri 'none';form-action 'self';frame-ancestors 'self'";

let database: DatabaseHandle;
let logLines: string[] = [];
const logs = () => logLines.map((line) => JSON.parse(line) as Record<string, unknown>);

async function appWith(env: Record<string, string> = {}): Promise<FastifyInstance> {
  const config = testConfig(env);
  const logger = createLogger('info', { write: (line: string) => void logLines.push(line) });
  const app = await buildApp({ config, database, logger });
  // Routes standing in for the real ones to come: one that validates, one that fails, one that refuses.
  app.post(
    '/api/test/echo',
    {
      schema: {
        body: {
          type: 'object',
          required: ['title'],
          properties: { title: { type: 'string', minLength: 1 }, status: { type: 'string', enum: ['upcoming', 'completed'] } },
        },
      },
    },
    async (request) => ({ success: true, data: request.body }),
  );
  app.get('/api/test/boom', async () => {
    throw new Error('connection string postgres://u:secret@db failed at /srv/app/x.ts');
  });
  app.get('/api/test/refuse', async () => {
    throw new HttpError(409, 'This event already has that image.');
  });
  return app;
}

let app: FastifyInstance;
beforeAll(async () => {
  database = await openDatabase(testConfig(), { inMemory: true });
  app = await appWith();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});
beforeEach(() => {
  logLines = [];
});

describe('the error handler', () => {
  it('answers unknown /api paths with a JSON 404, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await app.inject({ method, url: '/api/no-such-thing' });
      expect(response.statusCode, method).toBe(404);
      expect(response.json()).toEqual({ success: false, message: 'Not found' });
    }
  });

  it('answers malformed JSON with 400', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"title": "oops",',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message: 'Request body is not valid JSON.' });
  });

  it('refuses a body over 1 MiB with 413', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ title: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ success: false, message: 'Request body is too large.' });
  });

  it('names the field in validation errors', async () => {
    const missing = await app.inject({ method: 'POST', url: '/api/test/echo', payload: { status: 'upcoming' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ success: false, message: 'title is required.' });

    const wrong = await app.inject({ method: 'POST', url: '/api/test/echo', payload: { title: 'Camp', status: 'someday' } });
    expect(wrong.json()).toEqual({ success: false, message: 'status must be one of: upcoming, completed.' });

    const empty = await app.inject({ method: 'POST', url: '/api/test/echo', payload: { title: '' } });
    expect(empty.json()).toEqual({ success: false, message: 'title must be at least 1 character long.' });
  });

  it('passes valid requests through', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/test/echo', payload: { title: 'Camp' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: { title: 'Camp' } });
  });

  it('answers an HttpError with its own status and message', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/refuse' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ success: false, message: 'This event already has that image.' });
  });

  it('hides a crash behind a generic 500 and logs the details on the server only', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ success: false, message: GENERIC_SERVER_ERROR });
    expect(response.body).not.toMatch(/secret|\/srv|stack|at /);

    const failure = logs().find((line) => line.msg === 'request failed');
    expect(failure?.level).toBe(50);
    expect(JSON.stringify(failure?.err)).toContain('/srv/app/x.ts');
  });
});

describe('security headers', () => {
  function expectSecurityHeaders(headers: Record<string, unknown>, label: string) {
    expect(headers['content-security-policy'], label).toBe(EXPECTED_CSP);
    expect(headers['x-content-type-options'], label).toBe('nosniff');
    expect(headers['referrer-policy'], label).toBe('strict-origin-when-cross-origin');
    expect(headers['x-frame-options'], label).toBe('SAMEORIGIN');
  }

  it('are on JSON answers, 404s, validation errors and 500s alike', async () => {
    expectSecurityHeaders((await app.inject({ method: 'GET', url: '/api/health' })).headers, 'health');
    expectSecurityHeaders((await app.inject({ method: 'GET', url: '/api/nope' })).headers, '404');
    expectSecurityHeaders((await app.inject({ method: 'POST', url: '/api/test/echo', payload: {} })).headers, '400');
    expectSecurityHeaders((await app.inject({ method: 'GET', url: '/api/test/boom' })).headers, '500');
  });

  it('leave HSTS out over plain HTTP, and ignore X-Forwarded-Proto unless TRUST_PROXY is on', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/health' })).headers['strict-transport-security']).toBeUndefined();
    const spoofed = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });

  it('add HSTS behind a trusted proxy that received HTTPS', async () => {
    const proxied = await appWith({ TRUST_PROXY: '1' });
    try {
      const https = await proxied.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
      expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const http = await proxied.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'http' } });
      expect(http.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });
});

describe('request logging', () => {
  it('writes one line per request with method, URL, status and time, and no headers or body', async () => {
    await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { authorization: 'Bearer top-secret-token', cookie: 'session=abc' },
      payload: { title: 'Camp', password: 'hunter2' },
    });
    const lines = logs();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      reqId: expect.stringMatching(/^req-[0-9a-z]+$/),
      method: 'POST',
      url: '/api/test/echo',
      statusCode: 200,
      msg: expect.stringMatching(/^POST \/api\/test\/echo 200 \d+ms$/),
    });
    expect(logLines.join('')).not.toMatch(/top-secret-token|session=abc|hunter2/);
  });

  it('redacts credentials even when code logs a request or body on purpose', async () => {
    app.log.info(
      {
        req: { headers: { authorization: 'Bearer top-secret-token', cookie: 'session=abc' } },
        body: { password: 'hunter2', currentPassword: 'old-pass', newPassword: 'new-pass', card: TEST_CARDS.visa.number, cvc: '123' },
      },
      'debugging',
    );
    const text = logLines.join('');
    // A body logged on purpose is written as its field names only (log-serializers.ts), credentials or not.
    expect(text).toContain('"body":{"fields":["password","currentPassword","newPassword","card","cvc"]}');
    expect(text).not.toMatch(new RegExp(`top-secret-token|session=abc|hunter2|old-pass|new-pass|${TEST_CARDS.visa.number}|"123"`));
  });
});
