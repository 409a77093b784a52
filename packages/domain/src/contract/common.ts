import { Type, type Static, type TSchema } from 'typebox';

// Building blocks of the wire contract (docs/decisions/021-wire-contract-and-openapi.md): JSON Schema written
// with TypeBox, so one declaration is the API's validation and serialisation schema, the OpenAPI document's
// schema and, through Static<>, the TypeScript type the site, the ui and the tests import (as types only: the
// browser never loads TypeBox).

export type { Static, TSchema };

/**
 * A value or null, as one JSON Schema type list (`type: ['string', 'null']`) rather than anyOf: fast-json-stringify
 * writes it without trying branches, and the OpenAPI 3.1 document reads it as it is.
 */
export function Nullable<T extends TSchema>(schema: T) {
  const type = (schema as unknown as { type: string }).type;
  return Type.Unsafe<Static<T> | null>({ ...(schema as object), type: [type, 'null'] });
}

/** One of a list of strings, as a plain `enum` (TypeBox's literal unions become anyOf). */
export function StringEnum<const T extends readonly string[]>(values: T, options: Record<string, unknown> = {}) {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
}

/** Database ids are 32-bit integers: larger ones cannot exist, and would make the query itself fail. */
export const MAX_ID = 2_147_483_647;
/** Beyond this a page number is nonsense, and its offset could overflow the database's integer. */
export const MAX_PAGE = 1_000_000;

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
export function WholeNumber(bounds: { minimum: number; maximum?: number }, fallback?: number, description?: string) {
  return Type.Unsafe<number>({
    ...(fallback === undefined ? {} : { default: fallback }),
    ...(description ? { description } : {}),
    allOf: [
      // Strings are checked; anything else (a repeated query key is a list) falls through to the integer check's message.
      { if: { type: 'string' }, then: { type: 'string', pattern: NO_EXPONENT_OR_INFINITY } },
      { type: 'integer', ...bounds },
    ],
  });
}

export const Id = WholeNumber({ minimum: 1, maximum: MAX_ID });

/** `/:id` */
export const IdParams = Type.Object({ id: Id });
export type IdParams = Static<typeof IdParams>;

/** `page` and `limit` of every list; a limit above the list's largest page is capped, not refused. */
export function Paging(defaultLimit: number) {
  return {
    page: WholeNumber({ minimum: 1, maximum: MAX_PAGE }, 1, 'Page number, from 1.'),
    limit: WholeNumber({ minimum: 1 }, defaultLimit, 'Rows per page; larger values are capped at the largest page.'),
  };
}

export const BOOLEAN_STRINGS = ['true', 'false', '1', '0'] as const;
export type BooleanString = (typeof BOOLEAN_STRINGS)[number];
export const BooleanString = StringEnum(BOOLEAN_STRINGS);

export const PageMeta = Type.Object({ total_pages: Type.Integer(), current_page: Type.Integer(), total: Type.Integer() });
export type PageMeta = Static<typeof PageMeta>;

/**
 * Every refusal and failure: `{ success: false, message }`, plus `errors` (one message per field, in the form's
 * order; `message` is the first of them) when a form was refused.
 */
export const ErrorReply = Type.Object(
  {
    success: Type.Boolean(),
    message: Type.String(),
    errors: Type.Optional(Type.Unsafe<Record<string, string>>({ type: 'object', additionalProperties: { type: 'string' } })),
  },
  { description: 'The request was refused or failed.' },
);
export type ErrorReply = Static<typeof ErrorReply>;

/** `{ success: true, data }` */
export function Ok<T extends TSchema>(data: T) {
  return Type.Object({ success: Type.Boolean(), data });
}

/** `{ success: true, message, data }` (message only on writes) */
export function OkWithMessage<T extends TSchema>(data: T) {
  return Type.Object({ success: Type.Boolean(), message: Type.Optional(Type.String()), data });
}

/** `{ success: true, message }` */
export const MessageReply = Type.Object({ success: Type.Boolean(), message: Type.String() });
export type MessageReply = Static<typeof MessageReply>;

/** `{ success: true }` */
export const SuccessReply = Type.Object({ success: Type.Boolean() });

/** What each error status means on this API, for the document. */
const ERROR_MEANINGS: Record<ErrorStatus, string> = {
  400: 'The request was refused: the message says why (and `errors` names each field of a form).',
  401: 'Sign-in required, or the token expired.',
  403: 'Signed in, but not an admin.',
  404: 'Not found.',
  409: 'The change conflicts with what is stored.',
  413: 'The body or a file is too large.',
  415: 'The body is not of an accepted content type.',
  429: 'Too many requests from this address (Retry-After says when to try again).',
  500: 'Something went wrong on the server.',
  502: 'The payment provider could not be reached or refused the request.',
  503: 'The database (or the service) is unavailable; try again after Retry-After.',
  504: 'The payment provider did not answer in time.',
};

/** The error replies of a route, each `{ success: false, message }`; 400 and 500 are on every route. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 500 | 502 | 503 | 504;
export function errorReplies(...statuses: ErrorStatus[]): { [S in ErrorStatus]?: typeof ErrorReply } {
  const replies: { [S in ErrorStatus]?: typeof ErrorReply } = {};
  for (const status of [...new Set<ErrorStatus>([400, ...statuses, 500])].sort((a, b) => a - b)) {
    replies[status] = Type.Object(ErrorReply.properties, { description: ERROR_MEANINGS[status] });
  }
  return replies;
}

/** The errors every admin route can answer: 401 without a valid token, 403 for a signed-in non-admin. */
export const ADMIN_ERRORS = [401, 403] as const;

/**
 * A JSON body whose fields are checked by the domain's form rules, which report every field at once in the
 * form's order with the spec's exact messages. Fastify validates only that the body is a JSON object (answering
 * `message` otherwise); `x-fields` carries the fields for the OpenAPI document and, through Static<>, for the types.
 * Checking the fields with Ajv as well would coerce (5 becomes "5") and stop at the first field, so the spec's
 * messages ("Name must be text.") and the list of field errors would change.
 */
export function FormBody<T extends TSchema>(fields: T, message: string) {
  return Type.Unsafe<Static<T>>({ type: 'object', 'x-message': message, 'x-fields': fields });
}

/** The annotation keywords the contract adds to JSON Schema (declared to Ajv so its strict mode accepts them). */
export const CONTRACT_KEYWORDS = ['x-message', 'x-fields'] as const;
