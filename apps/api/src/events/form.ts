import {
  DEFAULT_EVENT_STATUS,
  EVENT_STATUSES,
  EVENT_VALIDATION_MESSAGES,
  FIELD_MAX_LENGTHS,
  formatEventPayload,
  isEventStatus,
  validateEvent,
  type EventForm,
} from '@charity/domain';
import { cleanText } from '../routes/shared.js';
import type { EventValues } from './repository.js';

// The admin's event form, as JSON: { title, description, date, location, impact, status } (spec sections 3,
// 5 "Admin event", 7). The rules are the domain's (validateEvent's required fields and messages,
// formatEventPayload's trimming, nulls and default status) with two server-side differences:
//  - a past date is accepted: an admin records events that have happened (the gallery is of past events);
//  - an unknown status is refused rather than silently turned into 'upcoming', and a date must be a real
//    YYYY-MM-DD day (the domain's helper also reads other date spellings).

/** Longest text per field: the domain's one table of field lengths (packages/domain/src/field-limits.ts). */
export const EVENT_LIMITS = FIELD_MAX_LENGTHS.event;

export type EventField = 'title' | 'description' | 'date' | 'location' | 'impact' | 'status';
export type EventFormErrors = Partial<Record<EventField, string>>;

const FIELDS: readonly EventField[] = ['title', 'description', 'date', 'location', 'impact', 'status'];
const LABELS: Record<EventField, string> = {
  title: 'Event title',
  description: 'Event description',
  date: 'Event date',
  location: 'Location',
  impact: 'Impact',
  status: 'Status',
};

export const EVENT_FORM_MESSAGES = {
  notAnObject: 'Send the event as a JSON object with title, description, date, location, impact and status.',
  mustBeText: (field: EventField) => `${LABELS[field]} must be text.`,
  tooLong: (field: Exclude<EventField, 'date' | 'status'>) =>
    `${LABELS[field]} must be at most ${EVENT_LIMITS[field].toLocaleString('en-US')} characters long.`,
  statusInvalid: `Status must be one of: ${EVENT_STATUSES.join(', ')}.`,
  dateInvalid: EVENT_VALIDATION_MESSAGES.dateInvalid,
} as const;

/** A real calendar day written YYYY-MM-DD (years 1900–9999). */
export function isIsoDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1900) return false;
  const probe = new Date(Date.UTC(year, month - 1, day));
  return probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day;
}

/** Checks a create or full-edit body; returns the values to write, or every field's first problem. */
export function validateEventBody(input: Record<string, unknown>): { values: EventValues | null; errors: EventFormErrors } {
  const errors: EventFormErrors = {};
  const form: Record<EventField, string> = { title: '', description: '', date: '', location: '', impact: '', status: '' };
  for (const field of FIELDS) {
    const value = input[field];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string') {
      errors[field] = EVENT_FORM_MESSAGES.mustBeText(field);
      continue;
    }
    // Control characters never reach the database; one-line fields fold line breaks into spaces.
    form[field] = cleanText(value, { singleLine: field !== 'description' && field !== 'impact' });
  }

  const domainErrors = validateEvent(form as EventForm);
  if (!errors.title && domainErrors.title) errors.title = domainErrors.title;
  if (!errors.description && domainErrors.description) errors.description = domainErrors.description;
  for (const field of ['title', 'description', 'location', 'impact'] as const) {
    if (!errors[field] && form[field].length > EVENT_LIMITS[field]) errors[field] = EVENT_FORM_MESSAGES.tooLong(field);
  }
  if (!errors.date && form.date !== '' && !isIsoDay(form.date)) errors.date = EVENT_FORM_MESSAGES.dateInvalid;
  const status = form.status.toLowerCase();
  if (!errors.status && status !== '' && !isEventStatus(status)) errors.status = EVENT_FORM_MESSAGES.statusInvalid;

  if (Object.keys(errors).length > 0) return { values: null, errors: ordered(errors) };
  const payload = formatEventPayload({ ...form, status: status || DEFAULT_EVENT_STATUS });
  return { values: payload, errors: {} };
}

/** Errors in the form's field order, so `message` (the first) is the one the form shows first. */
function ordered(errors: EventFormErrors): EventFormErrors {
  const result: EventFormErrors = {};
  for (const field of FIELDS) if (errors[field]) result[field] = errors[field];
  return result;
}
