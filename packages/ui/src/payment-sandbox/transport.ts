/**
 * How the browser sandbox reaches the server's sandbox: POST {apiBase}/payments/sandbox/confirm,
 * POST {apiBase}/payments/sandbox/authenticate and, for a card saved without a payment (a monthly gift's new card),
 * POST {apiBase}/payments/sandbox/confirm-setup. Stories and tests hand in their own transport.
 */
import { DONATION_MESSAGES, isRecord } from '@charity/domain';

/** A PaymentIntent as the server's sandbox answers it. */
export interface SandboxPaymentIntent {
  id: string;
  status: string;
  amount: number;
  currency: string;
  last_payment_error: null | { code: string; decline_code?: string; message: string };
}

/** A SetupIntent as the server's sandbox answers it (Stripe-shaped: 'succeeded' or 'requires_payment_method'). */
export interface SandboxSetupIntent {
  id: string;
  status: string;
  payment_method: string | null;
  /** Stripe's reason when the card was refused; the server's sandbox may leave it out. */
  last_setup_error?: null | { code?: string; decline_code?: string; message?: string };
}

export type SandboxAuthenticationOutcome = 'complete' | 'fail';

export interface SandboxTransport {
  confirm(input: { client_secret: string; payment_method_id: string }): Promise<SandboxPaymentIntent>;
  authenticate(input: { client_secret: string; outcome: SandboxAuthenticationOutcome }): Promise<SandboxPaymentIntent>;
  /**
   * Confirms a SetupIntent with a test PaymentMethod id (stripe.confirmCardSetup). Optional so the stories' payment
   * transports need not grow it; without it confirmCardSetup answers an error.
   */
  confirmSetup?(input: { client_secret: string; payment_method: string }): Promise<SandboxSetupIntent>;
}

/** A transport failure with the message to show (the server's, when it sent one). */
export class SandboxTransportError extends Error {
  override name = 'SandboxTransportError';
}

/**
 * The default transport: JSON POSTs to the API's sandbox endpoints. A reply that is not
 * `{success: true, data: {payment_intent}}` becomes a SandboxTransportError with the server's message, or
 * 'Payment failed. Please try again.'.
 */
export function createHttpSandboxTransport(
  apiBase = '/api',
  fetchImpl: typeof globalThis.fetch = (input, init) => globalThis.fetch(input, init),
): SandboxTransport {
  const base = apiBase.replace(/\/+$/, '');
  const post = async (path: string, body: unknown): Promise<SandboxPaymentIntent> => {
    let response: Response;
    try {
      response = await fetchImpl(`${base}/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
      });
    } catch {
      throw new SandboxTransportError(DONATION_MESSAGES.paymentFailed);
    }
    const ok = response.ok;
    const reply: unknown = await response.json().catch(() => null);
    const data = isRecord(reply) && isRecord(reply.data) ? reply.data : null;
    const intent = data && isRecord(data.payment_intent) ? data.payment_intent : null;
    if (ok && isRecord(reply) && reply.success === true && intent && typeof intent.status === 'string') {
      return intent as unknown as SandboxPaymentIntent;
    }
    const message = isRecord(reply) && typeof reply.message === 'string' && reply.message !== '' ? reply.message : null;
    throw new SandboxTransportError(message ?? DONATION_MESSAGES.paymentFailed);
  };
  return {
    confirm: (input) => post('payments/sandbox/confirm', input),
    authenticate: (input) => post('payments/sandbox/authenticate', input),
    // Saving a card is rare next to paying: its code loads when first used, not with every donation form.
    confirmSetup: (input) => import('./setup').then(({ postConfirmSetup }) => postConfirmSetup(base, fetchImpl, input)),
  };
}
