import type { KyInstance } from 'ky';
import {
  SAVED_PAYMENT_STATUS,
  createPaymentErrorMessage,
  type DonationPayload,
} from '@charity/domain';
import { toRequestFailure } from '../../../lib/api/errors';

/*
 * The wizard's calls (spec §7 "Payments", contract of issue 5). The payment calls are silent: the payment panel
 * shows the spec's own messages ('Failed to create payment', 'Payment Failed - …', the save-failed message with the
 * payment id) and its own toast, so the global error toast would only say the same thing twice. None is retried
 * (ky retries GETs only): a repeated POST could charge or record twice.
 */

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** A failed call, with the message the panel shows. */
export class PaymentApiError extends Error {
  override readonly name = 'PaymentApiError';
}

// ---- GET /api/payments/config ----------------------------------------------------------------------------------

export interface PaymentsConfig {
  mode: 'sandbox' | 'stripe';
  publishableKey: string | null;
}

/** Reads `{success:true, data:{mode, publishable_key}}`; stripe mode needs a key. Throws on anything else. */
export function parsePaymentsConfig(body: unknown): PaymentsConfig {
  const data = isRecord(body) ? body.data : undefined;
  const mode = isRecord(data) ? data.mode : undefined;
  const publishableKey = isRecord(data) ? text(data.publishable_key) : null;
  if (mode === 'sandbox') return { mode, publishableKey: null };
  if (mode === 'stripe' && publishableKey) return { mode, publishableKey };
  throw new TypeError('The payments config reply has no usable mode');
}

export async function fetchPaymentsConfig(client: KyInstance): Promise<PaymentsConfig> {
  const body = await client.get('payments/config', { context: { silent: true } }).json<unknown>();
  return parsePaymentsConfig(body);
}

// ---- POST /api/payments/create-intent ---------------------------------------------------------------------------

export interface CreatedIntent {
  clientSecret: string;
  paymentIntentId: string;
}

/**
 * Asks for a payment intent. Rejects with a PaymentApiError whose message is the server's, else 'Failed to create
 * payment' (spec §8), including for a 2xx reply that says it failed or lacks the secret.
 */
export async function createPaymentIntent(
  client: KyInstance,
  payload: DonationPayload,
  paymentMethodId: string,
  /** The partner site the widget is embedded in (verified by the server); beside donation_data, never inside it. */
  partnerOrigin: string | null = null,
): Promise<CreatedIntent> {
  let body: unknown;
  try {
    body = await client
      .post('payments/create-intent', {
        json: {
          donation_data: payload,
          payment_method_id: paymentMethodId,
          ...(partnerOrigin ? { partner_origin: partnerOrigin } : {}),
        },
        context: { silent: true },
      })
      .json<unknown>();
  } catch (error) {
    throw new PaymentApiError(createPaymentErrorMessage(toRequestFailure(error)), { cause: error });
  }
  const data = isRecord(body) && body.success === true && isRecord(body.data) ? body.data : null;
  const clientSecret = data ? text(data.client_secret) : null;
  const paymentIntentId = data ? text(data.payment_intent_id) : null;
  if (!clientSecret || !paymentIntentId) {
    // Only a reply that says it failed has a message worth showing; a malformed success gets the fallback.
    const serverMessage = isRecord(body) && body.success === false ? text(body.message) : null;
    throw new PaymentApiError(createPaymentErrorMessage({ kind: 'response', status: 200, message: serverMessage }));
  }
  return { clientSecret, paymentIntentId };
}

// ---- POST /api/donations/save-after-payment ---------------------------------------------------------------------

export interface SaveAfterPaymentRequest {
  payload: DonationPayload;
  paymentIntentId: string;
  paymentMethodId: string;
}

/**
 * Saves the paid donation; resolves with its id and receipt number (null until one is issued). Rejects when the
 * server did not confirm the save.
 */
export async function saveDonationAfterPayment(
  client: KyInstance,
  request: SaveAfterPaymentRequest,
): Promise<{ donationId: number; receiptNumber: string | null }> {
  const body = await client
    .post('donations/save-after-payment', {
      json: {
        donation_data: request.payload,
        payment_intent_id: request.paymentIntentId,
        payment_method_id: request.paymentMethodId,
        payment_status: SAVED_PAYMENT_STATUS,
      },
      context: { silent: true },
    })
    .json<unknown>();
  const data = isRecord(body) && body.success === true && isRecord(body.data) ? body.data : null;
  const donation = data && isRecord(data.donation) ? data.donation : null;
  const id = donation ? donation.id : undefined;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) {
    throw new PaymentApiError('The donation save was not confirmed');
  }
  return { donationId: id, receiptNumber: donation ? text(donation.receipt_number) : null };
}

// ---- POST /api/invoices/generate-and-send -----------------------------------------------------------------------

export interface Invoice {
  number: string;
  downloadUrl: string;
}

/** Requests the receipt; resolves with the invoice when the reply carries one (spec §3: it "may carry" it). */
export async function generateAndSendInvoice(
  client: KyInstance,
  request: { donationId: number; paymentIntentId: string },
): Promise<Invoice | null> {
  const body = await client
    .post('invoices/generate-and-send', {
      json: { donation_id: request.donationId, payment_intent_id: request.paymentIntentId },
      context: { silent: true },
    })
    .json<unknown>();
  if (!isRecord(body) || body.success !== true) throw new PaymentApiError('The receipt was not generated');
  const data = isRecord(body.data) ? body.data : null;
  const invoice = data && isRecord(data.invoice) ? data.invoice : null;
  const number = invoice ? text(invoice.number) : null;
  const downloadUrl = invoice ? text(invoice.download_url) : null;
  return number && downloadUrl ? { number, downloadUrl } : null;
}
