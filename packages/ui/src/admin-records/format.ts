/**
 * Dates as the admin screens show them. Written by hand rather than with Intl's time zones so the output is the same
 * in every browser and in Node whatever their ICU data, and so a donation made at 00:30 in Pune is listed on the
 * organisation's calendar day (domain ORGANISATION_UTC_OFFSET_MINUTES), not the viewer's.
 */
import { ORGANISATION_UTC_OFFSET_MINUTES } from '@charity/domain';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

function parse(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function dayText(shifted: Date): string {
  return `${shifted.getUTCDate()} ${MONTHS[shifted.getUTCMonth()]} ${shifted.getUTCFullYear()}`;
}

/** '22 Nov 2026, 14:05' in organisation time; null for a missing or unreadable value. */
export function formatAdminDateTime(value: string | null | undefined): string | null {
  const date = parse(value);
  if (!date) return null;
  const shifted = new Date(date.getTime() + ORGANISATION_UTC_OFFSET_MINUTES * 60_000);
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
