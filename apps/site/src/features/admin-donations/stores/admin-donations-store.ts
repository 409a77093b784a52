import type { KyInstance } from 'ky';
import { create } from 'zustand';
import {
  ADMIN_CONSOLE_MESSAGES,
  EMPTY_DONATION_FILTERS,
  REFUND_MESSAGES,
  type AdminDonation,
  type AdminDonationDetail,
  type AdminRefund,
  type DonationFilters,
  type KnownPartner,
} from '@charity/domain';
import type { ApiLogger, Notify } from '../../../lib/api/client';
import { toRequestFailure } from '../../../lib/api/errors';
import { describeFailure, NO_PAGES, serverReason } from '../../../lib/api/replies';
import {
  donationRow,
  downloadReceipt,
  downloadRefundNote,
  exportDonationsCsv,
  fetchAdminDonations,
  fetchCampaignOptions,
  fetchDonationDetail,
  fetchPartnerOptions,
  postRefund,
  resendReceipt,
  type CampaignOption,
  type CsvDownload,
  type DonationSummary,
  type FileDownload,
  type NoteDownload,
  type RefundRequestBody,
} from '../api/admin-donations-api';

/** The page's own wording for refund failures the server gave no sentence for (its refusals use REFUND_MESSAGES). */
export const ADMIN_REFUND_TEXT = {
  refundFailed: 'The refund could not be confirmed. Check the refunds of this donation before trying again.',
  noteDownloadFailed: 'Failed to download the note',
  receiptDownloadFailed: 'Failed to download the receipt',
} as const;

export interface RefundDialogState {
  open: boolean;
  /** The refund is on its way to the server (and the provider). */
  submitting: boolean;
  /** Why the last refund failed (the server's sentence), shown in the dialog. */
  error: string | null;
}

export const CLOSED_REFUND: RefundDialogState = { open: false, submitting: false, error: null };

/** Statuses whose message the refund route writes itself: its refusals, the provider's, and the provider unreachable. */
const REFUND_ANSWERS: ReadonlySet<number> = new Set([400, 403, 404, 409, 422, 429, 502, 504]);

/**
 * The sentence to show in the refund dialog for a failed refund: the server's own for the answers the refund route
 * words itself (its refusals in the domain's REFUND_MESSAGES; 409 when the provider refused; 502/504 when the provider
 * could not be asked and the refund stays pending), otherwise the page's. The refund's outcome is unknown after a
 * time-out or a lost connection, so that sentence asks to look at the refunds first.
 */
export function refundFailureMessage(error: unknown): string {
  const failure = toRequestFailure(error);
  if (failure.kind === 'response' && REFUND_ANSWERS.has(failure.status)) {
    const message = typeof failure.message === 'string' ? failure.message.trim() : '';
    if (message !== '') return message;
  }
  return ADMIN_REFUND_TEXT.refundFailed;
}

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
  /** The refund dialog over the open donation. */
  refundDialog: RefundDialogState;
  /** The id of the refund whose note is being fetched; null when none is. */
  downloadingNote: number | null;
  /** The open donation's receipt PDF is being fetched. */
  downloadingReceipt: boolean;
  /** The partner sites of the source filter (configured or seen on a donation), A to Z. */
  partnerOptions: KnownPartner[];
}

export interface AdminDonationsActions {
  load: (filters: DonationFilters, page: number) => Promise<boolean>;
  /** Reloads the list as it is (Try again). */
  reload: () => Promise<boolean>;
  openDetail: (id: number) => Promise<boolean>;
  closeDetail: () => void;
  resendReceipt: (id: number) => Promise<boolean>;
  /** Opens the refund dialog for the open donation (a fresh form, no error). */
  openRefund: () => void;
  /** Closes it, unless a refund is on its way. */
  closeRefund: () => void;
  /**
   * POST the refund. Success: the server's message as a toast, the dialog closed, the detail replaced by the reply's
   * donation and its list row updated (then the page read again quietly, for the summary). Failure: the server's
   * sentence in the dialog (kept open) and the detail read again (a refund the provider refused is recorded as failed).
   */
  submitRefund: (id: number, request: RefundRequestBody) => Promise<boolean>;
  /** Fetches a refund's credit or cancellation note; null when it failed (a toast says so). */
  downloadNote: (refund: AdminRefund) => Promise<NoteDownload | null>;
  /** Fetches a donation's receipt PDF; null when it failed (a toast gives the server's reason, e.g. no receipt yet). */
  downloadReceipt: (donation: AdminDonationDetail) => Promise<FileDownload | null>;
  /** Fetches the CSV of the current filters; null when it failed ('Failed to export donations'). */
  exportCsv: (filters: DonationFilters) => Promise<CsvDownload | null>;
  loadCampaignOptions: () => Promise<void>;
  /** The partners of the source filter; without them only 'Any source' and 'Website' are offered (a log line). */
  loadPartnerOptions: () => Promise<void>;
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
  refundDialog: CLOSED_REFUND,
  downloadingNote: null,
  downloadingReceipt: false,
  partnerOptions: [],
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

