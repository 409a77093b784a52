import { useCallback, useEffect, useState } from 'react';
import type { KyInstance } from 'ky';
import type { Stripe } from '@stripe/stripe-js';
import { HTTP_MESSAGES } from '@charity/domain';
import { createSandboxStripe } from '@charity/ui';
import { ApiError } from '../../../lib/api/errors';
import { fetchPaymentsConfig } from '../api/payments-api';

export interface PaymentStripe {
  stripe: Stripe;
  /** The local sandbox (no real payment): the panel explains the test card. */
  testMode: boolean;
}

// One Stripe object per API base for the whole visit: <Elements> must not be handed a new one, and Stripe.js is
// loaded once. A failed load is forgotten, so 'Try Again' asks again.
const loads = new Map<string, Promise<PaymentStripe>>();

/**
 * The payment provider as the server configured it (GET /payments/config): the browser sandbox, or Stripe.js loaded
 * from Stripe with the publishable key. Stripe.js is imported here only, when the payment step first needs it, so it
 * is never part of the first load.
 */
export function loadPaymentStripe(client: KyInstance, apiBase: string): Promise<PaymentStripe> {
  let load = loads.get(apiBase);
  if (!load) {
    load = (async () => {
      const config = await fetchPaymentsConfig(client);
      if (config.mode === 'sandbox') return { stripe: createSandboxStripe({ apiBase }), testMode: true };
      // The pure entry injects Stripe's script only when loadStripe is called.
      const { loadStripe } = await import('@stripe/stripe-js/pure');
      const stripe = await loadStripe(config.publishableKey ?? '');
      if (!stripe) throw new Error('Stripe.js is not available');
      return { stripe, testMode: false };
    })();
    loads.set(apiBase, load);
    load.catch(() => loads.delete(apiBase));
  }
  return load;
}

/** The message when the payment form cannot be set up: the API's, or a network fault loading Stripe.js. */
export function paymentSetupErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof TypeError) return HTTP_MESSAGES.default;
  return HTTP_MESSAGES.network;
}

export function usePaymentStripe(client: KyInstance, apiBase: string) {
  const [result, setResult] = useState<PaymentStripe | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let active = true;
    loadPaymentStripe(client, apiBase).then(
      (loaded) => {
        if (active) setResult(loaded);
      },
      (failure: unknown) => {
        console.error('[payments] The payment form could not be set up:', failure);
        if (active) setError(paymentSetupErrorMessage(failure));
      },
    );
    return () => {
      active = false;
    };
  }, [client, apiBase, attempt]);

  const retry = useCallback(() => {
    setError(null);
    setAttempt((n) => n + 1);
  }, []);

  return { result, error, retry };
}
