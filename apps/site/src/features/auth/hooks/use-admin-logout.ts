import { useCallback, useState } from 'react';
import { AUTH_MESSAGES } from '@charity/domain';
import { showToast } from '../../../lib/toast';
import { authService } from '../api';

/**
 * Logout for the admin screens (the shell's button and the /admin/events header's). The local session is cleared
 * whatever the server said; ProtectedRoute then replaces the page with /login. 'Logout failed' tells the admin the
 * server could not revoke the token.
 */
export function useAdminLogout(): { loggingOut: boolean; logout: () => Promise<void> } {
  const [loggingOut, setLoggingOut] = useState(false);
  const logout = useCallback(async () => {
    setLoggingOut(true);
    const revoked = await authService.logout();
    showToast(revoked ? 'success' : 'error', revoked ? AUTH_MESSAGES.logoutSuccess : AUTH_MESSAGES.logoutFailed);
  }, []);
  return { loggingOut, logout };
}
