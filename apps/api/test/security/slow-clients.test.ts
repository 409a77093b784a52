import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuildAppOptions } from '../../src/app.js';
import type { Config } from '../../src/config.js';
import { bearer, createUser, signIn } from '../support/auth.js';
import { createLogger } from '../../src/logger.js';
import { CONNECTION_LIMITS } from '../../src/plugins/connection-limits.js';
import { describePglite } from '../support/databases.js';
import { solidImage } from '../support/images.js';
import { multipart } from '../support/multipart.js';
import { EXPECTED_BASELINE_HEADERS } from '../support/security-headers.js';

// Slow and greedy clients over raw sockets (docs/decisions/015-slow-clients.md): a body that stops
// arriving, a header block that never ends, 20 kB of headers, an idle keep-alive connection and one address
// opening connection after connection. What is asserted is what a client sees on the wire: the status, the
// envelope, every security header, `Connection: close`, and when the server closes the socket.
// These are about sockets, not the database: they run on PGlite only.

const BASELINE = EXPECTED_BASELINE_HEADERS;

/** TRUST_PROXY as an address list: the app sits behind the proxy at 127.0.0.1. */
const PROXY_ADDRESSES: Config['trustProxy'] = ['127.0.0.1'];

const TIMED_OUT = 'The request took too long to arrive. Please try again.';
const HEADERS_TOO_LARGE = 'The request headers are too large.';
const UNREADABLE = 'The request could not be read.';

interface RawAnswer {
  /** The first answer's status, or null when the server closed without a word. */
  status: number | null;
  headers: Record<string, string>;
  body: string;
  /** Everything received. */
  raw: string;
  /** ms from connecting until the server closed the socket (or until `waitMs`, when it did not). */
  ms: number;
  closed: boolean;
}

function parseAnswer(raw: string): Pick<RawAnswer, 'status' | 'headers' | 'body'> {
  const end = raw.indexOf('\r\n\r\n');
  if (end < 0) return { status: null, headers: {}, body: '' };
  const [statusLine, ...lines] = raw.slice(0, end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const length = Number(headers['content-length'] ?? NaN);
  const rest = raw.slice(end + 4);
  return { status: Number(statusLine!.split(' ')[1]), headers, body: Number.isNaN(length) ? rest : rest.slice(0, length) };
}

/** Opens a socket to `port`, lets `talk` write to it, and collects what comes back until the server closes it. */
function exchange(port: number, talk: (socket: net.Socket) => void | Promise<void>, waitMs = 20_000): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = net.connect(port, '127.0.0.1');
    let raw = '';
    let settled = false;
    const finish = (closed: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ ...parseAnswer(raw), raw, ms: performance.now() - started, closed });
    };
    const timer = setTimeout(() => finish(false), waitMs);
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (raw += chunk));
    socket.on('close', () => finish(true));
    socket.on('error', () => {}); // a reset counts as closed ('close' follows)
    socket.on('connect', () => {
      Promise.resolve(talk(socket)).catch((error: unknown) => {
        settled = true;
        clearTimeout(timer);
        socket.destroy();
        reject(error as Error);
      });
    });
  });
}

function portOf(app: FastifyInstance): number {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return address.port;
}

function expectEnvelope(answer: RawAnswer, status: number, message: string) {
  expect(answer.status, answer.raw).toBe(status);
  expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(JSON.parse(answer.body)).toEqual({ success: false, message });
  for (const [name, value] of Object.entries(BASELINE)) expect(answer.headers[name], name).toBe(value);
  expect(answer.headers.connection).toBe('close');
  expect(answer.closed, 'the server closes the connection after the answer').toBe(true);
}

const JSON_HEAD = (path: string, length: number, extra = '') =>
  `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n${extra}\r\n`;

/** Waits for one complete answer on a kept-alive socket (Content-Length framed) and returns it. */
function readOneAnswer(socket: net.Socket): Promise<ReturnType<typeof parseAnswer>> {
  return new Promise((resolve, reject) => {
    let raw = '';
    const onData = (chunk: Buffer | string) => {
      raw += chunk.toString();
      const answer = parseAnswer(raw);
      const length = Number(answer.headers['content-length'] ?? NaN);
      if (answer.status !== null && Buffer.byteLength(answer.body) >= length) {
        socket.off('data', onData);
        resolve(answer);
      }
    };
    socket.on('data', onData);
    socket.once('close', () => reject(new Error(`closed before an answer: ${raw}`)));
  });
}

