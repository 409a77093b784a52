/**
 * The admin's donation list, detail and CSV export (docs/decisions/005-admin-console.md): shapes the API answers and
 * the filter rules.
 */
import { DONATION_TYPE_LABELS, type DonationType } from '../constants';
import { ORGANISATION_TIME_ZONE, ORGANISATION_UTC_OFFSET_MINUTES } from '../organisation-time';
import type { AdminRefund } from '../refunds';

export const ADMIN_DONATION_STATUSES = ['pending', 'completed', 'failed', 'refunded'] as const;
export type AdminDonationStatus = (typeof ADMIN_DONATION_STATUSES)[number];
export const ADMIN_DONATION_STATUS_LABELS: Readonly<Record<AdminDonationStatus, string>> = {
  pending: 'Pending',
  completed: 'Completed',
  failed: 'Failed',
  refunded: 'Refunded',
};

/** Rows per page of /admin/donations; the API caps `limit` at ADMIN_DONATIONS_MAX_PAGE_SIZE. */
export const ADMIN_DONATIONS_PAGE_SIZE = 20;
export const ADMIN_DONATIONS_MAX_PAGE_SIZE = 100;
export const ADMIN_SEARCH_MAX_LENGTH = 200;

/** A row of the list (and of the dashboard's recent donations). The donor's name is shown even when anonymous: staff see it. */
export interface AdminDonation {
  id: number;
  created_at: string;
  donor_name: string | null;
  donor_email: string | null;
  is_anonymous: boolean;
  amount: number;
  currency: string;
  amount_inr: number;
  donation_type: DonationType;
  status: AdminDonationStatus;
  campaign_id: number | null;
  campaign_title: string | null;
  donor_country: string | null;
  donor_country_code: string | null;
  receipt_number: string | null;
  payment_intent_id: string | null;
  /** The partner site a widget donation came from; null for the charity's own site. */
  partner_origin: string | null;
  source: string;
  /** A monthly gift's renewal (its first payment is false). Optional: fixtures of lists made before monthly gifts. */
  is_renewal?: boolean;
  /**
   * What refunds have given back, in the currency's minor unit (0 when none). A fully refunded donation has status
   * 'refunded'; a partly refunded one stays 'completed' with this above 0. Optional: fixtures made before refunds.
   */
  refunded_minor?: number;
}

export interface AdminDonationDetail extends AdminDonation {
  donor_mobile: string | null;
  donor_pan: string | null;
  donor_state: string | null;
  donor_city: string | null;
  donor_address: string | null;
  donor_pincode: string | null;
  payment_method_id: string | null;
  receipt: { number: string; issued_at: string; mail_status: string | null } | null;
  /** The amount in the currency's minor unit, exactly as charged. */
  amount_minor: number;
  refunded_minor: number;
  /** Refunds asked for and not settled: what they hold cannot be refunded again. */
  refund_pending_minor: number;
  /** Oldest first. */
  refunds: AdminRefund[];
}

/**
 * The filters of /admin/donations, as the browser's URL and the API's query both carry them.
 * Empty strings mean "any". Dates are organisation calendar days 'YYYY-MM-DD', both inclusive.
 * campaign is a campaign id, or 'none' for general donations (no campaign).
 */
export interface DonationFilters {
  q: string;
  from: string;
  to: string;
  campaign: string;
  country: string;
  currency: string;
  type: '' | DonationType;
  status: '' | AdminDonationStatus;
  /**
   * The partner site a widget donation came through (its origin), 'none' for the charity's own site
   * (PARTNER_FILTER_NONE, ../donation-source.ts), '' for any (docs/decisions/031-partner-report.md).
   */
  partner: string;
}

export const EMPTY_DONATION_FILTERS: Readonly<DonationFilters> = {
  q: '',
  from: '',
  to: '',
  campaign: '',
  country: '',
  currency: '',
  type: '',
  status: '',
  partner: '',
};

const FILTER_KEYS = Object.keys(EMPTY_DONATION_FILTERS) as Array<keyof DonationFilters>;

/** The non-empty filters as query parameters, in a fixed order (the same filter always gives the same URL). */
export function donationFilterQuery(filters: Partial<DonationFilters>): Record<string, string> {
  const query: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const value = filters[key]?.trim();
    if (value) query[key] = value;
  }
  return query;
}

