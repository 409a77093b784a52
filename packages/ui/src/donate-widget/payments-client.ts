/**
 * The partner widget's calls to the charity's API, with `fetch` only: the published package must not pull an HTTP
 * client or a store into a partner's bundle. Request bodies, reply readers and messages come from the domain, so the
 * replies mean exactly what they mean to the site.
 *
 * Requests carry no cookies (`credentials: 'omit'`): a partner's donors are anonymous, and a credential-less
 * cross-origin request needs no credentialed CORS on the server.
 */
import type { Stripe } from '@stripe/stripe-js';
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
  readSavedDonationId,
  receiptRequestBody,
  replyMessage,
  saveAfterPaymentRequestBody,
  type DonationPayload,
  type RequestFailure,
} from '@charity/domain';
import { createSandboxStripe } from '../donation/sandbox-stripe';
import type { InvoiceRequest, PaymentIntentSecret, SaveAfterPaymentInput, SavedDonation } from '../donation/PaymentPanel';

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
    response = await globalThis.fetch(`${normaliseApiBase(apiBase)}/${path}`, {
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

export interface PaymentProvider {
  stripe: Stripe;
  /** The charity's sandbox: the panel explains the test card. */
  testMode: boolean;
}

/**
 * The provider as the server configured it (GET payments/config): the browser sandbox against the same API, or
 * Stripe.js from Stripe with the publishable key, imported only then. Rejects with a DonateWidgetRequestError whose
 * message is the site's for the same fault: the server's reply message (or the status text), 'Something went
 * wrong…' for an unreadable config, 'Network error…' when nothing answered or Stripe.js could not load.
 */
export async function loadPaymentProvider(apiBase: string): Promise<PaymentProvider> {
  let reply: Reply;
  try {
    reply = await call(apiBase, PAYMENT_API_PATHS.config, { method: 'GET' });
  } catch (error) {
    const failure = noReplyFailure(error);
    throw new DonateWidgetRequestError(globalErrorMessage(failure), failure);
  }
  if (!reply.ok) {
    const failure: RequestFailure = { kind: 'response', status: reply.status, message: replyMessage(reply.body) };
    throw new DonateWidgetRequestError(globalErrorMessage(failure), failure);
  }
  const config = readPaymentsConfig(reply.body);
  if (!config) throw new DonateWidgetRequestError(HTTP_MESSAGES.default, { kind: 'other' });
  if (config.mode === 'sandbox') return { stripe: createSandboxStripe({ apiBase: normaliseApiBase(apiBase) }), testMode: true };
  try {
    // The pure entry injects Stripe's script only when loadStripe is called.
    const { loadStripe } = await import('@stripe/stripe-js/pure');
    const stripe = await loadStripe(config.publishableKey ?? '');
    if (!stripe) throw new Error('Stripe.js is not available');
    return { stripe, testMode: false };
  } catch {
    throw new DonateWidgetRequestError(HTTP_MESSAGES.network, { kind: 'network' });
  }
}

/** POST payments/create-intent; rejects with the server's message, else 'Failed to create payment'. */
export async function createIntent(
  apiBase: string,
  payload: DonationPayload,
  paymentMethodId: string,
): Promise<PaymentIntentSecret> {
  let reply: Reply;
  try {
    reply = await call(apiBase, PAYMENT_API_PATHS.createIntent, {
      method: 'POST',
      json: createIntentRequestBody(payload, paymentMethodId),
    });
  } catch (error) {
    const failure = noReplyFailure(error);
    throw new DonateWidgetRequestError(createPaymentErrorMessage(failure), failure);
  }
  if (!reply.ok) {
    const failure: RequestFailure = { kind: 'response', status: reply.status, message: replyMessage(reply.body) };
    throw new DonateWidgetRequestError(createPaymentErrorMessage(failure), failure);
  }
  const intent = readCreatedIntent(reply.body);
  if (!intent.ok) throw new DonateWidgetRequestError(intent.message, { kind: 'response', status: reply.status });
  return { clientSecret: intent.clientSecret, paymentIntentId: intent.paymentIntentId };
}

/** POST donations/save-after-payment; rejects unless the server confirms the save with the donation's id. */
export async function saveAfterPayment(apiBase: string, input: SaveAfterPaymentInput): Promise<SavedDonation> {
  const reply = await call(apiBase, PAYMENT_API_PATHS.saveAfterPayment, {
    method: 'POST',
    json: saveAfterPaymentRequestBody(input),
  });
  const donationId = reply.ok ? readSavedDonationId(reply.body) : null;
  if (donationId === null) {
    throw new DonateWidgetRequestError('The donation save was not confirmed', {
      kind: 'response',
      status: reply.status,
      message: replyMessage(reply.body),
    });
  }
  return { donationId };
}

/** POST invoices/generate-and-send; rejects unless the server says the receipt was made. */
export async function requestReceipt(apiBase: string, input: InvoiceRequest): Promise<void> {
  const reply = await call(apiBase, PAYMENT_API_PATHS.receipt, { method: 'POST', json: receiptRequestBody(input) });
  if (!reply.ok || !readReceiptReply(reply.body).ok) {
    throw new DonateWidgetRequestError('The receipt was not generated', {
      kind: 'response',
      status: reply.status,
      message: replyMessage(reply.body),
    });
  }
}
