/** Indian Permanent Account Number (spec §5 "PAN"). */

export const PAN_MESSAGE = 'Please enter a valid PAN (e.g., ABCDE1234F)';

const PAN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;

/** Five uppercase letters, four digits, one uppercase letter. Case-sensitive: normalise with normalisePan first. */
export function isValidPan(value: string): boolean {
  return PAN.test(value);
}

/** Trimmed and uppercased, as sent in the donation payload. */
export function normalisePan(value: string | null | undefined): string {
  return typeof value === 'string' ? value.trim().toUpperCase() : '';
}
