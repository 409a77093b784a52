import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FORM_RESET_MS, buildDonationPayload, type DonationPayload } from '@charity/domain';
import { INITIAL_DONATION_WIZARD_VALUE, type DonationWizardValue, type LastDonation } from '../wizard-value';
import { createDonationController as createDonationWizardStore, isStaleForCampaign } from './donation-controller';

const DETAILS = {
  full_name: 'Asha Rao',
  email: 'asha@example.org',
  mobile: '9845012345',
  pan_number: '',
  country_code: 'US',
  state: 'California',
  city: 'San Francisco',
  address: '1 Market Street, Suite 100',
  pincode: '94105',
};

function payloadFor(campaignId: number | null): DonationPayload {
  return buildDonationPayload({ details: DETAILS, amount: 25, donationType: 'monthly', campaignId });
}

/** A wizard on the payment step: US, 25 USD custom, monthly. */
function onPaymentStep(campaignId: number | null = 7): DonationWizardValue {
  return {
    step: 4,
    countryCode: 'US',
    selectedAmount: 5,
    customAmount: '25',
    donationType: 'monthly',
    details: DETAILS,
    payload: payloadFor(campaignId),
  };
}

// The headless donation container's rules, as the site's store had them: the site (one controller per visit) and
// DonateWidget (one per widget) both run on this.
describe('donation wizard store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts at step 1 with India, 1000 INR, one-time, empty details and no payload', () => {
    const store = createDonationWizardStore();
    const { value, paymentState, resetPending } = store.getState();
    expect(value).toEqual(INITIAL_DONATION_WIZARD_VALUE);
    expect(value).toMatchObject({ step: 1, countryCode: 'IN', selectedAmount: 1000, customAmount: '', donationType: 'one_time', payload: null });
    expect(value.details.country_code).toBe('IN');
    expect(paymentState).toBe('input');
    expect(resetPending).toBe(false);
  });

  it('keeps every change the wizard reports', () => {
    const store = createDonationWizardStore();
    const next = { ...INITIAL_DONATION_WIZARD_VALUE, step: 2 as const, customAmount: '750' };
    store.getState().setValue(next);
    expect(store.getState().value).toBe(next);
  });

  it("forgets the panel's state when the wizard leaves the payment step", () => {
    const store = createDonationWizardStore();
    store.getState().setValue(onPaymentStep());
    store.getState().setPaymentState('error');
    store.getState().setValue({ ...onPaymentStep(), step: 4 });
    expect(store.getState().paymentState).toBe('error');
    store.getState().setValue({ ...onPaymentStep(), step: 3, payload: null });
    expect(store.getState().paymentState).toBe('input');
  });

  it('resets to step 1 with amount 1000 and no custom amount 10 s after a success, not before', () => {
    const store = createDonationWizardStore();
    store.getState().setValue(onPaymentStep());
    store.getState().paymentSucceeded();
    expect(store.getState()).toMatchObject({ paymentState: 'success', resetPending: true });

    vi.advanceTimersByTime(FORM_RESET_MS - 1);
    expect(store.getState().value.step).toBe(4);

    vi.advanceTimersByTime(1);
    const { value, paymentState, resetPending } = store.getState();
    expect(value).toMatchObject({ step: 1, selectedAmount: 1000, customAmount: '', countryCode: 'IN', payload: null });
    expect(value.details.full_name).toBe('');
    expect(paymentState).toBe('input');
    expect(resetPending).toBe(false);
  });

  it('a second success restarts the 10 s instead of resetting twice', () => {
    const setTimer = vi.fn((callback: () => void, ms: number) => setTimeout(callback, ms));
    const clearTimer = vi.fn((handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>));
    const store = createDonationWizardStore({ setTimer, clearTimer });
    store.getState().paymentSucceeded();
    vi.advanceTimersByTime(5000);
    store.getState().paymentSucceeded();
    expect(clearTimer).toHaveBeenCalledTimes(1);
    store.getState().setValue(onPaymentStep());
    vi.advanceTimersByTime(5000);
    expect(store.getState().value.step).toBe(4);
    vi.advanceTimersByTime(5000);
    expect(store.getState().value.step).toBe(1);
  });

  it('reset() starts over at once and cancels a pending reset', () => {
    const store = createDonationWizardStore();
    store.getState().setValue(onPaymentStep());
    store.getState().paymentSucceeded();
    store.getState().reset();
    expect(store.getState().value).toEqual(INITIAL_DONATION_WIZARD_VALUE);
    store.getState().setValue(onPaymentStep());
    vi.advanceTimersByTime(FORM_RESET_MS * 2);
    expect(store.getState().value.step).toBe(4);
  });

  describe('syncCampaign', () => {
    it('sends the wizard back to the review when the campaign changed before paying', () => {
      const store = createDonationWizardStore();
      store.getState().setValue(onPaymentStep(7));
      store.getState().syncCampaign(9);
      expect(store.getState().value).toMatchObject({ step: 3, payload: null, customAmount: '25' });
    });

    it('also when the campaign was cleared', () => {
      const store = createDonationWizardStore();
      store.getState().setValue(onPaymentStep(7));
      store.getState().syncCampaign(null);
      expect(store.getState().value.step).toBe(3);
    });

    it('leaves the payment step alone when the campaign is the same', () => {
      const store = createDonationWizardStore();
      const value = onPaymentStep(7);
      store.getState().setValue(value);
      store.getState().syncCampaign(7);
      expect(store.getState().value).toBe(value);
    });

    it.each(['processing', 'success', 'error'] as const)('never interrupts a payment in state %s', (state) => {
      const store = createDonationWizardStore();
      store.getState().setValue(onPaymentStep(7));
      store.getState().setPaymentState(state);
      store.getState().syncCampaign(9);
      expect(store.getState().value.step).toBe(4);
    });

    it('does nothing on the other steps', () => {
      const store = createDonationWizardStore();
      const value = { ...onPaymentStep(7), step: 2 as const, payload: null };
      store.getState().setValue(value);
      store.getState().syncCampaign(9);
      expect(store.getState().value).toBe(value);
    });
  });
});

