import { ORGANISATION_UTC_OFFSET_MINUTES, organisationDay } from '@charity/domain';

// Calendar days and months of the organisation (India, a fixed +05:30 with no daylight saving), as the instants
// where they begin. Queries compare created_at with these instants, so neither the database's time zone setting nor
// a time zone database (PGlite has none) plays any part: a day is always exactly 24 hours here.

const OFFSET_MS = ORGANISATION_UTC_OFFSET_MINUTES * 60_000;
export const DAY_MS = 86_400_000;

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
