import type { KyInstance } from 'ky';
import { create } from 'zustand';
import { ADMIN_CONSOLE_MESSAGES, EMPTY_DONATION_FILTERS, type AdminDonation, type AdminDonationDetail, type DonationFilters } from '@charity/domain';
import type { ApiLogger, Notify } from '../../../lib/api/client';
import { describeFailure, NO_PAGES, serverReason } from '../../../lib/api/replies';
import {
  exportDonationsCsv,
  fetchAdminDonations,
  fetchCampaignOptions,
  fetchDonationDetail,
  resendReceipt,
  type CampaignOption,
  type CsvDownload,
  type DonationSummary,
} from '../api/admin-donations-api';

export interface DonationDetailState {
  /** The donation the dialog is open for; null when it is closed. */
  id: number | null;
  donation: AdminDonationDetail | null;
  status: 'loading' | 'ready' | 'error';
}

export interface AdminDonationsState {
  /** The filters and page of the list shown (the page keeps both in the URL and passes them to load). */
  filters: DonationFilters;
  page: number;
  donations: AdminDonation[];
  summary: DonationSummary | null;
  totalPages: number;
  total: number;
  status: 'loading' | 'ready' | 'error';
  detail: DonationDetailState;
  resending: boolean;
  exporting: boolean;
  campaignOptions: CampaignOption[];
}

export interface AdminDonationsActions {
  load: (filters: DonationFilters, page: number) => Promise<boolean>;
  /** Reloads the list as it is (Try again). */
  reload: () => Promise<boolean>;
  openDetail: (id: number) => Promise<boolean>;
  closeDetail: () => void;
  resendReceipt: (id: number) => Promise<boolean>;
  /** Fetches the CSV of the current filters; null when it failed ('Failed to export donations'). */
  exportCsv: (filters: DonationFilters) => Promise<CsvDownload | null>;
  loadCampaignOptions: () => Promise<void>;
  /** Forgets every donor's data (the page was left): answers still on their way are dropped. */
  reset: () => void;
}

export type AdminDonationsStore = AdminDonationsState & AdminDonationsActions;

export interface AdminDonationsStoreOptions {
  client: KyInstance;
  notify: Notify;
  log?: ApiLogger;
}

export const CLOSED_DETAIL: DonationDetailState = { id: null, donation: null, status: 'loading' };

export const INITIAL_ADMIN_DONATIONS_STATE: AdminDonationsState = {
  filters: { ...EMPTY_DONATION_FILTERS },
  page: 1,
  donations: [],
  summary: null,
  totalPages: 0,
  total: 0,
  status: 'loading',
  detail: CLOSED_DETAIL,
  resending: false,
  exporting: false,
  campaignOptions: [],
};

/**
 * /admin/donations (docs/decisions/005-admin-console.md): the filtered, paged list, a donation's detail, resending its
 * receipt and the CSV export. Each failure is announced once with the console's own toast; only the newest list and
 * detail requests may write, so quick filter changes never show an older answer.
 */
export function createAdminDonationsStore({ client, notify, log = console }: AdminDonationsStoreOptions) {
  return create<AdminDonationsStore>()((set, get) => {
    let listSequence = 0;
    let listController: AbortController | null = null;
    let detailSequence = 0;

    const fail = (toast: string, error: unknown) => {
      log.error(`[admin-donations] ${toast}: ${describeFailure(error)}`);
      notify('error', toast);
    };

    const load = async (filters: DonationFilters, page: number): Promise<boolean> => {
      const ticket = ++listSequence;
      listController?.abort();
      listController = new AbortController();
      set({ filters, page, status: 'loading' });
      try {
        const result = await fetchAdminDonations(client, filters, page, listController.signal);
        if (ticket !== listSequence) return true;
        set({ donations: result.donations, summary: result.summary, page: result.currentPage, totalPages: result.totalPages, total: result.total, status: 'ready' });
        return true;
      } catch (error) {
        if (ticket !== listSequence) return false;
        fail(ADMIN_CONSOLE_MESSAGES.donationsLoadFailed, error);
        set({ donations: [], summary: null, totalPages: NO_PAGES.totalPages, total: NO_PAGES.total, status: 'error' });
        return false;
      }
    };

    /** Reads the open donation again, e.g. after its receipt was sent; `quiet` keeps the shown one while loading. */
    const readDetail = async (id: number, quiet: boolean): Promise<boolean> => {
      const ticket = ++detailSequence;
      if (!quiet) set({ detail: { id, donation: null, status: 'loading' } });
      try {
        const donation = await fetchDonationDetail(client, id);
        if (ticket === detailSequence && get().detail.id === id) set({ detail: { id, donation, status: 'ready' } });
        return true;
      } catch (error) {
        if (ticket !== detailSequence || get().detail.id !== id) return false;
        fail(ADMIN_CONSOLE_MESSAGES.donationLoadFailed, error);
        if (!quiet) set({ detail: { id, donation: null, status: 'error' } });
        return false;
      }
    };

    return {
      ...INITIAL_ADMIN_DONATIONS_STATE,

      load,

      reload: () => load(get().filters, get().page),

      openDetail: (id) => readDetail(id, false),

      closeDetail: () => {
        detailSequence += 1;
        set({ detail: CLOSED_DETAIL });
      },

      resendReceipt: async (id) => {
        set({ resending: true });
        try {
          const result = await resendReceipt(client, id);
          notify('success', result.message ?? ADMIN_CONSOLE_MESSAGES.receiptResent);
          // The receipt (number, mail status) may be new: show it as the server has it now.
          if (get().detail.id === id) await readDetail(id, true);
          return true;
        } catch (error) {
          // 'Only completed donations have receipts.', 'This donation has no donor e-mail address.' say more.
          fail(serverReason(error) ?? ADMIN_CONSOLE_MESSAGES.receiptResendFailed, error);
          return false;
        } finally {
          set({ resending: false });
        }
      },

      exportCsv: async (filters) => {
        set({ exporting: true });
        try {
          return await exportDonationsCsv(client, filters);
        } catch (error) {
          fail(ADMIN_CONSOLE_MESSAGES.exportFailed, error);
          return null;
        } finally {
          set({ exporting: false });
        }
      },

      loadCampaignOptions: async () => {
        try {
          set({ campaignOptions: await fetchCampaignOptions(client) });
        } catch (error) {
          // Only the filter's choices are missing ('Any campaign' and 'General donation' still work): a log line.
          log.error(`[admin-donations] Could not load the campaign choices: ${describeFailure(error)}`);
        }
      },

      reset: () => {
        listSequence += 1;
        detailSequence += 1;
        listController?.abort();
        set(INITIAL_ADMIN_DONATIONS_STATE);
      },
    };
  });
}

export type AdminDonationsStoreHook = ReturnType<typeof createAdminDonationsStore>;
