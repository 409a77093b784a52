/** The admin's events screen: search, status filter and the past-dated 'Upcoming' warning (issue 20 item 5). */
import { EVENT_STATUSES, EVENT_STATUS_LABELS, type EventStatus } from '../validation/event';
import type { EventRecord } from '../event';
import { organisationDay } from '../organisation-time';

/** 'all' or one stored status. */
export const ADMIN_EVENT_STATUS_FILTERS = ['all', ...EVENT_STATUSES] as const;
export type AdminEventStatusFilter = (typeof ADMIN_EVENT_STATUS_FILTERS)[number];

export const ADMIN_EVENT_FILTER_LABELS: Readonly<Record<AdminEventStatusFilter, string>> = { all: 'All statuses', ...EVENT_STATUS_LABELS };

export const ADMIN_EVENTS_FILTER_TEXT = {
  searchLabel: 'Search events',
  searchPlaceholder: 'Title, place or description',
  statusLabel: 'Status',
  noMatch: 'No events match your search',
  noMatchHint: 'Try other words or another status.',
  clear: 'Clear search and filter',
  /** Beside an 'Upcoming' event whose date is behind us, in the list and in the form. */
  datePassed: 'Date passed: still shown as Upcoming',
  datePassedWarning: 'This date has passed. Visitors will see the event as Upcoming until you change its status.',
} as const;

export function isAdminEventStatusFilter(value: unknown): value is AdminEventStatusFilter {
  return typeof value === 'string' && (ADMIN_EVENT_STATUS_FILTERS as readonly string[]).includes(value);
}

/** 'Showing 3 of 54 events' (or 'Showing all 54 events', 'Showing 1 event'). */
export function adminEventsCountText(shown: number, total: number): string {
  const noun = (n: number) => (n === 1 ? 'event' : 'events');
  if (shown === total) return total === 1 ? 'Showing 1 event' : `Showing all ${total} events`;
  return `Showing ${shown} of ${total} ${noun(total)}`;
}

/**
 * The events matching the search (every word, case- and accent-insensitive, in the title, location, description or
 * impact) and the status filter, in their order.
 */
export function filterAdminEvents<T extends Pick<EventRecord, 'title' | 'description' | 'location' | 'impact' | 'status'>>(
  events: readonly T[],
  { query, status }: { query: string; status: AdminEventStatusFilter },
): T[] {
  const fold = (value: string) => value.normalize('NFD').replace(/\p{Mark}/gu, '').toLowerCase();
  const words = fold(query).split(/\s+/).filter(Boolean);
  return events.filter((event) => {
    if (status !== 'all' && event.status !== status) return false;
    if (words.length === 0) return true;
    const haystack = fold([event.title, event.location ?? '', event.description, event.impact ?? ''].join(' '));
    return words.every((word) => haystack.includes(word));
  });
}

/**
 * True for an event still set to 'upcoming' whose date (as written, 'YYYY-MM-DD') is before today in the
 * organisation's calendar: the public page would call a past event Upcoming. `today` is 'YYYY-MM-DD'.
 */
export function isPastDatedUpcoming(event: { status: string; date: string | null | undefined }, today: string = organisationDay(new Date())): boolean {
  if ((event.status as EventStatus) !== 'upcoming') return false;
  const day = /^\s*(\d{4}-\d{2}-\d{2})/.exec(event.date ?? '')?.[1];
  return day !== undefined && day < today;
}
