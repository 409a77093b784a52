import type { BooleanString, PageMeta } from '@charity/domain/contract';

// Pieces every list route shares: page sizes, the meta block, true/false query values, and the cleaning of free
// text before it reaches the database. Their schemas are the contract's (packages/domain/src/contract/common.ts).

/** Database ids are 32-bit integers (the contract's MAX_ID; its schemas bound every id and page). */
export { MAX_ID } from '@charity/domain/contract';

/** Larger requests are capped (not refused): clients asking for "everything" get the largest page instead. */
export const MAX_PAGE_SIZE = 50;

export function parseBooleanString(value: BooleanString | undefined): boolean | undefined {
  if (value === undefined) return undefined;
  return value === 'true' || value === '1';
}

export function pageSize(limit: number): number {
  return Math.min(limit, MAX_PAGE_SIZE);
}

export function pageMeta(total: number, page: number, limit: number): PageMeta {
  return { total_pages: Math.ceil(total / limit), current_page: page, total };
}

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
