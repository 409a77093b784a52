/**
 * The donation payment flow (spec §4 "Payment panel", §7 "Payments", §8 "Donation") as one pure function with
 * injected steps, and the HTTP contract of its calls (docs/decisions/021-wire-contract-and-openapi.md) as pure request
 * builders and reply readers.
 *
 * The flow is written once here and driven by the payment panel of @charity/ui, whichever transport the app gives it:
 * the site's API client (ky) or the partner React widget's `fetch`. The readers are shared the same way, so a reply
 * means the same thing to every client.
 */
import { SAVED_PAYMENT_STATUS } from './constants';
import { createPaymentErrorMessage } from './card-payments';
import { isRecord } from './internal/values';
import { DONATION_MESSAGES, donationSaveFailedMessage } from './messages';
import { paymentIntentOutcome } from './payment';
import type { DonationPayload } from './validation/donation';

// --- The flow ---------------------------------------------------------------------------------------------------

/** An error as Stripe.js reports it in a result (`{error}`); its message is shown as is when there is one. */
export interface PaymentStepError {
  message?: string | null;
}

/** What confirming (or authenticating) a card payment gives: Stripe.js's `{paymentIntent}` or `{error}`. */
export type ConfirmPaymentResult =
  | { paymentIntent: { id: string; status: string }; error?: undefined }
  | { error: PaymentStepError; paymentIntent?: undefined };

export interface DonationPaymentSteps {
  /** Stripe's createPaymentMethod for the card fields: the PaymentMethod id, or Stripe's error. */
  createPaymentMethod: () => Promise<{ paymentMethodId: string; error?: undefined } | { error: PaymentStepError }>;
  /** POST payments/create-intent. Rejects with an Error whose message is the one to show (see createPaymentErrorMessage). */
  createIntent: (paymentMethodId: string) => Promise<{ clientSecret: string; paymentIntentId: string }>;
  /** Stripe's confirmCardPayment (which runs 3-D Secure itself, as the sandbox does). */
  confirm: (clientSecret: string, paymentMethodId: string) => Promise<ConfirmPaymentResult>;
  /**
   * For a confirm that leaves the intent in 'requires_action' (e.g. confirmed with handleActions: false): Stripe's
   * handleCardAction. Without it such an intent fails with 'Payment status: requires_action'.
   */
  handleAction?: (clientSecret: string) => Promise<ConfirmPaymentResult>;
  /** POST donations/save-after-payment; rejects when the server did not confirm the save. */
  save: (input: { paymentIntentId: string; paymentMethodId: string }) => Promise<{ donationId: number }>;
  /** POST invoices/generate-and-send. Its failure never undoes the success: the donation is paid and saved. */
  requestReceipt: (input: { donationId: number; paymentIntentId: string }) => Promise<unknown>;
}

export type DonationPaymentResult =
  /** Paid and saved. `receipt` settles true when the receipt was requested successfully, false otherwise; never rejects. */
  | { status: 'succeeded'; donationId: number; paymentIntentId: string; receipt: Promise<boolean> }
  /** Not paid, nothing saved; `message` is Stripe's, the server's, or 'Payment failed. Please try again.'. */
  | { status: 'failed'; message: string }
  /** Paid but not saved: `message` names the payment id for support. `cause` is what the save threw. */
  | { status: 'save-failed'; paymentIntentId: string; message: string; cause: unknown };

/** A failure that already carries the text to show. */
class PaymentFailure extends Error {}

const stepMessage = (error: PaymentStepError): string =>
  typeof error.message === 'string' && error.message.trim() !== '' ? error.message : DONATION_MESSAGES.paymentFailed;

/**
 * Runs one payment: createPaymentMethod → createIntent → confirm (→ handleAction when the intent still
 * requires_action) → only for a 'succeeded' intent save → requestReceipt (not awaited: the thank-you does not wait
 * for the PDF and the mail). Never rejects: every outcome is a result, so no caller can mistake a paid donation
 * whose save failed for a failed payment.
 */
export async function runDonationPayment(steps: DonationPaymentSteps): Promise<DonationPaymentResult> {
  let paymentMethodId: string;
  let paymentIntentId: string;
  try {
    const method = await steps.createPaymentMethod();
    if (method.error) throw new PaymentFailure(stepMessage(method.error));
    paymentMethodId = method.paymentMethodId;

    const intent = await steps.createIntent(paymentMethodId);

    let confirmed = await steps.confirm(intent.clientSecret, paymentMethodId);
    if (confirmed.paymentIntent?.status === 'requires_action' && steps.handleAction) {
      confirmed = await steps.handleAction(intent.clientSecret);
    }
    if (confirmed.error) throw new PaymentFailure(stepMessage(confirmed.error));
    const outcome = paymentIntentOutcome(confirmed.paymentIntent.status);
    if (!outcome.ok) throw new PaymentFailure(outcome.message);
    paymentIntentId = confirmed.paymentIntent.id;
  } catch (error) {
    const message = error instanceof Error && error.message ? error.message : DONATION_MESSAGES.paymentFailed;
    return { status: 'failed', message };
  }

  // Paid. From here on nothing may look like a failed payment: a save failure gives the payment id to quote.
  let donationId: number;
  try {
    ({ donationId } = await steps.save({ paymentIntentId, paymentMethodId }));
  } catch (cause) {
    return { status: 'save-failed', paymentIntentId, message: donationSaveFailedMessage(paymentIntentId), cause };
  }
  let receipt: Promise<boolean>;
  try {
    receipt = Promise.resolve(steps.requestReceipt({ donationId, paymentIntentId })).then(
      () => true,
      () => false,
    );
  } catch {
    receipt = Promise.resolve(false);
  }
  return { status: 'succeeded', donationId, paymentIntentId, receipt };
}

