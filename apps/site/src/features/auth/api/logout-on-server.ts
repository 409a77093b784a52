import type { KyInstance } from 'ky';
import type { ApiLogger } from '../../../lib/api/client';
import { toApiError } from '../../../lib/api/errors';

/**
 * POST /auth/logout (spec section 7): sent only when a token exists; a failure is only logged (no toast).
 * Resolves true when the token is no longer usable on the server: revoked now, already rejected (401), or
 * there was none. The caller captures the token before clearing the local session.
 */
export async function revokeToken(client: KyInstance, token: string | null, log: ApiLogger = console): Promise<boolean> {
  if (!token) return true;
  try {
    await client.post('auth/logout', {
      headers: { Authorization: `Bearer ${token}` },
      context: { silent: true },
    });
    return true;
  } catch (error) {
    log.error(`[auth] Logout request failed: ${error instanceof Error ? error.message : String(error)}`);
    // A 401 means the server already treats the token as invalid: as good as a revocation.
    return toApiError(error).status === 401;
  }
}

/** revokeToken without the outcome, for callers that only need the request made. */
export async function logoutOnServer(client: KyInstance, token: string | null, log: ApiLogger = console): Promise<void> {
  await revokeToken(client, token, log);
}
