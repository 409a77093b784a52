/**
 * Refunds (docs/decisions/024-refunds.md): the rules staff, the browser and the API share. Money is integer minor
 * units (paise, cents) end to end; a refund can never take more than what is left of its donation, counting refunds
 * still in flight at the provider.
 */
import { currencyFacts } from './currencies';
import { formatCurrency } from './format';

/** A refund's life at the provider (Stripe's refund statuses, less requires_action, which card refunds never take). */
export const REFUND_STATUSES = ['pending', 'succeeded', 'failed', 'canceled'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
export const REFUND_STATUS_LABELS: Readonly<Record<RefundStatus, string>> = {
  pending: 'Pending',
  succeeded: 'Refunded',
  failed: 'Failed',
  canceled: 'Cancelled',
};

/** Who started it: staff from the donation's detail, or someone at the provider (Stripe's dashboard). */
export const REFUND_SOURCES = ['staff', 'provider'] as const;
export type RefundSource = (typeof REFUND_SOURCES)[number];

/**
 * The note a refund issues: a full refund cancels the receipt (cancellation note), a partial one reduces it (credit
 * note). Both are numbered in one series per financial year ('BBF/CN/2026-27/000001'); nothing is renumbered.
 */
export const REFUND_NOTE_KINDS = ['cancellation', 'credit'] as const;
export type RefundNoteKind = (typeof REFUND_NOTE_KINDS)[number];
export const REFUND_NOTE_LABELS: Readonly<Record<RefundNoteKind, string>> = {
  cancellation: 'Cancellation note',
  credit: 'Credit note',
};

export const REFUND_REASON_MIN_LENGTH = 3;
export const REFUND_REASON_MAX_LENGTH = 500;

export const REFUND_MESSAGES = {
  amountRequired: 'Enter the amount to refund.',
  amountInvalid: 'Enter an amount greater than zero, in the donation’s currency.',
  amountAboveRemainder: (remaining: string) => `A refund cannot be more than what is left of the donation: ${remaining}.`,
  nothingLeft: 'This donation has already been refunded in full.',
  notCompleted: 'Only completed donations can be refunded.',
  reasonRequired: 'Enter the reason for the refund.',
  reasonTooShort: `The reason must be at least ${REFUND_REASON_MIN_LENGTH} characters.`,
  reasonTooLong: `The reason must be at most ${REFUND_REASON_MAX_LENGTH} characters.`,
  notFound: 'Donation not found.',
  issued: 'Refund issued.',
  pending: 'Refund requested: the payment provider is processing it.',
  providerRefused: 'The payment provider refused the refund. Nothing was refunded.',
} as const;

/** A refund as staff see it on the donation's detail. */
export interface AdminRefund {
  id: number;
  created_at: string;
  amount_minor: number;
  /** ISO 4217, upper case: always the donation's. */
  currency: string;
  status: RefundStatus;
  source: RefundSource;
  /** What staff wrote, or the provider's reason for a refund made there. */
  reason: string;
  /** The staff member who asked for it (their e-mail); null for a refund made at the provider. */
  requested_by: string | null;
  /** Why it failed, in the provider's words; null unless it failed. */
  failure_reason: string | null;
  provider_refund_id: string | null;
  note: { number: string; kind: RefundNoteKind; issued_at: string; mail_status: string | null } | null;
}

/** What a donation's refunds add up to, in its currency's minor unit. */
export interface RefundTotals {
  amount_minor: number;
  /** Refunds that succeeded. */
  refunded_minor: number;
  /** Refunds asked for and not settled yet: they hold their amount. */
  refund_pending_minor: number;
}

/** What can still be refunded: the donation less what succeeded and what is in flight (never below zero). */
export function refundableMinor(totals: RefundTotals): number {
  return Math.max(0, totals.amount_minor - totals.refunded_minor - totals.refund_pending_minor);
}

function minorFactor(currency: string): number {
  return 10 ** (currencyFacts(currency)?.minorUnits ?? 2);
}

/** Minor units back to the currency's major unit (paise to rupees): 150050 INR is 1500.5. */
export function fromMinorUnits(minor: number, currency: string): number {
  return minor / minorFactor(currency);
}

/**
 * An exact amount of money from minor units: '₹1,500' for 150000 INR, '₹1,500.50' for 150050 (decimals only when
 * there are some; formatCurrency alone rounds to whole units, which a refund must never do).
 */
export function formatMinor(minor: number, currency: string): string {
  const digits = currencyFacts(currency)?.minorUnits ?? 2;
  const factor = 10 ** digits;
  const size = Math.abs(Math.trunc(minor));
  const whole = formatCurrency(Math.floor(size / factor), currency);
  const fraction = size % factor;
  const text = fraction === 0 ? whole : `${whole}.${String(fraction).padStart(digits, '0')}`;
  return minor < 0 ? `-${text}` : text;
}

/**
 * The amount a person typed ('1500', '1,500.50', '₹ 1500') in minor units, or null when it is not a positive amount
 * with at most the currency's decimals. Pure text rules: the browser and the API's readers agree.
 */
export function parseRefundAmount(text: string, currency: string): number | null {
  const digits = currencyFacts(currency)?.minorUnits ?? 2;
  const cleaned = text.replace(/[\s,]/g, '').replace(/^[^\d.-]+/, ''); // a leading symbol, never a minus sign
  const pattern = digits === 0 ? /^\d{1,12}$/ : new RegExp(`^\\d{1,12}(\\.\\d{1,${digits}})?$`);
  if (!pattern.test(cleaned)) return null;
  const [whole, fraction = ''] = cleaned.split('.');
  const minor = Number(whole) * minorFactor(currency) + Number(fraction.padEnd(digits, '0') || '0');
  return minor > 0 && Number.isSafeInteger(minor) ? minor : null;
}

/** The first thing wrong with a refund request, or null when it may go to the provider. */
export function refundRequestError(
  request: { amount_minor: number | null; reason: string },
  donation: RefundTotals & { status: string; currency: string },
): string | null {
  if (donation.status !== 'completed') {
    return donation.status === 'refunded' ? REFUND_MESSAGES.nothingLeft : REFUND_MESSAGES.notCompleted;
  }
  const left = refundableMinor(donation);
  if (left === 0) return REFUND_MESSAGES.nothingLeft;
  if (request.amount_minor === null) return REFUND_MESSAGES.amountInvalid;
  if (!Number.isSafeInteger(request.amount_minor) || request.amount_minor <= 0) return REFUND_MESSAGES.amountInvalid;
  if (request.amount_minor > left) return REFUND_MESSAGES.amountAboveRemainder(formatMinor(left, donation.currency));
  const reason = request.reason.trim();
  if (reason.length === 0) return REFUND_MESSAGES.reasonRequired;
  if (reason.length < REFUND_REASON_MIN_LENGTH) return REFUND_MESSAGES.reasonTooShort;
  if (reason.length > REFUND_REASON_MAX_LENGTH) return REFUND_MESSAGES.reasonTooLong;
  return null;
}

/** The note a settled refund issues: cancellation when nothing of the donation is left, credit otherwise. */
export function refundNoteKind(totals: Pick<RefundTotals, 'amount_minor' | 'refunded_minor'>): RefundNoteKind {
  return totals.refunded_minor >= totals.amount_minor ? 'cancellation' : 'credit';
}

/** The part of an INR equivalent that `minor` of `amountMinor` stands for, to the paisa (what totals net out). */
export function proportionalInr(amountInr: number, minor: number, amountMinor: number): number {
  if (amountMinor <= 0) return 0;
  if (minor >= amountMinor) return amountInr;
  return Math.round((amountInr * minor * 100) / amountMinor) / 100;
}
