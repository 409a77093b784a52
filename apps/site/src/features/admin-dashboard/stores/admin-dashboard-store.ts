import type { KyInstance } from 'ky';
import { create } from 'zustand';
import { ADMIN_CONSOLE_MESSAGES, DEFAULT_DASHBOARD_PERIOD, type AdminDashboard, type DashboardPeriod } from '@charity/domain';
import type { ApiLogger, Notify } from '../../../lib/api/client';
import { describeFailure } from '../../../lib/api/replies';
import { fetchDashboard } from '../api/admin-dashboard-api';

export interface AdminDashboardState {
  period: DashboardPeriod;
  /** The figures of `period`, or null before the first reply (and after a failed switch to another period). */
  dashboard: AdminDashboard | null;
  /** 'loading' while figures for the chosen period are on their way and none are shown; 'error' when they never came. */
  status: 'loading' | 'ready' | 'error';
}

export interface AdminDashboardActions {
  /** Loads the figures of `period` (default: the chosen one). Resolves false when the call failed. */
  load: (period?: DashboardPeriod) => Promise<boolean>;
  /** Forgets the figures (the page was left): answers still on their way are dropped. */
  reset: () => void;
}

export type AdminDashboardStore = AdminDashboardState & AdminDashboardActions;

export interface AdminDashboardStoreOptions {
  client: KyInstance;
  notify: Notify;
  log?: ApiLogger;
}

export const INITIAL_ADMIN_DASHBOARD_STATE: AdminDashboardState = { period: DEFAULT_DASHBOARD_PERIOD, dashboard: null, status: 'loading' };

/**
 * The dashboard's data (docs/decisions/005-admin-console.md): loaded on mount, again for each period chosen. A failure
 * shows 'Failed to load dashboard' once; figures already on screen for the same period stay (a failed refresh must not
 * blank the screen), otherwise the page shows its error state with 'Try again'.
 */
export function createAdminDashboardStore({ client, notify, log = console }: AdminDashboardStoreOptions) {
  return create<AdminDashboardStore>()((set, get) => {
    // Only the latest request may write: a slow reply for 365 days must not replace a newer one for 30.
    let sequence = 0;
    let controller: AbortController | null = null;

    return {
      ...INITIAL_ADMIN_DASHBOARD_STATE,

      load: async (period = get().period) => {
        const ticket = ++sequence;
        controller?.abort();
        controller = new AbortController();
        const keep = get().dashboard?.period === period ? get().dashboard : null;
        set({ period, dashboard: keep, status: keep ? 'ready' : 'loading' });
        try {
          const dashboard = await fetchDashboard(client, period, controller.signal);
          if (ticket === sequence) set({ dashboard, status: 'ready' });
          return true;
        } catch (error) {
          if (ticket !== sequence) return false;
          log.error(`[admin-dashboard] ${ADMIN_CONSOLE_MESSAGES.dashboardLoadFailed}: ${describeFailure(error)}`);
          notify('error', ADMIN_CONSOLE_MESSAGES.dashboardLoadFailed);
          set({ status: get().dashboard ? 'ready' : 'error' });
          return false;
        }
      },

      reset: () => {
        sequence += 1;
        controller?.abort();
        set(INITIAL_ADMIN_DASHBOARD_STATE);
      },
    };
  });
}

export type AdminDashboardStoreHook = ReturnType<typeof createAdminDashboardStore>;
