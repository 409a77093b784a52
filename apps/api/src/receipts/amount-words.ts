import { currencyFacts, toMinorUnits } from '@charity/domain';

// Amounts in words for donation receipts, the way Indian receipts and cheques write them: the Indian numbering
// system (thousand, lakh, crore; 1,23,45,678 = One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred
// Seventy-Eight), 'Rupees … Only', and paise for a fractional amount. Other currencies are shown on the receipt in
// figures with the currency's name (see currencyName), which is what the organisation's receipts need.

const ONES = [
  'Zero', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten',
  'Eleven', 'Twelve', 'Thirteen', 'Fourteen', 'Fifteen', 'Sixteen', 'Seventeen', 'Eighteen', 'Nineteen',
] as const;
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'] as const;

const CRORE = 10_000_000;
const LAKH = 100_000;

/** 0–99: 'Seven', 'Fifteen', 'Forty', 'Twenty-Three'. */
function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  const tens = TENS[Math.floor(n / 10)]!;
  return n % 10 === 0 ? tens : `${tens}-${ONES[n % 10]!}`;
}

/**
 * A whole number in words with Indian grouping: 100000 → 'One Lakh', 12345678 → 'One Crore Twenty-Three Lakh
 * Forty-Five Thousand Six Hundred Seventy-Eight'. Beyond 99 crore the crore count is itself written the Indian way
 * ('One Thousand Crore'). Throws a RangeError for a negative, fractional or unsafe number.
 */
export function numberToIndianWords(value: number): string {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`Expected a whole number from 0 to ${Number.MAX_SAFE_INTEGER}, got ${String(value)}`);
  }
  if (value === 0) return ONES[0];
  const parts: string[] = [];
  const crores = Math.floor(value / CRORE);
  let rest = value % CRORE;
  if (crores > 0) parts.push(`${numberToIndianWords(crores)} Crore`);
  const lakhs = Math.floor(rest / LAKH);
  rest %= LAKH;
  if (lakhs > 0) parts.push(`${belowHundred(lakhs)} Lakh`);
  const thousands = Math.floor(rest / 1000);
  rest %= 1000;
  if (thousands > 0) parts.push(`${belowHundred(thousands)} Thousand`);
  const hundreds = Math.floor(rest / 100);
  rest %= 100;
  if (hundreds > 0) parts.push(`${ONES[hundreds]!} Hundred`);
  if (rest > 0) parts.push(belowHundred(rest));
  return parts.join(' ');
}

/**
 * An INR amount in words for a receipt: 1000 → 'Rupees One Thousand Only', 1000.5 → 'Rupees One Thousand and
 * Fifty Paise Only', 0.75 → 'Seventy-Five Paise Only' (one paisa, many paise), 0 → 'Rupees Zero Only'. The amount is rounded to whole
 * paise first (half away from zero, as the payment was charged). Throws a RangeError for a negative or non-finite
 * amount: a receipt is never issued for one.
 */
export function rupeesInWords(amount: number): string {
  if (!Number.isFinite(amount) || amount < 0) throw new RangeError(`Invalid receipt amount: ${String(amount)}`);
  const paiseTotal = toMinorUnits(amount, 'INR');
  const rupees = Math.floor(paiseTotal / 100);
  const paise = paiseTotal % 100;
  if (paise === 0) return `Rupees ${numberToIndianWords(rupees)} Only`;
  const paiseWords = paise === 1 ? 'One Paisa' : `${numberToIndianWords(paise)} Paise`;
  return rupees === 0 ? `${paiseWords} Only` : `Rupees ${numberToIndianWords(rupees)} and ${paiseWords} Only`;
}

export function currencyName(currency: string): string {
  const code = currency.trim().toUpperCase();
  return currencyFacts(code)?.name ?? code;
}
