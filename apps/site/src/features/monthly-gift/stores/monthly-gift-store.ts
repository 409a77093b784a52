import type { KyInstance } from 'ky';
import { create } from 'zustand';
import { isValidEmail, RECURRING_MESSAGES, type PauseMonths } from '@charity/domain';
import type { GiftView } from '@charity/domain/contract';
import type { ApiLogger, Notify } from '../../../lib/api/client';
import { toApiError } from '../../../lib/api/errors';
import { describeFailure } from '../../../lib/api/replies';
import {
  cancelGift,
  changeGiftAmount,
  changeGiftCard,
  fetchGift,
  pauseGift,
  requestGiftLinks,
  resumeGift,
  revokeGiftLinks,
  startCardSetup,
  type CardSetup,
  type GiftChange,
  fetchGiftReceipt,
} from '../api/gift-api';

/** Shown where the page's notices go when a receipt could not be fetched (the link still works). */
export const RECEIPT_DOWNLOAD_FAILED = 'Your receipt could not be downloaded. Please try again.';

/**
 * What the page shows: nothing yet (`start`), the gift being read, the gift, the form asking for a new link (no
 * token, or the link does not work), or a failure to read it (with Try again).
 */
export type GiftPageView = 'start' | 'loading' | 'ready' | 'link' | 'error';
export type GiftDialog = 'amount' | 'pause' | 'cancel' | 'card';
export type LinkRequestStatus = 'idle' | 'sending' | 'sent';

/** The new card confirmed by Stripe.js (or the sandbox) with a SetupIntent's secret: its id, or the sentence to show. */
export type ConfirmCardSetup = (setup: CardSetup) => Promise<{ setupIntentId: string } | { error: string }>;

export interface MonthlyGiftState {
  /** The management link's token, in memory only: never stored, never in the address, gone on reload. */
  token: string | null;
  view: GiftPageView;
  gift: GiftView | null;
  /** The server's sentence after a change ('Your monthly gift is paused…'). */
  notice: string | null;
  /** Why the gift could not be read (not a link problem): shown with Try again. */
  loadError: string | null;
  /** The link form's introduction: why a new link is needed. */
  linkIntro: string;
  linkStatus: LinkRequestStatus;
  linkError: string | null;
  dialog: GiftDialog | null;
  /** A change is being sent: the view's buttons and the open dialog wait. */
  busy: boolean;
  /** The open dialog's failure. */
  dialogError: string | null;
}

export interface MonthlyGiftActions {
  /**
   * Takes a token from the address's fragment (`/monthly-gift#<token>`), removes it from the address bar and the
   * history entry at once (history.replaceState), and reads the gift when the token is new or nothing was read yet.
   */
  openFromAddress: (target?: AddressTarget) => Promise<void>;
  load: () => Promise<void>;
  openDialog: (dialog: GiftDialog) => void;
  /** Closes the open dialog, unless a change is being sent. */
  closeDialog: () => void;
  changeAmount: (amount: number) => Promise<boolean>;
  pause: (months: PauseMonths) => Promise<boolean>;
  resume: () => Promise<boolean>;
  cancel: (reason: string | null) => Promise<boolean>;
  changeCard: (confirm: ConfirmCardSetup) => Promise<boolean>;
  revokeLinks: () => Promise<boolean>;
  /** Downloads one of the gift's receipts (its `receipt_url`) with the token in the request's header. */
  downloadReceipt: (receiptUrl: string, fileName: string) => Promise<boolean>;
  requestLink: (email: string) => Promise<boolean>;
}

export type MonthlyGiftStore = MonthlyGiftState & MonthlyGiftActions;

/** The window's parts the token is read from and removed from (a stand-in in tests). */
export interface AddressTarget {
  location: Pick<Location, 'hash' | 'pathname' | 'search'>;
  history: Pick<History, 'state' | 'replaceState'>;
}

export interface MonthlyGiftStoreOptions {
  client: KyInstance;
  /** Toasts for failures that have no dialog to show them in (resume, revoking links). */
  notify: Notify;
  log?: ApiLogger;
}

export const INITIAL_MONTHLY_GIFT_STATE: MonthlyGiftState = {
  token: null,
  view: 'start',
  gift: null,
  notice: null,
  loadError: null,
  linkIntro: RECURRING_MESSAGES.linkMissing,
  linkStatus: 'idle',
  linkError: null,
  dialog: null,
  busy: false,
  dialogError: null,
};

