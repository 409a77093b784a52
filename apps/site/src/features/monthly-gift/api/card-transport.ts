import type { KyInstance } from 'ky';
import { HTTP_MESSAGES, PAYMENT_API_PATHS, readPaymentsConfig, type PaymentsConfig } from '@charity/domain';
import type { DonationTransport } from '@charity/ui';
import { ApiError } from '../../../lib/api/errors';

// The card fields of 'Change card' come from the same place as the donation form's: @charity/ui's
// loadPaymentProvider (Stripe.js with the publishable key, or the browser sandbox, as GET /api/payments/config says),
// one provider per API base for the page's life, Stripe.js loaded only when the dialog first opens.

/** GET /api/payments/config, silent: the dialog shows the failure with 'Try again'. */
export async function fetchPaymentsConfig(client: KyInstance): Promise<PaymentsConfig> {
  const body = await client.get(PAYMENT_API_PATHS.config, { context: { silent: true } }).json<unknown>();
  const config = readPaymentsConfig(body);
  if (!config) throw new TypeError('The payments config reply has no usable mode');
  return config;
}

/** The message when the card form cannot be set up: the API's, the generic one for an unreadable config, else the network one. */
export function cardSetupErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof TypeError) return HTTP_MESSAGES.default;
  return HTTP_MESSAGES.network;
}

const notForCards = () => Promise.reject(new Error('A card change makes no payment'));

/**
 * What loadPaymentProvider needs (the API base and the payments config) as a DonationTransport; its payment calls
 * are never made by a card change, and reject if they were.
 */
export function createCardTransport(client: KyInstance, apiBase: string): DonationTransport {
  return {
    apiBase,
    paymentsConfig: () => fetchPaymentsConfig(client),
    setupErrorMessage: cardSetupErrorMessage,
    createIntent: notForCards,
    saveAfterPayment: notForCards,
    requestReceipt: notForCards,
  };
}
