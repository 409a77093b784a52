/**
 * An error whose message is meant for the client: the error handler answers it as
 * `{ success: false, message }` with its status. Anything else that is thrown becomes a generic 500.
 */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}
