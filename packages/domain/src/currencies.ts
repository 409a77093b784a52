/**
 * Every per-currency fact in one table (docs/decisions/020-one-table-per-fact.md): symbol, the unit's name in a
 * sentence, minor units, digit grouping, the wizard's quick amounts, the fixed INR rate, the largest donation accepted
 * online, and the name a receipt writes. The symbols, quick amounts, rates and minor units that other modules export are read from here.
 */

export type QuickAmounts = readonly [number, number, number, number, number];

export interface CurrencyFacts {
  /** ISO 4217 code. */
  code: string;
  /** English name as a receipt writes it: 'US Dollars (USD)'. */
  name: string;
  /** Put directly before the grouped number: '₹10,00,000', 'C$25', 'kr100'. */
  symbol: string;
  /** The whole unit in a sentence, plural: 'Please enter an amount in whole rupees or with up to 2 decimals'. */
  unit: string;
  /** Decimal places of the minor unit (paise, cents, øre) that card providers count in. */
  minorUnits: number;
  /** Indian grouping ('10,00,000') or thousands ('1,000,000'). */
  grouping: 'indian' | 'thousands';
  /** The five quick-pick amounts of the wizard's step 1; the second is pre-selected. */
  quickAmounts: QuickAmounts;
  /** Approximate INR per unit (spec §9): impact texts, and the INR value campaign totals add up. DKK ≈ 12 is ours. */
  inrRate: number;
  /**
   * The largest donation accepted online, in whole units: LARGEST_DONATION_INR at `inrRate`, rounded down to a
   * hundred (currencies.test.ts holds every row to it). Larger gifts are asked to write to the organisation.
   */
  largestAmount: number;
}

/** ₹5,00,000: the largest donation accepted online; every other currency's ceiling is its equivalent. */
export const LARGEST_DONATION_INR = 500_000;

const THOUSANDS_QUICK_AMOUNTS: QuickAmounts = [1, 5, 10, 25, 50];

export const CURRENCIES = {
  INR: { code: 'INR', name: 'Indian Rupees', symbol: '₹', unit: 'rupees', minorUnits: 2, grouping: 'indian', quickAmounts: [50, 100, 200, 500, 1000], inrRate: 1, largestAmount: LARGEST_DONATION_INR },
  USD: { code: 'USD', name: 'US Dollars', symbol: '$', unit: 'dollars', minorUnits: 2, grouping: 'thousands', quickAmounts: THOUSANDS_QUICK_AMOUNTS, inrRate: 83, largestAmount: 6_000 },
  EUR: { code: 'EUR', name: 'Euros', symbol: '€', unit: 'euros', minorUnits: 2, grouping: 'thousands', quickAmounts: [1, 5, 10, 20, 50], inrRate: 90, largestAmount: 5_500 },
  GBP: { code: 'GBP', name: 'Pounds Sterling', symbol: '£', unit: 'pounds', minorUnits: 2, grouping: 'thousands', quickAmounts: THOUSANDS_QUICK_AMOUNTS, inrRate: 104, largestAmount: 4_800 },
  CAD: { code: 'CAD', name: 'Canadian Dollars', symbol: 'C$', unit: 'dollars', minorUnits: 2, grouping: 'thousands', quickAmounts: THOUSANDS_QUICK_AMOUNTS, inrRate: 61, largestAmount: 8_100 },
  AUD: { code: 'AUD', name: 'Australian Dollars', symbol: 'A$', unit: 'dollars', minorUnits: 2, grouping: 'thousands', quickAmounts: THOUSANDS_QUICK_AMOUNTS, inrRate: 54, largestAmount: 9_200 },
  SGD: { code: 'SGD', name: 'Singapore Dollars', symbol: 'S$', unit: 'dollars', minorUnits: 2, grouping: 'thousands', quickAmounts: THOUSANDS_QUICK_AMOUNTS, inrRate: 61, largestAmount: 8_100 },
  MYR: { code: 'MYR', name: 'Malaysian Ringgit', symbol: 'RM', unit: 'ringgit', minorUnits: 2, grouping: 'thousands', quickAmounts: THOUSANDS_QUICK_AMOUNTS, inrRate: 17.5, largestAmount: 28_500 },
  DKK: { code: 'DKK', name: 'Danish Kroner', symbol: 'kr', unit: 'kroner', minorUnits: 2, grouping: 'thousands', quickAmounts: THOUSANDS_QUICK_AMOUNTS, inrRate: 12, largestAmount: 41_600 },
} as const satisfies Readonly<Record<string, CurrencyFacts>>;

export type CurrencyCode = keyof typeof CURRENCIES;

/** The supported codes, INR first. */
export const CURRENCY_CODES = Object.keys(CURRENCIES) as CurrencyCode[];

/** Quick amounts for a currency the table does not know. */
export const FALLBACK_QUICK_AMOUNTS: QuickAmounts = THOUSANDS_QUICK_AMOUNTS;
/** Minor-unit digits assumed for a currency neither the table nor the runtime's ISO 4217 data knows. */
export const FALLBACK_MINOR_UNITS = 2;

/** The row for a code (case-insensitive, surrounding spaces ignored); undefined if unsupported. */
export function currencyFacts(currency: string | null | undefined): CurrencyFacts | undefined {
  if (typeof currency !== 'string') return undefined;
  const code = currency.trim().toUpperCase();
  return Object.hasOwn(CURRENCIES, code) ? CURRENCIES[code as CurrencyCode] : undefined;
}

/** One column of the table as a record by code ({ INR: '₹', USD: '$', … }). */
export function currencyColumn<K extends keyof CurrencyFacts>(column: K): Readonly<Record<CurrencyCode, CurrencyFacts[K]>> {
  return Object.fromEntries(CURRENCY_CODES.map((code) => [code, CURRENCIES[code][column]])) as Record<CurrencyCode, CurrencyFacts[K]>;
}

/**
 * The largest donation accepted online in `currency`, in whole units: the table's figure, lowered to `ceiling`
 * when one is given (the API's PAYMENT_MAX_AMOUNT, an operator's extra cap in units of whatever currency the
 * donation is in). A currency the table does not know gets LARGEST_DONATION_INR units, as before the table.
 */
export function largestAcceptedAmount(currency: string, ceiling?: number): number {
  const largest = currencyFacts(currency)?.largestAmount ?? LARGEST_DONATION_INR;
  return ceiling === undefined ? largest : Math.min(largest, ceiling);
}

/**
 * Decimal places of `currency`'s minor unit: the table's, else ISO 4217's as the runtime's Intl knows it (JPY 0,
 * KWD 3), else FALLBACK_MINOR_UNITS. The decimals a donation may have (amounts.ts) and the minor units it is charged
 * in both read this, so an amount the wizard accepts is always one the card provider can charge exactly.
 */
export function currencyMinorUnits(currency: string): number {
  const row = currencyFacts(currency);
  if (row) return row.minorUnits;
  try {
    const code = currency.trim().toUpperCase();
    return new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? FALLBACK_MINOR_UNITS;
  } catch {
    // Not a well-formed currency code.
    return FALLBACK_MINOR_UNITS;
  }
}
