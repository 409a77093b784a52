import { beforeEach, describe, expect, it } from 'vitest';
import { createAuthStore, readStoredToken, type AuthState, type SessionStorage } from './auth-store';

/** Storage with localStorage's contract, in memory: the tests run in node. */
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

let storage: MemoryStorage;
let store: ReturnType<typeof createAuthStore>;
const state = (): AuthState => {
  const { user, isAuthenticated, isLoading, isInitialised } = store.getState();
  return { user, isAuthenticated, isLoading, isInitialised };
};

beforeEach(() => {
  storage = new MemoryStorage();
  store = createAuthStore(() => storage);
});

describe('auth store (spec section 4, Authentication)', () => {
  it('starts loading, signed out and not initialised', () => {
    expect(state()).toEqual({ user: null, isAuthenticated: false, isLoading: true, isInitialised: false });
  });

  it('initialise with a stored token and user: authenticated from storage, no server check', () => {
    storage.setItem('admin_token', 'tok');
    storage.setItem('admin_user', JSON.stringify(USER));
    const seen: boolean[] = [];
    store.subscribe((s) => seen.push(s.isLoading));
    store.getState().initialise();
    expect(seen[0]).toBe(true); // loading was set first
    expect(state()).toEqual({ user: USER, isAuthenticated: true, isLoading: false, isInitialised: true });
    expect(storage.getItem('admin_token')).toBe('tok');
  });

  it.each([
    ['nothing stored', null, null],
    ['a token but no user', 'tok', null],
    ['a user but no token', null, JSON.stringify(USER)],
    ['a user that is not JSON', 'tok', '{not json'],
    ['a user that is not an object', 'tok', '"asha"'],
    ['an empty token', '', JSON.stringify(USER)],
  ])('initialise with %s: signed out, both keys removed, initialised', (_label, token, user) => {
    if (token !== null) storage.setItem('admin_token', token);
    if (user !== null) storage.setItem('admin_user', user);
    store.getState().initialise();
    expect(state()).toEqual({ user: null, isAuthenticated: false, isLoading: false, isInitialised: true });
    expect(storage.items.size).toBe(0);
  });

  it('loginSuccess stores the token and the user as JSON and authenticates', () => {
    store.getState().initialise();
    store.getState().loginSuccess(USER, 'new-token');
    expect(state()).toEqual({ user: USER, isAuthenticated: true, isLoading: false, isInitialised: true });
    expect(storage.getItem('admin_token')).toBe('new-token');
    expect(JSON.parse(storage.getItem('admin_user') ?? '')).toEqual(USER);
    expect(readStoredToken(storage)).toBe('new-token');
  });

  it('logout always removes both keys and signs out', () => {
    store.getState().loginSuccess(USER, 'tok');
    store.getState().logout();
    expect(state()).toEqual({ user: null, isAuthenticated: false, isLoading: false, isInitialised: true });
    expect(storage.items.size).toBe(0);
  });

  it('clearSession (a 401 reply) removes both keys and signs out', () => {
    store.getState().loginSuccess(USER, 'tok');
    store.getState().clearSession();
    expect(state()).toEqual({ user: null, isAuthenticated: false, isLoading: false, isInitialised: true });
    expect(storage.items.size).toBe(0);
    expect(readStoredToken(storage)).toBeNull();
  });

  it('a storage that throws (privacy modes) behaves as empty instead of crashing', () => {
    const throwing: SessionStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    const fragile = createAuthStore(() => throwing);
    fragile.getState().initialise();
    expect(fragile.getState().isInitialised).toBe(true);
    fragile.getState().loginSuccess(USER, 'tok');
    expect(fragile.getState().isAuthenticated).toBe(true);
    fragile.getState().logout();
    expect(fragile.getState().isAuthenticated).toBe(false);
    expect(readStoredToken(throwing)).toBeNull();
  });

  it('without any storage (node, no localStorage) it signs out cleanly', () => {
    const bare = createAuthStore(() => undefined);
    bare.getState().initialise();
    expect(bare.getState()).toMatchObject({ isAuthenticated: false, isInitialised: true, isLoading: false });
  });

  it('updateUser replaces the stored user and keeps the token', () => {
    store.getState().loginSuccess(USER, 'tok');
    const renamed = { ...USER, full_name: 'Asha R. Rao' };
    store.getState().updateUser(renamed);
    expect(state()).toEqual({ user: renamed, isAuthenticated: true, isLoading: false, isInitialised: true });
    expect(JSON.parse(storage.getItem('admin_user') ?? '')).toEqual(renamed);
    expect(storage.getItem('admin_token')).toBe('tok');
  });

  it('tokenRefreshed stores the new token, and the user when given', () => {
    store.getState().loginSuccess(USER, 'old');
    store.getState().tokenRefreshed('new');
    expect(storage.getItem('admin_token')).toBe('new');
    expect(state().user).toEqual(USER);
    const renamed = { ...USER, role: 'editor' };
    store.getState().tokenRefreshed('newer', renamed);
    expect(storage.getItem('admin_token')).toBe('newer');
    expect(state().user).toEqual(renamed);
  });

  it('a late profile or refresh reply after logout never revives the session', () => {
    store.getState().loginSuccess(USER, 'tok');
    store.getState().logout();
    store.getState().updateUser(USER);
    store.getState().tokenRefreshed('late', USER);
    expect(state().isAuthenticated).toBe(false);
    expect(storage.items.size).toBe(0);
  });

  it.each(['verify_failed', 'refresh_failed'] as const)('sessionRejected(%s) removes both keys and signs out', (reason) => {
    store.getState().loginSuccess(USER, 'tok');
    store.getState().sessionRejected(reason);
    expect(state()).toEqual({ user: null, isAuthenticated: false, isLoading: false, isInitialised: true });
    expect(storage.items.size).toBe(0);
  });
});
