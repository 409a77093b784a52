/** Admin event form and event display rules (spec §3 "Event", §4 "Event status", §5 "Admin event"). */
import { text } from '../internal/values';

export const EVENT_STATUSES = ['upcoming', 'ongoing', 'completed', 'cancelled'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];
export const DEFAULT_EVENT_STATUS: EventStatus = 'upcoming';

export const EVENT_STATUS_LABELS: Readonly<Record<EventStatus, string>> = {
  upcoming: 'Upcoming',
  ongoing: 'Ongoing',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export const EVENT_VALIDATION_MESSAGES = {
  titleRequired: 'Event title is required',
  descriptionRequired: 'Event description is required',
  dateInPast: 'Event date cannot be in the past',
  dateInvalid: 'Please enter a valid event date',
} as const;

export type EventStatusTone = 'blue' | 'yellow' | 'green' | 'red' | 'grey';

/** The add/edit event form as typed by the admin. */
export interface EventForm {
  title: string;
  description: string;
  /** 'YYYY-MM-DD' from a date input, or an ISO date-time from the server; '' for none. */
  date?: string | null;
  location?: string | null;
  impact?: string | null;
  status?: string | null;
}

/** The body of POST /events and PUT /events/{id}. */
export interface EventPayload {
  title: string;
  description: string;
  date: string | null;
  location: string | null;
  impact: string | null;
  status: EventStatus;
}

export type EventFormErrors = Partial<Record<'title' | 'description' | 'date', string>>;

export function isEventStatus(value: unknown): value is EventStatus {
  return typeof value === 'string' && (EVENT_STATUSES as readonly string[]).includes(value);
}

/** The 'Create Event' / 'Update Event' button is enabled only when title and description are filled. */
export function canSubmitEventForm(form: Pick<EventForm, 'title' | 'description'>): boolean {
  return text(form.title) !== '' && text(form.description) !== '';
}

/**
 * Calendar day of a date value as a comparable number yyyymmdd. A string starting with
 * 'YYYY-MM-DD' is read as that calendar day as written (no time-zone shift); anything else is
 * parsed and read in the runtime's local time zone. null when unparseable.
 */
function calendarDay(value: string | Date): number | null {
  if (typeof value === 'string') {
    const match = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ])/.exec(value.trim());
    if (match) {
      const [, y, m, d] = match;
      const year = Number(y);
      const month = Number(m);
      const day = Number(d);
      const probe = new Date(year, month - 1, day);
      if (probe.getFullYear() !== year || probe.getMonth() !== month - 1 || probe.getDate() !== day) return null;
      return year * 10000 + month * 100 + day;
    }
    const parsed = new Date(value.trim());
    if (Number.isNaN(parsed.getTime())) return null;
    return calendarDay(parsed);
  }
  if (Number.isNaN(value.getTime())) return null;
  return value.getFullYear() * 10000 + (value.getMonth() + 1) * 100 + value.getDate();
}

/**
 * Errors per field: title and description required (trimmed); a date, when given, must be valid
 * and not before today's calendar day in the local time zone of `now` (today is allowed).
 */
export function validateEvent(form: EventForm, now: Date = new Date()): EventFormErrors {
  const errors: EventFormErrors = {};
  if (text(form.title) === '') errors.title = EVENT_VALIDATION_MESSAGES.titleRequired;
  if (text(form.description) === '') errors.description = EVENT_VALIDATION_MESSAGES.descriptionRequired;
  const date = text(form.date);
  if (date !== '') {
    const day = calendarDay(date);
    const today = calendarDay(now);
    if (day === null) errors.date = EVENT_VALIDATION_MESSAGES.dateInvalid;
    else if (today !== null && day < today) errors.date = EVENT_VALIDATION_MESSAGES.dateInPast;
  }
  return errors;
}

/** Trims text; empty location, impact and date become null; a missing or unknown status becomes 'upcoming'. */
export function formatEventPayload(form: EventForm): EventPayload {
  const status = text(form.status).toLowerCase();
  return {
    title: text(form.title),
    description: text(form.description),
    date: text(form.date) || null,
    location: text(form.location) || null,
    impact: text(form.impact) || null,
    status: isEventStatus(status) ? status : DEFAULT_EVENT_STATUS,
  };
}

/** Badge colour: upcoming blue, ongoing yellow, completed green, cancelled red, anything else grey. */
export function eventStatusTone(status: string | null | undefined): EventStatusTone {
  switch (text(status).toLowerCase()) {
    case 'upcoming':
      return 'blue';
    case 'ongoing':
      return 'yellow';
    case 'completed':
      return 'green';
    case 'cancelled':
      return 'red';
    default:
      return 'grey';
  }
}

/** An event image as the API sends it. */
export interface EventImage {
  id?: number | string | null;
  file_path?: string | null;
  url?: string | null;
}

/**
 * Display URL of an event image: file_path prefixed with the API base address (absolute
 * file_paths are kept), else url; null when neither is set.
 */
export function eventImageUrl(image: EventImage, apiBaseUrl: string): string | null {
  const filePath = text(image.file_path);
  if (filePath !== '') {
    if (/^(?:https?:)?\/\//i.test(filePath) || filePath.startsWith('data:')) return filePath;
    const base = apiBaseUrl.trim().replace(/\/+$/, '');
    return `${base}/${filePath.replace(/^\/+/, '')}`;
  }
  const url = text(image.url);
  return url === '' ? null : url;
}

/** The identifier for DELETE /events/{id}/images/{imageId}: the image id, or its list index if it has none. */
export function eventImageKey(image: EventImage, index: number): number | string {
  return image.id === null || image.id === undefined || image.id === '' ? index : image.id;
}

/** '{n} photos from this event' ('1 photo from this event' for one). */
export function photoCountLabel(count: number): string {
  return count === 1 ? '1 photo from this event' : `${count} photos from this event`;
}
