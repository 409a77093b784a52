import type { KyInstance } from 'ky';
import type { ApiLogger } from '../../../lib/api/client';

/**
 * POST /auth/logout (spec section 7): sent only when a token exists; a failure is only logged.
 * The caller captures the token BEFORE clearing the local session, so logout never waits on the
 * server and never depends on it. Wiring into the logout button comes with the auth issue.
 */
export async function logoutOnServer(client: KyInstance, token: string | null, log: ApiLogger = console): Promise<void> {
  if (!token) return;
  try {
    await client.post('auth/logout', {
      headers: { Authorization: `Bearer ${token}` },
      context: { silent: true },
    });
  } catch (error) {
    log.error(`[auth] Logout request failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
