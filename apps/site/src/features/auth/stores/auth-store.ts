import { create } from 'zustand';
import {
  INITIAL_AUTH_STATE,
  STORAGE_KEYS,
  authReducer,
  clearsStoredSession,
  restoreSession,
  type AdminUser,
  type AuthEvent,
  type AuthState,
} from '@charity/domain';

export type { AdminUser, AuthState };

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
};

export type AuthStore = AuthState & AuthActions;

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
  };

  return create<AuthStore>()((set, get) => {
    const dispatch = (event: AuthEvent) => {
      if (clearsStoredSession(event)) clearStored();
      const { user, isAuthenticated, isLoading, isInitialised } = get();
      set(authReducer({ user, isAuthenticated, isLoading, isInitialised }, event));
    };

    return {
      ...INITIAL_AUTH_STATE,

      initialise: () => {
        set({ isLoading: true });
        const storage = getStorage();
        const { state, clearStorage } = restoreSession(read(storage, STORAGE_KEYS.token), read(storage, STORAGE_KEYS.user));
        if (clearStorage) clearStored();
        set(state);
      },

      loginSuccess: (user, token) => {
        const storage = getStorage();
        write(storage, STORAGE_KEYS.token, token);
        write(storage, STORAGE_KEYS.user, JSON.stringify(user));
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
    };
  });
}

export const useAuthStore = createAuthStore();
