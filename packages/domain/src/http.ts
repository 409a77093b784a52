/** How a failed call is reported and retried (spec §7, §8). */
import { RETRY_ATTEMPTS, RETRY_BACKOFF_MS } from './constants';
import { AUTH_MESSAGES, CAMPAIGN_MESSAGES, EVENT_MESSAGES, HTTP_MESSAGES, serverErrorMessage } from './messages';

/** What went wrong with a call, independent of the HTTP client used. */
export type RequestFailure =
  /** The server replied with an error status; `message` is the reply's message field, if any. */
  | { kind: 'response'; status: number; message?: string | null }
  /** No reply before the time-out. */
  | { kind: 'timeout' }
  /** No reply for another reason (offline, DNS, CORS…). */
  | { kind: 'network' }
  /** The request could not be made at all, or failed after the reply (e.g. a parse error). */
  | { kind: 'other'; message?: string | null };

function serverMessage(failure: { message?: string | null }): string {
  return typeof failure.message === 'string' ? failure.message.trim() : '';
}

/**
 * Global response handling: 404 → 'Resource not found'; 500 → 'Internal server error…';
 * other replies → their message, else 'Server error ({status})'; time-out → 'Request timed out…';
 * other network faults → 'Network error…'; anything else → 'Something went wrong…'.
 */
export function globalErrorMessage(failure: RequestFailure): string {
  switch (failure.kind) {
    case 'response':
      if (failure.status === 404) return HTTP_MESSAGES.notFound;
      if (failure.status === 500) return HTTP_MESSAGES.internalServerError;
      return serverMessage(failure) || serverErrorMessage(failure.status);
    case 'timeout':
      return HTTP_MESSAGES.timeout;
    case 'network':
      return HTTP_MESSAGES.network;
    default:
      return HTTP_MESSAGES.default;
  }
}

/** The global handler shows an error toast for every failure except 404 and 401 replies. */
export function shouldToastError(failure: RequestFailure): boolean {
  return !(failure.kind === 'response' && (failure.status === 404 || failure.status === 401));
}

/** A 401 reply on any call clears the stored session. */
export function shouldClearSession(failure: RequestFailure): boolean {
  return failure.kind === 'response' && failure.status === 401;
}

/**
 * Auth calls: 400 → message or 'Invalid request'; 401 'Invalid credentials'; 403 'Access denied';
 * 404 'User not found'; 500 'Internal server error…'; other statuses → the server message
 * (else 'An unexpected error occurred.'); no reply → 'Network error…'; otherwise the message or
 * 'An unexpected error occurred.'.
 */
export function authErrorMessage(failure: RequestFailure): string {
  switch (failure.kind) {
    case 'response':
      switch (failure.status) {
        case 400:
          return serverMessage(failure) || AUTH_MESSAGES.invalidRequest;
        case 401:
          return AUTH_MESSAGES.invalidCredentials;
        case 403:
          return AUTH_MESSAGES.accessDenied;
        case 404:
          return AUTH_MESSAGES.userNotFound;
        case 500:
          return AUTH_MESSAGES.internalServerError;
        default:
          return serverMessage(failure) || AUTH_MESSAGES.unexpected;
      }
    case 'timeout':
    case 'network':
      return AUTH_MESSAGES.network;
    default:
      return serverMessage(failure) || AUTH_MESSAGES.unexpected;
  }
}

function resourceErrorMessage(failure: RequestFailure, notFound: string): string {
  switch (failure.kind) {
    case 'response':
      switch (failure.status) {
        case 400:
          return serverMessage(failure) || HTTP_MESSAGES.invalidRequest;
        case 404:
          return notFound;
        case 500:
          return HTTP_MESSAGES.internalServerError;
        default:
          return serverMessage(failure) || serverErrorMessage(failure.status);
      }
    case 'timeout':
    case 'network':
      return HTTP_MESSAGES.network;
    default:
      return serverMessage(failure) || HTTP_MESSAGES.unexpected;
  }
}

/** Campaign calls: as auth, but 404 'Campaign not found' and other statuses 'Server error ({status})' without a message. */
export function campaignErrorMessage(failure: RequestFailure): string {
  return resourceErrorMessage(failure, CAMPAIGN_MESSAGES.notFound);
}

/** Event calls: as campaign calls with 404 'Event not found'. */
export function eventErrorMessage(failure: RequestFailure): string {
  return resourceErrorMessage(failure, EVENT_MESSAGES.notFound);
}

/**
 * Whether to retry after `attempt` attempts (1-based) have failed: only read (GET) calls, at most
 * RETRY_ATTEMPTS attempts in total, never after a 4xx reply.
 */
export function shouldRetry(options: { method: string; attempt: number; failure: RequestFailure }): boolean {
  const { method, attempt, failure } = options;
  if (method.trim().toUpperCase() !== 'GET') return false;
  if (attempt >= RETRY_ATTEMPTS) return false;
  return !(failure.kind === 'response' && failure.status >= 400 && failure.status < 500);
}

/** Wait before the retry that follows failed attempt `attempt` (1-based): 1000, 2000, 4000… ms. */
export function retryDelayMs(attempt: number): number {
  return RETRY_BACKOFF_MS * 2 ** Math.max(0, attempt - 1);
}
