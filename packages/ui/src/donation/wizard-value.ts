import {
  DEFAULT_COUNTRY_CODE,
  DEFAULT_DONATION_TYPE,
  EMPTY_DONATION_DETAILS,
  WIZARD_RESET_STATE,
  getCountry,
  resolveDonationAmount,
  type DonationDetails,
  type DonationPayload,
  type DonationType,
  type WizardStep,
} from '@charity/domain';
import type { DonationShare, ReceiptStatus } from './ThankYou';

/** Step 1's choices. */
export interface AmountStepValue {
  countryCode: string;
  /** The quick amount picked; ignored while a custom amount is typed. */
  selectedAmount: number;
  /** The custom amount as typed ('' when none). */
  customAmount: string;
  donationType: DonationType;
}

/**
 * The last donation completed in this wizard, kept past the reset 10 s after its success so its receipt stays
 * reachable: step 1 shows it as a note until the donor dismisses it or another donation succeeds. Only what the note
 * says; the donor's other details are gone with the reset.
 */
export interface LastDonation {
  paymentIntentId: string;
  amount: number;
  currency: string;
  donationType: DonationType;
  /** Where the receipt was mailed. */
  email: string;
  /** The receipt's number from the save, before the receipt request settles; null when unknown. */
  receiptNumber: string | null;
  receipt: ReceiptStatus;
  /** The campaign to pass on (a campaign gift only). */
  share: DonationShare | null;
}

/** Everything the wizard shows; the app keeps it (a store) and the wizard reports every change. */
export interface DonationWizardValue extends AmountStepValue {
  step: WizardStep;
  details: DonationDetails;
  /** Built and checked when the review is submitted; what the payment step pays for. */
  payload: DonationPayload | null;
  /** The note step 1 shows about the last completed donation; none (or null) before one, or once dismissed. */
  lastDonation?: LastDonation | null;
}

/** A fresh wizard: step 1, India, 1000 INR, one-time, empty details (also the state 10 s after a success, less the note). */
export const INITIAL_DONATION_WIZARD_VALUE: DonationWizardValue = {
  ...WIZARD_RESET_STATE,
  countryCode: DEFAULT_COUNTRY_CODE,
  donationType: DEFAULT_DONATION_TYPE,
  details: { ...EMPTY_DONATION_DETAILS, country_code: DEFAULT_COUNTRY_CODE },
  payload: null,
  lastDonation: null,
};

/** The amount the donor chose (custom when typed, else the quick amount); NaN for unreadable custom text. */
export function chosenAmount(value: AmountStepValue): number {
  return resolveDonationAmount(value.selectedAmount, value.customAmount);
}

/** The currency of the chosen country (INR when unknown). */
export function currencyOf(countryCode: string): string {
  return getCountry(countryCode)?.currency ?? 'INR';
}

/**
 * The details after the country changed in step 1. India's state comes from a fixed list while other countries
 * type theirs, so a state typed for one kind of country is cleared when moving to the other; a PAN is kept only
 * for India.
 */
export function detailsForCountry(details: DonationDetails, countryCode: string): DonationDetails {
  const code = countryCode.toUpperCase();
  const before = details.country_code.toUpperCase();
  if (code === before) return details;
  const indiaChanged = (code === 'IN') !== (before === 'IN');
  return {
    ...details,
    country_code: code,
    state: indiaChanged ? '' : details.state,
    pan_number: code === 'IN' ? details.pan_number : '',
  };
}