/** Filters read back from a URL's query (a URLSearchParams); unknown keys are ignored, unknown type/status values dropped. */
export function donationFiltersFromSearch(params: { get(name: string): string | null }): DonationFilters {
  const filters: DonationFilters = { ...EMPTY_DONATION_FILTERS };
  for (const key of FILTER_KEYS) {
    const value = params.get(key)?.trim() ?? '';
    if (key === 'type') filters.type = value === 'one_time' || value === 'monthly' ? value : '';
    else if (key === 'status') filters.status = (ADMIN_DONATION_STATUSES as readonly string[]).includes(value) ? (value as AdminDonationStatus) : '';
    else filters[key] = value.slice(0, ADMIN_SEARCH_MAX_LENGTH);
  }
  return filters;
}

export function hasDonationFilters(filters: Partial<DonationFilters>): boolean {
  return Object.keys(donationFilterQuery(filters)).length > 0;
}

export const DONATION_FILTER_MESSAGES = {
  dateInvalid: 'Dates must be written YYYY-MM-DD.',
  rangeReversed: 'The "to" date must not be before the "from" date.',
} as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day written 'YYYY-MM-DD'. */
export function isCalendarDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The message for a bad date range, or null when the range is usable (either end may be empty). */
export function donationDateRangeError(from: string, to: string): string | null {
  if ((from && !isCalendarDay(from)) || (to && !isCalendarDay(to))) return DONATION_FILTER_MESSAGES.dateInvalid;
  if (from && to && to < from) return DONATION_FILTER_MESSAGES.rangeReversed;
  return null;
}

/**
 * The CSV's time column: when the donation was made, on the organisation's clock, with the zone named in the header
 * as the partner report's month is ('created_at (Asia/Kolkata)'), so a reader never has to guess (issue 20 found UTC).
 */
export const DONATION_CSV_CREATED_AT_COLUMN = `created_at (${ORGANISATION_TIME_ZONE})` as const;

/**
 * '2026-03-10 15:45:00' for 2026-03-10T10:15:00Z: the organisation's wall clock to the second (fractions dropped, so
 * the day is organisationDay's), in the form spreadsheets read as a date and time.
 */
export function donationCsvTime(instant: Date): string {
  return new Date(instant.getTime() + ORGANISATION_UTC_OFFSET_MINUTES * 60_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** The column order of the CSV export (header row names). */
export const DONATION_CSV_COLUMNS = [
  'id',
  DONATION_CSV_CREATED_AT_COLUMN,
  'receipt_number',
  'status',
  'donation_type',
  'amount',
  'currency',
  'amount_inr',
  // Refunds (docs/decisions/024-refunds.md): what went back, and what is left, in the currency and in INR.
  'refunded_amount',
  'net_amount',
  'net_amount_inr',
  'campaign_id',
  'campaign_title',
  'donor_name',
  'donor_email',
  'donor_mobile',
  'donor_pan',
  'donor_country',
  'donor_country_code',
  'donor_state',
  'donor_city',
  'donor_address',
  'donor_pincode',
  'is_anonymous',
  'source',
  'partner_origin',
  'payment_intent_id',
  // 'true' for a monthly gift's renewals (its first payment is 'false', like one-time gifts).
  'is_renewal',
] as const;

/** 'donations-2026-11-22.csv', or with the range when one is set: 'donations-2026-11-01-to-2026-11-22.csv'. */
export function donationCsvFileName(filters: Partial<DonationFilters>, today: string): string {
  const from = filters.from && isCalendarDay(filters.from) ? filters.from : '';
  const to = filters.to && isCalendarDay(filters.to) ? filters.to : '';
  if (from || to) return `donations-${from || 'start'}-to-${to || today}.csv`;
  return `donations-${today}.csv`;
}

/** The type column of the admin tables: 'Monthly renewal' for a monthly gift's later payments. */
export function donationTypeLabel(donation: Pick<AdminDonation, 'donation_type' | 'is_renewal'>): string {
  if (donation.is_renewal) return 'Monthly renewal';
  return DONATION_TYPE_LABELS[donation.donation_type] ?? donation.donation_type;
}
