import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { retryDelayMs } from '@charity/domain';
import { createApiClient, type ApiClientOptions } from './client';
import { ApiError, toRequestFailure } from './errors';
import { authErrorMessage, campaignErrorMessage, eventErrorMessage } from './catalogues';
import { logoutOnServer } from '../../features/auth/api/logout-on-server';

// A real HTTP server on a free port: every status, slow replies and dropped connections travel
// through real sockets and Node's fetch, as they would in the browser.

type Hit = { method: string; path: string; at: number; authorization: string | undefined; accept: string | undefined };
const hits: Hit[] = [];
const sequences = new Map<string, number>();

function json(res: http.ServerResponse, status: number, body?: unknown) {
  if (body === undefined) {
    res.writeHead(status).end();
    return;
  }
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

const server = http.createServer((req, res) => {
  const path = (req.url ?? '').replace(/\?.*$/, '');
  hits.push({ method: req.method ?? '', path, at: performance.now(), authorization: req.headers.authorization, accept: req.headers.accept });
  const seen = (sequences.get(path) ?? 0) + 1;
  sequences.set(path, seen);
  req.resume();
  switch (path) {
    case '/api/ok':
      return json(res, 200, { success: true, data: { secret: 'body-must-not-be-logged' } });
    case '/api/bad-with-message':
      return json(res, 400, { success: false, message: 'Title is required' });
    case '/api/bad':
      return json(res, 400);
    case '/api/unauthorized':
      return json(res, 401, { success: false, message: 'Token expired' });
    case '/api/forbidden':
      return json(res, 403, { success: false, message: 'Admins only' });
    case '/api/missing':
      return json(res, 404, { success: false, message: 'Not found' });
    case '/api/boom':
      return json(res, 500, { success: false, message: 'db exploded' });
    case '/api/flaky':
      // 502, then 503, then success: proves two retries and three attempts.
      return seen === 1 ? json(res, 502) : seen === 2 ? json(res, 503) : json(res, 200, { success: true });
    case '/api/unavailable':
      return json(res, 503);
    case '/api/slow':
      setTimeout(() => json(res, 200, { success: true }), 400).unref();
      return;
    case '/api/drop':
      return req.socket.destroy();
    case '/api/stalled-body':
      // The headers and the start of the body, then nothing more: a reply that stops arriving.
      res.writeHead(200, { 'content-type': 'application/json' }).write('{"success":');
      return;
    case '/api/stalled-error-body':
      res.writeHead(400, { 'content-type': 'application/json' }).write('{"success":false,');
      return;
    case '/api/bad-text':
      res.writeHead(400, { 'content-type': 'text/plain' }).end('Bad thing');
      return;
    case '/api/auth/logout':
      return req.headers.authorization === 'Bearer broken' ? json(res, 500) : json(res, 200, { success: true });
    default:
      return json(res, 404, { success: false, message: 'Not found' });
  }
});

let baseUrl = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

afterEach(() => {
  hits.length = 0;
  sequences.clear();
});

function setup(overrides: Partial<ApiClientOptions> = {}) {
  const lines: string[] = [];
  const notify = vi.fn();
  const onUnauthorized = vi.fn();
  const retryDelay = vi.fn((failedAttempts: number) => 5 * failedAttempts);
  const client = createApiClient({
    baseUrl,
    getToken: () => null,
    onUnauthorized,
    notify,
    log: { info: (line) => lines.push(line), error: (line) => lines.push(line) },
    retryDelay,
    ...overrides,
  });
  return { client, lines, notify, onUnauthorized, retryDelay };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
}

const attempts = (path: string) => hits.filter((hit) => hit.path === path).length;

describe('successful calls', () => {
  it('prefixes the base path and returns the parsed JSON', async () => {
    const { client, notify } = setup();
    await expect(client.get('ok').json()).resolves.toEqual({ success: true, data: { secret: 'body-must-not-be-logged' } });
    expect(hits).toEqual([expect.objectContaining({ method: 'GET', path: '/api/ok' })]);
    expect(notify).not.toHaveBeenCalled();
  });

  it('sends no Authorization header without a stored token', async () => {
    const { client } = setup({ getToken: () => null });
    await client.get('ok').json();
    expect(hits[0]?.authorization).toBeUndefined();
  });

  it('sends Authorization: Bearer <token> when a token is stored, read at request time', async () => {
    let token: string | null = null;
    const { client } = setup({ getToken: () => token });
    await client.get('ok');
    token = 'tok-123';
    await client.get('ok');
    expect(hits.map((hit) => hit.authorization)).toEqual([undefined, 'Bearer tok-123']);
  });

  it('logs method, URL, status and duration of every request and response, never bodies or the token', async () => {
    const { client, lines } = setup({ getToken: () => 'tok-secret' });
    await client.post('ok', { json: { password: 'hunter2' } }).json();
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe('[api] → POST /api/ok');
    expect(lines[1]).toMatch(/^\[api\] ← POST \/api\/ok 200 \(\d+ ms\)$/);
    const all = lines.join('\n');
    for (const secret of ['tok-secret', 'hunter2', 'body-must-not-be-logged']) expect(all).not.toContain(secret);
  });
});

describe('the global error catalogue', () => {
  it('400 with a message: the server message, a toast, no retry', async () => {
    const { client, notify } = setup();
    const error = await failure(client.get('bad-with-message').json());
    expect(error).toMatchObject({ status: 400, message: 'Title is required', data: { success: false, message: 'Title is required' } });
    expect(notify).toHaveBeenCalledExactlyOnceWith('error', 'Title is required');
    expect(attempts('/api/bad-with-message')).toBe(1);
  });

  it("400 without a message: 'Server error (400)'", async () => {
    const { client, notify } = setup();
    const error = await failure(client.get('bad').json());
    expect(error).toMatchObject({ status: 400, message: 'Server error (400)' });
    expect(notify).toHaveBeenCalledExactlyOnceWith('error', 'Server error (400)');
  });

  it('401: clears the session through onUnauthorized, no toast, no retry', async () => {
    const { client, notify, onUnauthorized } = setup({ getToken: () => 'expired' });
    const error = await failure(client.get('unauthorized').json());
    expect(error.status).toBe(401);
    expect(error.message).toBe('Token expired');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(notify).not.toHaveBeenCalled();
    expect(attempts('/api/unauthorized')).toBe(1);
  });

  it('403: the server message and a toast; the session is kept', async () => {
    const { client, notify, onUnauthorized } = setup();
    const error = await failure(client.get('forbidden').json());
    expect(error).toMatchObject({ status: 403, message: 'Admins only' });
    expect(notify).toHaveBeenCalledExactlyOnceWith('error', 'Admins only');
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(attempts('/api/forbidden')).toBe(1);
  });

  it("404: 'Resource not found' whatever the server says, no toast, no retry", async () => {
    const { client, notify } = setup();
    const error = await failure(client.get('missing').json());
    expect(error).toMatchObject({ status: 404, message: 'Resource not found' });
    expect(notify).not.toHaveBeenCalled();
    expect(attempts('/api/missing')).toBe(1);
  });

  it("500: 'Internal server error. Please try again later.' after 3 GET attempts, one toast", async () => {
    const { client, notify } = setup();
    const error = await failure(client.get('boom').json());
    expect(error).toMatchObject({ status: 500, message: 'Internal server error. Please try again later.' });
    expect(attempts('/api/boom')).toBe(3);
    expect(notify).toHaveBeenCalledExactlyOnceWith('error', 'Internal server error. Please try again later.');
  });

  it("a timed-out call: 'Request timed out. Please try again.', a toast, and no retry", async () => {
    const { client, notify, lines } = setup({ timeoutMs: 100 });
    const error = await failure(client.get('slow').json());
    expect(error.status).toBeUndefined();
    expect(error.message).toBe('Request timed out. Please try again.');
    expect(notify).toHaveBeenCalledExactlyOnceWith('error', 'Request timed out. Please try again.');
    expect(attempts('/api/slow')).toBe(1);
    expect(lines.at(-1)).toMatch(/^\[api\] ✕ GET \/api\/slow aborted \(\d+ ms\)$/);
  });

  it("a dropped connection: 'Network error. Please check your internet connection.' after 3 GET attempts", async () => {
    const { client, notify, lines } = setup();
    const error = await failure(client.get('drop').json());
    expect(error.status).toBeUndefined();
    expect(error.message).toBe('Network error. Please check your internet connection.');
    expect(attempts('/api/drop')).toBe(3);
    expect(notify).toHaveBeenCalledExactlyOnceWith('error', 'Network error. Please check your internet connection.');
    expect(lines.filter((line) => line.startsWith('[api] ✕ GET /api/drop no response'))).toHaveLength(3);
  });

  it('a server that is not listening at all is a network error too', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const { client } = setup({ baseUrl: `http://127.0.0.1:${port}/api` });
    const error = await failure(client.get('ok').json());
    expect(error.message).toBe('Network error. Please check your internet connection.');
  });

  it("a successful reply that is not JSON: 'Something went wrong. Please try again.' and a toast, never a parser message", async () => {
    const { client, notify } = setup({ fetch: async () => new Response('<html>', { status: 200, headers: { 'content-type': 'text/html' } }) });
    const error = await failure(client.get('ok').json());
    expect(error.message).toBe('Something went wrong. Please try again.');
    expect(notify).toHaveBeenCalledExactlyOnceWith('error', 'Something went wrong. Please try again.');
    expect(authErrorMessage(error)).toBe('An unexpected error occurred.');
  });

  it('an empty successful reply reads as undefined', async () => {
    const { client } = setup({ fetch: async () => new Response(null, { status: 204 }) });
    await expect(client.delete('ok').json()).resolves.toBeUndefined();
  });

  it('silent requests (failures "only logged") skip the toast', async () => {
    const { client, notify } = setup();
    await failure(client.get('forbidden', { context: { silent: true } }).json());
    expect(notify).not.toHaveBeenCalled();
  });

  it('a throwing toast or session handler never replaces the ApiError', async () => {
    const { client } = setup({
      notify: () => {
        throw new Error('toaster missing');
      },
    });
    const error = await failure(client.get('forbidden').json());
    expect(error.message).toBe('Admins only');
  });
});

