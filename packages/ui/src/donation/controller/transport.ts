import type { Stripe } from '@stripe/stripe-js';
import type { DonationPayload, Invoice, PaymentsConfig, SavedDonationReply } from '@charity/domain';
import type { InvoiceRequest, PaymentIntentSecret, SaveAfterPaymentInput } from '../PaymentPanel';

/**
 * How a donation container reaches the charity's API: the site implements it with its ky client (retry rules, the
 * error catalogue, silent payment calls), DonateWidget with plain fetch and no cookies. Requests and replies are the
 * domain's (packages/domain/src/donation-payment.ts), so both read a reply the same way.
 */
export interface DonationTransport {
  /**
   * The API base ('/api', 'https://charity.example/api', no trailing slash): where the browser sandbox confirms
   * payments, and the key the payment provider is cached under for the page's life.
   */
  readonly apiBase: string;
  /** GET payments/config: the provider the server is configured with. */
  paymentsConfig(): Promise<PaymentsConfig>;
  /** The text shown when paymentsConfig rejected with `error` (the form offers Back and 'Try Again'). */
  setupErrorMessage(error: unknown): string;
  /** POST payments/create-intent; rejects with an Error whose message is the one to show. */
  createIntent(payload: DonationPayload, paymentMethodId: string): Promise<PaymentIntentSecret>;
  /** POST donations/save-after-payment; rejects unless the server confirmed the save. */
  saveAfterPayment(input: SaveAfterPaymentInput): Promise<SavedDonationReply>;
  /** POST invoices/generate-and-send: the invoice when the reply carries one; rejects unless the reply says success. */
  requestReceipt(input: InvoiceRequest): Promise<Invoice | null>;
}

/** What the payment panel is handed: Stripe.js or the browser sandbox. */
export interface PaymentProvider {
  stripe: Stripe;
  /** The charity's sandbox (no real payment): the panel explains the test card. */
  testMode: boolean;
}
