/**
 * An event and its photos as the site shows them (spec §3 "Event", "Event image"; §7 Events): reading the
 * API's replies defensively, the display date, responsive image sources and photo alt text. Used by the
 * public events page and the admin events page alike.
 */
import { isRecord, text } from './internal/values';
import { eventImageUrl } from './validation/event';

/** One stored size of an event photo (e.g. 400, 800 and 1600 px wide WebP). */
export interface EventImageVariant {
  width: number;
  url: string;
}

/** An event photo, normalised: every field present, unknown ones null. */
export interface EventPhoto {
  id: number | string | null;
  /** Server-relative path ('/uploads/events/x-800.webp') or an absolute URL. */
  file_path: string | null;
  url: string | null;
  width: number | null;
  height: number | null;
  /** Sorted by width, narrowest first. */
  variants: EventImageVariant[];
}

/** An event, normalised. `status` is kept as sent (lower case) so an unknown value still shows, in grey. */
export interface EventRecord {
  id: number | string;
  title: string;
  description: string;
  /** 'YYYY-MM-DD' (or an ISO date-time), or null. */
  date: string | null;
  location: string | null;
  impact: string | null;
  status: string;
  images: EventPhoto[];
  created_at: string | null;
  updated_at: string | null;
}

function nullableText(value: unknown): string | null {
  const t = text(value);
  return t === '' ? null : t;
}

function positiveInteger(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : null;
}

function identifier(value: unknown): number | string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  return null;
}

/** A photo from the API; null when it has no address to load it from. Malformed variants are dropped. */
export function normaliseEventImage(raw: unknown): EventPhoto | null {
  if (!isRecord(raw)) return null;
  const variants = Array.isArray(raw.variants)
    ? raw.variants
        .map((v): EventImageVariant | null => {
          if (!isRecord(v)) return null;
          const width = positiveInteger(v.width);
          const url = text(v.url);
          return width !== null && url !== '' ? { width, url } : null;
        })
        .filter((v): v is EventImageVariant => v !== null)
        .sort((a, b) => a.width - b.width)
    : [];
  const photo: EventPhoto = {
    id: identifier(raw.id),
    file_path: nullableText(raw.file_path),
    url: nullableText(raw.url),
    width: positiveInteger(raw.width),
    height: positiveInteger(raw.height),
    variants,
  };
  return photo.file_path || photo.url || variants.length > 0 ? photo : null;
}

/** An event from the API; null when it is not an object or has no id (nothing could address it). */
export function normaliseEvent(raw: unknown): EventRecord | null {
  if (!isRecord(raw)) return null;
  const id = identifier(raw.id);
  if (id === null) return null;
  const images = Array.isArray(raw.images)
    ? raw.images.map(normaliseEventImage).filter((image): image is EventPhoto => image !== null)
    : [];
  return {
    id,
    title: text(raw.title),
    description: text(raw.description),
    date: nullableText(raw.date),
    location: nullableText(raw.location),
    impact: nullableText(raw.impact),
    status: text(raw.status).toLowerCase(),
    images,
    created_at: nullableText(raw.created_at),
    updated_at: nullableText(raw.updated_at),
  };
}

/**
 * The events of a list reply (`{success, data: {events}}`, or `data` as an array). Entries that are not
 * events are dropped; a reply without a list throws, so the caller reports it like any failed load.
 */
export function parseEventList(body: unknown): EventRecord[] {
  const data = isRecord(body) ? body.data : undefined;
  const list = Array.isArray(data) ? data : isRecord(data) ? data.events : undefined;
  if (!Array.isArray(list)) throw new TypeError('The events reply has no list of events');
  return list.map(normaliseEvent).filter((event): event is EventRecord => event !== null);
}

/** The event of a single-event reply (`{success, data: {event}}`); throws when there is none. */
export function parseEventReply(body: unknown): EventRecord {
  const data = isRecord(body) ? body.data : undefined;
  const event = normaliseEvent(isRecord(data) ? data.event : undefined);
  if (!event) throw new TypeError('The event reply has no event');
  return event;
}

const DATE_PREFIX = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ])/;

/** The calendar day a date value names, as written (no time-zone shift); null when it is not a real day. */
function calendarDate(value: string | null | undefined): { year: number; month: number; day: number } | null {
  const match = DATE_PREFIX.exec(text(value));
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return null;
  return { year, month, day };
}

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * '15 March 2026' for '2026-03-15' (en-IN's day-month-year, the day as written, whatever the visitor's time zone);
 * null for a missing or invalid date. Written out rather than with Intl.DateTimeFormat, whose construction at module
 * load cost the events page ~50 ms of a phone's main thread (event.test.ts compares it with en-IN's output).
 */
export function formatEventDate(value: string | null | undefined): string | null {
  const date = calendarDate(value);
  return date ? `${date.day} ${MONTH_NAMES[date.month - 1]} ${date.year}` : null;
}

/** The value for an `<input type="date">`: 'YYYY-MM-DD', or '' when there is no valid date. */
export function toDateInputValue(value: string | null | undefined): string {
  const date = calendarDate(value);
  if (!date) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.year}-${pad(date.month)}-${pad(date.day)}`;
}

/** What an `<img>` needs: a fallback src, a width-described srcset, and the intrinsic size when known. */
export interface ResponsiveImageSource {
  src: string;
  /** '…-400.webp 400w, …-800.webp 800w, …'; undefined with fewer than two variants. */
  srcSet: string | undefined;
  width: number | undefined;
  height: number | undefined;
}

/**
 * The sources of an event photo. `baseUrl` is the API's base address for server-relative paths ('' on the
 * site, which serves /uploads itself). The fallback src is file_path, else url, else the middle variant.
 */
export function eventImageSources(image: EventPhoto, baseUrl = ''): ResponsiveImageSource | null {
  const resolve = (path: string) => eventImageUrl({ file_path: path }, baseUrl);
  const variants = image.variants
    .map((v) => ({ width: v.width, url: resolve(v.url) }))
    .filter((v): v is { width: number; url: string } => v.url !== null);
  const src = eventImageUrl(image, baseUrl) ?? variants[Math.floor((variants.length - 1) / 2)]?.url ?? null;
  if (src === null) return null;
  return {
    src,
    srcSet: variants.length > 1 ? variants.map((v) => `${v.url} ${v.width}w`).join(', ') : undefined,
    width: image.width ?? undefined,
    height: image.height ?? undefined,
  };
}

/** Alt text of an event photo: 'Photo 2 of 5 from Community Health Drive' ('Event photo 2 of 5' without a title). */
export function eventPhotoAlt(eventTitle: string, position: number, total: number): string {
  const title = text(eventTitle);
  return title === '' ? `Event photo ${position} of ${total}` : `Photo ${position} of ${total} from ${title}`;
}