/** A token as links carry it (URL-safe characters, at most what the API reads); the API alone decides if it works. */
const TOKEN_PATTERN = /^[A-Za-z0-9._~-]{1,100}$/;

/** What the address's fragment held: nothing, a token, or something that cannot be one (a mangled link). */
export type AddressToken = { kind: 'none' } | { kind: 'token'; token: string } | { kind: 'invalid' };

/**
 * Reads the token from the fragment and removes the fragment from the current history entry (keeping the router's
 * state, so Back and Forward still work): it must not stay in the address bar, the history or a bookmark. A fragment
 * that cannot be a token is removed too.
 */
export function takeTokenFromAddress(target: AddressTarget): AddressToken {
  const { hash, pathname, search } = target.location;
  if (hash === '' || hash === '#') return { kind: 'none' };
  target.history.replaceState(target.history.state, '', `${pathname}${search}`);
  const token = hash.slice(1).trim();
  return TOKEN_PATTERN.test(token) ? { kind: 'token', token } : { kind: 'invalid' };
}

const isUnauthorized = (error: unknown) => toApiError(error).status === 401;

/** The sentence for a link that does not work: the reply's, else 'This link is not valid…'. */
function linkProblem(error: unknown): string {
  const apiError = toApiError(error);
  const message = apiError.failure.kind === 'response' ? apiError.failure.message?.trim() : '';
  return message || RECURRING_MESSAGES.linkInvalid;
}

/**
 * /monthly-gift (docs/decisions/022-monthly-gifts.md): the donor's gift reached by the management link's token, the
 * changes they may make, and the form asking for a new link. A 401 on any call means the link stopped working: the
 * token is forgotten and the form says why in the reply's words. Answers for a token that is no longer the current
 * one are dropped.
 */
