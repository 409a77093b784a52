// Monthly gifts: the rules every part of the product shares (the API's scheduler and use cases, the sandbox's
// billing, the donor's manage page, the admin list). One table per fact (docs/decisions/020-one-table-per-fact.md);
// the design is docs/decisions/022-monthly-gifts.md.

import { largestDonationMessage, minimumDonation, minimumDonationMessage } from './amounts';
import { largestAcceptedAmount } from './currencies';
import { DAY_MS, ORGANISATION_UTC_OFFSET_MINUTES } from './organisation-time';

/**
 * A monthly gift's states, as staff and donors see them. `incomplete`: created, first payment not taken yet (never
 * listed: it is still a payment attempt). `past_due`: a renewal failed and is being retried. `lapsed`: every retry
 * failed, nothing more is charged. `cancelled`: the donor or staff ended it.
 */
export const GIFT_STATUSES = ['incomplete', 'active', 'paused', 'past_due', 'lapsed', 'cancelled'] as const;
export type GiftStatus = (typeof GIFT_STATUSES)[number];

/** The statuses staff filter the admin list by (incomplete gifts are payment attempts, not gifts). */
export const LISTED_GIFT_STATUSES = ['active', 'paused', 'past_due', 'lapsed', 'cancelled'] as const;
export type ListedGiftStatus = (typeof LISTED_GIFT_STATUSES)[number];

export const GIFT_STATUS_LABELS: Record<GiftStatus, string> = {
  incomplete: 'Awaiting first payment',
  active: 'Active',
  paused: 'Paused',
  past_due: 'Payment failed',
  lapsed: 'Lapsed',
  cancelled: 'Cancelled',
};

/** Gifts that will be charged again (the donor can still change them): not lapsed, not cancelled. */
export function isGiftOngoing(status: GiftStatus): boolean {
  return status === 'active' || status === 'paused' || status === 'past_due';
}

/**
 * After a renewal fails: the days after that first failure on which it is tried again. Three more tries over
 * seven days; when the last fails the gift lapses and the donor is told. With Stripe, set the account's retry
 * settings (Billing → Revenue recovery) to the same schedule: Stripe, not this table, times its retries there.
 */
export const RENEWAL_RETRY_DAYS = [1, 3, 7] as const;

/** A donor may pause a gift for one, two or three months. */
export const PAUSE_MONTHS = [1, 2, 3] as const;
export type PauseMonths = (typeof PAUSE_MONTHS)[number];

/** How long a management link works. A fresh one comes with every receipt and every mail about the gift. */
export const MANAGE_LINK_TTL_DAYS = 45;
/** A card is reminded about when it expires before the next renewal, this many days ahead of that renewal. */
export const CARD_EXPIRY_NOTICE_DAYS = 14;
/** Longest optional reason a donor may give when cancelling. */
export const CANCEL_REASON_MAX_LENGTH = 500;

const OFFSET_MS = ORGANISATION_UTC_OFFSET_MINUTES * 60_000;

function daysInMonth(year: number, month0: number): number {
  return new Date(Date.UTC(year, month0 + 1, 0)).getUTCDate();
}

/**
 * The renewal `months` months after `anchor` (the first payment): the same day of the month and time of day on the
 * organisation's clock, or the month's last day when it has no such day (a gift started on the 31st renews on 28 or
 * 29 February, 30 April, then 31 May again): always counted from the anchor, never from the previous renewal, so a
 * short month does not move every later date.
 */
export function renewalDate(anchor: Date, months: number): Date {
  const wall = new Date(anchor.getTime() + OFFSET_MS);
  const monthIndex = wall.getUTCMonth() + months;
  const year = wall.getUTCFullYear() + Math.floor(monthIndex / 12);
  const month0 = ((monthIndex % 12) + 12) % 12;
  const day = Math.min(wall.getUTCDate(), daysInMonth(year, month0));
  const shifted = Date.UTC(year, month0, day, wall.getUTCHours(), wall.getUTCMinutes(), wall.getUTCSeconds(), wall.getUTCMilliseconds());
  return new Date(shifted - OFFSET_MS);
}

/** The first renewal strictly after `after`. */
export function nextRenewalAfter(anchor: Date, after: Date): Date {
  let months = 1;
  // Whole months between the two dates, then step until past `after` (at most a couple of steps).
  const approx = Math.floor((after.getTime() - anchor.getTime()) / (31 * DAY_MS));
  if (approx > 1) months = approx;
  while (renewalDate(anchor, months).getTime() <= after.getTime()) months += 1;
  return renewalDate(anchor, months);
}

/** When a failed renewal is tried again: `failures` is how many tries have failed so far (1 after the first). Null: no more tries, the gift lapses. */
export function nextRetryAt(firstFailureAt: Date, failures: number): Date | null {
  const days = RENEWAL_RETRY_DAYS[failures - 1];
  return days === undefined ? null : new Date(firstFailureAt.getTime() + days * DAY_MS);
}

