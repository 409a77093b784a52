import { create } from 'zustand';
import {
  INITIAL_AUTH_STATE,
  STORAGE_KEYS,
  authReducer,
  clearsStoredSession,
  restoreSession,
  sessionEndedAfter,
  type AdminUser,
  type AuthEvent,
  type AuthState,
  type SessionTimes,
} from '@charity/domain';

export type { AdminUser, AuthState };

/** The session's end as the server gave it, and the browser's last signed-in request (decision 037). */
export type SessionClock = SessionTimes & { lastActiveAt: number };

export type SessionState = {
  /**
   * The session ended under the staff member (a 401, a failed verify or refresh while signed in): the screen stays,
   * with a sign-in dialog over it, instead of going to /login. Signing in or out clears it.
   */
  sessionEnded: boolean;
  /** Null until a sign-in, refresh or verify has told the end; no warning is shown without it. */
  sessionClock: SessionClock | null;
};

export type AuthActions = {
  /** Startup: trust a stored token + user (no server check, spec section 4), else clear both. */
  initialise: () => void;
  loginSuccess: (user: AdminUser, token: string) => void;
  /** Always ends the local session. The POST /auth/logout is logoutOnServer (features/auth/api). */
  logout: () => void;
  /** Used by the API client on a 401 reply. */
  clearSession: () => void;
  /** A profile update or a verify returned the user: replace the stored admin_user. */
  updateUser: (user: AdminUser) => void;
  /** POST /auth/refresh answered a new token (and perhaps the user): store them. */
  tokenRefreshed: (token: string, user?: AdminUser | null) => void;
  /** A failed verify or refresh ends the session (spec section 4). */
  sessionRejected: (reason: 'verify_failed' | 'refresh_failed') => void;
  /** A sign-in, refresh or verify reply told the session's end: also a signed-in request just now. */
  sessionTimesReceived: (times: SessionTimes, now?: number) => void;
  /** A request with the token was answered (not 401): the server has just seen the session used. */
  sessionActive: (now?: number) => void;
  /** Re-read the clock another tab may have moved (they share storage). */
  syncSessionClock: () => void;
};

export type AuthStore = AuthState & SessionState & AuthActions;

/** Where the session lives; localStorage in the browser, an in-memory stand-in in tests. */
export type SessionStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const browserStorage = (): SessionStorage | undefined => {
  try {
    return globalThis.localStorage;
  } catch {
    // Some privacy modes throw on merely touching localStorage: behave as signed out.
    return undefined;
  }
};

// Storage calls can throw (quota, privacy modes); a session that cannot be stored is simply absent.
function read(storage: SessionStorage | undefined, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(storage: SessionStorage | undefined, key: string, value: string): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // See read().
  }
}

function remove(storage: SessionStorage | undefined, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    // See read().
  }
}

/** The stored clock, or null when missing or not one. */
function parseClock(json: string | null): SessionClock | null {
  if (!json) return null;
  try {
    const value: unknown = JSON.parse(json);
    if (typeof value !== 'object' || value === null) return null;
    const { expiresAt, idleTimeoutMs, lastActiveAt } = value as Record<string, unknown>;
    return [expiresAt, idleTimeoutMs, lastActiveAt].every((n) => typeof n === 'number' && Number.isFinite(n))
      ? { expiresAt: expiresAt as number, idleTimeoutMs: idleTimeoutMs as number, lastActiveAt: lastActiveAt as number }
      : null;
  } catch {
    return null;
  }
}

/** The bearer token the API client sends, read fresh at each request. */
export function readStoredToken(storage: SessionStorage | undefined = browserStorage()): string | null {
  return read(storage, STORAGE_KEYS.token);
}

// The transitions are the domain's (authReducer); the store adds storage and React subscriptions.
export function createAuthStore(getStorage: () => SessionStorage | undefined = browserStorage) {
  const clearStored = () => {
    const storage = getStorage();
    remove(storage, STORAGE_KEYS.token);
    remove(storage, STORAGE_KEYS.user);
    remove(storage, STORAGE_KEYS.session);
  };

  const readClock = (): SessionClock | null => parseClock(read(getStorage(), STORAGE_KEYS.session));
  const writeClock = (clock: SessionClock) => write(getStorage(), STORAGE_KEYS.session, JSON.stringify(clock));

  return create<AuthStore>()((set, get) => {
    const dispatch = (event: AuthEvent) => {
      if (clearsStoredSession(event)) clearStored();
      const { user, isAuthenticated, isLoading, isInitialised, sessionEnded, sessionClock } = get();
      set({
        ...authReducer({ user, isAuthenticated, isLoading, isInitialised }, event),
        sessionEnded: sessionEndedAfter(sessionEnded, { isAuthenticated }, event),
        sessionClock: clearsStoredSession(event) ? null : sessionClock,
      });
    };

    return {
      ...INITIAL_AUTH_STATE,
      sessionEnded: false,
      sessionClock: null,

      initialise: () => {
        set({ isLoading: true });
        const storage = getStorage();
        const { state, clearStorage } = restoreSession(read(storage, STORAGE_KEYS.token), read(storage, STORAGE_KEYS.user));
        if (clearStorage) clearStored();
        set({ ...state, sessionClock: state.isAuthenticated ? readClock() : null });
      },

      loginSuccess: (user, token) => {
        const storage = getStorage();
        write(storage, STORAGE_KEYS.token, token);
        write(storage, STORAGE_KEYS.user, JSON.stringify(user));
        // A new sign-in has its own end, told by its reply (sessionTimesReceived).
        remove(storage, STORAGE_KEYS.session);
        set({ sessionClock: null });
        dispatch({ type: 'login_success', user });
      },

      logout: () => dispatch({ type: 'logout' }),

      clearSession: () => dispatch({ type: 'unauthorized' }),

      updateUser: (user) => {
        // Only a signed-in session has a user to replace; a late reply after logout must not revive one.
        if (!get().isAuthenticated) return;
        write(getStorage(), STORAGE_KEYS.user, JSON.stringify(user));
        dispatch({ type: 'profile_updated', user });
      },

      tokenRefreshed: (token, user) => {
        if (!get().isAuthenticated) return;
        const storage = getStorage();
        write(storage, STORAGE_KEYS.token, token);
        if (user) {
          write(storage, STORAGE_KEYS.user, JSON.stringify(user));
          dispatch({ type: 'profile_updated', user });
        }
      },

      sessionRejected: (reason) => dispatch({ type: reason }),

      sessionTimesReceived: (times, now = Date.now()) => {
        if (!get().isAuthenticated) return;
        const clock = { ...times, lastActiveAt: Math.max(now, readClock()?.lastActiveAt ?? 0) };
        writeClock(clock);
        set({ sessionClock: clock });
      },

      sessionActive: (now = Date.now()) => {
        const current = get().sessionClock;
        if (!get().isAuthenticated || !current) return;
        const clock = { ...current, lastActiveAt: Math.max(now, current.lastActiveAt) };
        writeClock(clock);
        set({ sessionClock: clock });
      },

      syncSessionClock: () => {
        if (!get().isAuthenticated) return;
        const stored = readClock();
        const current = get().sessionClock;
        if (stored && (!current || stored.lastActiveAt > current.lastActiveAt || stored.expiresAt !== current.expiresAt)) set({ sessionClock: stored });
      },
    };
  });
}

export const useAuthStore = createAuthStore();
