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

/**
 * Digit grouping by hand, not with Intl.NumberFormat: building the first NumberFormat loads the locale's ICU data,
 * ~50 ms on a phone's CPU at module load, the largest single piece of the public pages' blocking time (issue 19,
 * bench:web). The output is the same as en-IN's and en-US's for whole numbers (format.test.ts compares them).
 * `digits` is a non-negative whole number.
 */
function digitsOf(whole: number): string {
  // String(1e21) is '1e+21': a BigInt spells out every digit.
  return Number.isSafeInteger(whole) ? String(whole) : BigInt(whole).toString();
}

function groupIndian(digits: number): string {
  const text = digitsOf(digits);
  if (text.length <= 3) return text;
  const head = text.slice(0, -3);
  // Pairs from the right before the last three digits: 12,34,56,789.
  return `${head.replace(/\B(?=(\d{2})+(?!\d))/g, ',')},${text.slice(-3)}`;
}

function groupWestern(digits: number): string {
  return digitsOf(digits).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

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
  const group = currencyFacts(code)?.grouping === 'indian' ? groupIndian : groupWestern;
  const digits = group(Math.abs(value));
  return `${value < 0 ? '-' : ''}${currencySymbol(code)}${digits}`;
}

/** A whole number with Indian digit grouping, for statistics ('15,847', '10,00,000'). */
export function formatNumber(value: number): string {
  const n = wholeNumber(value);
  return `${n < 0 ? '-' : ''}${groupIndian(Math.abs(n))}`;
}

/** '512 B', '48 KB', '1.2 MB', '3.4 GB': attachment and backup sizes as a mail client or file manager shows them
 * (binary units). The dashboard and `npm run backup` both write sizes with it, so they agree about an archive. */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '0 B';
  if (bytes < 1024) return `${Math.round(bytes)} B`;
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  // Below 1023.95 MB, so the rounding never writes '1024.0 MB'.
  if (bytes < 1023.95 * 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${(bytes / (1024 * 1024 * 1024)).toFixed(1)} GB`;
}
