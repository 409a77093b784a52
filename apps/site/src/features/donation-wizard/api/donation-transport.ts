import type { KyInstance } from 'ky';
import { HTTP_MESSAGES } from '@charity/domain';
import type { DonationTransport } from '@charity/ui';
import { ApiError } from '../../../lib/api/errors';
import { createPaymentIntent, fetchPaymentsConfig, generateAndSendInvoice, saveDonationAfterPayment } from './payments-api';

/** The message when the payment form cannot be set up: the API's, the generic one for an unreadable config, else the network one. */
export function paymentSetupErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof TypeError) return HTTP_MESSAGES.default;
  return HTTP_MESSAGES.network;
}

export interface SiteDonationTransportOptions {
  /** The site's API client (api), which the sandbox's address follows. */
  client: KyInstance;
  apiBase: string;
  /** The partner site the embed page runs in (verified by the server), sent with the payment; null on the site. */
  partnerOrigin?: string | null;
}

/** The donation container's transport through the site's ky client: its retry rules and error catalogue. */
export function createSiteDonationTransport({ client, apiBase, partnerOrigin = null }: SiteDonationTransportOptions): DonationTransport {
  return {
    apiBase,
    paymentsConfig: () => fetchPaymentsConfig(client),
    setupErrorMessage: paymentSetupErrorMessage,
    createIntent: (payload, paymentMethodId) => createPaymentIntent(client, payload, paymentMethodId, partnerOrigin),
    saveAfterPayment: (input) => saveDonationAfterPayment(client, input),
    requestReceipt: (input) => generateAndSendInvoice(client, input),
  };
}
