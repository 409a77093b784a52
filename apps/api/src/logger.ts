import type { FastifyBaseLogger } from 'fastify';
import { pino, type DestinationStream, type Logger } from 'pino';
import type { LogLevel } from './config.js';
import { LOG_SERIALIZERS } from './log-serializers.js';

// Anything that could hold a credential or card data is replaced before a line is written, wherever it
// appears in a logged object: request headers, bodies, or an object a route logs on purpose.
const SECRET_FIELDS = ['password', 'currentPassword', 'newPassword', 'card', 'cvc'];
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  'res.headers["set-cookie"]',
  // Objects that carry the request's headers one level down (@fastify/multipart logs its busboy options at trace).
  '*.headers.authorization',
  '*.headers.cookie',
  // A monthly gift's management link (docs/decisions/022-monthly-gifts.md) and the sandbox clock's key.
  ...['x-gift-token', 'x-sandbox-clock-key'].flatMap((header) => [`req.headers["${header}"]`, `headers["${header}"]`, `*.headers["${header}"]`]),
  ...SECRET_FIELDS.flatMap((field) => [field, `body.${field}`, `req.body.${field}`, `*.${field}`]),
];

/**
 * The server's pino logger: JSON lines on stdout (or `destination`), secrets redacted, errors, bodies and records
 * written without the values they carry (log-serializers.ts: donor data never reaches the log, whatever failed).
 */
export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  const options = { level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' }, serializers: LOG_SERIALIZERS };
  return destination ? pino(options, destination) : pino(options);
}

/**
 * The request log's own logger: the same destination and bindings, without the redaction pass. Its lines are built
 * field by field from values that cannot hold a secret (method, status, time, request id, and the URL after
 * redactUrl), so walking them for secret fields (~3 µs a line, half of a line's cost) buys nothing. Anything else,
 * an error included, goes through the redacting logger.
 */
export function requestLineLogger(log: FastifyBaseLogger): FastifyBaseLogger {
  return log.child({}, { redact: [] });
}