describe('retries', () => {
  it('retries a GET on 502 and 503 and succeeds on the third attempt, without any toast', async () => {
    const { client, notify, retryDelay } = setup();
    await expect(client.get('flaky').json()).resolves.toEqual({ success: true });
    expect(attempts('/api/flaky')).toBe(3);
    expect(retryDelay.mock.calls.map(([n]) => n)).toEqual([1, 2]);
    expect(notify).not.toHaveBeenCalled();
  });

  it('stops after 3 attempts in total on a lasting 503', async () => {
    const { client, notify } = setup();
    const error = await failure(client.get('unavailable').json());
    expect(error).toMatchObject({ status: 503, message: 'Server error (503)' });
    expect(attempts('/api/unavailable')).toBe(3);
    expect(notify).toHaveBeenCalledTimes(1);
  });

  it.each(['post', 'put', 'delete'] as const)('never retries %s, on 503 or on a dropped connection', async (method) => {
    const { client, retryDelay } = setup();
    await failure(client[method]('unavailable').json());
    await failure(client[method]('drop').json());
    expect(attempts('/api/unavailable')).toBe(1);
    expect(attempts('/api/drop')).toBe(1);
    expect(retryDelay).not.toHaveBeenCalled();
  });

  it('never retries a GET on 4xx', async () => {
    const { client } = setup();
    for (const path of ['bad', 'bad-with-message', 'unauthorized', 'forbidden', 'missing']) await failure(client.get(path).json());
    expect(hits).toHaveLength(5);
  });

  it('the default back-off is 1000 ms, then 2000 ms', () => {
    expect([retryDelayMs(1), retryDelayMs(2)]).toEqual([1000, 2000]);
  });

  it('waits 1000 ms then 2000 ms between real attempts with the default back-off (measured on the server)', async () => {
    const { client } = setup({ retryDelay: undefined });
    await failure(client.get('unavailable').json());
    const times = hits.filter((hit) => hit.path === '/api/unavailable').map((hit) => hit.at);
    expect(times).toHaveLength(3);
    const [first, second] = [times[1]! - times[0]!, times[2]! - times[1]!];
    // Timers never fire early; the upper bounds leave room for a busy two-core CI machine while
    // still telling 1000/2000 apart from ky's own 300/600 or a flat 1000/1000.
    expect(first).toBeGreaterThanOrEqual(990);
    expect(first).toBeLessThan(1700);
    expect(second).toBeGreaterThanOrEqual(1990);
    expect(second).toBeLessThan(2700);
  }, 10_000);
});

