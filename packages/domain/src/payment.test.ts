import { describe, expect, it } from 'vitest';
import {
  DONATION_WIZARD_STEPS,
  WIZARD_RESET_STATE,
  amountSelectionForCountry,
  canSubmitPayment,
  nextWizardStep,
  paymentIntentOutcome,
  previousWizardStep,
  retryPaymentState,
  type PaymentFormStatus,
  type WizardStep,
} from './payment';

describe('wizard steps', () => {
  it('has Amount, Details, Review, Payment', () => {
    expect(DONATION_WIZARD_STEPS.map((s) => s.label)).toEqual(['Amount', 'Details', 'Review', 'Payment']);
  });

  it.each<[WizardStep, boolean, WizardStep]>([
    [1, true, 2],
    [1, false, 1],
    [2, true, 3],
    [3, true, 4],
    [4, true, 4],
    [3, false, 3],
  ])('continue from %d (valid %s) → %d', (step, valid, expected) => {
    expect(nextWizardStep(step, valid)).toBe(expected);
  });

  it.each<[WizardStep, WizardStep]>([
    [4, 3],
    [2, 1],
    [1, 1],
  ])('back from %d → %d', (step, expected) => {
    expect(previousWizardStep(step)).toBe(expected);
  });

  it.each([
    ['IN', 100],
    ['US', 5],
    ['EU', 5],
    ['DE', 5],
    ['GB', 5],
    ['XX', 100],
  ])('country change to %s selects %d and clears the custom amount', (code, amount) => {
    expect(amountSelectionForCountry(code)).toEqual({ selectedAmount: amount, customAmount: '' });
  });

  it('resets to step 1 with 1000', () => {
    expect(WIZARD_RESET_STATE).toEqual({ step: 1, selectedAmount: 1000, customAmount: '' });
  });
});

describe('payment panel', () => {
  const ready: PaymentFormStatus = { cardNumberComplete: true, expiryComplete: true, cvcComplete: true, hasCardError: false, termsAccepted: true };

  it.each<[Partial<PaymentFormStatus>, boolean]>([
    [{}, true],
    [{ cardNumberComplete: false }, false],
    [{ expiryComplete: false }, false],
    [{ cvcComplete: false }, false],
    [{ hasCardError: true }, false],
    [{ termsAccepted: false }, false],
  ])('%j → enabled %s', (change, expected) => {
    expect(canSubmitPayment({ ...ready, ...change })).toBe(expected);
  });

  it.each([
    ['succeeded', { ok: true }],
    ['processing', { ok: false, message: 'Payment status: processing' }],
    ['requires_payment_method', { ok: false, message: 'Payment status: requires_payment_method' }],
  ])('%s → %j', (status, outcome) => {
    expect(paymentIntentOutcome(status)).toEqual(outcome);
  });

  it('Try Again returns from error to input', () => {
    expect(retryPaymentState('error')).toBe('input');
    expect(retryPaymentState('success')).toBe('success');
    expect(retryPaymentState('processing')).toBe('processing');
  });
});
