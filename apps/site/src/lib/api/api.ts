import { readStoredToken, useAuthStore } from '../../features/auth/stores/auth-store';
import { showToast } from '../toast';
import { createApiClient } from './client';

// The site's one client. It depends on the auth store on purpose: spec section 4 says a 401 on
// ANY response clears the session, so the store must hear about it wherever the call came from.
export const api = createApiClient({
  baseUrl: '/api',
  getToken: readStoredToken,
  onUnauthorized: () => useAuthStore.getState().clearSession(),
  notify: showToast,
  log: console,
});