function connected(port: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

const untilClosed = (socket: net.Socket, waitMs: number) =>
  new Promise<boolean>((resolve) => {
    if (socket.destroyed) return resolve(true);
    const timer = setTimeout(() => resolve(false), waitMs);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });

describePglite('slow clients', (ctx) => {
  const apps: FastifyInstance[] = [];
  async function serve(options: Partial<BuildAppOptions> = {}): Promise<{ app: FastifyInstance; port: number }> {
    const app = await buildApp({ config: ctx.config, database: ctx.database, ...options });
    apps.push(app);
    await app.listen({ port: 0, host: '127.0.0.1' });
    return { app, port: portOf(app) };
  }
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  describe('with the production limits', () => {
    let app: FastifyInstance;
    let port: number;
    beforeAll(async () => {
      ({ app, port } = await serve());
    });

    it('has the documented limits (docs/decisions/015-slow-clients.md), and they are the HTTP server’s', () => {
      expect(CONNECTION_LIMITS).toEqual({
        headersTimeoutMs: 10_000,
        bodyTimeoutMs: 10_000,
        uploadBodyTimeoutMs: 600_000,
        requestTimeoutMs: 660_000,
        keepAliveTimeoutMs: 72_000,
        checkingIntervalMs: 1_000,
        maxConnectionsPerAddress: 128,
      });
      expect(app.server.headersTimeout).toBe(10_000);
      expect(app.server.requestTimeout).toBe(660_000);
      expect(app.server.keepAliveTimeout).toBe(72_000);
      expect((app.server as unknown as { connectionsCheckingInterval: number }).connectionsCheckingInterval).toBe(1_000);
    });

    it('answers a body that stops arriving, and a header block that never ends, with 408 within ~10 s', async () => {
      const [body, headers] = await Promise.all([
        // The probe of docs/decisions/015-slow-clients.md: headers with Content-Length: 100, then one byte of body,
        // then nothing.
        exchange(port, (socket) => void socket.write(`${JSON_HEAD('/api/auth/login', 100)}{`)),
        exchange(port, (socket) => void socket.write('POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n')),
      ]);
      expectEnvelope(body, 408, TIMED_OUT);
      expect(body.headers['cache-control']).toBe('no-store');
      expect(body.ms).toBeGreaterThan(9_500);
      expect(body.ms).toBeLessThan(12_500);
      expectEnvelope(headers, 408, TIMED_OUT);
      expect(headers.ms).toBeGreaterThan(9_500);
      expect(headers.ms).toBeLessThan(12_500);
    }, 30_000);

    it('lets one address hold 128 connections, and refuses the 129th', async () => {
      const open = await Promise.all(Array.from({ length: 128 }, () => connected(port)));
      await sleep(200);
      const refused = await exchange(port, () => {}, 2_000);
      expect(refused.closed).toBe(true);
      expect(refused.raw).toBe('');
      expect(open.filter((socket) => socket.destroyed)).toEqual([]);
      const answered = readOneAnswer(open[127]!);
      open[127]!.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
      expect((await answered).status).toBe(200);
      for (const socket of open) socket.destroy();
    });
  });

  describe('with short limits', () => {
    const limits = {
      headersTimeoutMs: 1_000,
      bodyTimeoutMs: 1_000,
      uploadBodyTimeoutMs: 3_000,
      requestTimeoutMs: 6_000,
      keepAliveTimeoutMs: 1_000,
      checkingIntervalMs: 200,
      maxConnectionsPerAddress: 6,
    };
    let app: FastifyInstance;
    let port: number;
    const lines: Array<{ level: number; msg: string }> = [];
    beforeAll(async () => {
      const logger = createLogger('info', { write: (line: string) => void lines.push(JSON.parse(line) as { level: number; msg: string }) });
      ({ app, port } = await serve({ connectionLimits: limits, logger }));
      lines.length = 0; // start-up notices (the sandbox's)
    });
    afterAll(() => {
      // Slow clients are answered, not logged as failures: the one warning is the cap's, once for the episode.
      expect(lines.filter((line) => line.level >= 40).map((line) => line.msg)).toEqual([
        'connection refused: this address holds the most connections allowed',
      ]);
    });

    it('answers 431 in the envelope, with the security headers, for 20 kB of headers', async () => {
      const answer = await exchange(port, (socket) => {
        socket.write(`GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Filler: ${'a'.repeat(20 * 1024)}\r\n\r\n`);
      });
      expectEnvelope(answer, 431, HEADERS_TOO_LARGE);
      expect(answer.headers['cache-control']).toBe('no-store');
    });

    it('answers a request it cannot parse with 400 in the envelope', async () => {
      const answer = await exchange(port, (socket) => void socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\nBad Header\r\n\r\n'));
      expectEnvelope(answer, 400, UNREADABLE);
    });

    it('answers a slow JSON body with 408 after the body time-out', async () => {
      const answer = await exchange(port, async (socket) => {
        socket.write(JSON_HEAD('/api/auth/login', 60));
        await sleep(300);
        socket.write('{"username":');
      });
      expectEnvelope(answer, 408, TIMED_OUT);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.ms).toBeGreaterThan(900);
      expect(answer.ms).toBeLessThan(2_500);
    });

    it('closes the connection when the answer went before the body arrived (a GET with a body, a 401 before an upload)', async () => {
      const get = await exchange(port, (socket) => void socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\nContent-Length: 100\r\n\r\nx'));
      expect(get.status).toBe(200);
      expect(get.headers.connection).toBe('close');
      expect(get.closed).toBe(true);
      expect(get.ms).toBeLessThan(900);

      const upload = await exchange(port, (socket) => {
        socket.write(`POST /api/events/1/images HTTP/1.1\r\nHost: localhost\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: 100000\r\n\r\n--x`);
      });
      expectEnvelope(upload, 401, 'Authentication required');
      expect(upload.ms).toBeLessThan(900);

      // The router's own refusal (a malformed %-escape) is written before any hook: it does not wait either.
      const badUrl = await exchange(port, (socket) => void socket.write(`${JSON_HEAD('/api/campaigns/%', 100)}{`));
      expectEnvelope(badUrl, 400, 'This address is not valid: it has a malformed %-escape.');
      expect(badUrl.ms).toBeLessThan(900);
    });

    it('closes an idle keep-alive connection after the keep-alive time-out, and keeps it open until then', async () => {
      const socket = await connected(port);
      const answered = readOneAnswer(socket);
      socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
      const answer = await answered;
      expect(answer.status).toBe(200);
      expect(answer.headers.connection).toBe('keep-alive');
      const idleStarted = performance.now();
      expect(await untilClosed(socket, 700)).toBe(false);
      expect(await untilClosed(socket, 2_000)).toBe(true);
      expect(performance.now() - idleStarted).toBeGreaterThan(900);
    });

    it('gives a signed-in admin’s photo upload the longer upload time-out, then answers 408', async () => {
      const user = await createUser(ctx.database.db);
      const token = await signIn(app, user);
      const created = await app.inject({
        method: 'POST',
        url: '/api/events',
        headers: bearer(token),
        payload: { title: 'Health Camp', description: 'Free check-ups.', date: '2024-03-15', location: 'Hubballi', impact: '300 children', status: 'completed' },
      });
      expect(created.statusCode, created.body).toBe(201);
      const eventId = created.json().data.event.id as number;
      const { payload, headers } = multipart({ images: { filename: 'camp.png', contentType: 'image/png', data: await solidImage(40, 30, 'png') } });
      const head =
        `POST /api/events/${eventId}/images HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\n` +
        `Content-Type: ${headers['content-type']}\r\nContent-Length: ${payload.length}\r\n\r\n`;

      // Slower than the 1 s body time-out, within the 3 s upload time-out: stored.
      const slow = await exchange(port, async (socket) => {
        socket.write(head);
        socket.write(payload.subarray(0, 100));
        await sleep(1_800);
        socket.write(payload.subarray(100));
      }, 5_000);
      expect(slow.status, slow.raw).toBe(201);

      // Stops arriving: 408 once the upload time-out has passed.
      const stalled = await exchange(port, (socket) => {
        socket.write(head);
        socket.write(payload.subarray(0, 100));
      });
      expectEnvelope(stalled, 408, TIMED_OUT);
      expect(stalled.ms).toBeGreaterThan(2_900);
      expect(stalled.ms).toBeLessThan(4_500);
    });

    it('refuses the connection over the per-address cap while the others stay open and usable', async () => {
      const open = await Promise.all(Array.from({ length: limits.maxConnectionsPerAddress }, () => connected(port)));
      await sleep(100); // the server has seen every one of them
      const refused = await exchange(port, () => {}, 2_000);
      expect(refused.closed).toBe(true);
      expect(refused.raw).toBe('');
      for (const socket of open) {
        expect(socket.destroyed).toBe(false);
        const answered = readOneAnswer(socket);
        socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
        expect((await answered).status).toBe(200);
      }
      // One closes: there is room again.
      open.pop()!.destroy();
      await sleep(100);
      const again = await connected(port);
      const answered = readOneAnswer(again);
      again.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
      expect((await answered).status).toBe(200);
      for (const socket of [...open, again]) socket.destroy();
    });

    it('does not cap connections per address behind a trusted proxy (every connection comes from the proxy)', async () => {
      const { port: proxiedPort } = await serve({ config: { ...ctx.config, trustProxy: PROXY_ADDRESSES }, connectionLimits: limits });
      const open = await Promise.all(Array.from({ length: limits.maxConnectionsPerAddress + 2 }, () => connected(proxiedPort)));
      await sleep(100);
      for (const socket of open) {
        const answered = readOneAnswer(socket);
        socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
        expect((await answered).status).toBe(200);
      }
      for (const socket of open) socket.destroy();
    });
  });
});
