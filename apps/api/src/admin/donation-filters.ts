import {
  ADMIN_DONATION_STATUSES,
  DONATION_TYPES,
  PARTNER_FILTER_NONE,
  donationDateRangeError,
  type AdminDonationStatus,
  type DonationFilters,
  type DonationType,
} from '@charity/domain';
import { PARTNER_FILTER_MAX_LENGTH } from '@charity/domain/contract';
import { parseOrigin } from '../config.js';
import { HttpError } from '../http-errors.js';
import { cleanText, MAX_ID } from '../routes/shared.js';

// The filters of the admin's donation list and CSV export (domain DonationFilters, `partner` included: the widget of
// docs/decisions/006-partner-widget.md, checked since decision 031), read from the query string and checked once, so
// the list, its summary and the export can never disagree about what a filter means. Empty values mean "any", as in
// the domain.

export const PARTNER_MAX_LENGTH = PARTNER_FILTER_MAX_LENGTH;

export const DONATION_FILTER_ROUTE_MESSAGES = {
  campaignInvalid: "campaign must be a campaign id or 'none'.",
  countryInvalid: 'country must be a two-letter country code.',
  currencyInvalid: 'currency must be a three-letter currency code.',
  typeInvalid: `type must be one of: ${DONATION_TYPES.join(', ')}.`,
  statusInvalid: `status must be one of: ${ADMIN_DONATION_STATUSES.join(', ')}.`,
  dateOutOfRange: 'Dates must be from 1900-01-01 on.',
  partnerInvalid: "partner must be a partner site's origin such as https://school.example, or 'none' for the charity's own site.",
} as const;

/**
 * The partner filter, checked: '' (any), 'none' (the charity's own site) or an origin normalised as the widget
 * records it ('HTTPS://School.Example/' finds 'https://school.example'); anything else is a 400.
 */
export function readPartnerFilter(raw: string): string {
  if (raw === '') return '';
  if (raw.toLowerCase() === PARTNER_FILTER_NONE) return PARTNER_FILTER_NONE;
  const origin = parseOrigin(raw);
  if (!origin) throw new HttpError(400, DONATION_FILTER_ROUTE_MESSAGES.partnerInvalid);
  return origin;
}

/**
 * The earliest day a filter may name. The domain accepts any 'YYYY-MM-DD' (0000-01-01 included), but a day
 * before year 1 has no ISO instant PostgreSQL reads ('-000001-12-31T18:30:00.000Z'), which was a 500 (found by the
 * API fuzz); no donation predates 1900.
 */
export const EARLIEST_FILTER_DAY = '1900-01-01';

/** The query string as Fastify hands it over (every value optional text, lengths already capped by the schema). */
export type DonationFilterQuery = Partial<Record<keyof DonationFilters, string>>;

/** The filters, checked: '' or null means "any". */
export interface DonationListFilters {
  q: string;
  from: string;
  to: string;
  /** A campaign id, 'none' (general donations), or null for any. */
  campaign: number | 'none' | null;
  /** Upper case. */
  country: string;
  currency: string;
  type: DonationType | null;
  status: AdminDonationStatus | null;
  /** '' for any, 'none' for the charity's own site, else a partner's normalised origin. */
  partner: string;
}

/** Reads and checks the filters; a bad one is a 400 with a sentence naming it. */
export function readDonationFilters(query: DonationFilterQuery): DonationListFilters {
  const value = (key: keyof DonationFilterQuery) => cleanText(query[key] ?? '', { singleLine: true });

  const from = value('from');
  const to = value('to');
  const rangeError = donationDateRangeError(from, to);
  if (rangeError) throw new HttpError(400, rangeError);
  // Both are 'YYYY-MM-DD' here, so comparing the text compares the days.
  if ((from && from < EARLIEST_FILTER_DAY) || (to && to < EARLIEST_FILTER_DAY)) {
    throw new HttpError(400, DONATION_FILTER_ROUTE_MESSAGES.dateOutOfRange);
  }

  const campaignText = value('campaign').toLowerCase();
  let campaign: DonationListFilters['campaign'] = null;
  if (campaignText === 'none') campaign = 'none';
  else if (campaignText !== '') {
    const id = /^\d{1,10}$/.test(campaignText) ? Number(campaignText) : NaN;
    if (!(id >= 1 && id <= MAX_ID)) throw new HttpError(400, DONATION_FILTER_ROUTE_MESSAGES.campaignInvalid);
    campaign = id;
  }

  const country = value('country').toUpperCase();
  if (country && !/^[A-Z]{2}$/.test(country)) throw new HttpError(400, DONATION_FILTER_ROUTE_MESSAGES.countryInvalid);
  const currency = value('currency').toUpperCase();
  if (currency && !/^[A-Z]{3}$/.test(currency)) throw new HttpError(400, DONATION_FILTER_ROUTE_MESSAGES.currencyInvalid);

  const type = value('type');
  if (type && !(DONATION_TYPES as readonly string[]).includes(type)) throw new HttpError(400, DONATION_FILTER_ROUTE_MESSAGES.typeInvalid);
  const status = value('status');
  if (status && !(ADMIN_DONATION_STATUSES as readonly string[]).includes(status)) {
    throw new HttpError(400, DONATION_FILTER_ROUTE_MESSAGES.statusInvalid);
  }

  return {
    q: value('q'),
    from,
    to,
    campaign,
    country,
    currency,
    type: (type || null) as DonationType | null,
    status: (status || null) as AdminDonationStatus | null,
    partner: readPartnerFilter(value('partner')),
  };
}
