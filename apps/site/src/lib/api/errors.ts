import { isHTTPError, isTimeoutError } from 'ky';
import { globalErrorMessage, type RequestFailure } from '@charity/domain';
import { errorBody } from './error-body';

/** The one error type callers of the API client see; `message` is already the user-facing text. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** The failure in the domain's client-neutral terms, for the per-domain catalogues. */
  readonly failure: RequestFailure;
  /** HTTP status when the server replied; undefined for timeouts and network faults. */
  readonly status?: number;
  /** The reply's parsed body (JSON, or text), when there was one. */
  readonly data?: unknown;

  constructor(init: { failure: RequestFailure; message: string; status?: number; data?: unknown; cause?: unknown }) {
    super(init.message, { cause: init.cause });
    this.failure = init.failure;
    if (init.status !== undefined) this.status = init.status;
    if (init.data !== undefined) this.data = init.data;
  }
}

/**
 * No reply at all: fetch itself failed (connection refused or dropped, DNS, offline, CORS). Browsers and Node say so
 * with a TypeError whose wording differs everywhere; the client's fetch turns it into this, so the catalogue's
 * 'Network error' and the retry rule never depend on a message text.
 */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';

  constructor(cause: unknown) {
    super('The request got no reply', { cause });
  }
}

export const isNetworkError = (error: unknown): error is NetworkError => error instanceof NetworkError;

/** The reply's own `message` field, when it is text. */
function messageField(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const message = (data as { message?: unknown }).message;
  return typeof message === 'string' ? message : null;
}

/** A thrown value in the domain's terms. An ApiError of unknown cause carries no message worth showing. */
export function toRequestFailure(error: unknown): RequestFailure {
  if (error instanceof ApiError) return error.failure;
  if (isHTTPError(error)) return { kind: 'response', status: error.response.status, message: messageField(errorBody(error)) };
  if (isTimeoutError(error)) return { kind: 'timeout' };
  if (isNetworkError(error)) return { kind: 'network' };
  return { kind: 'other', message: error instanceof Error ? error.message : null };
}

/** Spec section 8, "Global response handling": the single place a failure becomes an ApiError. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  // Technical messages (a JSON parse error, a bug) are never shown: 'other' keeps none.
  const failure: RequestFailure = isHTTPError(error) || isTimeoutError(error) || isNetworkError(error) ? toRequestFailure(error) : { kind: 'other' };
  return new ApiError({
    failure,
    message: globalErrorMessage(failure),
    status: failure.kind === 'response' ? failure.status : undefined,
    data: isHTTPError(error) ? errorBody(error) : undefined,
    cause: error,
  });
}
