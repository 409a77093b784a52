import { toRequestFailure } from './errors';

// Reading the API's `{ success, data, meta }` replies, shared by the admin features. A reply of the wrong shape
// throws a TypeError, which the stores report like any failed call: a half-understood reply is never shown.

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `data` of a successful reply; throws for anything else. */
export function replyData(body: unknown, what: string): Record<string, unknown> {
  if (!isRecord(body) || body.success === false || !isRecord(body.data)) throw new TypeError(`The ${what} reply has no data`);
  return body.data;
}

/** A list inside `data` (e.g. data.campaigns); throws when it is not an array. */
export function replyList(data: Record<string, unknown>, key: string, what: string): unknown[] {
  const list = data[key];
  if (!Array.isArray(list)) throw new TypeError(`The ${what} reply has no list of ${key}`);
  return list;
}

export interface PageInfo {
  /** 1-based. */
  currentPage: number;
  totalPages: number;
  /** Matching records on every page. */
  total: number;
}

function wholeNumber(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : fallback;
}

/** The paging of a list reply (meta.current_page, total_pages, total); missing figures fall back to what was asked and received. */
export function readPageInfo(body: unknown, requestedPage: number, received: number): PageInfo {
  const meta = isRecord(body) && isRecord(body.meta) ? body.meta : {};
  const currentPage = Math.max(1, wholeNumber(meta.current_page, requestedPage));
  return {
    currentPage,
    totalPages: wholeNumber(meta.total_pages, received > 0 ? currentPage : 0),
    total: wholeNumber(meta.total, received),
  };
}

/** An empty list's paging: nothing shown, no page buttons. */
export const NO_PAGES: PageInfo = { currentPage: 1, totalPages: 0, total: 0 };

/**
 * The reason the server gave for refusing a request (a 4xx reply with a message, such as 'This campaign has donations
 * and cannot be deleted…'), or null when it gave none, failed itself (5xx) or never answered. A 401 is not a reason
 * to show: the client has already ended the session.
 */
export function serverReason(error: unknown): string | null {
  const failure = toRequestFailure(error);
  if (failure.kind !== 'response' || failure.status < 400 || failure.status >= 500 || failure.status === 401) return null;
  const message = typeof failure.message === 'string' ? failure.message.trim() : '';
  return message === '' ? null : message;
}

/** One line for the console: what failed and why, never a body or a token. */
export function describeFailure(error: unknown): string {
  const failure = toRequestFailure(error);
  if (failure.kind === 'response') return `HTTP ${failure.status}${failure.message ? `: ${failure.message}` : ''}`;
  if (failure.kind === 'other') return failure.message ?? 'unexpected error';
  return failure.kind;
}
