import { HTTP_MESSAGES, type PaymentsConfig } from '@charity/domain';
import { createSandboxStripe } from '../../payment-sandbox/stripe';
import type { DonationTransport, PaymentProvider } from './transport';

/** The payment form could not be prepared for a reason of the browser's (Stripe.js did not load); `message` is shown. */
export class PaymentSetupError extends Error {
  override readonly name = 'PaymentSetupError';
}

// One provider per API base for the page's life: <Elements> must never be handed a second Stripe object, and Stripe.js
// loads once. A failed load is forgotten, so 'Try Again' asks again.
const providers = new Map<string, Promise<PaymentProvider>>();
// The configuration behind it, read once per API base too: step 1 reads its ceiling before any provider is needed.
const configs = new Map<string, Promise<PaymentsConfig>>();

/** GET payments/config once per API base for the page's life; a failed read is forgotten, so the next call asks again. */
export function loadPaymentsConfig(transport: DonationTransport): Promise<PaymentsConfig> {
  const key = transport.apiBase;
  let load = configs.get(key);
  if (!load) {
    load = transport.paymentsConfig();
    configs.set(key, load);
    load.catch(() => configs.delete(key));
  }
  return load;
}

/**
 * The provider as the server configured it (GET payments/config): the browser sandbox against the same API, or
 * Stripe.js with the publishable key. Stripe.js is imported here only, when a payment step first needs it, so it is
 * never part of a first load. Rejects with the transport's error, or a PaymentSetupError when Stripe.js failed.
 */
export function loadPaymentProvider(transport: DonationTransport): Promise<PaymentProvider> {
  const key = transport.apiBase;
  let load = providers.get(key);
  if (!load) {
    load = (async (): Promise<PaymentProvider> => {
      const config = await loadPaymentsConfig(transport);
      if (config.mode === 'sandbox') return { stripe: createSandboxStripe({ apiBase: transport.apiBase }), testMode: true };
      let stripe: PaymentProvider['stripe'] | null;
      try {
        // The pure entry injects Stripe's script only when loadStripe is called.
        const { loadStripe } = await import('@stripe/stripe-js/pure');
        stripe = await loadStripe(config.publishableKey ?? '');
      } catch (error) {
        throw new PaymentSetupError(HTTP_MESSAGES.network, { cause: error });
      }
      if (!stripe) throw new PaymentSetupError(HTTP_MESSAGES.network, { cause: new Error('Stripe.js is not available') });
      return { stripe, testMode: false };
    })();
    providers.set(key, load);
    load.catch(() => providers.delete(key));
  }
  return load;
}

/** The message for a failed loadPaymentProvider: Stripe.js's network message, else the transport's for its error. */
export function paymentSetupMessage(transport: DonationTransport, error: unknown): string {
  return error instanceof PaymentSetupError ? error.message : transport.setupErrorMessage(error);
}
