/**
 * Dates, sizes and counts as the admin screens show them. Month names are written out here rather than taken from
 * Intl (recent ICU data writes 'Sept' for en-GB/en-IN) and instants are shifted by hand rather than with Intl's time
 * zones, so every screen reads the same in every browser, in Node and in the tests. Instants are shown in
 * organisation time (UTC+05:30, domain ORGANISATION_UTC_OFFSET_MINUTES): a donation made at 00:30 in Pune is listed
 * on the organisation's calendar day, and staff in the office and the server agree on it whatever the browser's own
 * time zone.
 *
 * One clock on every admin screen (issue 20 found three: '20:30', '8:30 pm' and UTC in the CSV): '22 Nov 2026, 20:30',
 * the organisation's time on a 24-hour clock. formatConsoleDateTime and formatAdminDateTime write the same.
 */
import { ORGANISATION_UTC_OFFSET_MINUTES, formatNumber } from '@charity/domain';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function dayParts(day: string): { year: number; month: string; date: number } | null {
  const match = DAY.exec(day.slice(0, 10));
  if (!match) return null;
  const month = MONTHS[Number(match[2]) - 1];
  if (!month) return null;
  return { year: Number(match[1]), month, date: Number(match[3]) };
}

/** The instant shifted so that its UTC fields read as the organisation's wall clock. */
function organisationClock(time: number): Date {
  return new Date(time + ORGANISATION_UTC_OFFSET_MINUTES * 60_000);
}

/** '12 Nov 2026' from a date's UTC fields. */
function dayText(date: Date): string {
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

function parse(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '12 Nov 2026' for the calendar day '2026-11-12'; anything unreadable is shown as given. */
export function formatConsoleDay(day: string): string {
  const parts = dayParts(day);
  return parts ? `${parts.date} ${parts.month} ${parts.year}` : day;
}

/** '12 Nov' for '2026-11-12' (axis labels, where the year is in the range line). */
export function formatConsoleShortDay(day: string): string {
  const parts = dayParts(day);
  return parts ? `${parts.date} ${parts.month}` : day;
}

/** '12 Nov 2026, 15:45' for an instant, in organisation time; anything unreadable is shown as given. */
export function formatConsoleDateTime(instant: string): string {
  return formatAdminDateTime(instant) ?? instant;
}

/** '22 Nov 2026, 14:05' in organisation time; null for a missing or unreadable value. */
export function formatAdminDateTime(value: string | null | undefined): string | null {
  const date = parse(value);
  if (!date) return null;
  const shifted = organisationClock(date.getTime());
  const hours = String(shifted.getUTCHours()).padStart(2, '0');
  const minutes = String(shifted.getUTCMinutes()).padStart(2, '0');
  return `${dayText(shifted)}, ${hours}:${minutes}`;
}

/**
 * '31 Mar 2027' for a campaign date. Campaign dates are calendar days stored at midnight UTC, and the form edits
 * their UTC day (domain campaignFormValues), so the list shows that same day.
 */
export function formatAdminDay(value: string | null | undefined): string | null {
  const date = parse(value);
  return date ? dayText(date) : null;
}

/** '1 donation', '1,234 donations' (Indian digit grouping, as every statistic of the site). */
export function countLabel(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatNumber(count)} ${count === 1 ? singular : plural}`;
}

// File sizes are written once, in @charity/domain (the backup command prints the same figure as the dashboard).
export { formatFileSize } from '@charity/domain';
