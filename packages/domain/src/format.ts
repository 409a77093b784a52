/**
 * Money and number formatting (spec §9: "Currency displayed without decimals"; INR uses Indian
 * digit grouping, e.g. ₹10,00,000).
 *
 * The symbol and the grouping come from the currency table (currencies.ts); the symbol is put
 * directly before the grouped number, so the output is identical in every browser and in Node
 * whatever their ICU data: '₹10,00,000', '$1,234', '€50', 'C$25', 'RM10', 'kr100'.
 */
import { currencyColumn, currencyFacts } from './currencies';

/** Display symbol per supported currency (the table's symbol column). */
export const CURRENCY_SYMBOLS: Readonly<Record<string, string>> = currencyColumn('symbol');

const INDIAN_GROUPING = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0, minimumFractionDigits: 0 });
const WESTERN_GROUPING = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0, minimumFractionDigits: 0 });

/** Round half away from zero to a whole number; non-finite values become 0 and -0 becomes 0. */
function wholeNumber(value: number): number {
  if (!Number.isFinite(value)) return 0;
  const rounded = Math.sign(value) * Math.round(Math.abs(value));
  return rounded === 0 ? 0 : rounded;
}

/** The symbol for a currency code; for an unknown code the code itself followed by a space. */
export function currencySymbol(currency: string): string {
  const code = currency.trim().toUpperCase();
  return currencyFacts(code)?.symbol ?? `${code} `;
}

/**
 * An amount with its currency symbol and no decimals (rounded half away from zero).
 * INR uses Indian grouping ('₹1,00,000'), every other currency groups by thousands ('$1,234'); unknown codes too.
 * Non-finite amounts are shown as 0.
 */
export function formatCurrency(amount: number, currency: string): string {
  const code = currency.trim().toUpperCase();
  const value = wholeNumber(amount);
  const grouping = currencyFacts(code)?.grouping === 'indian' ? INDIAN_GROUPING : WESTERN_GROUPING;
  const digits = grouping.format(Math.abs(value));
  return `${value < 0 ? '-' : ''}${currencySymbol(code)}${digits}`;
}

/** A whole number with Indian digit grouping, for statistics ('15,847', '10,00,000'). */
export function formatNumber(value: number): string {
  const n = wholeNumber(value);
  return `${n < 0 ? '-' : ''}${INDIAN_GROUPING.format(Math.abs(n))}`;
}