/** What the payment hook reports for a paid gift: the receipt still being prepared. */
function lastDonation(paymentIntentId: string, patch: Partial<LastDonation> = {}): LastDonation {
  return {
    paymentIntentId,
    amount: 25,
    currency: 'USD',
    donationType: 'monthly',
    email: 'asha@example.org',
    receiptNumber: null,
    receipt: { state: 'pending' },
    share: { url: 'https://charity.example/campaigns/school-kits', title: 'School Kits' },
    ...patch,
  };
}

// The spec's reset stays; the receipt of the gift it follows stays reachable (WCAG 2.2.1) as step 1's note.
describe('the last donation after the reset', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('survives the reset: step 1 with 1000 INR and nothing else of the donor, plus the note', () => {
    const store = createDonationWizardStore();
    store.getState().setValue(onPaymentStep());
    store.getState().paymentSucceeded(lastDonation('pi_1'));
    expect(store.getState().value.lastDonation).toEqual(lastDonation('pi_1'));
    vi.advanceTimersByTime(FORM_RESET_MS);
    expect(store.getState().value).toEqual({ ...INITIAL_DONATION_WIZARD_VALUE, lastDonation: lastDonation('pi_1') });
    expect(store.getState()).toMatchObject({ paymentState: 'input', resetPending: false });
  });

  it('follows its receipt request, before or after the reset, and ignores another payment\'s', () => {
    const store = createDonationWizardStore();
    store.getState().setValue(onPaymentStep());
    store.getState().paymentSucceeded(lastDonation('pi_1', { receiptNumber: 'BBF/2026-27/000123' }));
    store.getState().receiptSettled('pi_0', { state: 'failed' });
    expect(store.getState().value.lastDonation?.receipt).toEqual({ state: 'pending' });
    vi.advanceTimersByTime(FORM_RESET_MS);
    const ready = { state: 'ready', number: 'BBF/2026-27/000123', downloadUrl: '/api/invoices/x/download?token=t' } as const;
    store.getState().receiptSettled('pi_1', ready);
    expect(store.getState().value.lastDonation).toEqual(lastDonation('pi_1', { receiptNumber: 'BBF/2026-27/000123', receipt: ready }));
    expect(store.getState().value.step).toBe(1);
  });

  it('is replaced by the next donation that succeeds, not by one that is only started', () => {
    const store = createDonationWizardStore();
    store.getState().paymentSucceeded(lastDonation('pi_1'));
    vi.advanceTimersByTime(FORM_RESET_MS);
    store.getState().setValue({ ...onPaymentStep(), lastDonation: store.getState().value.lastDonation });
    store.getState().setPaymentState('error');
    expect(store.getState().value.lastDonation?.paymentIntentId).toBe('pi_1');
    store.getState().paymentSucceeded(lastDonation('pi_2', { amount: 50 }));
    vi.advanceTimersByTime(FORM_RESET_MS);
    expect(store.getState().value.lastDonation).toEqual(lastDonation('pi_2', { amount: 50 }));
  });

  it('goes when the donor dismisses it (the wizard reports the value without it), and with reset()', () => {
    const store = createDonationWizardStore();
    store.getState().paymentSucceeded(lastDonation('pi_1'));
    vi.advanceTimersByTime(FORM_RESET_MS);
    store.getState().setValue({ ...store.getState().value, lastDonation: null });
    expect(store.getState().value).toEqual(INITIAL_DONATION_WIZARD_VALUE);

    store.getState().paymentSucceeded(lastDonation('pi_2'));
    store.getState().reset();
    expect(store.getState().value).toEqual(INITIAL_DONATION_WIZARD_VALUE);
  });

  it('a success reported without its donation leaves no note of an older one', () => {
    const store = createDonationWizardStore();
    store.getState().paymentSucceeded(lastDonation('pi_1'));
    vi.advanceTimersByTime(FORM_RESET_MS);
    store.getState().paymentSucceeded();
    vi.advanceTimersByTime(FORM_RESET_MS);
    expect(store.getState().value).toEqual(INITIAL_DONATION_WIZARD_VALUE);
  });
});

