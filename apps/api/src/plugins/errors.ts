import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { HTTP_MESSAGES } from '@charity/domain';
import fp from 'fastify-plugin';
import { isDatabaseUnavailable } from '../db/open.js';
import { HttpError } from '../http-errors.js';
import { UPLOAD_LIMITS } from '../storage/limits.js';

export const GENERIC_SERVER_ERROR = 'Internal server error. Please try again later.';

/**
 * The answer while the database cannot be reached: 503, so clients and load balancers know to try again, with the
 * catalogue's sentence for a server fault (spec §8 has none for "temporarily unavailable"; the site shows a 503's
 * message as it comes). Never the driver's words: they name hosts and ports.
 */
export const DATABASE_UNAVAILABLE_MESSAGE = HTTP_MESSAGES.internalServerError;
/** Seconds a client should wait before trying again while the database is unreachable (Retry-After). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

type ValidationIssue = NonNullable<FastifyError['validation']>[number];

const CONTEXT_LABELS: Record<string, string> = {
  body: 'Request body',
  querystring: 'Query string',
  params: 'URL parameter',
  headers: 'Request headers',
};

/** One sentence naming the field, e.g. "title is required." or "status must be one of: upcoming, ongoing." */
export function describeValidation(issue: ValidationIssue, context: string | undefined): string {
  const params = issue.params as Record<string, unknown>;
  const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
  if (issue.keyword === 'required') {
    const missing = String(params.missingProperty);
    return `${field ? `${field}.` : ''}${missing} is required.`;
  }
  const subject = field || CONTEXT_LABELS[context ?? 'body'] || 'Request';
  if (issue.keyword === 'additionalProperties') return `${String(params.additionalProperty)} is not an accepted field.`;
  if (issue.keyword === 'enum' && Array.isArray(params.allowedValues)) {
    return `${subject} must be one of: ${params.allowedValues.join(', ')}.`;
  }
  if (issue.keyword === 'format') return `${subject} must be a valid ${String(params.format)}.`;
  // Ajv's own wording ("must NOT have fewer than 1 characters", "must be integer") rewritten as sentences.
  switch (issue.keyword) {
    case 'type': {
      const types = String(params.type).split(',');
      return `${subject} must be ${types.map((type) => TYPE_NAMES[type] ?? type).join(' or ')}.`;
    }
    case 'minimum':
      return `${subject} must be at least ${String(params.limit)}.`;
    case 'maximum':
      return `${subject} must be at most ${String(params.limit)}.`;
    case 'exclusiveMinimum':
      return `${subject} must be greater than ${String(params.limit)}.`;
    case 'minLength':
      return `${subject} must be at least ${plural(Number(params.limit), 'character')} long.`;
    case 'maxLength':
      return `${subject} must be at most ${plural(Number(params.limit), 'character')} long.`;
    case 'pattern':
      return `${subject} is not in the expected format.`;
    default:
      return `${subject} ${issue.message ?? 'is invalid'}.`;
  }
}

const TYPE_NAMES: Record<string, string> = {
  integer: 'a whole number',
  number: 'a number',
  string: 'text',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  null: 'empty',
};

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** Status and client-facing message for any error; 5xx messages never reveal internals. */
export function describeError(error: FastifyError, uploadMaxMb?: number, bodyMessage?: string): { statusCode: number; message: string } {
  if (error.validation && error.validation.length > 0) {
    // A FormBody of the contract (packages/domain/src/contract/common.ts) that is not a JSON object: its own sentence.
    if (bodyMessage && error.validationContext === 'body' && error.validation[0]!.instancePath === '') {
      return { statusCode: 400, message: bodyMessage };
    }
    return { statusCode: 400, message: describeValidation(error.validation[0]!, error.validationContext) };
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { statusCode: 400, message: 'Request body is not valid JSON.' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { statusCode: 413, message: 'Request body is too large.' };
    // Multipart uploads (@fastify/multipart): its own messages are terse ("reach files limit").
    // Routes that read files name the file (storage/images.ts readFilePart); this is the fallback.
    case 'FST_REQ_FILE_TOO_LARGE':
      return { statusCode: 413, message: uploadMaxMb ? `Each file may be at most ${uploadMaxMb} MB.` : 'A file is too large.' };
    case 'FST_FILES_LIMIT':
      return { statusCode: 413, message: `At most ${UPLOAD_LIMITS.files} files can be sent at once.` };
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return { statusCode: 413, message: 'The form has too many fields.' };
    case 'FST_PROTO_VIOLATION':
      return { statusCode: 400, message: 'The form has a field name that is not allowed.' };
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return { statusCode: 415, message: 'Send this form as multipart/form-data.' };
    case 'FST_MP_PREMATURE_CLOSE':
      return { statusCode: 400, message: 'The upload was interrupted before it was complete.' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { statusCode: 415, message: 'This content type is not accepted here; send JSON (application/json).' };
    default:
      break;
  }
  if (!(error instanceof HttpError) && isDatabaseUnavailable(error)) return { statusCode: 503, message: DATABASE_UNAVAILABLE_MESSAGE };
  const statusCode = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
  // An HttpError's message is written for the client, also for a 5xx ("the payment service could not be
  // reached"); any other 5xx says only that something went wrong.
  if (statusCode >= 500 && !(error instanceof HttpError)) return { statusCode, message: GENERIC_SERVER_ERROR };
  return { statusCode, message: error.message || 'Bad request.' };
}

/** The driver's own words at the bottom of a wrapped error (drizzle's "Failed query: …" names the SQL, not the cause). */
function innermostMessage(error: unknown): string {
  let current = error;
  for (let depth = 0; depth < 5 && current instanceof Error && current.cause instanceof Error; depth += 1) current = current.cause;
  return current instanceof Error ? current.message : String(current);
}

/**
 * The one error handler: every failure is answered as { success: false, message }. Client errors explain
 * themselves; server errors say only that something went wrong, and the details go to the server log.
 */
export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      const bodyMessage = (request.routeOptions.schema?.body as { 'x-message'?: string } | undefined)?.['x-message'];
      const uploadMaxMb = (request.server as { config?: { uploadMaxMb?: number } }).config?.uploadMaxMb;
      const { statusCode, message } = describeError(error, uploadMaxMb, bodyMessage);
      const databaseDown = statusCode === 503 && !(error instanceof HttpError) && isDatabaseUnavailable(error);
      // An outage fails every request alike: one line each with the driver's reason, not a stack trace per request.
      if (databaseDown) request.log.warn({ reason: innermostMessage(error) }, 'database unavailable: answered 503');
      else if (statusCode >= 500 && !(error instanceof HttpError)) request.log.error({ err: error }, 'request failed');
      else if (statusCode >= 500) request.log.warn({ statusCode }, message);
      else request.log.debug({ code: error.code, statusCode }, message);
      if (reply.sent) return;
      if (databaseDown) reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      const errors = error instanceof HttpError && error.errors ? { errors: error.errors } : {};
      return reply.code(statusCode).type('application/json; charset=utf-8').send({ success: false, message, ...errors });
    });
  },
  { name: 'errors' },
);

export const NOT_FOUND_BODY = { success: false, message: 'Not found' } as const;
