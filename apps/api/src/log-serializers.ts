import { isIP } from 'node:net';
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import * as schema from './db/schema.js';

// What an error, a request body or a record looks like in the log (decision 014). Every logger the server makes
// (logger.ts) uses these, so no route can forget them: an error is written from an allowlist of fields that name the
// fault without the values it was about, and a body or record under a key that usually holds one is written as its
// field names.
//
// Why an allowlist: drizzle's error message ("Failed query: … params: …") and its `params` carry every bound value
// (a whole donation_data: PAN, mobile, email, address); PostgreSQL's `detail` ("Failing row contains (…)", "Key
// (…)=(…) already exists"), `where` ("JSON data, line 1: …"), `hint` and `internalQuery` carry values; a driver's
// message quotes the value it could not read ('invalid input syntax for type integer: "…"'); the stack's first line
// repeats the message; and pino's default serializer writes every enumerable field, and the causes' messages too.

/** Where a withheld value was. */
export const WITHHELD = '[value]';

/** Identifiers PostgreSQL may quote in a message: every table and column of the schema. */
let schemaNames: Set<string> | undefined;
function knownNames(): Set<string> {
  if (!schemaNames) {
    schemaNames = new Set();
    for (const value of Object.values(schema)) {
      if (!is(value, PgTable)) continue;
      const config = getTableConfig(value);
      schemaNames.add(config.name);
      for (const column of config.columns) schemaNames.add(column.name);
    }
  }
  return schemaNames;
}

const IDENTIFIER_FIELDS = ['schema', 'table', 'column', 'constraint', 'dataType'] as const;

type Fields = Record<string, unknown>;

/** A PostgreSQL error (node-postgres' or PGlite's DatabaseError): a SQLSTATE code and the server's severity. */
function isDatabaseError(error: Fields): boolean {
  return typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code) && (typeof error.severity === 'string' || typeof error.routine === 'string');
}

/** drizzle's DrizzleQueryError: the statement and its bound values, the driver's error as the cause. */
function isFailedQuery(error: Fields): boolean {
  return typeof error.query === 'string' && 'params' in error && String(error.message).startsWith('Failed query: ');
}

/**
 * A driver message with every quoted part that is not a name taken out: PostgreSQL quotes identifiers (tables,
 * columns, constraints: kept when the error names them too, or the schema has them) and values (withheld).
 */
export function withoutQuotedValues(message: string, names: ReadonlySet<string> = new Set()): string {
  return message.replace(/"((?:[^"]|"")*)"/g, (quoted, inner: string) => (names.has(inner) || knownNames().has(inner) ? quoted : `"${WITHHELD}"`));
}

/** A statement's text with its literals taken out: drizzle binds values as parameters, but sql.raw() inlines them. */
export function withoutLiterals(query: string, max = 300): string {
  const masked = query
    .replace(/\$([A-Za-z_]*)\$[\s\S]*?\$\1\$/g, (_quoted, tag: string) => `$${tag}$${WITHHELD}$${tag}$`)
    .replace(/(?:\b[Ee])?'(?:[^'\\]|''|\\.)*'/g, `'${WITHHELD}'`);
  return masked.length > max ? `${masked.slice(0, max - 1)}…` : masked;
}

/** The frames of a stack (its "    at …" lines), without the first line(s), which repeat the original message. */
function framesOf(error: Error): string[] {
  const stack = typeof error.stack === 'string' ? error.stack : '';
  const message = typeof error.message === 'string' ? error.message : '';
  // The header is "Name: message", and the message may run over several lines (drizzle's does): cut all of it.
  const at = message ? stack.indexOf(message) : -1;
  const rest = at >= 0 && at < 200 ? stack.slice(at + message.length) : stack.slice(Math.max(0, stack.indexOf('\n')));
  return rest.split('\n').filter((line) => /^\s+at \S/.test(line));
}

function typeOf(error: object): string {
  const name = (error as { constructor?: { name?: unknown } }).constructor?.name;
  return typeof name === 'string' && name !== '' && name !== 'Object' ? name : 'Error';
}

const MAX_DEPTH = 5;

/** An error as the log writes it: type, message (values out), code and the fields that name the fault, frames, causes. */
export function serializeError(error: unknown, depth = 0): unknown {
  if (typeof error !== 'object' || error === null) return typeof error === 'string' ? error.slice(0, 1000) : error;
  const fields = error as Fields;
  const database = isDatabaseError(fields);
  const failedQuery = isFailedQuery(fields);
  const names = new Set(IDENTIFIER_FIELDS.map((key) => fields[key]).filter((value): value is string => typeof value === 'string'));
  const rawMessage = typeof fields.message === 'string' ? fields.message : '';
  const message = failedQuery
    ? `Failed query: ${withoutLiterals(fields.query as string)}`
    : database
      ? withoutQuotedValues(rawMessage, names)
      : rawMessage;

  // PGlite's bundled DatabaseError class has a minified name: call every server error what it is.
  const type = database ? 'DatabaseError' : typeOf(error);
  const out: Fields = { type, message };
  if (error instanceof Error) out.stack = [`${type}: ${message}`, ...framesOf(error)].join('\n');
  for (const key of ['code', 'statusCode', 'errno', 'syscall', 'severity', 'routine', 'decline_code', 'requestId'] as const) {
    const value = fields[key];
    if (typeof value === 'string' || typeof value === 'number') out[key] = value;
  }
  // Network errors name the address they could not reach; anything else called `address` may be a donor's.
  if (typeof fields.address === 'string' && isIP(fields.address)) out.address = fields.address;
  if (typeof fields.port === 'number') out.port = fields.port;
  for (const key of IDENTIFIER_FIELDS) if (typeof fields[key] === 'string') out[key] = fields[key];

  if (depth < MAX_DEPTH) {
    if (fields.cause !== undefined) out.cause = serializeError(fields.cause, depth + 1);
    if (Array.isArray(fields.errors) && error instanceof AggregateError) out.errors = fields.errors.slice(0, 10).map((each) => serializeError(each, depth + 1));
  }
  return out;
}

/**
 * A request body, a donation or a row logged on purpose (or by mistake): its field names, never its values.
 * Numbers, booleans and null stay (an id); text is described by its length.
 */
export function fieldNamesOnly(value: unknown): unknown {
  if (value === null || typeof value === 'number' || typeof value === 'boolean' || value === undefined) return value;
  if (typeof value === 'string') return `[text, ${value.length} characters]`;
  if (Buffer.isBuffer(value)) return `[bytes, ${value.length}]`;
  if (Array.isArray(value)) return { items: value.length };
  if (typeof value === 'object') return { fields: Object.keys(value).slice(0, 50) };
  return `[${typeof value}]`;
}

/**
 * Keys under which a request body, a donation's data or a database row would be logged: whatever is logged under
 * them is written as field names only.
 */
const RECORD_KEYS = ['body', 'payload', 'donation', 'donations', 'donation_data', 'donationData', 'donor', 'record', 'row', 'rows', 'values', 'attempt'];

/** pino serializers (by top-level key) for every logger the server makes. */
export const LOG_SERIALIZERS: Record<string, (value: unknown) => unknown> = {
  err: (value) => serializeError(value),
  error: (value) => serializeError(value),
  ...Object.fromEntries(RECORD_KEYS.map((key) => [key, fieldNamesOnly])),
};
