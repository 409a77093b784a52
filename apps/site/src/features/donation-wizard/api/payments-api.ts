import type { KyInstance } from 'ky';
import {
  PAYMENT_API_PATHS,
  createIntentRequestBody,
  createPaymentErrorMessage,
  readCreatedIntent,
  readPaymentsConfig,
  readReceiptReply,
  readSavedDonation,
  receiptRequestBody,
  saveAfterPaymentRequestBody,
  type DonationPayload,
  type Invoice,
  type PaymentsConfig,
  type SavedDonationReply,
} from '@charity/domain';
import { toRequestFailure } from '../../../lib/api/errors';

/*
 * The wizard's calls (spec §7 "Payments"), through the site's ky client; request bodies and reply readers are the
 * domain's (packages/domain/src/donation-payment.ts), shared with DonateWidget. The payment calls are silent: the
 * payment panel shows the spec's own messages ('Failed to create payment', 'Payment Failed - …', the save-failed
 * message with the payment id) and its own toast, so the global error toast would only say the same thing twice.
 * None is retried (ky retries GETs only): a repeated POST could charge or record twice.
 */

/** A failed call, with the message the panel shows. */
export class PaymentApiError extends Error {
  override readonly name = 'PaymentApiError';
}

export type { Invoice, PaymentsConfig };

// ---- GET /api/payments/config ----------------------------------------------------------------------------------

/** Reads `{success:true, data:{mode, publishable_key}}`; stripe mode needs a key. Throws a TypeError on anything else. */
export function parsePaymentsConfig(body: unknown): PaymentsConfig {
  const config = readPaymentsConfig(body);
  if (!config) throw new TypeError('The payments config reply has no usable mode');
  return config;
}

export async function fetchPaymentsConfig(client: KyInstance): Promise<PaymentsConfig> {
  const body = await client.get(PAYMENT_API_PATHS.config, { context: { silent: true } }).json<unknown>();
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
      .post(PAYMENT_API_PATHS.createIntent, {
        json: createIntentRequestBody(payload, paymentMethodId, partnerOrigin),
        context: { silent: true },
      })
      .json<unknown>();
  } catch (error) {
    throw new PaymentApiError(createPaymentErrorMessage(toRequestFailure(error)), { cause: error });
  }
  const intent = readCreatedIntent(body);
  if (!intent.ok) throw new PaymentApiError(intent.message);
  return { clientSecret: intent.clientSecret, paymentIntentId: intent.paymentIntentId };
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
export async function saveDonationAfterPayment(client: KyInstance, request: SaveAfterPaymentRequest): Promise<SavedDonationReply> {
  const body = await client
    .post(PAYMENT_API_PATHS.saveAfterPayment, { json: saveAfterPaymentRequestBody(request), context: { silent: true } })
    .json<unknown>();
  const saved = readSavedDonation(body);
  if (!saved) throw new PaymentApiError('The donation save was not confirmed');
  return saved;
}

// ---- POST /api/invoices/generate-and-send -----------------------------------------------------------------------

/** Requests the receipt; resolves with the invoice when the reply carries one (spec §3: it "may carry" it). */
export async function generateAndSendInvoice(
  client: KyInstance,
  request: { donationId: number; paymentIntentId: string },
): Promise<Invoice | null> {
  const body = await client
    .post(PAYMENT_API_PATHS.receipt, { json: receiptRequestBody(request), context: { silent: true } })
    .json<unknown>();
  const reply = readReceiptReply(body);
  if (!reply.ok) throw new PaymentApiError('The receipt was not generated');
  return reply.invoice;
}
