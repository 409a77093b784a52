import ky, { type KyInstance } from 'ky';
import { REQUEST_TIMEOUT_MS, RETRY_ATTEMPTS, retryDelayMs, shouldRetry } from '@charity/domain';
import { readErrorBody } from './error-body';
import { NetworkError, toApiError, toRequestFailure, type ApiError } from './errors';
import { reportingFailures } from './report-failures';

export type NotifyKind = 'error' | 'success';
export type Notify = (kind: NotifyKind, message: string) => void;
export type ApiLogger = { info: (message: string) => void; error: (message: string) => void };

/** Per-request flags, passed as ky's `context` option: `api.post('auth/logout', { context: { silent: true } })`. */
export type ApiRequestContext = {
  /** Skip the error toast: for calls whose failure the spec says is "only logged". */
  silent?: boolean;
};

export type ApiClientOptions = {
  /** Prefix of every call: '/api' in the site, an absolute URL in tests or on a partner's page. */
  baseUrl: string;
  /** The stored session token, read at request time so a login or logout takes effect at once. */
  getToken: () => string | null | undefined;
  /** Spec section 4: a 401 on any response clears the stored session. */
  onUnauthorized: () => void;
  /** A request that carried the token was answered, not with 401: the server saw the session used (decision 037). */
  onSignedInReply?: () => void;
  notify: Notify;
  log?: ApiLogger;
  fetch?: typeof globalThis.fetch;
  /** Per attempt. Default REQUEST_TIMEOUT_MS (60 s). */
  timeoutMs?: number;
  /** Wait after `failedAttempts` failed attempts (1-based). Default the domain's 1000 ms, then 2000 ms. */
  retryDelay?: (failedAttempts: number) => number;
};

/**
 * Whether a failed call gets another attempt. The domain's rule (GET only, 3 attempts in total,
 * never after a 4xx) with one decision of the site's: time-outs are NOT retried. Each attempt
 * already waited 60 s; two more would leave a visitor looking at a spinner for over three minutes
 * before any message, and a server that slow is better reported at once ('Request timed out.
 * Please try again.'). Network faults (no reply at all, usually fast) and 5xx replies are retried.
 */
export function isRetryable(method: string, failedAttempts: number, error: unknown): boolean {
  const failure = toRequestFailure(error);
  if (failure.kind === 'timeout' || failure.kind === 'other') return false;
  return shouldRetry({ method, attempt: failedAttempts, failure });
}

/** Path and query only: the origin is noise, and the token never travels in the URL. */
function describeRequest(input: RequestInfo | URL, init?: RequestInit): string {
  const method = input instanceof Request ? input.method : (init?.method ?? 'GET');
  const raw = input instanceof Request ? input.url : String(input);
  let target = raw;
  try {
    const url = new URL(raw, 'http://relative.invalid');
    target = url.pathname + url.search;
  } catch {
    // Keep the raw text: a log line must never throw.
  }
  return `${method.toUpperCase()} ${target}`;
}

/**
 * Wraps fetch so every attempt (retries included) logs its request and its outcome with the duration:
 * method, URL, status, milliseconds — never bodies or headers, so never the token.
 */
function loggingFetch(baseFetch: typeof globalThis.fetch, log: ApiLogger): typeof globalThis.fetch {
  return async (input, init) => {
    const line = describeRequest(input, init);
    const started = performance.now();
    const elapsed = () => `${Math.round(performance.now() - started)} ms`;
    log.info(`[api] → ${line}`);
    try {
      const response = await baseFetch(input, init);
      log.info(`[api] ← ${line} ${response.status} (${elapsed()})`);
      return response;
    } catch (error) {
      const reason = error instanceof Error && error.name === 'AbortError' ? 'aborted' : 'no response';
      log.error(`[api] ✕ ${line} ${reason} (${elapsed()})`);
      throw error;
    }
  };
}

/** fetch's own failure, a TypeError in every runtime (each words it differently), is a NetworkError; aborts stay as they are. */
function failingAsNetworkError(baseFetch: typeof globalThis.fetch): typeof globalThis.fetch {
  return async (input, init) => {
    try {
      return await baseFetch(input, init);
    } catch (error) {
      throw error instanceof TypeError ? new NetworkError(error) : error;
    }
  };
}

/** Runs a side effect of error handling without letting it replace the error being reported. */
function safely(log: ApiLogger, what: string, effect: () => void): void {
  try {
    effect();
  } catch (error) {
    log.error(`[api] ${what} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export function createApiClient(options: ApiClientOptions): KyInstance {
  const log = options.log ?? console;
  const baseFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const timeout = options.timeoutMs ?? REQUEST_TIMEOUT_MS;

  /** Spec section 8, applied once per failed call: the catalogue message, the 401 rule, the toast. */
  const report = (error: unknown, silent: boolean): ApiError => {
    const apiError = toApiError(error);
    if (apiError.status === 401) safely(log, 'Clearing the session', options.onUnauthorized);
    if (apiError.status !== 401 && apiError.status !== 404 && !silent) {
      safely(log, 'Showing the error toast', () => options.notify('error', apiError.message));
    }
    return apiError;
  };

  const client = ky.create({
    prefixUrl: options.baseUrl,
    timeout,
    fetch: failingAsNetworkError(loggingFetch(baseFetch, log)),
    retry: {
      // ky's limit counts retries, the spec counts attempts: 3 attempts = 1 try + 2 retries.
      limit: RETRY_ATTEMPTS - 1,
      // Only read calls: a repeated POST could record a second payment attempt or event.
      methods: ['get'],
      // ky passes 1 before the first retry, i.e. the number of failed attempts so far.
      delay: options.retryDelay ?? retryDelayMs,
      retryOnTimeout: false,
      // ky only asks for GETs within the limit; retryCount = failed attempts so far.
      shouldRetry: ({ error, retryCount }) => isRetryable('GET', retryCount, error),
    },
    hooks: {
      beforeRequest: [
        (request) => {
          const token = options.getToken();
          // A caller may set its own header (logout sends the token it captured before clearing).
          if (token && !request.headers.has('authorization')) {
            request.headers.set('Authorization', `Bearer ${token}`);
          }
        },
      ],
      afterResponse: [
        (request, _options, response) => {
          if (options.onSignedInReply && request.headers.has('authorization') && response.status !== 401) {
            safely(log, 'Noting the session used', options.onSignedInReply);
          }
        },
      ],
      // Runs for each error reply, before ky decides on a retry: the reply's message feeds the catalogue.
      beforeError: [(error) => readErrorBody(error, timeout)],
    },
  });

  // Every failure of a call (error reply, time-out, no reply, a body that is not JSON) is reported once, after the retries.
  return reportingFailures(
    client,
    (error, callOptions) => report(error, (callOptions.context as ApiRequestContext | undefined)?.silent === true),
    { timeout },
  );
}