describe('per-domain catalogues', () => {
  const statusError = async (path: string) => failure(setup().client.get(path).json());

  it('auth calls', async () => {
    expect(authErrorMessage(await statusError('bad-with-message'))).toBe('Title is required');
    expect(authErrorMessage(await statusError('bad'))).toBe('Invalid request');
    expect(authErrorMessage(await statusError('unauthorized'))).toBe('Invalid credentials');
    expect(authErrorMessage(await statusError('forbidden'))).toBe('Access denied');
    expect(authErrorMessage(await statusError('missing'))).toBe('User not found');
    expect(authErrorMessage(await statusError('boom'))).toBe('Internal server error. Please try again later.');
    expect(authErrorMessage(await statusError('unavailable'))).toBe('An unexpected error occurred.');
    expect(authErrorMessage(await statusError('drop'))).toBe('Network error. Please check your internet connection.');
    expect(authErrorMessage(new Error('Could not build the request'))).toBe('Could not build the request');
    expect(authErrorMessage('???')).toBe('An unexpected error occurred.');
  });

  it('campaign and event calls', async () => {
    expect(campaignErrorMessage(await statusError('bad'))).toBe('Invalid request');
    expect(campaignErrorMessage(await statusError('bad-with-message'))).toBe('Title is required');
    expect(campaignErrorMessage(await statusError('missing'))).toBe('Campaign not found');
    expect(eventErrorMessage(await statusError('missing'))).toBe('Event not found');
    expect(eventErrorMessage(await statusError('boom'))).toBe('Internal server error. Please try again later.');
    expect(campaignErrorMessage(await statusError('unavailable'))).toBe('Server error (503)');
    expect(eventErrorMessage(await statusError('forbidden'))).toBe('Admins only');
    expect(eventErrorMessage(await statusError('drop'))).toBe('Network error. Please check your internet connection.');
    expect(campaignErrorMessage(undefined)).toBe('An unexpected error occurred.');
  });
});

