import type { KyInstance } from 'ky';
import { create } from 'zustand';
import { ORGANISATION_TIME_ZONE, type PartnerReportRow } from '@charity/domain';
import { PARTNER_REPORT_TABLE_TEXT } from '@charity/ui';
import type { ApiLogger, Notify } from '../../../lib/api/client';
import { describeFailure } from '../../../lib/api/replies';
import type { FileDownload } from '../../admin-donations/api/admin-donations-api';
import { downloadPartnerReportCsv, fetchPartnerReport } from '../api/admin-partners-api';

export const PARTNER_REPORT_MESSAGES = {
  loadFailed: PARTNER_REPORT_TABLE_TEXT.loadFailed,
  downloadFailed: 'Failed to download the partner report',
} as const;

export interface AdminPartnersState {
  rows: PartnerReportRow[];
  timeZone: string;
  status: 'loading' | 'ready' | 'error';
  /** The CSV is being fetched. */
  downloading: boolean;
}

export interface AdminPartnersActions {
  load: () => Promise<boolean>;
  /** Fetches the CSV; null when it failed (a toast says so). */
  downloadCsv: () => Promise<FileDownload | null>;
  /** Forgets the report (the tab was left): an answer still on its way is dropped. */
  reset: () => void;
}

export type AdminPartnersStore = AdminPartnersState & AdminPartnersActions;

export const INITIAL_ADMIN_PARTNERS_STATE: AdminPartnersState = {
  rows: [],
  timeZone: ORGANISATION_TIME_ZONE,
  status: 'loading',
  downloading: false,
};

/**
 * The "Partners" tab of /admin/donations (docs/decisions/031-partner-report.md): the partner report and its CSV. Each
 * failure is announced once with the console's toast; only the newest load may write.
 */
export function createAdminPartnersStore({ client, notify, log = console }: { client: KyInstance; notify: Notify; log?: ApiLogger }) {
  return create<AdminPartnersStore>()((set) => {
    let sequence = 0;
    let controller: AbortController | null = null;

    const fail = (toast: string, error: unknown) => {
      log.error(`[admin-partners] ${toast}: ${describeFailure(error)}`);
      notify('error', toast);
    };

    return {
      ...INITIAL_ADMIN_PARTNERS_STATE,

      load: async () => {
        const ticket = ++sequence;
        controller?.abort();
        controller = new AbortController();
        set({ status: 'loading' });
        try {
          const report = await fetchPartnerReport(client, controller.signal);
          if (ticket !== sequence) return true;
          set({ rows: report.rows, timeZone: report.time_zone, status: 'ready' });
          return true;
        } catch (error) {
          if (ticket !== sequence) return false;
          fail(PARTNER_REPORT_MESSAGES.loadFailed, error);
          set({ rows: [], status: 'error' });
          return false;
        }
      },

      downloadCsv: async () => {
        set({ downloading: true });
        try {
          return await downloadPartnerReportCsv(client);
        } catch (error) {
          fail(PARTNER_REPORT_MESSAGES.downloadFailed, error);
          return null;
        } finally {
          set({ downloading: false });
        }
      },

      reset: () => {
        sequence += 1;
        controller?.abort();
        set(INITIAL_ADMIN_PARTNERS_STATE);
      },
    };
  });
}

export type AdminPartnersStoreHook = ReturnType<typeof createAdminPartnersStore>;