export function createMonthlyGiftStore({ client, notify, log = console }: MonthlyGiftStoreOptions) {
  return create<MonthlyGiftStore>()((set, get) => {
    // Bumped whenever the token changes or stops working: an answer for an older one must not write.
    let generation = 0;
    let loadSequence = 0;

    const linkStopped = (error: unknown) => {
      generation += 1;
      set({ ...INITIAL_MONTHLY_GIFT_STATE, view: 'link', linkIntro: linkProblem(error) });
    };

    const load = async (): Promise<void> => {
      const { token } = get();
      const ticket = ++loadSequence;
      const current = generation;
      if (!token) {
        set({ view: 'link', gift: null, linkIntro: RECURRING_MESSAGES.linkMissing });
        return;
      }
      // Read again while it is shown (back on the page): the gift stays on screen meanwhile, and after a failure.
      const quiet = get().view === 'ready' && get().gift !== null;
      if (!quiet) set({ view: 'loading', loadError: null });
      try {
        const gift = await fetchGift(client, token);
        if (ticket !== loadSequence || current !== generation) return;
        set({ view: 'ready', gift });
      } catch (error) {
        if (ticket !== loadSequence || current !== generation) return;
        log.error(`[monthly-gift] The gift could not be read: ${describeFailure(error)}`);
        if (isUnauthorized(error)) linkStopped(error);
        else if (!quiet) set({ view: 'error', gift: null, loadError: toApiError(error).message });
      }
    };

    /**
     * Runs a change: busy while it is sent; the server's gift and sentence on success (the dialog closes); on failure
     * the dialog's alert, or a toast when no dialog is open; a 401 sends the donor to the link form.
     */
    const runChange = async (what: string, call: (token: string) => Promise<GiftChange>): Promise<boolean> => {
      const { token, busy } = get();
      if (!token || busy) return false;
      const current = generation;
      set({ busy: true, dialogError: null });
      try {
        const { gift, message } = await call(token);
        if (current !== generation) return false;
        set({ gift, notice: message, dialog: null, busy: false, view: 'ready' });
        return true;
      } catch (error) {
        if (current !== generation) return false;
        log.error(`[monthly-gift] ${what} failed: ${describeFailure(error)}`);
        if (isUnauthorized(error)) {
          linkStopped(error);
          return false;
        }
        const message = error instanceof CardChangeRefused ? error.message : toApiError(error).message;
        if (get().dialog) set({ busy: false, dialogError: message });
        else {
          set({ busy: false });
          notify('error', message);
        }
        return false;
      }
    };

    return {
      ...INITIAL_MONTHLY_GIFT_STATE,

      openFromAddress: async (target = window) => {
        const taken = takeTokenFromAddress(target);
        if (taken.kind === 'invalid') {
          generation += 1;
          set({ ...INITIAL_MONTHLY_GIFT_STATE, view: 'link', linkIntro: RECURRING_MESSAGES.linkInvalid });
          return;
        }
        if (taken.kind === 'token' && taken.token !== get().token) {
          generation += 1;
          set({ ...INITIAL_MONTHLY_GIFT_STATE, token: taken.token });
          return load();
        }
        const { token, view, busy } = get();
        // No token: the link form, keeping what it already says (why the last link stopped working).
        if (!token) {
          if (view !== 'link') set({ view: 'link', linkIntro: RECURRING_MESSAGES.linkMissing });
          return;
        }
        // Back on the page in the same tab: the gift as it is now.
        if (view !== 'loading' && !busy) return load();
      },

      load,

      openDialog: (dialog) => {
        if (get().busy || !get().gift) return;
        set({ dialog, dialogError: null });
      },

      closeDialog: () => {
        if (get().busy) return;
        set({ dialog: null, dialogError: null });
      },

      changeAmount: (amount) => runChange('Changing the amount', (token) => changeGiftAmount(client, token, amount)),
      pause: (months) => runChange('Pausing', (token) => pauseGift(client, token, months)),
      resume: () => runChange('Resuming', (token) => resumeGift(client, token)),
      cancel: (reason) => {
        const trimmed = reason?.trim() ?? '';
        return runChange('Cancelling', (token) => cancelGift(client, token, trimmed === '' ? null : trimmed));
      },

      changeCard: (confirm) =>
        runChange('Changing the card', async (token) => {
          const setup = await startCardSetup(client, token);
          const confirmed = await confirm(setup);
          if ('error' in confirmed) throw new CardChangeRefused(confirmed.error || RECURRING_MESSAGES.cardSetupFailed);
          return changeGiftCard(client, token, confirmed.setupIntentId);
        }),

      downloadReceipt: async (receiptUrl: string, fileName: string) => {
        const { token } = get();
        if (!token) return false;
        try {
          const pdf = await fetchGiftReceipt(client, token, receiptUrl);
          // A link to the downloaded bytes, clicked at once and let go: the address carries no token.
          const href = URL.createObjectURL(pdf);
          const anchor = document.createElement('a');
          anchor.href = href;
          anchor.download = fileName;
          anchor.click();
          setTimeout(() => URL.revokeObjectURL(href), 10_000);
          return true;
        } catch (error) {
          log.error(`[monthly-gift] Downloading a receipt failed: ${describeFailure(error)}`);
          if (isUnauthorized(error)) linkStopped(error);
          else set({ notice: RECEIPT_DOWNLOAD_FAILED });
          return false;
        }
      },
      revokeLinks: async () => {
        const { token, busy } = get();
        if (!token || busy) return false;
        const current = generation;
        set({ busy: true });
        try {
          const message = await revokeGiftLinks(client, token);
          if (current !== generation) return false;
          // This page's own link stopped working too: forget it, and offer a new one.
          generation += 1;
          set({ ...INITIAL_MONTHLY_GIFT_STATE, view: 'link', linkIntro: message ?? RECURRING_MESSAGES.linksRevoked });
          return true;
        } catch (error) {
          if (current !== generation) return false;
          log.error(`[monthly-gift] Revoking the links failed: ${describeFailure(error)}`);
          if (isUnauthorized(error)) linkStopped(error);
          else {
            set({ busy: false });
            notify('error', toApiError(error).message);
          }
          return false;
        }
      },

      requestLink: async (email) => {
        const address = email.trim();
        if (!isValidEmail(address)) {
          set({ linkError: RECURRING_MESSAGES.emailInvalid });
          return false;
        }
        if (get().linkStatus === 'sending') return false;
        set({ linkStatus: 'sending', linkError: null });
        try {
          // The form says the one sentence the server answers whatever the address (RECURRING_MESSAGES.linksRequested).
          await requestGiftLinks(client, address);
          set({ linkStatus: 'sent' });
          return true;
        } catch (error) {
          log.error(`[monthly-gift] Asking for a link failed: ${describeFailure(error)}`);
          set({ linkStatus: 'idle', linkError: toApiError(error).message });
          return false;
        }
      },
    };
  });
}

/** The new card was refused before the gift was changed (by the card's bank, or the fields): the sentence to show. */
class CardChangeRefused extends Error {
  override readonly name = 'CardChangeRefused';
}

export type MonthlyGiftStoreHook = ReturnType<typeof createMonthlyGiftStore>;