/** The end of a pause of `months` months starting `from`: collection resumes at the first renewal on or after it. */
export function pauseEndsAt(from: Date, months: PauseMonths): Date {
  return renewalDate(from, months);
}

/** The last instant a card expiring in `month`/`year` can be charged (the end of that month, organisation time). */
export function cardExpiresAt(expMonth: number, expYear: number): Date {
  return new Date(Date.UTC(expYear, expMonth, 1) - OFFSET_MS - 1);
}

export const RECURRING_MESSAGES = {
  // The manage page
  linkInvalid: 'This link is not valid. Ask for a new one below.',
  linkExpired: 'This link has expired. Ask for a new one below.',
  linkMissing: 'Open this page from the link in your email, or ask for a new link below.',
  linksRequested: 'If that email address has a monthly gift with us, we have sent a link to manage it. Please check your inbox.',
  linksRevoked: 'Every link to this gift has stopped working. Ask for a new one whenever you need it.',
  emailInvalid: 'Please enter a valid email address',
  // Changes
  amountChanged: (amount: string) => `Your monthly gift is now ${amount}. The new amount is charged from your next payment.`,
  paused: (until: string) => `Your monthly gift is paused. Payments start again on ${until}.`,
  resumed: (next: string) => `Your monthly gift is active again. The next payment is on ${next}.`,
  cancelled: 'Your monthly gift is cancelled. Nothing more will be charged. Thank you for everything you have given.',
  cardChanged: 'Your card is updated. Your next payment will use it.',
  // Refusals: the gift's state
  notOngoing: 'This monthly gift has ended, so it cannot be changed.',
  alreadyCancelled: 'This monthly gift is already cancelled.',
  cannotPause: 'Only an active monthly gift can be paused.',
  notPaused: 'This monthly gift is not paused.',
  pauseMonthsInvalid: 'Choose a pause of 1, 2 or 3 months.',
  sameAmount: 'That is already the amount of your monthly gift.',
  reasonTooLong: `Please keep the reason under ${CANCEL_REASON_MAX_LENGTH} characters.`,
  amountInvalid: 'Please enter an amount with at most two decimal places.',
  cardSetupMissing: 'Please enter your new card details.',
  cardSetupFailed: 'Your card could not be saved. Please try another card.',
  giftNotFound: 'This monthly gift could not be found.',
  // Staff
  staffCancelled: 'Gift cancelled. The donor has been told by email.',
  linkResent: 'A new link has been sent to the donor.',
  // The wizard's thank-you for a monthly gift: how it goes on, and how to stop it (no date: the provider fixes it).
  thankYouMonthly: (amount: string) =>
    `Your gift of ${amount} will be given again each month, on this day of the month. The receipt we email you has a link to see, change, pause or cancel it at any time.`,
  // The sandbox's clock
  clockAdvanced: (to: string) => `The sandbox clock is now at ${to}.`,
  clockStripeMode: 'The clock belongs to the payment sandbox; in Stripe mode use a Stripe test clock.',
} as const;

/**
 * A new monthly amount: a number with at most two decimals, at least the donor's country minimum and at most the
 * largest amount accepted in the gift's currency. Null when acceptable, else the sentence to show (the wizard's own
 * sentences for minimum and maximum).
 */
export function monthlyAmountProblem(
  amount: unknown,
  gift: { currency: string; countryCode: string | null },
  extraCeiling?: number,
): string | null {
  // At most two decimals, judged on the cents (19.99 * 100 is 1998.9999999999998 in floating point).
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount <= 0 || Math.abs(amount * 100 - Math.round(amount * 100)) > 1e-6) {
    return RECURRING_MESSAGES.amountInvalid;
  }
  if (amount < minimumDonation(gift.countryCode)) return minimumDonationMessage(gift.countryCode);
  const largest = largestAcceptedAmount(gift.currency, extraCeiling);
  if (amount > largest) return largestDonationMessage(largest, gift.currency);
  return null;
}

/** The ISO date (organisation calendar) of an instant, for texts: '27 November 2026'. */
export function giftDateText(instant: Date): string {
  const wall = new Date(instant.getTime() + OFFSET_MS);
  return `${wall.getUTCDate()} ${MONTH_NAMES[wall.getUTCMonth()]} ${wall.getUTCFullYear()}`;
}

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** Parses the sandbox clock's step: '32d', '12h', '2w', '90m' (minutes) or '1mo'. Null when not understood. */
export function parseClockStep(text: string): number | null {
  const match = /^\s*(\d{1,4})\s*(mo|m|h|d|w)\s*$/i.exec(text);
  if (!match) return null;
  const n = Number(match[1]);
  const unit = match[2]!.toLowerCase();
  const ms = { m: 60_000, h: 3_600_000, d: DAY_MS, w: 7 * DAY_MS, mo: 31 * DAY_MS }[unit]!;
  const total = n * ms;
  return total > 0 && total <= 3 * 366 * DAY_MS ? total : null;
}
