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

export function pagingProperties(defaultLimit: number) {
  return {
    page: { type: 'integer', minimum: 1, maximum: MAX_PAGE, default: 1 },
    limit: { type: 'integer', minimum: 1, default: defaultLimit },
  } as const;
}

export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, maximum: MAX_ID } },
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
