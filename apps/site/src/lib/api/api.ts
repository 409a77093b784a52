import { readStoredToken, useAuthStore } from '../../features/auth/stores/auth-store';
import { showToast } from '../toast';
import { createApiClient } from './client';

// The site's one client. It depends on the auth store on purpose: spec section 4 says a 401 on
// ANY response clears the session, so the store must hear about it wherever the call came from.
export const api = createApiClient({
  baseUrl: '/api',
  getToken: readStoredToken,
  onUnauthorized: () => useAuthStore.getState().clearSession(),
  onSignedInReply: () => useAuthStore.getState().sessionActive(),
  notify: showToast,
  log: console,
});

/**
 * The same client for calls that carry no staff session: a donor's monthly-gift link (features/monthly-gift), whose
 * own token travels in its own header. No bearer token is sent, and a 401 there means the link does not work, not
 * that a signed-in staff member's session ended: it must not sign them out. Made here beside `api` so both share
 * one chunk of the build.
 */
export const sessionlessApi = createApiClient({
  baseUrl: '/api',
  getToken: () => null,
  onUnauthorized: () => {},
  notify: showToast,
  log: console,
});
