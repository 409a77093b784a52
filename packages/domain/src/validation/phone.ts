/**
 * Phone numbers by country (spec §5 "Phone by country").
 *
 * The value is trimmed and spaces, dashes, parentheses and dots are removed before matching
 * the country's `phone_validation` pattern; a leading + is kept.
 */
import { GENERIC_PHONE_PATTERN, getCountry } from '../countries';

export const PHONE_REQUIRED_MESSAGE = 'Mobile number is required';
export const GENERIC_PHONE_MESSAGE = 'Phone number must be 8-15 digits';

/** The message shown for an invalid number, per country. Countries not listed use GENERIC_PHONE_MESSAGE. */
export const PHONE_MESSAGES: Readonly<Record<string, string>> = {
  IN: 'Please enter a valid 10-digit mobile number starting with 6, 7, 8, or 9',
  US: 'Please enter a valid phone number (e.g., (555) 123-4567)',
  CA: 'Please enter a valid phone number (e.g., (555) 123-4567)',
  GB: 'Please enter a valid UK phone number (e.g., 07123 456789)',
  AU: 'Please enter a valid Australian phone number (e.g., 0412 345 678)',
  SG: 'Please enter a valid Singapore phone number (e.g., 8123 4567)',
  MY: 'Please enter a valid Malaysian phone number (e.g., 012-345 6789)',
  DE: 'Please enter a valid German phone number (e.g., +49 30 12345678)',
  DK: 'Please enter a valid Danish phone number (e.g., 12 34 56 78)',
};

/** Removes spaces, dashes, parentheses and dots; keeps digits, + and anything else (which then fails). */
export function normalisePhone(value: string | null | undefined): string {
  return typeof value === 'string' ? value.replace(/[\s\-().]/g, '') : '';
}

/** The invalid-number message for a country. */
export function phoneMessage(countryCode: string | null | undefined): string {
  const code = getCountry(countryCode)?.code;
  return (code && PHONE_MESSAGES[code]) || GENERIC_PHONE_MESSAGE;
}

/** True when the number is valid for the country (unknown countries: 8-15 digits, optional +). */
export function isValidPhone(countryCode: string | null | undefined, value: string | null | undefined): boolean {
  const pattern = getCountry(countryCode)?.phone_validation ?? GENERIC_PHONE_PATTERN;
  return pattern.test(normalisePhone(value));
}

/** null when valid; 'Mobile number is required' when empty; otherwise the country's message. */
export function validatePhone(countryCode: string | null | undefined, value: string | null | undefined): string | null {
  if (normalisePhone(value) === '') return PHONE_REQUIRED_MESSAGE;
  return isValidPhone(countryCode, value) ? null : phoneMessage(countryCode);
}
