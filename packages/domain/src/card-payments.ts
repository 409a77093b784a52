/**
 * Card payments (spec §4 "Payment panel", §7 "Payments"): the billing details sent to the card provider, and
 * the card-field rules of the local payment sandbox, which imitates Stripe Elements and Stripe's test cards
 * (test-cards.ts: 4242… succeeds, 4000 0000 0000 0002 is declined, 4000 0025 0000 3155 asks for
 * authentication). Messages are Stripe's own, so the panel reads the same in both modes.
 */
import type { RequestFailure } from './http';
import { DONATION_MESSAGES } from './messages';
import { TEST_CARDS } from './test-cards';
import type { DonationPayload } from './validation/donation';

/**
 * The message when asking for a payment intent failed (spec §8 "Donation"): the server's message, else
 * 'Failed to create payment' (no reply at all included).
 */
export function createPaymentErrorMessage(failure: RequestFailure): string {
  const message = failure.kind === 'response' && typeof failure.message === 'string' ? failure.message.trim() : '';
  return message || DONATION_MESSAGES.createPaymentFailed;
}

// --- Billing details (spec §7: name, email, phone, address line, city, state, postal code, country) ---

export interface CardBillingDetails {
  name: string;
  email: string;
  phone: string;
  address: {
    line1: string;
    city: string;
    state: string;
    postal_code: string;
    /** ISO 3166-1 alpha-2; null for the euro-area pseudo-code EU, which the provider would reject. */
    country: string | null;
  };
}

/** The billing details handed to createPaymentMethod, from the donation payload. */
export function billingDetailsFromPayload(payload: DonationPayload): CardBillingDetails {
  const { donor } = payload;
  const country = donor.country_code.trim().toUpperCase();
  return {
    name: donor.full_name,
    email: donor.email,
    phone: donor.mobile,
    address: {
      line1: donor.address,
      city: donor.city,
      state: donor.state,
      postal_code: donor.pincode,
      country: /^[A-Z]{2}$/.test(country) && country !== 'EU' ? country : null,
    },
  };
}

// --- The sandbox's card fields ---

export type SandboxCardElementType = 'cardNumber' | 'cardExpiry' | 'cardCvc';

/** What a card field reports after each change, shaped like Stripe's element change event. */
export interface CardFieldStatus {
  empty: boolean;
  complete: boolean;
  error?: { type: 'validation_error'; code: string; message: string };
}

/** Stripe's element messages, word for word. */
export const CARD_FIELD_MESSAGES = {
  numberIncomplete: 'Your card number is incomplete.',
  numberInvalid: 'Your card number is invalid.',
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryPast: "Your card's expiration date is in the past.",
  expiryMonthInvalid: "Your card's expiration month is invalid.",
  expiryYearInvalid: "Your card's expiration year is invalid.",
  cvcIncomplete: "Your card's security code is incomplete.",
} as const;

/**
 * Stripe's test PaymentMethod ids for the sandbox cards. The server's sandbox knows these ids (they are the ids
 * Stripe's own test mode accepts), so the same ids travel in both modes.
 */
export const SANDBOX_TEST_CARDS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.values(TEST_CARDS).map((card) => [card.number, card.paymentMethod]),
);
/** Every other valid card number is declined in the sandbox: only the documented test cards succeed. */
export const SANDBOX_DEFAULT_PAYMENT_METHOD = TEST_CARDS.declined.paymentMethod;

const fieldError = (code: string, message: string): CardFieldStatus['error'] => ({
  type: 'validation_error',
  code,
  message,
});

/** Digits only. */
export function cardDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/** American Express numbers start 34 or 37 and have 15 digits (and a 4-digit security code). */
export function isAmexNumber(digits: string): boolean {
  return /^3[47]/.test(digits);
}

/** Number of digits a complete card number has: 15 for American Express, else 16. */
export function cardNumberLength(digits: string): number {
  return isAmexNumber(digits) ? 15 : 16;
}

/** The Luhn checksum every real card number passes. */
export function isLuhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The number as typed, cut to its length and grouped as on the card: 4242 4242 4242 4242, or 3782 822463 10005. */
export function formatCardNumber(value: string): string {
  const digits = cardDigits(value).slice(0, cardNumberLength(cardDigits(value)));
  const groups = isAmexNumber(digits) ? [4, 6, 5] : [4, 4, 4, 4];
  const parts: string[] = [];
  let start = 0;
  for (const size of groups) {
    if (start >= digits.length) break;
    parts.push(digits.slice(start, start + size));
    start += size;
  }
  return parts.join(' ');
}