// ky 1 (decision 018) lacks these things ky 2 did for the client; the client rebuilds them, and these keep them.
describe('kept from ky 2', () => {
  it('asks for JSON when the body is read as JSON', async () => {
    const { client } = setup();
    await client.get('ok').json();
    expect(hits[0]?.accept).toBe('application/json');
  });

  it("a reply whose body stops arriving times out like one that never comes: 'Request timed out', one toast, no retry", async () => {
    const { client, notify } = setup({ timeoutMs: 150 });
    const started = performance.now();
    const error = await failure(client.get('stalled-body').json());
    expect(performance.now() - started).toBeLessThan(2000);
    expect(error.status).toBeUndefined();
    expect(error.message).toBe('Request timed out. Please try again.');
    expect(notify).toHaveBeenCalledExactlyOnceWith('error', 'Request timed out. Please try again.');
    expect(attempts('/api/stalled-body')).toBe(1);
  });

  it('an error reply whose body stops arriving is reported by its status once the time-out has passed', async () => {
    const { client, notify } = setup({ timeoutMs: 150 });
    const error = await failure(client.get('stalled-error-body').json());
    expect(error).toMatchObject({ status: 400, message: 'Server error (400)' });
    expect(error.data).toBeUndefined();
    expect(notify).toHaveBeenCalledExactlyOnceWith('error', 'Server error (400)');
  });

  it('an error reply in plain text keeps its text as data', async () => {
    const error = await failure(setup().client.get('bad-text').json());
    expect(error).toMatchObject({ status: 400, message: 'Server error (400)', data: 'Bad thing' });
  });

  it('a failure seen through both the call and its .json() is one ApiError, reported once', async () => {
    const { client, notify } = setup();
    const call = client.get('forbidden');
    const [fromCall, fromJson] = await Promise.all([failure(call), failure(call.json())]);
    expect(fromJson).toBe(fromCall);
    expect(notify).toHaveBeenCalledExactlyOnceWith('error', 'Admins only');
  });

  it('a silent call skips the toast for a time-out and for a reply that is not JSON too', async () => {
    const slow = setup({ timeoutMs: 100 });
    expect((await failure(slow.client.get('slow', { context: { silent: true } }).json())).message).toBe('Request timed out. Please try again.');
    const html = setup({ fetch: async () => new Response('<html>', { status: 200, headers: { 'content-type': 'text/html' } }) });
    expect((await failure(html.client.get('ok', { context: { silent: true } }).json())).message).toBe('Something went wrong. Please try again.');
    expect(slow.notify).not.toHaveBeenCalled();
    expect(html.notify).not.toHaveBeenCalled();
  });

  it('in a browser without AbortSignal.any (before 2024) calls still work and an overrun is still reported', async () => {
    const any = Object.getOwnPropertyDescriptor(AbortSignal, 'any')!;
    Reflect.deleteProperty(AbortSignal, 'any');
    try {
      const { client, notify } = setup({ timeoutMs: 150 });
      await expect(client.post('ok', { json: { amount: 10 } }).json()).resolves.toMatchObject({ success: true });
      expect((await failure(client.get('stalled-body').json())).message).toBe('Request timed out. Please try again.');
      expect(notify).toHaveBeenCalledExactlyOnceWith('error', 'Request timed out. Please try again.');
    } finally {
      Object.defineProperty(AbortSignal, 'any', any);
    }
  });

  it("a TypeError from the site's own code is not a network error: its message is kept", () => {
    const error = new TypeError('The login reply has no token');
    expect(toRequestFailure(error)).toEqual({ kind: 'other', message: 'The login reply has no token' });
    expect(authErrorMessage(error)).toBe('The login reply has no token');
  });
});

describe('logoutOnServer', () => {
  it('POSTs /auth/logout with the captured token even after the local session is gone', async () => {
    const { client } = setup({ getToken: () => null });
    await logoutOnServer(client, 'captured-token');
    expect(hits).toEqual([expect.objectContaining({ method: 'POST', path: '/api/auth/logout', authorization: 'Bearer captured-token' })]);
  });

  it('sends nothing without a token', async () => {
    const { client } = setup();
    await logoutOnServer(client, null);
    expect(hits).toHaveLength(0);
  });

  it('only logs a failure: no toast, no throw', async () => {
    const { client, notify } = setup();
    const log = { info: vi.fn(), error: vi.fn() };
    await expect(logoutOnServer(client, 'broken', log)).resolves.toBeUndefined();
    expect(attempts('/api/auth/logout')).toBe(1);
    expect(notify).not.toHaveBeenCalled();
    expect(log.error).toHaveBeenCalledExactlyOnceWith('[auth] Logout request failed: Internal server error. Please try again later.');
  });
});