// --- The HTTP contract (paths relative to the API base, e.g. 'https://charity.example/api') ----------------------

export const PAYMENT_API_PATHS = {
  config: 'payments/config',
  createIntent: 'payments/create-intent',
  saveAfterPayment: 'donations/save-after-payment',
  receipt: 'invoices/generate-and-send',
} as const;

/** A non-empty string as is (untrimmed: a reply's text is shown as the server wrote it), else null. */
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** The payment provider the server is configured with. */
export interface PaymentsConfig {
  mode: 'sandbox' | 'stripe';
  publishableKey: string | null;
  /**
   * The operator's ceiling (the API's PAYMENT_MAX_AMOUNT) in whole units of the donation's currency, for step 1's
   * check: largestAcceptedAmount(currency, maxAmount). Absent when the server sets none.
   */
  maxAmount?: number;
}

/**
 * Reads GET payments/config `{success:true, data:{mode, publishable_key, max_amount?}}`; stripe mode needs a key.
 * Else null. A max_amount that is not a whole number of at least 1 is ignored (the server still enforces its own).
 */
export function readPaymentsConfig(body: unknown): PaymentsConfig | null {
  const data = isRecord(body) ? body.data : undefined;
  const mode = isRecord(data) ? data.mode : undefined;
  const publishableKey = isRecord(data) ? text(data.publishable_key) : null;
  const maxAmount = isRecord(data) && Number.isSafeInteger(data.max_amount) && (data.max_amount as number) >= 1 ? (data.max_amount as number) : null;
  const ceiling = maxAmount === null ? {} : { maxAmount };
  if (mode === 'sandbox') return { mode, publishableKey: null, ...ceiling };
  if (mode === 'stripe' && publishableKey) return { mode, publishableKey, ...ceiling };
  return null;
}

/**
 * The create-intent body. `partnerOrigin` (the partner site the embedded widget runs in, verified by the server)
 * goes beside donation_data, never inside it: the payload keeps the spec's shape.
 */
export function createIntentRequestBody(payload: DonationPayload, paymentMethodId: string, partnerOrigin: string | null = null) {
  return {
    donation_data: payload,
    payment_method_id: paymentMethodId,
    ...(partnerOrigin ? { partner_origin: partnerOrigin } : {}),
  };
}

/**
 * Reads a 2xx create-intent reply: the secret and the intent id, or the message to show — the server's for a reply
 * that says it failed, else 'Failed to create payment'. Error statuses go through createPaymentErrorMessage.
 */
export function readCreatedIntent(
  body: unknown,
): { ok: true; clientSecret: string; paymentIntentId: string } | { ok: false; message: string } {
  const data = isRecord(body) && body.success === true && isRecord(body.data) ? body.data : null;
  const clientSecret = data ? text(data.client_secret) : null;
  const paymentIntentId = data ? text(data.payment_intent_id) : null;
  if (clientSecret && paymentIntentId) return { ok: true, clientSecret, paymentIntentId };
  // Only a reply that says it failed has a message worth showing; a malformed success gets the fallback.
  const serverMessage = isRecord(body) && body.success === false ? text(body.message) : null;
  return { ok: false, message: createPaymentErrorMessage({ kind: 'response', status: 200, message: serverMessage }) };
}

export function saveAfterPaymentRequestBody(input: {
  payload: DonationPayload;
  paymentIntentId: string;
  paymentMethodId: string;
}) {
  return {
    donation_data: input.payload,
    payment_intent_id: input.paymentIntentId,
    payment_method_id: input.paymentMethodId,
    payment_status: SAVED_PAYMENT_STATUS,
  };
}

export interface SavedDonationReply {
  donationId: number;
  /** The 80G receipt's number, null until one is issued. */
  receiptNumber: string | null;
}

/**
 * The saved donation from a save-after-payment reply `{success:true, data:{donation:{id, receipt_number}}}`, else
 * null (the save is not confirmed without a positive whole id).
 */
export function readSavedDonation(body: unknown): SavedDonationReply | null {
  const data = isRecord(body) && body.success === true && isRecord(body.data) ? body.data : null;
  const donation = data && isRecord(data.donation) ? data.donation : null;
  const id = donation ? donation.id : undefined;
  if (!donation || typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) return null;
  return { donationId: id, receiptNumber: text(donation.receipt_number) };
}

/** The saved donation's id from a save-after-payment reply `{success:true, data:{donation:{id}}}`, else null. */
export function readSavedDonationId(body: unknown): number | null {
  return readSavedDonation(body)?.donationId ?? null;
}

export function receiptRequestBody(input: { donationId: number; paymentIntentId: string }) {
  return { donation_id: input.donationId, payment_intent_id: input.paymentIntentId };
}

export interface Invoice {
  number: string;
  downloadUrl: string;
}

/**
 * Reads a generate-and-send reply: `{ok: false}` unless it says success; the invoice when it carries one (spec §3:
 * it "may carry" it).
 */
export function readReceiptReply(body: unknown): { ok: false } | { ok: true; invoice: Invoice | null } {
  if (!isRecord(body) || body.success !== true) return { ok: false };
  const data = isRecord(body.data) ? body.data : null;
  const invoice = data && isRecord(data.invoice) ? data.invoice : null;
  const number = invoice ? text(invoice.number) : null;
  const downloadUrl = invoice ? text(invoice.download_url) : null;
  return { ok: true, invoice: number && downloadUrl ? { number, downloadUrl } : null };
}

/** The reply's own `message` field, for a RequestFailure of an error status. */
export function replyMessage(body: unknown): string | null {
  return isRecord(body) ? text(body.message) : null;
}

