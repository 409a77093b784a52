import { api } from '../../../lib/api';
import { showToast } from '../../../lib/toast';
import { readStoredToken, useAuthStore } from '../stores/auth-store';
import { createAuthService } from './auth-service';

/** The site's auth service: the one api client, the one auth store, toasts through sonner. */
export const authService = createAuthService({
  client: api,
  store: useAuthStore,
  getToken: () => readStoredToken(),
  notify: showToast,
});

export type { AuthService, LoginResult, VerifyResult, RefreshResult, AuthCallResult } from './auth-service';
