import type { KyInstance } from 'ky';
import { create } from 'zustand';
import { ADMIN_CONSOLE_MESSAGES, EMPTY_ATTEMPT_FILTERS, type AdminPaymentAttempt, type AttemptFilters, type AttemptSummary } from '@charity/domain';
import type { ApiLogger, Notify } from '../../../lib/api/client';
import { describeFailure, NO_PAGES } from '../../../lib/api/replies';
import { fetchPaymentAttempts } from '../api/admin-attempts-api';

export const ATTEMPTS_LOAD_FAILED = ADMIN_CONSOLE_MESSAGES.attemptsLoadFailed;

export interface AdminAttemptsState {
  filters: AttemptFilters;
  page: number;
  attempts: AdminPaymentAttempt[];
  summary: AttemptSummary | null;
  totalPages: number;
  total: number;
  status: 'loading' | 'ready' | 'error';
}

export interface AdminAttemptsActions {
  load: (filters: AttemptFilters, page: number) => Promise<boolean>;
  /** Reloads the list as it is (Try again). */
  reload: () => Promise<boolean>;
  /** Forgets the donors' data (the tab or page was left): answers still on their way are dropped. */
  reset: () => void;
}

export type AdminAttemptsStore = AdminAttemptsState & AdminAttemptsActions;

export const INITIAL_ADMIN_ATTEMPTS_STATE: AdminAttemptsState = {
  filters: { ...EMPTY_ATTEMPT_FILTERS },
  page: 1,
  attempts: [],
  summary: null,
  totalPages: 0,
  total: 0,
  status: 'loading',
};

/**
 * The "Failed attempts" tab of /admin/donations (docs/decisions/023-payment-attempts-for-staff.md): the searched,
 * filtered, paged list. A failure is announced once with the console's own toast; only the newest request may write,
 * so quick changes never show an older answer.
 */
export function createAdminAttemptsStore({ client, notify, log = console }: { client: KyInstance; notify: Notify; log?: ApiLogger }) {
  return create<AdminAttemptsStore>()((set, get) => {
    let sequence = 0;
    let controller: AbortController | null = null;

    const load = async (filters: AttemptFilters, page: number): Promise<boolean> => {
      const ticket = ++sequence;
      controller?.abort();
      controller = new AbortController();
      set({ filters, page, status: 'loading' });
      try {
        const result = await fetchPaymentAttempts(client, filters, page, controller.signal);
        if (ticket !== sequence) return true;
        set({ attempts: result.attempts, summary: result.summary, page: result.currentPage, totalPages: result.totalPages, total: result.total, status: 'ready' });
        return true;
      } catch (error) {
        if (ticket !== sequence) return false;
        log.error(`[admin-attempts] ${ATTEMPTS_LOAD_FAILED}: ${describeFailure(error)}`);
        notify('error', ATTEMPTS_LOAD_FAILED);
        set({ attempts: [], summary: null, totalPages: NO_PAGES.totalPages, total: NO_PAGES.total, status: 'error' });
        return false;
      }
    };

    return {
      ...INITIAL_ADMIN_ATTEMPTS_STATE,
      load,
      reload: () => load(get().filters, get().page),
      reset: () => {
        sequence += 1;
        controller?.abort();
        set(INITIAL_ADMIN_ATTEMPTS_STATE);
      },
    };
  });
}

export type AdminAttemptsStoreHook = ReturnType<typeof createAdminAttemptsStore>;
