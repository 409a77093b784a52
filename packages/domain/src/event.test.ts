import { describe, expect, it } from 'vitest';
import {
  eventImageSources,
  eventPhotoAlt,
  formatEventDate,
  normaliseEvent,
  normaliseEventImage,
  parseEventList,
  parseEventReply,
  toDateInputValue,
} from './event';

const image = {
  id: 7,
  file_path: '/uploads/events/abc-800.webp',
  width: 800,
  height: 600,
  variants: [
    { width: 1600, url: '/uploads/events/abc-1600.webp' },
    { width: 400, url: '/uploads/events/abc-400.webp' },
    { width: 800, url: '/uploads/events/abc-800.webp' },
  ],
};

const event = {
  id: 3,
  title: '  Health camp ',
  description: 'Free checkups',
  date: '2026-03-15',
  location: '',
  impact: null,
  status: 'Completed',
  images: [image, { id: 8 }, 'nonsense'],
  created_at: '2026-01-01T10:00:00.000Z',
  updated_at: '2026-01-02T10:00:00.000Z',
};

describe('normaliseEvent', () => {
  it('trims text, turns blanks into null, lower-cases the status and keeps only loadable photos', () => {
    expect(normaliseEvent(event)).toEqual({
      id: 3,
      title: 'Health camp',
      description: 'Free checkups',
      date: '2026-03-15',
      location: null,
      impact: null,
      status: 'completed',
      images: [
        {
          id: 7,
          file_path: '/uploads/events/abc-800.webp',
          url: null,
          width: 800,
          height: 600,
          variants: [
            { width: 400, url: '/uploads/events/abc-400.webp' },
            { width: 800, url: '/uploads/events/abc-800.webp' },
            { width: 1600, url: '/uploads/events/abc-1600.webp' },
          ],
        },
      ],
      created_at: '2026-01-01T10:00:00.000Z',
      updated_at: '2026-01-02T10:00:00.000Z',
    });
  });

  it('keeps an unknown status as sent, so it can show in grey', () => {
    expect(normaliseEvent({ id: 1, status: 'postponed' })?.status).toBe('postponed');
  });

  it.each([[null], ['x'], [[]], [{ title: 'no id' }], [{ id: '  ' }], [{ id: Number.NaN }]])('rejects %j', (raw) => {
    expect(normaliseEvent(raw)).toBeNull();
  });

  it('accepts string ids and missing images', () => {
    expect(normaliseEvent({ id: 'e-1', title: 'T' })).toMatchObject({ id: 'e-1', images: [], date: null, status: '' });
  });
});

describe('normaliseEventImage', () => {
  it('drops malformed variants and keeps a url-only photo', () => {
    expect(
      normaliseEventImage({ url: 'https://cdn.example/x.jpg', variants: [{ width: 0, url: 'a' }, { width: 400 }, null, { width: '800', url: 'b' }] }),
    ).toEqual({ id: null, file_path: null, url: 'https://cdn.example/x.jpg', width: null, height: null, variants: [{ width: 800, url: 'b' }] });
  });

  it('is null without any address', () => {
    expect(normaliseEventImage({ id: 1, variants: [] })).toBeNull();
    expect(normaliseEventImage(42)).toBeNull();
  });
});

describe('parseEventList / parseEventReply', () => {
  it('reads data.events, or data as an array, dropping entries without an id', () => {
    expect(parseEventList({ success: true, data: { events: [event, { title: 'x' }] } }).map((e) => e.id)).toEqual([3]);
    expect(parseEventList({ success: true, data: [event] })).toHaveLength(1);
    expect(parseEventList({ success: true, data: { events: [] } })).toEqual([]);
  });

  it('throws on a reply without a list', () => {
    expect(() => parseEventList({ success: true, data: {} })).toThrow(TypeError);
    expect(() => parseEventList('<html>')).toThrow(TypeError);
  });

  it('reads data.event and throws without one', () => {
    expect(parseEventReply({ success: true, data: { event } }).title).toBe('Health camp');
    expect(() => parseEventReply({ success: true, data: {} })).toThrow(TypeError);
  });
});

describe('formatEventDate', () => {
  it.each([
    ['2026-03-15', '15 March 2026'],
    ['2025-12-01', '1 December 2025'],
    // The day as written, never shifted by the viewer's time zone.
    ['2026-01-01T00:00:00.000Z', '1 January 2026'],
    [' 2024-02-29 ', '29 February 2024'],
  ])('%s → %s', (value, expected) => {
    expect(formatEventDate(value)).toBe(expected);
  });

  it("matches en-IN's long date for every month (written without Intl)", () => {
    const enIN = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    for (let month = 1; month <= 12; month++) {
      for (const day of [1, 9, 10, 28]) {
        const value = `2031-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
        expect(formatEventDate(value)).toBe(enIN.format(Date.UTC(2031, month - 1, day)));
      }
    }
  });

  it.each([[null], [undefined], [''], ['2025-02-29'], ['15/03/2026'], ['2026-13-01'], ['soon']])('%j → null', (value) => {
    expect(formatEventDate(value)).toBeNull();
  });
});

describe('toDateInputValue', () => {
  it('gives YYYY-MM-DD or empty', () => {
    expect(toDateInputValue('2026-03-15')).toBe('2026-03-15');
    expect(toDateInputValue('2026-03-15T10:00:00Z')).toBe('2026-03-15');
    expect(toDateInputValue(null)).toBe('');
    expect(toDateInputValue('nope')).toBe('');
  });
});

describe('eventImageSources', () => {
  it('uses file_path as src and every variant in the srcset, narrowest first', () => {
    const photo = normaliseEventImage(image)!;
    expect(eventImageSources(photo)).toEqual({
      src: '/uploads/events/abc-800.webp',
      srcSet: '/uploads/events/abc-400.webp 400w, /uploads/events/abc-800.webp 800w, /uploads/events/abc-1600.webp 1600w',
      width: 800,
      height: 600,
    });
  });

  it('prefixes server-relative paths with the API base address, keeping absolute ones', () => {
    const photo = normaliseEventImage({ ...image, variants: [...image.variants, { width: 2000, url: 'https://cdn.example/x.webp' }] })!;
    const sources = eventImageSources(photo, 'http://api.example/');
    expect(sources?.src).toBe('http://api.example/uploads/events/abc-800.webp');
    expect(sources?.srcSet).toContain('http://api.example/uploads/events/abc-400.webp 400w');
    expect(sources?.srcSet).toContain('https://cdn.example/x.webp 2000w');
  });

  it('falls back to the middle variant and leaves out a one-entry srcset', () => {
    const onlyVariants = normaliseEventImage({ variants: image.variants })!;
    expect(eventImageSources(onlyVariants)?.src).toBe('/uploads/events/abc-800.webp');
    const single = normaliseEventImage({ url: '/x.png', variants: [{ width: 400, url: '/x-400.png' }] })!;
    expect(eventImageSources(single)).toEqual({ src: '/x.png', srcSet: undefined, width: undefined, height: undefined });
  });
});

describe('eventPhotoAlt', () => {
  it('names the position and the event', () => {
    expect(eventPhotoAlt('Health camp', 2, 5)).toBe('Photo 2 of 5 from Health camp');
    expect(eventPhotoAlt('  ', 1, 1)).toBe('Event photo 1 of 1');
  });
});
