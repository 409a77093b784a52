/** Donation amounts: quick picks, minimums, decimals, the largest accepted, minor units (spec §4 wizard step 1, §5 Amount, §9). */
import { FALLBACK_MIN_DONATION, getCountry } from './countries';
import { currencyFacts, currencyMinorUnits, FALLBACK_QUICK_AMOUNTS, largestAcceptedAmount } from './currencies';
import { formatCurrency } from './format';
import { ORGANISATION } from './organisation';
import { toNumber } from './internal/values';

/** Default donation amount in INR (spec §9); the wizard resets to it after a success. */
export const DEFAULT_DONATION_AMOUNT = 1000;

/** The custom amount input's `min` attribute when no country config is found (spec §9). */
export const CUSTOM_AMOUNT_MIN_FALLBACK = 1;
/** The custom amount input's `step` attribute (spec §5: "step 1"; decimals are still typed and checked by validateAmount). */
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
 * Whether `amount` has no more decimals than `currency`'s minor unit (currencyMinorUnits: 2 for INR, USD, EUR, GBP…,
 * 0 for JPY), judged on the minor units with the server's tolerance (19.99 * 100 is 1998.9999999999998).
 */
export function hasAcceptedDecimals(amount: number, currency: string): boolean {
  if (!Number.isFinite(amount)) return false;
  const scaled = amount * 10 ** currencyMinorUnits(currency);
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

/**
 * What a currency accepts, said instead of rounding: 'Please enter an amount in whole rupees or with up to 2
 * decimals', 'Please enter an amount in whole JPY' (a currency outside the table is named by its code).
 */
export function amountDecimalsMessage(currency: string): string {
  const digits = currencyMinorUnits(currency);
  const unit = currencyFacts(currency)?.unit ?? currency.trim().toUpperCase();
  if (digits === 0) return `Please enter an amount in whole ${unit}`;
  return `Please enter an amount in whole ${unit} or with up to ${digits} decimal${digits === 1 ? '' : 's'}`;
}

export interface AmountCheckOptions {
  /** Defaults to the country's currency (INR for an unknown country, as the wizard does). */
  currency?: string;
  /** An operator's lower cap (the API's PAYMENT_MAX_AMOUNT); see largestAcceptedAmount. */
  ceiling?: number;
}

/**
 * Step-1 check, the same rule the server applies to donation_data and create-intent: null when acceptable, else the
 * first of INVALID_AMOUNT_MESSAGE (empty, NaN or infinite; numeric strings are accepted for the custom input),
 * amountDecimalsMessage (more decimals than the currency has), 'Minimum donation amount is {symbol}{min}', and
 * largestDonationMessage (above the largest accepted online in the currency).
 */
export function validateAmount(
  amount: number | string | null | undefined,
  countryCode: string | null | undefined,
  options: AmountCheckOptions = {},
): string | null {
  const value = toNumber(amount);
  if (!Number.isFinite(value)) return INVALID_AMOUNT_MESSAGE;
  const currency = options.currency ?? getCountry(countryCode)?.currency ?? 'INR';
  if (!hasAcceptedDecimals(value, currency)) return amountDecimalsMessage(currency);
  if (value < minimumDonation(countryCode)) return minimumDonationMessage(countryCode);
  const largest = largestAcceptedAmount(currency, options.ceiling);
  if (value > largest) return largestDonationMessage(largest, currency);
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
 * from zero, as card providers expect. Digits from currencyMinorUnits (the currency table, else ISO 4217).
 * Throws a RangeError for a non-finite amount.
 */
export function toMinorUnits(amount: number, currency: string): number {
  if (!Number.isFinite(amount)) throw new RangeError(`Invalid amount: ${String(amount)}`);
  const digits = currencyMinorUnits(currency);
  const factor = 10 ** digits;
  // toFixed avoids binary noise such as 10.1 * 100 = 1010.0000000000001 and 1.005 * 100 = 100.49999999999999.
  const scaled = Number((Math.abs(amount) * factor).toFixed(6));
  const result = Math.sign(amount) * Math.round(scaled);
  return result === 0 ? 0 : result;
}

/**
 * A donation's amount as the donor typed it: formatCurrency's whole figure ('₹1,000', spec §9 "without decimals")
 * when it is whole, else with every minor-unit digit ('₹10.50', '$1,234.05'), so a 10.50 gift is never shown as ₹11.
 */
export function formatDonationAmount(amount: number, currency: string): string {
  if (!Number.isFinite(amount) || Number.isInteger(amount)) return formatCurrency(amount, currency);
  const digits = currencyMinorUnits(currency);
  const minor = Math.abs(toMinorUnits(amount, currency));
  const factor = 10 ** digits;
  const whole = formatCurrency(Math.sign(amount) * Math.floor(minor / factor), currency);
  const fraction = minor % factor;
  return fraction === 0 || digits === 0 ? whole : `${whole}.${String(fraction).padStart(digits, '0')}`;
}
