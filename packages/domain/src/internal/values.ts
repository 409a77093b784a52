/** Small coercion helpers shared by the modules. Not part of the public API. */

/** A trimmed string; anything that is not a string (null, undefined, numbers…) becomes ''. */
export function text(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

/**
 * A number from a number or a numeric string (Postgres NUMERIC columns arrive as strings).
 * Returns NaN for anything else, including '' and null.
 */
export function toNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return trimmed === '' ? Number.NaN : Number(trimmed);
  }
  return Number.NaN;
}

/** Like toNumber, but anything non-finite becomes `fallback`. */
export function toFiniteNumber(value: unknown, fallback = 0): number {
  const n = toNumber(value);
  return Number.isFinite(n) ? n : fallback;
}

/** A Date from a Date, an ISO string or a timestamp; null when missing or invalid. */
export function toDate(value: Date | string | number | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? new Date(value.getTime()) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
