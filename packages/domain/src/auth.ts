/** Admin session state (spec §2 protected routes, §3 "Admin user", §4 "Authentication"). */
import { DEFAULT_AFTER_LOGIN_PATH, ROUTES } from './constants';
import { isRecord } from './internal/values';

export interface AdminUser {
  full_name: string;
  role: string;
  [key: string]: unknown;
}

export interface AuthState {
  user: AdminUser | null;
  isAuthenticated: boolean;
  isLoading: boolean;
  isInitialised: boolean;
}

/** On startup: loading, nobody signed in yet. */
export const INITIAL_AUTH_STATE: AuthState = {
  user: null,
  isAuthenticated: false,
  isLoading: true,
  isInitialised: false,
};

const SIGNED_OUT: AuthState = { user: null, isAuthenticated: false, isLoading: false, isInitialised: true };

/** The stored admin_user JSON as a user; null when missing, not JSON or not an object. */
export function parseStoredUser(json: string | null | undefined): AdminUser | null {
  if (typeof json !== 'string' || json.trim() === '') return null;
  try {
    const value: unknown = JSON.parse(json);
    if (!isRecord(value)) return null;
    return {
      ...value,
      full_name: typeof value.full_name === 'string' ? value.full_name : '',
      role: typeof value.role === 'string' ? value.role : '',
    };
  } catch {
    return null;
  }
}

/**
 * Startup: with both a stored token and a stored user the user is authenticated from local
 * storage (no server check); otherwise the state is signed out and the stored token and user
 * must be removed (`clearStorage`). Loading ends and initialised is set either way.
 */
export function restoreSession(storedToken: string | null | undefined, storedUserJson: string | null | undefined): {
  state: AuthState;
  clearStorage: boolean;
} {
  const user = parseStoredUser(storedUserJson);
  if (typeof storedToken === 'string' && storedToken.trim() !== '' && user) {
    return { state: { user, isAuthenticated: true, isLoading: false, isInitialised: true }, clearStorage: false };
  }
  return { state: { ...SIGNED_OUT }, clearStorage: true };
}

export type AuthEvent =
  | { type: 'login_success'; user: AdminUser }
  | { type: 'profile_updated'; user: AdminUser }
  | { type: 'logout' }
  | { type: 'unauthorized' }
  | { type: 'refresh_failed' }
  | { type: 'verify_failed' };

/** The next auth state. Logout (whether or not the server call worked), a 401, a failed refresh or verify all sign out. */
export function authReducer(state: AuthState, event: AuthEvent): AuthState {
  switch (event.type) {
    case 'login_success':
      return { user: event.user, isAuthenticated: true, isLoading: false, isInitialised: true };
    case 'profile_updated':
      return { ...state, user: event.user };
    case 'logout':
    case 'unauthorized':
    case 'refresh_failed':
    case 'verify_failed':
      return { ...SIGNED_OUT };
  }
}

/** Whether the event must remove the stored token and user. */
export function clearsStoredSession(event: AuthEvent): boolean {
  return event.type === 'logout' || event.type === 'unauthorized' || event.type === 'refresh_failed' || event.type === 'verify_failed';
}

/**
 * Where /login sends a signed-in user: the remembered page when it is a same-site path
 * (starts with a single '/', is not /login), else /admin/events.
 */
export function loginRedirectTarget(from: string | null | undefined): string {
  if (typeof from !== 'string') return DEFAULT_AFTER_LOGIN_PATH;
  const path = from.trim();
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return DEFAULT_AFTER_LOGIN_PATH;
  const pathname = path.split(/[?#]/)[0] ?? '';
  if (pathname === ROUTES.login || pathname === `${ROUTES.login}/`) return DEFAULT_AFTER_LOGIN_PATH;
  return path;
}

/** What a protected route renders: a spinner until auth is resolved, then the page or a redirect to /login. */
export function protectedRouteDecision(state: Pick<AuthState, 'isAuthenticated' | 'isLoading' | 'isInitialised'>): 'loading' | 'allow' | 'redirect' {
  if (state.isLoading || !state.isInitialised) return 'loading';
  return state.isAuthenticated ? 'allow' : 'redirect';
}
