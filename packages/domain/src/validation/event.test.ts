import { describe, expect, it } from 'vitest';
import {
  DEFAULT_EVENT_STATUS,
  EVENT_STATUSES,
  canSubmitEventForm,
  eventImageKey,
  eventImageUrl,
  eventStatusTone,
  formatEventPayload,
  photoCountLabel,
  validateEvent,
  type EventForm,
} from './event';

// Built from local components so the calendar day is the same in every time zone.
const now = new Date(2025, 5, 15, 23, 59, 0);
const base: EventForm = { title: 'Health camp', description: 'Free checkups for children', date: '', location: '', impact: '', status: '' };

describe('event statuses', () => {
  it('are upcoming, ongoing, completed, cancelled with upcoming the default', () => {
    expect(EVENT_STATUSES).toEqual(['upcoming', 'ongoing', 'completed', 'cancelled']);
    expect(DEFAULT_EVENT_STATUS).toBe('upcoming');
  });

  it.each([
    ['upcoming', 'blue'],
    ['ongoing', 'yellow'],
    ['completed', 'green'],
    ['cancelled', 'red'],
    ['Completed', 'green'],
    ['postponed', 'grey'],
    ['', 'grey'],
    [null, 'grey'],
  ])('%j → %s', (status, tone) => {
    expect(eventStatusTone(status)).toBe(tone);
  });
});

describe('validateEvent', () => {
  it.each<[Partial<EventForm>, Record<string, string>]>([
    [{}, {}],
    [{ title: '' }, { title: 'Event title is required' }],
    [{ title: '   ' }, { title: 'Event title is required' }],
    [{ description: '' }, { description: 'Event description is required' }],
    [{ description: ' \n ' }, { description: 'Event description is required' }],
    [{ date: '2025-06-15' }, {}],
    [{ date: '2025-06-16' }, {}],
    [{ date: '2026-01-01' }, {}],
    [{ date: '2025-06-14' }, { date: 'Event date cannot be in the past' }],
    [{ date: '2024-12-31' }, { date: 'Event date cannot be in the past' }],
    [{ date: '2025-06-14T23:00:00.000Z' }, { date: 'Event date cannot be in the past' }],
    [{ date: '2025-06-15T00:00:00.000Z' }, {}],
    [{ date: '2025-02-30' }, { date: 'Please enter a valid event date' }],
    [{ date: 'soon' }, { date: 'Please enter a valid event date' }],
    [{ date: null }, {}],
    [
      { title: '', description: '', date: '2020-01-01' },
      { title: 'Event title is required', description: 'Event description is required', date: 'Event date cannot be in the past' },
    ],
  ])('%j → %j', (change, expected) => {
    expect(validateEvent({ ...base, ...change }, now)).toEqual(expected);
  });

  it('allows today at any time of day', () => {
    expect(validateEvent({ ...base, date: '2025-06-15' }, new Date(2025, 5, 15, 0, 0, 1))).toEqual({});
    expect(validateEvent({ ...base, date: '2025-06-15' }, new Date(2025, 5, 16, 0, 0, 0))).toEqual({ date: 'Event date cannot be in the past' });
  });
});

describe('canSubmitEventForm', () => {
  it.each([
    ['Title', 'Desc', true],
    ['', 'Desc', false],
    ['Title', '  ', false],
  ])('%j / %j → %s', (title, description, expected) => {
    expect(canSubmitEventForm({ title, description })).toBe(expected);
  });
});

describe('formatEventPayload', () => {
  it('trims text and nulls empty location, impact and date; status defaults to upcoming', () => {
    expect(formatEventPayload({ title: '  Health camp ', description: ' Checkups ', date: '  ', location: ' ', impact: '', status: '' })).toEqual({
      title: 'Health camp',
      description: 'Checkups',
      date: null,
      location: null,
      impact: null,
      status: 'upcoming',
    });
  });

  it('keeps given values', () => {
    expect(
      formatEventPayload({ title: 'Drive', description: 'Nutrition drive', date: '2025-07-01', location: ' Bengaluru ', impact: ' 300 children fed ', status: 'completed' }),
    ).toEqual({ title: 'Drive', description: 'Nutrition drive', date: '2025-07-01', location: 'Bengaluru', impact: '300 children fed', status: 'completed' });
  });

  it.each([
    [undefined, 'upcoming'],
    [null, 'upcoming'],
    ['bogus', 'upcoming'],
    [' Ongoing ', 'ongoing'],
    ['cancelled', 'cancelled'],
  ])('status %j → %s', (status, expected) => {
    expect(formatEventPayload({ title: 'T', description: 'D', status }).status).toBe(expected);
  });
});

describe('event images', () => {
  it.each([
    [{ file_path: '/uploads/events/a.jpg' }, 'http://localhost:4000/uploads/events/a.jpg'],
    [{ file_path: 'uploads/events/a.jpg' }, 'http://localhost:4000/uploads/events/a.jpg'],
    [{ file_path: 'https://cdn.example.com/a.jpg' }, 'https://cdn.example.com/a.jpg'],
    [{ url: 'https://cdn.example.com/b.jpg' }, 'https://cdn.example.com/b.jpg'],
    [{ file_path: '', url: '/b.jpg' }, '/b.jpg'],
    [{}, null],
  ])('%j → %j', (image, expected) => {
    expect(eventImageUrl(image, 'http://localhost:4000/')).toBe(expected);
  });

  it('uses an empty base for same-origin paths', () => {
    expect(eventImageUrl({ file_path: 'uploads/a.jpg' }, '')).toBe('/uploads/a.jpg');
  });

  it('keys images by id, else by list index', () => {
    expect(eventImageKey({ id: 12 }, 0)).toBe(12);
    expect(eventImageKey({ id: null }, 3)).toBe(3);
    expect(eventImageKey({}, 4)).toBe(4);
  });

  it.each([
    [0, '0 photos from this event'],
    [1, '1 photo from this event'],
    [12, '12 photos from this event'],
  ])('%i → %s', (n, label) => {
    expect(photoCountLabel(n)).toBe(label);
  });
});
