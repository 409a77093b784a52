import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { createApiClient, type Notify } from '../../../lib/api/client';
import { createAuthStore, readStoredToken, type SessionStorage } from '../stores/auth-store';
import { createAuthService } from './auth-service';

// A small fake of the API's auth routes on a real HTTP server, so the service is exercised through the
// site's real client: bearer header, JSON bodies, the 401 rule and retries all travel over sockets.

class MemoryStorage implements SessionStorage {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const USER = { id: 1, username: 'asha', full_name: 'Asha Rao', role: 'admin' };
const SESSION = { expires_at: '2030-01-01T00:00:00.000Z', idle_timeout_seconds: 7200 };
type Hit = { method: string; path: string; authorization: string | undefined; body: unknown };
const hits: Hit[] = [];
/** Per path, how the fake answers next: a status and body, or 'drop' to cut the connection. */
const overrides = new Map<string, { status: number; body?: unknown } | 'drop'>();
const validTokens = new Set<string>();

function reply(res: http.ServerResponse, status: number, body?: unknown) {
  if (body === undefined) res.writeHead(status).end();
  else res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

const server = http.createServer((req, res) => {
  const path = (req.url ?? '').replace(/\?.*$/, '');
  let raw = '';
  req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
  req.on('end', () => {
    const body: unknown = raw ? JSON.parse(raw) : undefined;
    hits.push({ method: req.method ?? '', path, authorization: req.headers.authorization, body });
    const override = overrides.get(path);
    if (override === 'drop') return req.socket.destroy();
    if (override) return reply(res, override.status, override.body);
    const token = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
    const signedIn = validTokens.has(token);
    const input = (body ?? {}) as Record<string, string>;
    switch (`${req.method} ${path}`) {
      case 'POST /api/auth/login':
        if (!input.username || !input.password) return reply(res, 400, { success: false, message: 'Username and password are required' });
        if (input.username !== 'asha' || input.password !== 'correct-horse') return reply(res, 401, { success: false, message: 'Invalid credentials' });
        validTokens.add('tok-1');
        return reply(res, 200, { success: true, data: { user: USER, token: 'tok-1', session: SESSION } });
      case 'POST /api/auth/logout':
        if (!signedIn) return reply(res, 401, { success: false, message: 'Unauthorized' });
        validTokens.delete(token);
        return reply(res, 200, { success: true, message: 'Logged out' });
      case 'GET /api/auth/verify':
        return signedIn ? reply(res, 200, { success: true, data: { user: USER, session: SESSION } }) : reply(res, 401, { success: false, message: 'Unauthorized' });
      case 'POST /api/auth/refresh':
        if (!signedIn) return reply(res, 401, { success: false, message: 'Unauthorized' });
        validTokens.delete(token);
        validTokens.add('tok-2');
        return reply(res, 200, { success: true, data: { token: 'tok-2', user: USER } });
      case 'POST /api/auth/change-password':
        if (!signedIn) return reply(res, 401, { success: false, message: 'Unauthorized' });
        if (input.currentPassword !== 'correct-horse') return reply(res, 400, { success: false, message: 'Current password is incorrect' });
        return reply(res, 200, { success: true, message: 'Password changed successfully' });
      case 'PUT /api/auth/profile':
        if (!signedIn) return reply(res, 401, { success: false, message: 'Unauthorized' });
        return reply(res, 200, { success: true, data: { user: { ...USER, full_name: input.full_name } } });
      default:
        return reply(res, 404, { success: false, message: 'Not found' });
    }
  });
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

let storage: MemoryStorage;
let store: ReturnType<typeof createAuthStore>;
let notify: Mock<Notify>;
let globalToast: Mock<Notify>;
let log: { info: Mock<(line: string) => void>; error: Mock<(line: string) => void> };
let service: ReturnType<typeof createAuthService>;

beforeEach(() => {
  hits.length = 0;
  overrides.clear();
  validTokens.clear();
  storage = new MemoryStorage();
  store = createAuthStore(() => storage);
  store.getState().initialise();
  notify = vi.fn<Notify>();
  globalToast = vi.fn<Notify>();
  log = { info: vi.fn<(line: string) => void>(), error: vi.fn<(line: string) => void>() };
  const client = createApiClient({
    baseUrl,
    getToken: () => readStoredToken(storage),
    onUnauthorized: () => store.getState().clearSession(),
    onSignedInReply: () => store.getState().sessionActive(),
    notify: globalToast,
    log,
    retryDelay: () => 5,
  });
  service = createAuthService({ client, store, getToken: () => readStoredToken(storage), notify, log });
});

const signIn = async () => {
  const result = await service.login({ username: 'asha', password: 'correct-horse' });
  expect(result.success).toBe(true);
  hits.length = 0;
};

describe('login', () => {
  it('stores admin_token and admin_user and authenticates on success', async () => {
    const result = await service.login({ username: 'asha', password: 'correct-horse' });
    expect(result).toEqual({ success: true, user: USER });
    expect(storage.getItem('admin_token')).toBe('tok-1');
    expect(JSON.parse(storage.getItem('admin_user') ?? '')).toEqual(USER);
    expect(store.getState()).toMatchObject({ isAuthenticated: true, user: USER });
    expect(hits[0]).toMatchObject({ method: 'POST', path: '/api/auth/login', body: { username: 'asha', password: 'correct-horse' } });
  });

  it("401: the server's 'Invalid credentials' for the banner, nothing stored, no global toast", async () => {
    const result = await service.login({ username: 'asha', password: 'wrong-pass' });
    expect(result).toEqual({ success: false, message: 'Invalid credentials' });
    expect(storage.items.size).toBe(0);
    expect(store.getState().isAuthenticated).toBe(false);
    expect(globalToast).not.toHaveBeenCalled();
  });

  it('400 and 429: the server message', async () => {
    await expect(service.login({ username: '', password: '' })).resolves.toEqual({
      success: false,
      message: 'Username and password are required',
    });
    const tooMany = 'Too many failed sign-in attempts. Please try again in 15 minutes.';
    overrides.set('/api/auth/login', { status: 429, body: { success: false, message: tooMany } });
    await expect(service.login({ username: 'asha', password: 'whatever' })).resolves.toEqual({ success: false, message: tooMany });
    expect(globalToast).not.toHaveBeenCalled();
  });

  it("a reply without a message: 'Login failed'", async () => {
    overrides.set('/api/auth/login', { status: 502 });
    await expect(service.login({ username: 'asha', password: 'whatever' })).resolves.toEqual({ success: false, message: 'Login failed' });
    overrides.set('/api/auth/login', { status: 200, body: { success: false } });
    await expect(service.login({ username: 'asha', password: 'whatever' })).resolves.toEqual({ success: false, message: 'Login failed' });
    overrides.set('/api/auth/login', { status: 200, body: { success: true, data: { user: USER } } });
    await expect(service.login({ username: 'asha', password: 'whatever' })).resolves.toEqual({ success: false, message: 'Login failed' });
    expect(store.getState().isAuthenticated).toBe(false);
  });

  it("no reply: 'An error occurred during login. Please try again.'", async () => {
    overrides.set('/api/auth/login', 'drop');
    await expect(service.login({ username: 'asha', password: 'correct-horse' })).resolves.toEqual({
      success: false,
      message: 'An error occurred during login. Please try again.',
    });
    // A POST is never retried.
    expect(hits).toHaveLength(1);
  });
});

describe('logout', () => {
  it('revokes the token on the server, then clears the local session', async () => {
    await signIn();
    await expect(service.logout()).resolves.toBe(true);
    expect(hits).toEqual([expect.objectContaining({ method: 'POST', path: '/api/auth/logout', authorization: 'Bearer tok-1' })]);
    expect(validTokens.has('tok-1')).toBe(false);
    expect(storage.items.size).toBe(0);
    expect(store.getState().isAuthenticated).toBe(false);
  });

  it('sends nothing without a token', async () => {
    await expect(service.logout()).resolves.toBe(true);
    expect(hits).toHaveLength(0);
  });

  it('a server failure is only logged and still clears the session; it resolves false', async () => {
    await signIn();
    overrides.set('/api/auth/logout', { status: 500, body: { success: false, message: 'db down' } });
    await expect(service.logout()).resolves.toBe(false);
    expect(storage.items.size).toBe(0);
    expect(store.getState().isAuthenticated).toBe(false);
    expect(globalToast).not.toHaveBeenCalled();
    expect(log.error).toHaveBeenCalledWith('[auth] Logout request failed: Internal server error. Please try again later.');
  });

  it('a dropped connection also clears the session', async () => {
    await signIn();
    overrides.set('/api/auth/logout', 'drop');
    await expect(service.logout()).resolves.toBe(false);
    expect(storage.items.size).toBe(0);
  });

  it('a token the server already rejects (401) counts as logged out', async () => {
    await signIn();
    validTokens.clear();
    await expect(service.logout()).resolves.toBe(true);
    expect(storage.items.size).toBe(0);
  });
});

describe('verify', () => {
  it('reads the user with the bearer token', async () => {
    await signIn();
    await expect(service.verify()).resolves.toEqual({ valid: true, user: USER });
    expect(hits[0]).toMatchObject({ method: 'GET', path: '/api/auth/verify', authorization: 'Bearer tok-1' });
    expect(store.getState().isAuthenticated).toBe(true);
  });

  it('an invalid token: clears the session and reports invalid', async () => {
    await signIn();
    validTokens.clear();
    await expect(service.verify()).resolves.toEqual({ valid: false });
    expect(storage.items.size).toBe(0);
    expect(store.getState().isAuthenticated).toBe(false);
    expect(globalToast).not.toHaveBeenCalled();
  });

  it('a server error (after the read retries) also clears the session', async () => {
    await signIn();
    overrides.set('/api/auth/verify', { status: 503 });
    await expect(service.verify()).resolves.toEqual({ valid: false });
    expect(hits).toHaveLength(3);
    expect(storage.items.size).toBe(0);
  });

  it('without a token: invalid, no request', async () => {
    await expect(service.verify()).resolves.toEqual({ valid: false });
    expect(hits).toHaveLength(0);
  });
});

describe('refresh', () => {
  it('stores the new token from data.token', async () => {
    await signIn();
    await expect(service.refresh()).resolves.toEqual({ success: true, token: 'tok-2' });
    expect(storage.getItem('admin_token')).toBe('tok-2');
    expect(hits[0]).toMatchObject({ method: 'POST', path: '/api/auth/refresh', authorization: 'Bearer tok-1' });
    // The next call carries the rotated token.
    await service.verify();
    expect(hits[1]?.authorization).toBe('Bearer tok-2');
  });

  it("without a token: 'No token to refresh', no request", async () => {
    await expect(service.refresh()).resolves.toEqual({ success: false, message: 'No token to refresh' });
    expect(hits).toHaveLength(0);
  });

  it('a failed refresh clears the session', async () => {
    await signIn();
    validTokens.clear();
    await expect(service.refresh()).resolves.toEqual({ success: false, message: 'Invalid credentials' });
    expect(storage.items.size).toBe(0);
    expect(store.getState().isAuthenticated).toBe(false);
  });

  it('a success reply without a token is a failed refresh', async () => {
    await signIn();
    overrides.set('/api/auth/refresh', { status: 200, body: { success: true, data: {} } });
    await expect(service.refresh()).resolves.toEqual({ success: false, message: 'An unexpected error occurred.' });
    expect(storage.items.size).toBe(0);
  });
});

describe('changePassword', () => {
  it("sends currentPassword and newPassword and shows 'Password changed successfully'", async () => {
    await signIn();
    await expect(service.changePassword({ currentPassword: 'correct-horse', newPassword: 'battery-staple' })).resolves.toEqual({
      success: true,
      message: 'Password changed successfully',
    });
    expect(hits[0]).toMatchObject({
      method: 'POST',
      path: '/api/auth/change-password',
      authorization: 'Bearer tok-1',
      body: { currentPassword: 'correct-horse', newPassword: 'battery-staple' },
    });
    expect(notify).toHaveBeenCalledExactlyOnceWith('success', 'Password changed successfully');
  });

  it('a rejection shows the auth catalogue message once (no global toast on top)', async () => {
    await signIn();
    await expect(service.changePassword({ currentPassword: 'nope', newPassword: 'battery-staple' })).resolves.toEqual({
      success: false,
      message: 'Current password is incorrect',
    });
    expect(notify).toHaveBeenCalledExactlyOnceWith('error', 'Current password is incorrect');
    expect(globalToast).not.toHaveBeenCalled();
  });

  it('a new password under 6 characters is refused before any request', async () => {
    await signIn();
    await expect(service.changePassword({ currentPassword: 'correct-horse', newPassword: '12345' })).resolves.toEqual({
      success: false,
      message: 'Password must be at least 6 characters',
    });
    expect(hits).toHaveLength(0);
  });

  it("403 'Access denied' and no reply 'Network error…' from the auth catalogue", async () => {
    await signIn();
    overrides.set('/api/auth/change-password', { status: 403, body: { success: false, message: 'Forbidden' } });
    await expect(service.changePassword({ currentPassword: 'a-b-c-d', newPassword: 'e-f-g-h' })).resolves.toMatchObject({ message: 'Access denied' });
    overrides.set('/api/auth/change-password', 'drop');
    await expect(service.changePassword({ currentPassword: 'a-b-c-d', newPassword: 'e-f-g-h' })).resolves.toMatchObject({
      message: 'Network error. Please check your internet connection.',
    });
  });
});

describe('updateProfile', () => {
  it("replaces the stored user with the returned one and shows 'Profile updated successfully'", async () => {
    await signIn();
    await expect(service.updateProfile({ full_name: 'Asha R. Rao' })).resolves.toEqual({ success: true, message: 'Profile updated successfully' });
    expect(hits[0]).toMatchObject({ method: 'PUT', path: '/api/auth/profile', body: { full_name: 'Asha R. Rao' } });
    expect(JSON.parse(storage.getItem('admin_user') ?? '')).toMatchObject({ full_name: 'Asha R. Rao' });
    expect(store.getState().user).toMatchObject({ full_name: 'Asha R. Rao' });
    expect(notify).toHaveBeenCalledExactlyOnceWith('success', 'Profile updated successfully');
  });

  it('a 401 clears the session (spec: a 401 anywhere) and reports it', async () => {
    await signIn();
    validTokens.clear();
    await expect(service.updateProfile({ full_name: 'X' })).resolves.toEqual({ success: false, message: 'Invalid credentials' });
    expect(storage.items.size).toBe(0);
    expect(notify).toHaveBeenCalledExactlyOnceWith('error', 'Invalid credentials');
  });

  it('a success reply without a user changes nothing', async () => {
    await signIn();
    overrides.set('/api/auth/profile', { status: 200, body: { success: true, data: {} } });
    await expect(service.updateProfile({ full_name: 'X' })).resolves.toEqual({ success: false, message: 'An unexpected error occurred.' });
    expect(store.getState().user).toEqual(USER);
  });
});

describe('the session watch (decision 037)', () => {
  it('sign-in stores the session end it was told, shared with other tabs, and each signed-in reply moves the last activity', async () => {
    const before = Date.now();
    await signIn();
    const clock = store.getState().sessionClock!;
    expect(clock).toMatchObject({ expiresAt: Date.parse(SESSION.expires_at), idleTimeoutMs: 7_200_000 });
    expect(clock.lastActiveAt).toBeGreaterThanOrEqual(before);
    expect(JSON.parse(storage.getItem('admin_session') ?? '')).toEqual(clock);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await service.checkSession();
    expect(store.getState().sessionClock!.lastActiveAt).toBeGreaterThan(clock.lastActiveAt);
  });

  it('a 401 while signed in ends the session on the screen (sessionEnded), a logout does not', async () => {
    await signIn();
    validTokens.clear();
    expect(await service.checkSession()).toBe('ended');
    expect(store.getState()).toMatchObject({ isAuthenticated: false, sessionEnded: true, sessionClock: null });
    expect(storage.getItem('admin_token')).toBeNull();
    expect(storage.getItem('admin_session')).toBeNull();
    // A wrong password in the dialog is a 401 too: still ended; the right one ends it.
    expect((await service.login({ username: 'asha', password: 'wrong' })).success).toBe(false);
    expect(store.getState().sessionEnded).toBe(true);
    await signIn();
    expect(store.getState()).toMatchObject({ isAuthenticated: true, sessionEnded: false });
    await service.logout();
    expect(store.getState()).toMatchObject({ isAuthenticated: false, sessionEnded: false });
  });

  it('a check that gets no reply signs nobody out (unlike verify)', async () => {
    await signIn();
    overrides.set('/api/auth/verify', 'drop');
    expect(await service.checkSession()).toBe('unknown');
    expect(store.getState()).toMatchObject({ isAuthenticated: true, sessionEnded: false });
    overrides.set('/api/auth/verify', { status: 503, body: { success: false, message: 'Down' } });
    expect(await service.checkSession()).toBe('unknown');
    expect(store.getState().isAuthenticated).toBe(true);
    expect(globalToast).not.toHaveBeenCalled();
  });

  it('endSession revokes the token on the server and leaves the screen to the sign-in dialog', async () => {
    await signIn();
    await service.endSession();
    expect(hits.map((hit) => `${hit.method} ${hit.path} ${hit.authorization}`)).toEqual(['POST /api/auth/logout Bearer tok-1']);
    expect(validTokens.has('tok-1')).toBe(false);
    expect(store.getState()).toMatchObject({ isAuthenticated: false, sessionEnded: true });
  });
});
