/**
 * The longest text accepted in each field, one table for every form the site sends (docs/decisions/
 * 020-one-table-per-fact.md). The spec's rules say nothing about length; these guard the database, the mail and the
 * receipt, and whatever accepts a value must also be able to show all of it: the 80G receipt prints the donor's
 * address as accepted (wrapped, never cut), so its limit is the donor address's limit here.
 */
import { EMAIL_MAX_LENGTH } from './validation/email';

export const FIELD_MAX_LENGTHS = {
  /** donation_data.donor of POST /api/payments/create-intent and /api/donations/save-after-payment. */
  donor: {
    full_name: 100,
    email: EMAIL_MAX_LENGTH,
    mobile: 20,
    pan_number: 10,
    country: 100,
    country_code: 2,
    state: 100,
    city: 100,
    address: 500,
    pincode: 20,
  },
  /** POST /api/contact. Phone: room for a formatted international number. */
  contact: { name: 100, email: EMAIL_MAX_LENGTH, phone: 20, subject: 50, message: 5_000 },
  /** The admin's campaign form. */
  campaign: { title: 200, description: 10_000, category: 50 },
  /** The admin's event form. */
  event: { title: 200, description: 10_000, location: 200, impact: 2_000 },
  /**
   * Sign-in and the account (/api/auth/…): usernames as ADMIN_USERNAME and the admin CLI accept them; a new
   * password (its minimum is PASSWORD_MIN_LENGTH, no composition rules); a password typed at sign-in or as the
   * current one: longer than any password that can be set, short enough to hash; the profile's full name.
   */
  auth: { username: 64, password: 256, login_password: 1_024, full_name: 100 },
} as const;

export type DonorTextField = keyof typeof FIELD_MAX_LENGTHS.donor;

/** 'Address must be at most 500 characters long.', 'Message must be at most 5,000 characters long.' */
export function tooLongMessage(label: string, max: number): string {
  return `${label} must be at most ${max.toLocaleString('en-US')} characters long.`;
}
