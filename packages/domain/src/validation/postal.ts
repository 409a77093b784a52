/** Postal codes by country (spec §5 "Postal codes"). The value is trimmed before matching. */
import { GENERIC_POSTAL_PATTERN, getCountry } from '../countries';

export const POSTAL_REQUIRED_MESSAGE = 'Postal code is required';
export const PIN_REQUIRED_MESSAGE = 'PIN code is required';
export const GENERIC_POSTAL_MESSAGE = 'Postal code must be at least 3 characters';

/** The message shown for an invalid code, per country. Countries not listed use GENERIC_POSTAL_MESSAGE. */
export const POSTAL_MESSAGES: Readonly<Record<string, string>> = {
  IN: 'Please enter a valid 6-digit PIN code',
  US: 'Please enter a valid ZIP code (e.g., 12345 or 12345-6789)',
  CA: 'Please enter a valid Canadian postal code (e.g., K1A 0A6)',
  GB: 'Please enter a valid UK postcode (e.g., SW1A 1AA)',
  AU: 'Please enter a valid 4-digit Australian postcode',
  SG: 'Please enter a valid 6-digit Singapore postal code',
  MY: 'Please enter a valid 5-digit Malaysian postcode',
  DE: 'Please enter a valid 5-digit German postal code',
  DK: 'Please enter a valid 4-digit Danish postal code',
  EU: 'Please enter a valid postal code (3-10 letters or digits)',
};

/** Trimmed, inner runs of whitespace collapsed to one space, uppercased ('k1a0a6' → 'K1A0A6'). */
export function normalisePostalCode(value: string | null | undefined): string {
  return typeof value === 'string' ? value.trim().replace(/\s+/g, ' ').toUpperCase() : '';
}

/** The invalid-code message for a country. */
export function postalMessage(countryCode: string | null | undefined): string {
  const code = getCountry(countryCode)?.code;
  return (code && POSTAL_MESSAGES[code]) || GENERIC_POSTAL_MESSAGE;
}

/** True when the (trimmed) code is valid for the country (unknown countries: at least 3 characters). */
export function isValidPostalCode(countryCode: string | null | undefined, value: string | null | undefined): boolean {
  const pattern = getCountry(countryCode)?.postal_validation ?? GENERIC_POSTAL_PATTERN;
  return pattern.test(normalisePostalCode(value));
}

/** null when valid; 'PIN code is required' (India) / 'Postal code is required' when empty; else the country's message. */
export function validatePostalCode(countryCode: string | null | undefined, value: string | null | undefined): string | null {
  if (normalisePostalCode(value) === '') {
    return getCountry(countryCode)?.code === 'IN' ? PIN_REQUIRED_MESSAGE : POSTAL_REQUIRED_MESSAGE;
  }
  return isValidPostalCode(countryCode, value) ? null : postalMessage(countryCode);
}
