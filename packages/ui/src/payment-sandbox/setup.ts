/**
 * The sandbox's card saving without a payment (Stripe.js's confirmCardSetup: a monthly gift's new card), in its own
 * module so it loads when a card is first saved rather than with every donation form (the /donate page's first
 * download): POST {apiBase}/payments/sandbox/confirm-setup and the Stripe-shaped answer.
 */
import type { SetupIntent, SetupIntentResult, StripeError } from '@stripe/stripe-js';
import { RECURRING_MESSAGES, isRecord } from '@charity/domain';
import { SandboxTransportError, type SandboxSetupIntent, type SandboxTransport } from './transport';

/** Stripe.js's own words for a refused card, used when the sandbox gives no reason of its own. */
export const CARD_DECLINED_MESSAGE = 'Your card was declined.';

function stripeError(type: StripeError['type'], message: string, extra: Partial<StripeError> = {}): StripeError {
  return { type, message, ...extra } as StripeError;
}

/** The SetupIntent in a confirm-setup reply (bare, as the server answers it, or inside `data` / `data.setup_intent`), or null. */
export function readSetupIntent(reply: unknown): SandboxSetupIntent | null {
  if (!isRecord(reply) || reply.success === false) return null;
  const data = isRecord(reply.data) ? reply.data : null;
  const candidate = data && isRecord(data.setup_intent) ? data.setup_intent : (data ?? reply);
  if (typeof candidate.id !== 'string' || typeof candidate.status !== 'string') return null;
  const error = isRecord(candidate.last_setup_error) ? candidate.last_setup_error : null;
  return {
    id: candidate.id,
    status: candidate.status,
    payment_method: typeof candidate.payment_method === 'string' ? candidate.payment_method : null,
    last_setup_error: error
      ? {
          ...(typeof error.code === 'string' ? { code: error.code } : {}),
          ...(typeof error.decline_code === 'string' ? { decline_code: error.decline_code } : {}),
          ...(typeof error.message === 'string' ? { message: error.message } : {}),
        }
      : null,
  };
}

/**
 * The HTTP transport's confirmSetup: the server's SetupIntent, or a SandboxTransportError with the server's message
 * (an error reply) or 'Your card could not be saved…' (no reply, or one that is no SetupIntent).
 */
export async function postConfirmSetup(
  base: string,
  fetchImpl: typeof globalThis.fetch,
  input: { client_secret: string; payment_method: string },
): Promise<SandboxSetupIntent> {
  let response: Response;
  try {
    response = await fetchImpl(`${base}/payments/sandbox/confirm-setup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(input),
    });
  } catch {
    throw new SandboxTransportError(RECURRING_MESSAGES.cardSetupFailed);
  }
  const reply: unknown = await response.json().catch(() => null);
  const intent = response.ok ? readSetupIntent(reply) : null;
  if (intent) return intent;
  const message = isRecord(reply) && typeof reply.message === 'string' && reply.message !== '' ? reply.message : null;
  throw new SandboxTransportError(message ?? RECURRING_MESSAGES.cardSetupFailed);
}

function toStripeSetupIntent(intent: SandboxSetupIntent, clientSecret: string, paymentMethod: string): SetupIntent {
  return {
    id: intent.id,
    object: 'setup_intent',
    status: intent.status as SetupIntent['status'],
    client_secret: clientSecret,
    payment_method: intent.payment_method ?? paymentMethod,
    usage: 'off_session',
    livemode: false,
    created: Math.floor(Date.now() / 1000),
    cancellation_reason: null,
    description: null,
    next_action: null,
    payment_method_types: ['card'],
    last_setup_error: intent.last_setup_error ?? null,
  } as unknown as SetupIntent;
}

/**
 * Confirms a SetupIntent with a test card's PaymentMethod id, answering as Stripe.js's confirmCardSetup does:
 * `{ setupIntent }` when the server's sandbox answered (any status but a refusal, which the caller reads), `{ error }`
 * when the card was refused (a card_error carrying the setup_intent, 'Your card was declined.' unless the sandbox
 * says more) or the server could not be reached.
 */
export async function confirmSandboxSetup(transport: SandboxTransport, clientSecret: string, paymentMethod: string): Promise<SetupIntentResult> {
  if (!transport.confirmSetup) {
    return { error: stripeError('invalid_request_error', 'This payment sandbox transport cannot save cards.') };
  }
  try {
    const intent = await transport.confirmSetup({ client_secret: clientSecret, payment_method: paymentMethod });
    const setupIntent = toStripeSetupIntent(intent, clientSecret, paymentMethod);
    if (intent.status === 'requires_payment_method') {
      const failure = intent.last_setup_error ?? null;
      return {
        error: stripeError('card_error', failure?.message || CARD_DECLINED_MESSAGE, {
          code: failure?.code ?? 'card_declined',
          ...(failure?.decline_code ? { decline_code: failure.decline_code } : {}),
          setup_intent: setupIntent,
        }),
      };
    }
    return { setupIntent };
  } catch (error) {
    const message = error instanceof SandboxTransportError ? error.message : RECURRING_MESSAGES.cardSetupFailed;
    return { error: stripeError('api_error', message) };
  }
}
