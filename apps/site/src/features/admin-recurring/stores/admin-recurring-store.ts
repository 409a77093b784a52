import type { KyInstance } from 'ky';
import { create } from 'zustand';
import { RECURRING_MESSAGES } from '@charity/domain';
import type { AdminGift, AdminGiftTotals } from '@charity/domain/contract';
import type { ApiLogger, Notify } from '../../../lib/api/client';
import { describeFailure, NO_PAGES, serverReason } from '../../../lib/api/replies';
import { EMPTY_GIFT_TOTALS, cancelAdminGift, fetchAdminGifts, resendGiftLink, type GiftListQuery } from '../api/admin-recurring-api';

/** The console's own words for this screen's failures (the server's reason is shown instead when it gives one). */
export const ADMIN_RECURRING_MESSAGES = {
  loadFailed: 'Failed to load monthly gifts',
  cancelFailed: 'Failed to cancel the gift',
  resendFailed: 'Failed to resend the link',
} as const;

export interface AdminRecurringState {
  /** The filters and page of the list shown (the page keeps them in the URL and passes them to load). */
  query: GiftListQuery;
  gifts: AdminGift[];
  totals: AdminGiftTotals;
  totalPages: number;
  total: number;
  status: 'loading' | 'ready' | 'error';
  /** The gift whose 'Resend link' or cancellation is running. */
  busyId: number | null;
  /** The gift the cancel dialog asks about; null when it is closed. */
  cancelling: AdminGift | null;
  cancelBusy: boolean;
  cancelError: string | null;
}

export interface AdminRecurringActions {
  load: (query: GiftListQuery) => Promise<boolean>;
  /** The list as it is (Try again, or after a change): the rows stay on screen while it loads. */
  reload: () => Promise<boolean>;
  askCancel: (gift: AdminGift) => void;
  /** Closes the cancel dialog, unless the cancellation is being sent. */
  closeCancel: () => void;
  confirmCancel: (reason: string | null) => Promise<boolean>;
  resendLink: (gift: AdminGift) => Promise<boolean>;
  /** Forgets every donor's data (the page was left): answers still on their way are dropped. */
  reset: () => void;
}

export type AdminRecurringStore = AdminRecurringState & AdminRecurringActions;

export interface AdminRecurringStoreOptions {
  client: KyInstance;
  notify: Notify;
  log?: ApiLogger;
}

export const INITIAL_ADMIN_RECURRING_STATE: AdminRecurringState = {
  query: { status: '', search: '', page: 1 },
  gifts: [],
  totals: EMPTY_GIFT_TOTALS,
  totalPages: 0,
  total: 0,
  status: 'loading',
  busyId: null,
  cancelling: null,
  cancelBusy: false,
  cancelError: null,
};

/**
 * /admin/recurring (docs/decisions/022-monthly-gifts.md): the filtered, paged list of monthly gifts with their
 * totals, cancelling a gift (asked first, with an optional reason) and resending its management link. Successes are
 * toasts with the server's sentence; only the newest list request may write, so quick filter changes never show an
 * older answer.
 */
export function createAdminRecurringStore({ client, notify, log = console }: AdminRecurringStoreOptions) {
  return create<AdminRecurringStore>()((set, get) => {
    let listSequence = 0;
    let listController: AbortController | null = null;
    // Bumped by reset: a change still on its way must not write into a page that was left.
    let generation = 0;

    const read = async (query: GiftListQuery, quiet: boolean): Promise<boolean> => {
      const ticket = ++listSequence;
      listController?.abort();
      listController = new AbortController();
      set(quiet ? { query } : { query, status: 'loading' });
      try {
        const page = await fetchAdminGifts(client, query, listController.signal);
        if (ticket !== listSequence) return true;
        set({ gifts: page.gifts, totals: page.totals, totalPages: page.totalPages, total: page.total, status: 'ready' });
        return true;
      } catch (error) {
        if (ticket !== listSequence) return false;
        log.error(`[admin-recurring] ${ADMIN_RECURRING_MESSAGES.loadFailed}: ${describeFailure(error)}`);
        notify('error', ADMIN_RECURRING_MESSAGES.loadFailed);
        set({ gifts: [], totals: EMPTY_GIFT_TOTALS, totalPages: NO_PAGES.totalPages, total: NO_PAGES.total, status: 'error' });
        return false;
      }
    };

    return {
      ...INITIAL_ADMIN_RECURRING_STATE,

      load: (query) => read(query, false),

      reload: () => read(get().query, get().status === 'ready'),

      askCancel: (gift) => {
        if (get().cancelBusy) return;
        set({ cancelling: gift, cancelError: null });
      },

      closeCancel: () => {
        if (get().cancelBusy) return;
        set({ cancelling: null, cancelError: null });
      },

      confirmCancel: async (reason) => {
        const gift = get().cancelling;
        if (!gift || get().cancelBusy) return false;
        const current = generation;
        set({ cancelBusy: true, cancelError: null, busyId: gift.id });
        try {
          const message = await cancelAdminGift(client, gift.id, reason);
          if (current !== generation) return false;
          set({ cancelBusy: false, cancelling: null, busyId: null });
          notify('success', message ?? RECURRING_MESSAGES.staffCancelled);
          await read(get().query, true);
          return true;
        } catch (error) {
          if (current !== generation) return false;
          log.error(`[admin-recurring] ${ADMIN_RECURRING_MESSAGES.cancelFailed}: ${describeFailure(error)}`);
          // 'This monthly gift is already cancelled.' says more than the console's own words.
          set({ cancelBusy: false, busyId: null, cancelError: serverReason(error) ?? ADMIN_RECURRING_MESSAGES.cancelFailed });
          return false;
        }
      },

      resendLink: async (gift) => {
        if (get().busyId !== null) return false;
        const current = generation;
        set({ busyId: gift.id });
        try {
          const message = await resendGiftLink(client, gift.id);
          if (current !== generation) return false;
          notify('success', message ?? RECURRING_MESSAGES.linkResent);
          return true;
        } catch (error) {
          if (current !== generation) return false;
          log.error(`[admin-recurring] ${ADMIN_RECURRING_MESSAGES.resendFailed}: ${describeFailure(error)}`);
          notify('error', serverReason(error) ?? ADMIN_RECURRING_MESSAGES.resendFailed);
          return false;
        } finally {
          if (current === generation) set({ busyId: null });
        }
      },

      reset: () => {
        listSequence += 1;
        generation += 1;
        listController?.abort();
        set(INITIAL_ADMIN_RECURRING_STATE);
      },
    };
  });
}

export type AdminRecurringStoreHook = ReturnType<typeof createAdminRecurringStore>;
