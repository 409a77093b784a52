import { createStore, type StoreApi } from 'zustand/vanilla';
import { FORM_RESET_MS, type PaymentPanelState } from '@charity/domain';
import { INITIAL_DONATION_WIZARD_VALUE, type DonationWizardValue } from '@charity/ui';

export interface DonationWizardState {
  /** What the wizard shows: step, amount choices, details and the payload being paid for. */
  value: DonationWizardValue;
  /** The payment panel's state while step 4 is shown ('input' elsewhere). */
  paymentState: PaymentPanelState;
  /** A reset is scheduled after a successful payment. */
  resetPending: boolean;
}

export interface DonationWizardActions {
  /** Every change the wizard reports. Leaving the payment step forgets the panel's state. */
  setValue: (value: DonationWizardValue) => void;
  setPaymentState: (state: PaymentPanelState) => void;
  /** Paid and saved: FORM_RESET_MS (10 s) later the wizard starts over at step 1 with 1000 INR (spec §4). */
  paymentSucceeded: () => void;
  /**
   * The page's campaign is now `campaignId`. A payload built for another campaign is not paid for: while no payment
   * is under way (panel in input), the wizard goes back to the review, which builds it again.
   */
  syncCampaign: (campaignId: number | null) => void;
  /** Back to a fresh wizard at once (and no pending reset). */
  reset: () => void;
}

export type DonationWizardStore = DonationWizardState & DonationWizardActions;

export interface DonationWizardStoreOptions {
  resetAfterMs?: number;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export const INITIAL_DONATION_WIZARD_STATE: DonationWizardState = {
  value: INITIAL_DONATION_WIZARD_VALUE,
  paymentState: 'input',
  resetPending: false,
};

export function createDonationWizardStore(options: DonationWizardStoreOptions = {}): StoreApi<DonationWizardStore> {
  const resetAfterMs = options.resetAfterMs ?? FORM_RESET_MS;
  const setTimer = options.setTimer ?? ((callback: () => void, ms: number) => setTimeout(callback, ms));
  const clearTimer = options.clearTimer ?? ((handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  let timer: unknown = null;

  const cancelTimer = () => {
    if (timer !== null) clearTimer(timer);
    timer = null;
  };

  return createStore<DonationWizardStore>()((set, get) => ({
    ...INITIAL_DONATION_WIZARD_STATE,

    setValue: (value) => {
      set((state) => ({ value, paymentState: value.step === 4 ? state.paymentState : 'input' }));
    },

    setPaymentState: (paymentState) => set({ paymentState }),

    paymentSucceeded: () => {
      cancelTimer();
      set({ paymentState: 'success', resetPending: true });
      timer = setTimer(() => {
        timer = null;
        set({ ...INITIAL_DONATION_WIZARD_STATE });
      }, resetAfterMs);
    },

    syncCampaign: (campaignId) => {
      const { value, paymentState } = get();
      if (value.step !== 4 || !value.payload || paymentState !== 'input') return;
      if (value.payload.campaign_id === campaignId) return;
      set({ value: { ...value, step: 3, payload: null } });
    },

    reset: () => {
      cancelTimer();
      set({ ...INITIAL_DONATION_WIZARD_STATE });
    },
  }));
}

/**
 * The site's one wizard. Module-level on purpose: a donor who opens another page and comes back finds the wizard
 * where they left it, and the reset after a success still happens if they left the page meanwhile.
 */
export const donationWizardStore = createDonationWizardStore();
