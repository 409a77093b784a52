/**
 * An error whose message is meant for the client: the error handler answers it as
 * `{ success: false, message }` (plus `errors`, one message per field, when given) with its status.
 * Anything else that is thrown becomes a generic 500.
 */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
  }
}

/** 400 for a form: `message` is the first field's message, `errors` holds every field's. */
export function formError(errors: Record<string, string>): HttpError {
  return new HttpError(400, Object.values(errors)[0] ?? 'Invalid request', errors);
}
