// The organisation's time: one module for every calendar question the product asks (receipt dates and numbers,
// the financial year, the dashboard's days and months, campaign analytics, the admin screens' times).
//
// The charity keeps its books in India, which has no daylight saving: a fixed +05:30 from UTC. Queries compare
// instants with the instants these days begin, so neither the database's time zone setting nor a time zone
// database (PGlite has none) plays any part: a day is always exactly 24 hours here.

/** Minutes east of UTC of the organisation's clock (India Standard Time). */
export const ORGANISATION_UTC_OFFSET_MINUTES = 330;
/** How the organisation's zone is named where a reader needs it said (CSV headers, receipts). */
export const ORGANISATION_TIME_ZONE = 'Asia/Kolkata';

const OFFSET_MS = ORGANISATION_UTC_OFFSET_MINUTES * 60_000;
export const DAY_MS = 86_400_000;

/** The instant shifted so that its UTC fields read as the organisation's wall clock. */
function wallClock(instant: Date): Date {
  return new Date(instant.getTime() + OFFSET_MS);
}

/** 'YYYY-MM-DD' of the organisation's calendar day that `instant` falls on. */
export function organisationDay(instant: Date): string {
  return wallClock(instant).toISOString().slice(0, 10);
}

/** The organisation's calendar date of `instant` as numbers (month 1-12). */
export function organisationDate(instant: Date): { year: number; month: number; day: number } {
  const clock = wallClock(instant);
  return { year: clock.getUTCFullYear(), month: clock.getUTCMonth() + 1, day: clock.getUTCDate() };
}

/** '2026-27' for any instant from 1 April 2026 00:00 to 31 March 2027 23:59:59 in India: the Indian financial year. */
export function financialYear(instant: Date): string {
  const { year, month } = organisationDate(instant);
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** The instant an organisation calendar day 'YYYY-MM-DD' begins (00:00 at +05:30, i.e. 18:30 UTC the day before). */
export function organisationDayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - OFFSET_MS);
}

/** The instant the day after `day` begins: the exclusive end of an inclusive "to" day. */
export function organisationDayEnd(day: string): Date {
  return new Date(organisationDayStart(day).getTime() + DAY_MS);
}

/** 'YYYY-MM-DD' shifted by whole days (negative goes back). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The first day of the month `months` after the month of `day` ('2026-01-15', -1 → '2025-12-01'). */
export function monthStartDay(day: string, months = 0): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7)) - 1 + months;
  return new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);
}

export interface OrganisationCalendar {
  today: string;
  thisMonth: { start: Date; end: Date };
  lastMonth: { start: Date; end: Date };
}

/** Today, this month and last month in the organisation's time, at the instant `now`. */
export function organisationCalendar(now: Date): OrganisationCalendar {
  const today = organisationDay(now);
  const thisMonth = organisationDayStart(monthStartDay(today));
  return {
    today,
    thisMonth: { start: thisMonth, end: organisationDayStart(monthStartDay(today, 1)) },
    lastMonth: { start: organisationDayStart(monthStartDay(today, -1)), end: thisMonth },
  };
}
