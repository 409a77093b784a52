import { PROTECTED_ROUTE_WAIT_MS, loginRedirectTarget, protectedRouteDecision, type AuthState } from '@charity/domain';

// The protected-route rule of spec section 2 as pure functions, shared by both guards and the tests.
// The domain decides from the auth state; the site adds the "plus about 100 ms" wait and the
// signed-out-only variant for /login.

export type GuardAccess = 'signed-in' | 'signed-out';
export type GuardDecision = 'wait' | 'render' | 'redirect';

export type GuardInput = Pick<AuthState, 'isAuthenticated' | 'isInitialised'> & {
  access: GuardAccess;
  isLoading?: boolean;
  /** Milliseconds since the auth state was first seen resolved; null while it is not. */
  elapsedMs: number | null;
  graceMs?: number;
  /**
   * The session ended under the staff member on this screen (decision 037): a signed-in route stays, with the
   * sign-in dialog over it, rather than leave for /login and lose an unsaved form.
   */
  sessionEnded?: boolean;
};

export function decideGuard({
  access,
  isInitialised,
  isAuthenticated,
  isLoading = false,
  elapsedMs,
  graceMs = PROTECTED_ROUTE_WAIT_MS,
  sessionEnded = false,
}: GuardInput): GuardDecision {
  const state = protectedRouteDecision({ isInitialised, isAuthenticated, isLoading });
  if (state === 'loading' || elapsedMs === null || elapsedMs < graceMs) return 'wait';
  if (access === 'signed-in' && sessionEnded) return 'render';
  const signedIn = state === 'allow';
  const allowed = access === 'signed-in' ? signedIn : !signedIn;
  return allowed ? 'render' : 'redirect';
}

/** Where /login sends a signed-in visitor: the page ProtectedRoute remembered (router state `from`), else /admin/events. */
export function redirectAfterLogin(locationState: unknown): string {
  const from = typeof locationState === 'object' && locationState !== null ? (locationState as { from?: unknown }).from : undefined;
  if (typeof from !== 'object' || from === null) return loginRedirectTarget(null);
  const { pathname, search, hash } = from as { pathname?: unknown; search?: unknown; hash?: unknown };
  if (typeof pathname !== 'string') return loginRedirectTarget(null);
  return loginRedirectTarget(pathname + (typeof search === 'string' ? search : '') + (typeof hash === 'string' ? hash : ''));
}