    /** The list's row of a donation (if it is on the page shown) brought up to date from its detail. */
    const updateRow = (donation: AdminDonationDetail) => {
      const row = donationRow(donation);
      const { donations } = get();
      if (!donations.some((d) => d.id === donation.id)) return;
      set({ donations: donations.map((d) => (d.id === donation.id ? { ...d, ...row } : d)) });
    };

    /**
     * The page shown read again without its loading state, after a refund changed its figures (the summary counts
     * refunds out). Skipped while a load is on its way (it brings the new figures), dropped if another starts meanwhile.
     */
    const refreshList = async () => {
      if (get().status !== 'ready') return;
      const ticket = listSequence;
      const { filters, page } = get();
      try {
        const result = await fetchAdminDonations(client, filters, page);
        if (ticket !== listSequence) return;
        set({ donations: result.donations, summary: result.summary, totalPages: result.totalPages, total: result.total });
      } catch (error) {
        // The row was already updated from the refund's answer; only the totals may be behind until the next load.
        log.error(`[admin-donations] Could not refresh the list after a refund: ${describeFailure(error)}`);
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
        set({ detail: CLOSED_DETAIL, refundDialog: CLOSED_REFUND });
      },

      openRefund: () => {
        if (get().detail.donation === null) return;
        set({ refundDialog: { open: true, submitting: false, error: null } });
      },

      closeRefund: () => {
        if (get().refundDialog.submitting) return;
        set({ refundDialog: CLOSED_REFUND });
      },

      submitRefund: async (id, request) => {
        if (get().refundDialog.submitting) return false;
        set({ refundDialog: { open: true, submitting: true, error: null } });
        try {
          const result = await postRefund(client, id, request);
          // An answer to a detail read before the refund must not put the old figures back.
          detailSequence += 1;
          if (get().detail.id === id) set({ detail: { id, donation: result.donation, status: 'ready' } });
          updateRow(result.donation);
          set({ refundDialog: CLOSED_REFUND });
          notify('success', result.message ?? REFUND_MESSAGES.issued);
          await refreshList();
          return true;
        } catch (error) {
          const message = refundFailureMessage(error);
          log.error(`[admin-donations] Refund of donation ${id} failed: ${describeFailure(error)}`);
          if (get().refundDialog.open) set({ refundDialog: { open: true, submitting: false, error: message } });
          // What the server recorded (a failed refund, or one that went through before the reply was lost).
          if (get().detail.id === id && (await readDetail(id, true))) {
            const { donation } = get().detail;
            if (donation) updateRow(donation);
          }
          await refreshList();
          return false;
        }
      },

      downloadNote: async (refund) => {
        set({ downloadingNote: refund.id });
        try {
          return await downloadRefundNote(client, refund);
        } catch (error) {
          fail(ADMIN_REFUND_TEXT.noteDownloadFailed, error);
          return null;
        } finally {
          set({ downloadingNote: null });
        }
      },

      downloadReceipt: async (donation) => {
        set({ downloadingReceipt: true });
        try {
          return await downloadReceipt(client, donation);
        } catch (error) {
          // 'No receipt has been issued for this donation yet.' says more than the page's own sentence.
          fail(serverReason(error) ?? ADMIN_REFUND_TEXT.receiptDownloadFailed, error);
          return null;
        } finally {
          set({ downloadingReceipt: false });
        }
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

      loadPartnerOptions: async () => {
        try {
          set({ partnerOptions: await fetchPartnerOptions(client) });
        } catch (error) {
          log.error(`[admin-donations] Could not load the partner choices: ${describeFailure(error)}`);
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
