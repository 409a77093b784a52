/** Donation wizard steps and payment panel (spec §4 "Donation wizard", "Payment panel", §5 "Payment button"). */
import { DEFAULT_DONATION_AMOUNT, defaultQuickAmount } from './amounts';
import { getCountry } from './countries';
import { paymentStatusMessage } from './messages';

export const DONATION_WIZARD_STEPS = [
  { step: 1, label: 'Amount' },
  { step: 2, label: 'Details' },
  { step: 3, label: 'Review' },
  { step: 4, label: 'Payment' },
] as const;

export type WizardStep = (typeof DONATION_WIZARD_STEPS)[number]['step'];
export const FIRST_WIZARD_STEP: WizardStep = 1;
export const LAST_WIZARD_STEP: WizardStep = 4;

function clampStep(step: number): WizardStep {
  if (step <= 1) return 1;
  if (step >= 4) return 4;
  return Math.round(step) as WizardStep;
}

/** Continue: advances one step only when the current step validated; never past step 4. */
export function nextWizardStep(step: WizardStep, currentStepValid: boolean): WizardStep {
  return currentStepValid ? clampStep(step + 1) : step;
}

/** Back: one step down, at lowest step 1. */
export function previousWizardStep(step: WizardStep): WizardStep {
  return clampStep(step - 1);
}

export interface AmountSelection {
  selectedAmount: number;
  customAmount: string;
}

/** After a country change: the second quick amount of the country's currency, custom amount cleared. */
export function amountSelectionForCountry(countryCode: string): AmountSelection {
  const currency = getCountry(countryCode)?.currency ?? 'INR';
  return { selectedAmount: defaultQuickAmount(currency), customAmount: '' };
}

/** FORM_RESET_MS after a success the wizard returns to step 1 with amount 1000 and no custom amount. */
export const WIZARD_RESET_STATE: Readonly<{ step: WizardStep } & AmountSelection> = {
  step: 1,
  selectedAmount: DEFAULT_DONATION_AMOUNT,
  customAmount: '',
};

export const PAYMENT_PANEL_STATES = ['input', 'processing', 'success', 'error'] as const;
export type PaymentPanelState = (typeof PAYMENT_PANEL_STATES)[number];

/** The card provider's status of a payment that may be saved as a donation. */
export const PAYMENT_SUCCEEDED_STATUS = 'succeeded';

export interface PaymentFormStatus {
  cardNumberComplete: boolean;
  expiryComplete: boolean;
  cvcComplete: boolean;
  /** True while the card fields report an error. */
  hasCardError: boolean;
  termsAccepted: boolean;
}

/** The pay button is enabled only with complete card number, expiry and security code, no error, and the terms ticked. */
export function canSubmitPayment(status: PaymentFormStatus): boolean {
  return status.cardNumberComplete && status.expiryComplete && status.cvcComplete && !status.hasCardError && status.termsAccepted;
}

/**
 * After confirming the card payment: only 'succeeded' may be saved as a donation; any other
 * status is an error 'Payment status: {status}'.
 */
export function paymentIntentOutcome(status: string): { ok: true } | { ok: false; message: string } {
  return status === PAYMENT_SUCCEEDED_STATUS ? { ok: true } : { ok: false, message: paymentStatusMessage(status) };
}

/** 'Try Again' returns the panel from error to input; other states are unchanged. */
export function retryPaymentState(state: PaymentPanelState): PaymentPanelState {
  return state === 'error' ? 'input' : state;
}