/**
 * The card number field's status. A full-length number that fails the checksum is an error at once; a short
 * number is an error only once the field is left (`final`), as Stripe does.
 */
export function cardNumberStatus(value: string, final = false): CardFieldStatus {
  const digits = cardDigits(value);
  if (digits === '') return { empty: true, complete: false };
  if (digits.length < cardNumberLength(digits)) {
    return final
      ? { empty: false, complete: false, error: fieldError('incomplete_number', CARD_FIELD_MESSAGES.numberIncomplete) }
      : { empty: false, complete: false };
  }
  if (!isLuhnValid(digits.slice(0, cardNumberLength(digits)))) {
    return { empty: false, complete: false, error: fieldError('invalid_number', CARD_FIELD_MESSAGES.numberInvalid) };
  }
  return { empty: false, complete: true };
}

/** The sandbox PaymentMethod id for a complete, valid card number. */
export function sandboxPaymentMethodId(cardNumber: string): string {
  return SANDBOX_TEST_CARDS[cardDigits(cardNumber)] ?? SANDBOX_DEFAULT_PAYMENT_METHOD;
}

/**
 * Expiry as typed, shown as 'MM / YY'. A first digit above 1 can only be a month 02-09, so it gains a leading
 * zero, as in Stripe's field.
 */
export function formatExpiry(value: string): string {
  let digits = cardDigits(value);
  if (/^[2-9]/.test(digits)) digits = `0${digits}`;
  digits = digits.slice(0, 4);
  if (digits.length <= 2) return digits;
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

/** Years ahead an expiry may be; Stripe refuses further ones too. */
export const MAX_EXPIRY_YEARS_AHEAD = 50;

/** Month and full year of a complete 'MM / YY' expiry, else null. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const digits = cardDigits(formatExpiry(value));
  if (digits.length !== 4) return null;
  return { month: Number(digits.slice(0, 2)), year: 2000 + Number(digits.slice(2)) };
}

/** The expiry field's status: a future month (this month counts), at most 50 years ahead. */
export function cardExpiryStatus(value: string, now: Date = new Date(), final = false): CardFieldStatus {
  const digits = cardDigits(formatExpiry(value));
  if (digits === '') return { empty: true, complete: false };
  const month = Number(digits.slice(0, 2));
  if (digits.length >= 2 && (month < 1 || month > 12)) {
    return { empty: false, complete: false, error: fieldError('invalid_expiry_month', CARD_FIELD_MESSAGES.expiryMonthInvalid) };
  }
  const parsed = parseExpiry(value);
  if (!parsed) {
    return final
      ? { empty: false, complete: false, error: fieldError('incomplete_expiry', CARD_FIELD_MESSAGES.expiryIncomplete) }
      : { empty: false, complete: false };
  }
  const thisYear = now.getFullYear();
  const thisMonth = now.getMonth() + 1;
  if (parsed.year < thisYear || (parsed.year === thisYear && parsed.month < thisMonth)) {
    return { empty: false, complete: false, error: fieldError('invalid_expiry_year_past', CARD_FIELD_MESSAGES.expiryPast) };
  }
  if (parsed.year > thisYear + MAX_EXPIRY_YEARS_AHEAD) {
    return { empty: false, complete: false, error: fieldError('invalid_expiry_year', CARD_FIELD_MESSAGES.expiryYearInvalid) };
  }
  return { empty: false, complete: true };
}

/** Security code as typed: digits only, at most 4. */
export function formatCvc(value: string): string {
  return cardDigits(value).slice(0, 4);
}

/** The security code field's status: 3 digits, or 4 (American Express and some others). */
export function cardCvcStatus(value: string, final = false): CardFieldStatus {
  const digits = formatCvc(value);
  if (digits === '') return { empty: true, complete: false };
  if (digits.length < 3) {
    return final
      ? { empty: false, complete: false, error: fieldError('incomplete_cvc', CARD_FIELD_MESSAGES.cvcIncomplete) }
      : { empty: false, complete: false };
  }
  return { empty: false, complete: true };
}

/** A card brand in Stripe's words, for the PaymentMethod the sandbox returns. */
export function cardBrand(digits: string): string {
  if (isAmexNumber(digits)) return 'amex';
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^6(011|5)/.test(digits)) return 'discover';
  return 'unknown';
}
