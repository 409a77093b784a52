import { vi, type Mock } from 'vitest';
import { createApiClient, type ApiLogger, type Notify } from '../lib/api/client';
import { ADMIN_TOKEN } from './fake-admin-api';

/**
 * The site's real ky client pointed at a fake API, with spies for what the user would see: the page's own toasts
 * (`notify`), the client's global toast (`globalToast`, which silent calls must never reach) and the session reset.
 */
export function createAdminTestClient(baseUrl: string) {
  let token: string | null = ADMIN_TOKEN;
  const notify: Mock<Notify> = vi.fn<Notify>();
  const globalToast: Mock<Notify> = vi.fn<Notify>();
  const onUnauthorized: Mock<() => void> = vi.fn<() => void>();
  const log: ApiLogger & { error: Mock<(line: string) => void> } = { info: vi.fn<(line: string) => void>(), error: vi.fn<(line: string) => void>() };
  const client = createApiClient({ baseUrl, getToken: () => token, onUnauthorized, notify: globalToast, log, retryDelay: () => 5 });
  return {
    client,
    notify,
    globalToast,
    onUnauthorized,
    log,
    /** A token the fake refuses (401), as after the session expired on the server. */
    expireToken: () => {
      token = 'expired';
    },
  };
}
