/**
 * Payment attempts staff can see (docs/decisions/023-payment-attempts-for-staff.md): the payments that did not become
 * donations (declined, failed, authentication abandoned, or refused by the card-testing limit), searchable by email,
 * kept for ATTEMPT_RETENTION_DAYS and then pruned.
 */

/** Attempts that never became donations, and refused requests, are deleted once they are this many days old. */
export const ATTEMPT_RETENTION_DAYS = 90;

/** A payment still waiting for the donor's authentication this long after it was created has been abandoned. */
export const ATTEMPT_ABANDONED_AFTER_MS = 60 * 60 * 1000;

/** "Attempts from this address" counts the attempts and refused requests of the hour up to a row's time. */
export const ATTEMPT_BURST_WINDOW_MS = 60 * 60 * 1000;

/** The summary lists the addresses with the most failures in this many hours. */
export const ATTEMPT_TOP_ADDRESSES_HOURS = 24;
export const ATTEMPT_TOP_ADDRESSES_COUNT = 5;

export const ADMIN_ATTEMPTS_PAGE_SIZE = 20;

export const ATTEMPT_OUTCOMES = ['declined', 'failed', 'abandoned', 'blocked'] as const;
export type AttemptOutcome = (typeof ATTEMPT_OUTCOMES)[number];

export const ATTEMPT_OUTCOME_LABELS: Readonly<Record<AttemptOutcome, string>> = {
  declined: 'Declined',
  failed: 'Failed',
  abandoned: 'Authentication abandoned',
  blocked: 'Blocked (card testing)',
};

/** The provider's error codes that mean the card itself was refused (Stripe's card errors): such a failure is "declined". */
export const CARD_DECLINE_CODES = [
  'card_declined',
  'expired_card',
  'incorrect_cvc',
  'incorrect_number',
  'incorrect_zip',
  'invalid_cvc',
  'invalid_expiry_month',
  'invalid_expiry_year',
  'invalid_number',
  'insufficient_funds',
  'card_velocity_exceeded',
] as const;

/** The outcome of a failed attempt from the provider's error code and decline code. */
export function failedAttemptOutcome(code: string | null, declineCode: string | null): 'declined' | 'failed' {
  if (declineCode) return 'declined';
  return code !== null && (CARD_DECLINE_CODES as readonly string[]).includes(code) ? 'declined' : 'failed';
}

/** Readable sentences for the provider's decline codes (Stripe's names; the sandbox uses the same). */
const DECLINE_CODE_TEXTS: Readonly<Record<string, string>> = {
  generic_decline: 'The bank declined the card without giving a reason.',
  insufficient_funds: 'The card has insufficient funds.',
  lost_card: 'The card was reported lost.',
  stolen_card: 'The card was reported stolen.',
  expired_card: 'The card has expired.',
  incorrect_cvc: 'The card’s security code was wrong.',
  processing_error: 'The bank could not process the card.',
  do_not_honor: 'The bank declined the card without giving a reason.',
  fraudulent: 'The bank suspects fraud.',
  card_velocity_exceeded: 'The card went over its spending limit.',
};

/** Readable sentences for the provider's error codes. */
const ERROR_CODE_TEXTS: Readonly<Record<string, string>> = {
  card_declined: 'The bank declined the card.',
  expired_card: 'The card has expired.',
  incorrect_cvc: 'The card’s security code was wrong.',
  invalid_cvc: 'The card’s security code was wrong.',
  incorrect_number: 'The card number was wrong.',
  invalid_number: 'The card number was wrong.',
  invalid_expiry_month: 'The card’s expiry month was wrong.',
  invalid_expiry_year: 'The card’s expiry year was wrong.',
  insufficient_funds: 'The card has insufficient funds.',
  processing_error: 'The bank could not process the card.',
  payment_intent_authentication_failure: 'The donor did not pass the bank’s authentication.',
  card_velocity_exceeded: 'The card went over its spending limit.',
};

export const ATTEMPT_REASON_TEXTS = {
  abandoned: 'The bank asked the donor to authenticate the payment, and it was never completed.',
  blocked: 'Refused before reaching the payment provider: too many failed payments from this address.',
  failedWithoutCode: 'The payment failed or was cancelled; the provider gave no reason.',
  unknownCode: (code: string) => `The payment provider refused the payment (${code}).`,
} as const;

/** The sentence staff read for an attempt: the decline code's, else the error code's, else the outcome's. */
export function attemptReasonText(outcome: AttemptOutcome, code: string | null, declineCode: string | null): string {
  if (outcome === 'blocked') return ATTEMPT_REASON_TEXTS.blocked;
  if (outcome === 'abandoned') return ATTEMPT_REASON_TEXTS.abandoned;
  if (declineCode && DECLINE_CODE_TEXTS[declineCode]) return DECLINE_CODE_TEXTS[declineCode];
  if (code && ERROR_CODE_TEXTS[code]) return ERROR_CODE_TEXTS[code];
  if (code) return ATTEMPT_REASON_TEXTS.unknownCode(declineCode ? `${code}, ${declineCode}` : code);
  return ATTEMPT_REASON_TEXTS.failedWithoutCode;
}

/** One row of GET /api/admin/payment-attempts: an attempt that did not become a donation, or a refused request. */
export interface AdminPaymentAttempt {
  /** 'attempt-12' (a payment attempt) or 'blocked-3' (a request the card-testing limit refused): unique in the list. */
  key: string;
  created_at: string;
  outcome: AttemptOutcome;
  /** From what the donor sent; a refused request has no name, and an email only when its body held a valid one. */
  donor_name: string | null;
  donor_email: string | null;
  amount: number | null;
  currency: string | null;
  campaign_title: string | null;
  payment_intent_id: string | null;
  reason: { code: string | null; decline_code: string | null; text: string };
  client_ip: string;
  /** Attempts and refused requests from this address in the hour up to this row. */
  address_attempts_last_hour: number;
  /** The address reached the card-testing limit around this row (refused, or 5 failures within 10 minutes of it). */
  address_limit_reached: boolean;
}

export interface AttemptAddress {
  client_ip: string;
  /** Failed payments and refused requests from the address in the last ATTEMPT_TOP_ADDRESSES_HOURS hours. */
  failures: number;
  limit_reached: boolean;
}

export interface AttemptSummary {
  /** Per outcome, of the rows the search matches (whatever the outcome filter). */
  counts: Record<AttemptOutcome, number>;
  top_addresses: AttemptAddress[];
}

/** The list's filters, as the browser's URL and the API's query carry them; '' means any. */
export interface AttemptFilters {
  q: string;
  outcome: AttemptOutcome | '';
}

export const EMPTY_ATTEMPT_FILTERS: AttemptFilters = { q: '', outcome: '' };

/** The texts of the "Failed attempts" tab of /admin/donations (the table's own are the ui's ATTEMPTS_TABLE_TEXT). */
export const ATTEMPTS_PAGE_TEXTS = {
  tabs: 'Donation records',
  tabDonations: 'Donations',
  tabAttempts: 'Failed attempts',
  retention: `Payments that did not become donations, and payments refused by the card-testing limit. Kept for ${ATTEMPT_RETENTION_DAYS} days, then deleted.`,
} as const;
