/**
 * The partner report (issue 20, docs/decisions/031-partner-report.md): what each partner's donate widget brought in,
 * per organisation month and currency. Its rules are the donations list's (docs/decisions/005-admin-console.md,
 * 024-refunds.md), so the two never disagree:
 * - only completed donations count (a partly refunded one is still completed; a fully refunded one has status
 *   Refunded and is not counted);
 * - amounts are net of refunds (what is left of each donation), in the donation's own currency: different currencies
 *   are never added together, each has its own row;
 * - what was refunded of the month's donations is shown beside it, so nothing is hidden;
 * - months are the organisation's calendar months (ORGANISATION_TIME_ZONE), by the day the donation was made;
 * - donors are distinct e-mail addresses (case-insensitive) within the row.
 */
import { currencyMinorUnits } from './currencies';
import { ORGANISATION_TIME_ZONE } from './organisation-time';
import { formatMinor } from './refunds';

/** One partner, one organisation month, one currency. */
export interface PartnerReportRow {
  partner_origin: string;
  /** 'YYYY-MM' in the organisation's time zone. */
  month: string;
  currency: string;
  /** Completed donations (partly refunded ones included, fully refunded ones not). */
  donations: number;
  /** Distinct donor e-mail addresses among those donations. */
  donors: number;
  /** What those donations brought, net of refunds, in `currency`. */
  amount: number;
  /** What was refunded of the month's donations of this partner in `currency` (fully refunded ones included). */
  refunded_amount: number;
}

export interface PartnerReport {
  /** The zone whose calendar months the rows follow (Asia/Kolkata). */
  time_zone: string;
  /** Always true: `amount` is net of refunds, as the donations list's summary counts it. */
  refunds_subtracted: true;
  /** Partner (A to Z), then newest month first, then currency. */
  rows: PartnerReportRow[];
}

/** A partner site staff can pick: configured in PARTNER_ORIGINS, seen on a donation, or both. */
export interface KnownPartner {
  origin: string;
  /** Listed in PARTNER_ORIGINS today (a partner removed from it keeps its past donations). */
  configured: boolean;
  /** Donations recorded through it, whatever their status. */
  donations: number;
}

export const PARTNER_REPORT_TEXT = {
  refundsNote: 'Amounts are net of refunds, as in the donations list; fully refunded donations are not counted. Refunded shows what went back.',
  timeZoneNote: (timeZone: string) => `Months are calendar months in ${timeZone} time, by the day of the donation.`,
} as const;

export const PARTNER_REPORT_MESSAGES = {
  monthInvalid: 'Months must be written YYYY-MM.',
  monthRangeReversed: 'The "to" month must not be before the "from" month.',
  monthOutOfRange: 'Months must be from 1900-01 on.',
} as const;

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const EARLIEST_MONTH = '1900-01';

/** A month written 'YYYY-MM' (1900-01 or later). */
export function isReportMonth(value: string): boolean {
  return MONTH.test(value) && value >= EARLIEST_MONTH;
}

/** The message for a bad month range (either end may be empty), or null when it is usable. */
export function partnerReportRangeError(from: string, to: string): string | null {
  for (const month of [from, to]) {
    if (month === '') continue;
    if (!MONTH.test(month)) return PARTNER_REPORT_MESSAGES.monthInvalid;
    if (month < EARLIEST_MONTH) return PARTNER_REPORT_MESSAGES.monthOutOfRange;
  }
  if (from && to && to < from) return PARTNER_REPORT_MESSAGES.monthRangeReversed;
  return null;
}

/** The organisation day a report month begins ('2026-11' → '2026-11-01'). */
export function reportMonthFirstDay(month: string): string {
  return `${month}-01`;
}

/** The month after ('2026-12' → '2027-01'). */
export function nextReportMonth(month: string): string {
  const year = Number(month.slice(0, 4));
  const index = Number(month.slice(5, 7)); // 1-12: the next month's 0-based index
  const nextYear = index === 12 ? year + 1 : year;
  const nextMonth = index === 12 ? 1 : index + 1;
  return `${String(nextYear).padStart(4, '0')}-${String(nextMonth).padStart(2, '0')}`;
}

// Written out rather than read from Intl at module load (a phone's main thread pays for every formatter built).
const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** 'November 2026' for '2026-11'; the text itself when it is not a month. */
export function reportMonthLabel(month: string): string {
  const match = MONTH.exec(month);
  if (!match) return month;
  return `${MONTH_NAMES[Number(match[2]) - 1]} ${match[1]}`;
}

/**
 * A report amount with its currency and, when it has any, its minor units ('₹7,500.50', '$25'): sums of real money
 * are shown to the paisa, not rounded as the dashboard's whole-rupee figures are.
 */
export function partnerReportAmountText(amount: number, currency: string): string {
  const minor = Math.round(amount * 10 ** currencyMinorUnits(currency));
  return formatMinor(minor, currency);
}

/** The CSV's columns; the month's names the time zone its calendar is. */
export const PARTNER_REPORT_CSV_COLUMNS = [
  `month (${ORGANISATION_TIME_ZONE})`,
  'partner_origin',
  'currency',
  'donations',
  'donors',
  'amount_net_of_refunds',
  'refunded_amount',
] as const;

/** 'partner-report-2026-11-30.csv', or with the months asked for: 'partner-report-2026-04-to-2026-11.csv'. */
export function partnerReportFileName(range: { from?: string; to?: string }, today: string): string {
  const from = range.from && isReportMonth(range.from) ? range.from : '';
  const to = range.to && isReportMonth(range.to) ? range.to : '';
  if (from || to) return `partner-report-${from || 'start'}-to-${to || today.slice(0, 7)}.csv`;
  return `partner-report-${today}.csv`;
}
