/**
 * DonateWidget's DonationTransport: the calls to the charity's API with `fetch` only, as the published package must not
 * pull an HTTP client or a store into a partner's bundle. Request bodies, reply readers and messages come from the
 * domain, so the replies mean exactly what they mean to the site.
 *
 * Requests carry no cookies (`credentials: 'omit'`): a partner's donors are anonymous, and a credential-less
 * cross-origin request needs no credentialed CORS on the server.
 */
import {
  HTTP_MESSAGES,
  PAYMENT_API_PATHS,
  REQUEST_TIMEOUT_MS,
  createIntentRequestBody,
  createPaymentErrorMessage,
  globalErrorMessage,
  readCreatedIntent,
  readPaymentsConfig,
  readReceiptReply,
  readSavedDonation,
  receiptRequestBody,
  replyMessage,
  saveAfterPaymentRequestBody,
  type RequestFailure,
} from '@charity/domain';
import type { DonationTransport } from '../donation/controller/transport';

/** A failed call; `message` is the text to show. */
export class DonateWidgetRequestError extends Error {
  override readonly name = 'DonateWidgetRequestError';
  constructor(
    message: string,
    readonly failure: RequestFailure,
  ) {
    super(message);
  }
}

/** 'https://charity.example/api/' → 'https://charity.example/api'. */
export function normaliseApiBase(apiBase: string): string {
  return apiBase.trim().replace(/\/+$/, '');
}

/** No reply came (network fault, time-out). */
class NoReply extends Error {
  constructor(readonly failure: RequestFailure) {
    super(failure.kind);
  }
}

interface Reply {
  ok: boolean;
  status: number;
  body: unknown;
}

/** One JSON call. Resolves with any reply (error statuses included); rejects with the RequestFailure when none came. */
async function call(apiBase: string, path: string, init: { method: 'GET' | 'POST'; json?: unknown }): Promise<Reply> {
  let response: Response;
  try {
    response = await globalThis.fetch(`${apiBase}/${path}`, {
      method: init.method,
      headers: {
        accept: 'application/json',
        ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
      credentials: 'omit',
      signal: typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(REQUEST_TIMEOUT_MS) : undefined,
    });
  } catch (error) {
    throw new NoReply(
      error instanceof DOMException && error.name === 'TimeoutError' ? { kind: 'timeout' } : { kind: 'network' },
    );
  }
  // A reply that is not JSON (a proxy's error page) reads as no body: the messages fall back to the domain's.
  const body: unknown = await response.json().catch(() => null);
  return { ok: response.ok, status: response.status, body };
}

/** The failure of a call that got no reply. */
const noReplyFailure = (error: unknown): RequestFailure => (error instanceof NoReply ? error.failure : { kind: 'network' });

/** A reply with an error status, in the domain's terms. */
const responseFailure = (reply: Reply): RequestFailure => ({ kind: 'response', status: reply.status, message: replyMessage(reply.body) });

/**
 * The transport for the charity's API at `apiBase` (e.g. 'https://charity.example/api'; a trailing slash is ignored).
 * Failures reject with a DonateWidgetRequestError whose message is the site's for the same fault: the server's reply
 * message (or the status text), 'Something went wrong…' for an unreadable config, 'Network error…' when nothing
 * answered; 'Failed to create payment' for an intent without a message of its own.
 */
export function createFetchDonationTransport(apiBase: string): DonationTransport {
  const base = normaliseApiBase(apiBase);
  return {
    apiBase: base,

    async paymentsConfig() {
      let reply: Reply;
      try {
        reply = await call(base, PAYMENT_API_PATHS.config, { method: 'GET' });
      } catch (error) {
        const failure = noReplyFailure(error);
        throw new DonateWidgetRequestError(globalErrorMessage(failure), failure);
      }
      if (!reply.ok) {
        const failure = responseFailure(reply);
        throw new DonateWidgetRequestError(globalErrorMessage(failure), failure);
      }
      const config = readPaymentsConfig(reply.body);
      if (!config) throw new DonateWidgetRequestError(HTTP_MESSAGES.default, { kind: 'other' });
      return config;
    },

    setupErrorMessage: (error) => (error instanceof DonateWidgetRequestError ? error.message : HTTP_MESSAGES.default),

    async createIntent(payload, paymentMethodId) {
      let reply: Reply;
      try {
        reply = await call(base, PAYMENT_API_PATHS.createIntent, {
          method: 'POST',
          json: createIntentRequestBody(payload, paymentMethodId),
        });
      } catch (error) {
        const failure = noReplyFailure(error);
        throw new DonateWidgetRequestError(createPaymentErrorMessage(failure), failure);
      }
      if (!reply.ok) {
        const failure = responseFailure(reply);
        throw new DonateWidgetRequestError(createPaymentErrorMessage(failure), failure);
      }
      const intent = readCreatedIntent(reply.body);
      if (!intent.ok) throw new DonateWidgetRequestError(intent.message, { kind: 'response', status: reply.status });
      return { clientSecret: intent.clientSecret, paymentIntentId: intent.paymentIntentId };
    },

    async saveAfterPayment(input) {
      const reply = await call(base, PAYMENT_API_PATHS.saveAfterPayment, {
        method: 'POST',
        json: saveAfterPaymentRequestBody(input),
      });
      const saved = reply.ok ? readSavedDonation(reply.body) : null;
      if (!saved) throw new DonateWidgetRequestError('The donation save was not confirmed', responseFailure(reply));
      return saved;
    },

    async requestReceipt(input) {
      const reply = await call(base, PAYMENT_API_PATHS.receipt, { method: 'POST', json: receiptRequestBody(input) });
      const read = reply.ok ? readReceiptReply(reply.body) : { ok: false as const };
      if (!read.ok) throw new DonateWidgetRequestError('The receipt was not generated', responseFailure(reply));
      return read.invoice;
    },
  };
}
