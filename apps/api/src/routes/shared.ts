// Pieces every list route shares: paging parameters, their meta block, true/false query values, and the
// cleaning of free text before it reaches the database.

/** Larger requests are capped (not refused): clients asking for "everything" get the largest page instead. */
export const MAX_PAGE_SIZE = 50;
/** Beyond this a page number is nonsense, and its offset could overflow the database's integer. */
export const MAX_PAGE = 1_000_000;
/** Database ids are 32-bit integers: larger ones cannot exist, and would make the query itself fail. */
export const MAX_ID = 2_147_483_647;

export const BOOLEAN_STRINGS = ['true', 'false', '1', '0'] as const;
export type BooleanString = (typeof BOOLEAN_STRINGS)[number];

/**
 * Refuses text that Ajv's integer coercion would turn into ±Infinity ('Infinity', '1e400'): Ajv 8 checks minimum and
 * maximum only for finite numbers, so such a value passed every bound and reached the database as "Infinity" (a 500,
 * found by the API fuzz). Exponent forms are refused altogether: no client writes an id or a page as 1e3.
 */
const NO_EXPONENT_OR_INFINITY = '^(?!\\s*[-+]?(?:Infinity|(?:[0-9]+\\.?[0-9]*|\\.[0-9]+)[eE]))';

/**
 * A whole number in a URL (path parameter or query value) between the bounds. The text is checked first (see
 * NO_EXPONENT_OR_INFINITY), then coerced to an integer and bounded; `default` applies when the value is absent.
 */
export function wholeNumberSchema<const B extends { minimum: number; maximum?: number }>(bounds: B, fallback?: number) {
  return {
    ...(fallback === undefined ? {} : { default: fallback }),
    allOf: [
      // Strings are checked; anything else (a repeated query key is a list) falls through to the integer check's message.
      { if: { type: 'string' }, then: { type: 'string', pattern: NO_EXPONENT_OR_INFINITY } },
      { type: 'integer', ...bounds },
    ],
  } as const;
}

export function pagingProperties(defaultLimit: number) {
  return {
    page: wholeNumberSchema({ minimum: 1, maximum: MAX_PAGE }, 1),
    limit: wholeNumberSchema({ minimum: 1 }, defaultLimit),
  } as const;
}

export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: wholeNumberSchema({ minimum: 1, maximum: MAX_ID }) },
} as const;

export function parseBooleanString(value: BooleanString | undefined): boolean | undefined {
  if (value === undefined) return undefined;
  return value === 'true' || value === '1';
}

export function pageSize(limit: number): number {
  return Math.min(limit, MAX_PAGE_SIZE);
}

export interface PageMeta {
  total_pages: number;
  current_page: number;
  total: number;
}

export function pageMeta(total: number, page: number, limit: number): PageMeta {
  return { total_pages: Math.ceil(total / limit), current_page: page, total };
}

export const pageMetaSchema = {
  type: 'object',
  properties: { total_pages: { type: 'integer' }, current_page: { type: 'integer' }, total: { type: 'integer' } },
} as const;

/**
 * Text from a visitor as the database can store it: control characters removed (a NUL byte would fail the
 * whole PostgreSQL query; the others only garble a mail or a terminal), line ends made \n, surrounding space
 * trimmed. `singleLine` also folds tabs and line breaks into spaces, for values that end up in mail headers
 * or one-line labels.
 */
export function cleanText(value: string, { singleLine = false } = {}): string {
  // eslint-disable-next-line no-control-regex
  const printable = value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '');
  return (singleLine ? printable.replace(/[\t\r\n\u2028\u2029]+/g, ' ') : printable.replace(/\r\n?/g, '\n')).trim();
}

/** A foreign key refusing a write (PostgreSQL 23503), whether drizzle wrapped the driver's error or not. */
export function isForeignKeyViolation(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; depth < 5 && typeof e === 'object' && e !== null; depth += 1) {
    if ((e as { code?: unknown }).code === '23503') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