describe('donation controller', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('tells its subscribers of every change until they unsubscribe', () => {
    const controller = createDonationWizardStore();
    const listener = vi.fn();
    const unsubscribe = controller.subscribe(listener);
    controller.getState().setValue(onPaymentStep());
    controller.getState().setPaymentState('processing');
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    controller.getState().reset();
    expect(listener).toHaveBeenCalledTimes(2);
    expect(controller.getInitialState().value).toEqual(INITIAL_DONATION_WIZARD_VALUE);
  });

  it('dispose() cancels a pending reset: a widget taken off the page stays as it was', () => {
    const controller = createDonationWizardStore();
    controller.getState().setValue(onPaymentStep());
    controller.getState().paymentSucceeded();
    controller.dispose();
    vi.advanceTimersByTime(FORM_RESET_MS * 2);
    expect(controller.getState()).toMatchObject({ paymentState: 'success', value: { step: 4 } });
  });

  it('isStaleForCampaign: a payload for another campaign, before paying, is stale', () => {
    const value = onPaymentStep(7);
    expect(isStaleForCampaign({ value, paymentState: 'input' }, 9)).toBe(true);
    expect(isStaleForCampaign({ value, paymentState: 'input' }, null)).toBe(true);
    expect(isStaleForCampaign({ value, paymentState: 'input' }, 7)).toBe(false);
    expect(isStaleForCampaign({ value, paymentState: 'processing' }, 9)).toBe(false);
    expect(isStaleForCampaign({ value: { ...value, step: 3, payload: null }, paymentState: 'input' }, 9)).toBe(false);
  });
});
