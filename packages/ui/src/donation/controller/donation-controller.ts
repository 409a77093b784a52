/**
 * A donation's life in the browser, headless: which step the wizard shows, what the payment panel is doing, the stale
 * campaign rule and the fresh wizard 10 s after a success, which keeps the completed donation's receipt as a note. Plain TypeScript with a subscribe/getState pair (the
 * shape React's useSyncExternalStore and zustand's useStore read), so the published @charity/ui needs no store
 * library and the site and DonateWidget run the same rules: the site keeps one for the whole visit, DonateWidget
 * one per widget.
 */
import { FORM_RESET_MS, type PaymentPanelState } from '@charity/domain';
import type { ReceiptStatus } from '../ThankYou';
import { INITIAL_DONATION_WIZARD_VALUE, type DonationWizardValue, type LastDonation } from '../wizard-value';

export interface DonationState {
  /** What the wizard shows: step, amount choices, details and the payload being paid for. */
  value: DonationWizardValue;
  /** The payment panel's state while step 4 is shown ('input' elsewhere). */
  paymentState: PaymentPanelState;
  /** A reset is scheduled after a successful payment. */
  resetPending: boolean;
}

export interface DonationActions {
  /** Every change the wizard reports. Leaving the payment step forgets the panel's state. */
  setValue: (value: DonationWizardValue) => void;
  setPaymentState: (state: PaymentPanelState) => void;
  /**
   * Paid and saved: FORM_RESET_MS (10 s) later the wizard starts over at step 1 with 1000 INR (spec §4). `donation`
   * replaces the last one: the fresh wizard keeps it (value.lastDonation), so its receipt stays reachable after the
   * thank-you is gone (WCAG 2.2.1), until the donor dismisses it or another donation succeeds.
   */
  paymentSucceeded: (donation?: LastDonation) => void;
  /** The receipt request for `paymentIntentId` settled: the note shows it (nothing when that donation is not the last). */
  receiptSettled: (paymentIntentId: string, receipt: ReceiptStatus) => void;
  /**
   * The page's campaign is now `campaignId`. A payload built for another campaign is not paid for: while no payment
   * is under way (panel in input), the wizard goes back to the review, which builds it again.
   */
  syncCampaign: (campaignId: number | null) => void;
  /** Back to a fresh wizard at once (and no pending reset), the last donation's note included. */
  reset: () => void;
}

export type DonationControllerState = DonationState & DonationActions;

export interface DonationController {
  getState: () => DonationControllerState;
  getInitialState: () => DonationControllerState;
  /** Called after every change; returns the unsubscribe. */
  subscribe: (listener: () => void) => () => void;
  /** Cancels a pending reset: the wizard it belonged to is gone (a DonateWidget unmounted). */
  dispose: () => void;
}

export interface DonationControllerOptions {
  resetAfterMs?: number;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export const INITIAL_DONATION_STATE: DonationState = {
  value: INITIAL_DONATION_WIZARD_VALUE,
  paymentState: 'input',
  resetPending: false,
};

/**
 * The value the wizard shows for the page's campaign: a payload built for another campaign, before a payment started,
 * shows the review again (the same rule as syncCampaign, for the render before it has run).
 */
export function isStaleForCampaign(state: Pick<DonationState, 'value' | 'paymentState'>, campaignId: number | null): boolean {
  const { value, paymentState } = state;
  return value.step === 4 && value.payload !== null && paymentState === 'input' && value.payload.campaign_id !== campaignId;
}

export function createDonationController(options: DonationControllerOptions = {}): DonationController {
  const resetAfterMs = options.resetAfterMs ?? FORM_RESET_MS;
  const setTimer = options.setTimer ?? ((callback: () => void, ms: number) => setTimeout(callback, ms));
  const clearTimer = options.clearTimer ?? ((handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  const listeners = new Set<() => void>();
  let timer: unknown = null;

  const cancelTimer = () => {
    if (timer !== null) clearTimer(timer);
    timer = null;
  };

  const set = (patch: Partial<DonationState>) => {
    state = { ...state, ...patch };
    for (const listener of [...listeners]) listener();
  };

  const actions: DonationActions = {
    setValue: (value) => set({ value, paymentState: value.step === 4 ? state.paymentState : 'input' }),

    setPaymentState: (paymentState) => set({ paymentState }),

    paymentSucceeded: (donation) => {
      cancelTimer();
      set({ value: { ...state.value, lastDonation: donation ?? null }, paymentState: 'success', resetPending: true });
      timer = setTimer(() => {
        timer = null;
        set({ ...INITIAL_DONATION_STATE, value: { ...INITIAL_DONATION_WIZARD_VALUE, lastDonation: state.value.lastDonation ?? null } });
      }, resetAfterMs);
    },

    receiptSettled: (paymentIntentId, receipt) => {
      const last = state.value.lastDonation;
      if (!last || last.paymentIntentId !== paymentIntentId) return;
      set({ value: { ...state.value, lastDonation: { ...last, receipt } } });
    },

    syncCampaign: (campaignId) => {
      if (!isStaleForCampaign(state, campaignId)) return;
      set({ value: { ...state.value, step: 3, payload: null } });
    },

    reset: () => {
      cancelTimer();
      set({ ...INITIAL_DONATION_STATE });
    },
  };

  const initialState: DonationControllerState = { ...INITIAL_DONATION_STATE, ...actions };
  let state: DonationControllerState = initialState;

  return {
    getState: () => state,
    getInitialState: () => initialState,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose: cancelTimer,
  };
}
