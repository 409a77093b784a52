/** Donation amounts: quick picks, minimums, minor units (spec §4 wizard step 1, §5 Amount, §9). */
import { FALLBACK_MIN_DONATION, getCountry } from './countries';
import { currencyFacts, FALLBACK_MINOR_UNITS, FALLBACK_QUICK_AMOUNTS } from './currencies';
import { formatCurrency } from './format';
import { ORGANISATION } from './organisation';
import { toNumber } from './internal/values';

/** Default donation amount in INR (spec §9); the wizard resets to it after a success. */
export const DEFAULT_DONATION_AMOUNT = 1000;

/** The custom amount input's `min` attribute when no country config is found (spec §9). */
export const CUSTOM_AMOUNT_MIN_FALLBACK = 1;
/** The custom amount input's `step` attribute. */
export const CUSTOM_AMOUNT_STEP = 1;

export const INVALID_AMOUNT_MESSAGE = 'Please enter a valid donation amount';

/** The five quick-pick amounts for a currency (currencies.ts). */
export function quickAmounts(currency: string): number[] {
  return [...(currencyFacts(currency)?.quickAmounts ?? FALLBACK_QUICK_AMOUNTS)];
}

/** The pre-selected quick amount: the second one (used on load and after a country change). */
export function defaultQuickAmount(currency: string): number {
  return (currencyFacts(currency)?.quickAmounts ?? FALLBACK_QUICK_AMOUNTS)[1];
}

/** The country's minimum donation; FALLBACK_MIN_DONATION (10) when the country is unknown. */
export function minimumDonation(countryCode: string | null | undefined): number {
  return getCountry(countryCode)?.min_donation ?? FALLBACK_MIN_DONATION;
}

/** The custom amount input's `min` attribute: the country minimum, else 1. */
export function customAmountMin(countryCode: string | null | undefined): number {
  return getCountry(countryCode)?.min_donation ?? CUSTOM_AMOUNT_MIN_FALLBACK;
}

/** 'Minimum donation amount is ₹50' (the symbol is omitted for an unknown country). */
export function minimumDonationMessage(countryCode: string | null | undefined): string {
  const country = getCountry(countryCode);
  const min = minimumDonation(countryCode);
  const shown = country ? formatCurrency(min, country.currency) : String(min);
  return `Minimum donation amount is ${shown}`;
}

/** The refusal of an amount above the largest accepted online (currencies.ts), with where to go for larger gifts. */
export function largestDonationMessage(max: number, currency: string): string {
  return `The largest donation we can accept online is ${formatCurrency(max, currency)}. Please contact us at ${ORGANISATION.email} for larger gifts.`;
}

/**
 * Step-1 check: null when the amount is at least the country minimum, else
 * 'Minimum donation amount is {symbol}{min}'. Numeric strings are accepted (custom input);
 * empty, NaN or infinite values give INVALID_AMOUNT_MESSAGE.
 */
export function validateAmount(amount: number | string | null | undefined, countryCode: string | null | undefined): string | null {
  const value = toNumber(amount);
  if (!Number.isFinite(value)) return INVALID_AMOUNT_MESSAGE;
  if (value < minimumDonation(countryCode)) return minimumDonationMessage(countryCode);
  return null;
}

/**
 * The amount the donor chose: the custom amount when one was typed, else the selected quick amount.
 * Returns NaN when the custom text is not a number (validateAmount then reports it).
 */
export function resolveDonationAmount(selectedAmount: number, customAmount: string | number | null | undefined): number {
  if (customAmount === null || customAmount === undefined) return selectedAmount;
  if (typeof customAmount === 'string' && customAmount.trim() === '') return selectedAmount;
  return toNumber(customAmount);
}

/**
 * The amount in the currency's minor unit (paise, cents, øre…) as an integer, rounded half away
 * from zero, as card providers expect. Digits from the currency table (currencies.ts); unknown currencies are
 * assumed to have 2 decimals.
 * Throws a RangeError for a non-finite amount.
 */
export function toMinorUnits(amount: number, currency: string): number {
  if (!Number.isFinite(amount)) throw new RangeError(`Invalid amount: ${String(amount)}`);
  const digits = currencyFacts(currency)?.minorUnits ?? FALLBACK_MINOR_UNITS;
  const factor = 10 ** digits;
  // toFixed avoids binary noise such as 10.1 * 100 = 1010.0000000000001 and 1.005 * 100 = 100.49999999999999.
  const scaled = Number((Math.abs(amount) * factor).toFixed(6));
  const result = Math.sign(amount) * Math.round(scaled);
  return result === 0 ? 0 : result;
}
