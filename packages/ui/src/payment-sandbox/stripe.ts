/**
 * The payment sandbox in the browser: an object shaped like Stripe.js that `<Elements stripe={...}>` accepts, so the
 * same payment panel runs against Stripe, against the local server sandbox (no keys set), in Storybook and in the
 * end-to-end tests. This folder holds it by job:
 *
 * - elements.ts: `elements().create('cardNumber' | 'cardExpiry' | 'cardCvc')`, plain labelled inputs that behave
 *   like Stripe's fields;
 * - this file: `createPaymentMethod({type: 'card', card, billing_details})` turns the test card numbers into Stripe's
 *   own test PaymentMethod ids (pm_card_visa, pm_card_chargeDeclined, pm_card_authenticationRequired), which the
 *   server's sandbox knows (no card number ever leaves the browser, as with Stripe); `confirmCardPayment(clientSecret,
 *   {payment_method})` asks the transport and, when the intent requires authentication, the dialog;
 *   `confirmCardSetup(clientSecret, {payment_method})` saves a card without a payment (a monthly gift's new card);
 * - transport.ts: POST {apiBase}/payments/sandbox/confirm, …/authenticate and …/confirm-setup;
 * - setup.ts: confirmCardSetup's own code, loaded on its first use (not with every donation form);
 * - SandboxAuthDialog.tsx: 'Authenticate this test payment?', the library's Dialog.
 *
 * Only what react-stripe-js and the payment panel call is implemented; anything else rejects clearly.
 */
import type {
  PaymentIntent,
  PaymentIntentResult,
  PaymentMethod,
  PaymentMethodResult,
  SetupIntentResult,
  Stripe,
  StripeError,
} from '@stripe/stripe-js';
import { DONATION_MESSAGES, cardBrand, cardDigits, isRecord, parseExpiry, sandboxPaymentMethodId } from '@charity/domain';
import { SandboxCardElement, SandboxElements } from './elements';
import { askSandboxAuthentication } from './SandboxAuthDialog';
import {
  SandboxTransportError,
  createHttpSandboxTransport,
  type SandboxAuthenticationOutcome,
  type SandboxPaymentIntent,
  type SandboxTransport,
} from './transport';

export interface SandboxStripeOptions {
  /** Where the server's sandbox answers (default transport only). Default '/api'. */
  apiBase?: string;
  /** Replaces the HTTP transport (stories, tests). */
  transport?: SandboxTransport;
  /** Replaces the dialog (tests without a DOM dialog). */
  authenticate?: () => Promise<SandboxAuthenticationOutcome>;
  /** The clock for expiry checks. */
  now?: () => Date;
}

function stripeError(type: StripeError['type'], message: string, extra: Partial<StripeError> = {}): StripeError {
  return { type, message, ...extra } as StripeError;
}

function toStripeIntent(intent: SandboxPaymentIntent, clientSecret: string, paymentMethod: string): PaymentIntent {
  return {
    id: intent.id,
    object: 'payment_intent',
    amount: intent.amount,
    currency: intent.currency,
    status: intent.status as PaymentIntent['status'],
    client_secret: clientSecret,
    payment_method: paymentMethod,
    livemode: false,
    created: Math.floor(Date.now() / 1000),
    last_payment_error: intent.last_payment_error as PaymentIntent['last_payment_error'],
  } as unknown as PaymentIntent;
}

/** A Stripe.js stand-in for `<Elements stripe={createSandboxStripe(...)}>`. */
export function createSandboxStripe(options: SandboxStripeOptions = {}): Stripe {
  const transport = options.transport ?? createHttpSandboxTransport(options.apiBase);
  const authenticate = options.authenticate ?? askSandboxAuthentication;
  const now = options.now ?? (() => new Date());

  const createPaymentMethod = (data: unknown): Promise<PaymentMethodResult> => {
    const request = isRecord(data) ? data : {};
    const card = request.card ?? request.element;
    if (request.type !== undefined && request.type !== 'card') {
      return Promise.resolve({ error: stripeError('invalid_request_error', 'The payment sandbox accepts card payments only.') });
    }
    if (!(card instanceof SandboxCardElement) || card.elementType !== 'cardNumber' || card.destroyed) {
      return Promise.resolve({
        error: stripeError('invalid_request_error', 'createPaymentMethod needs the mounted card number Element.'),
      });
    }
    const group = card.group;
    const fields = [card, group.getElement('cardExpiry'), group.getElement('cardCvc')];
    for (const field of fields) {
      if (!field) {
        return Promise.resolve({
          error: stripeError('invalid_request_error', 'The expiry and CVC Elements must be mounted with the card number.'),
        });
      }
      const status = field.finalStatus();
      if (status.error) {
        return Promise.resolve({ error: stripeError('validation_error', status.error.message, { code: status.error.code }) });
      }
    }
    const digits = cardDigits(card.value());
    const expiry = parseExpiry(fields[1]?.value() ?? '');
    const paymentMethod = {
      id: sandboxPaymentMethodId(digits),
      object: 'payment_method',
      type: 'card',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      customer: null,
      metadata: {},
      billing_details: isRecord(request.billing_details) ? request.billing_details : {},
      card: {
        brand: cardBrand(digits),
        last4: digits.slice(-4),
        exp_month: expiry?.month ?? 0,
        exp_year: expiry?.year ?? 0,
        funding: 'credit',
        country: 'US',
      },
    } as unknown as PaymentMethod;
    return Promise.resolve({ paymentMethod });
  };

  /** The test card's PaymentMethod id: given as an id, or made from the mounted card Elements as Stripe.js does. */
  const paymentMethodOf = async (data: unknown, caller: string): Promise<{ id: string } | { error: StripeError }> => {
    const request = isRecord(data) ? data : {};
    if (typeof request.payment_method === 'string') return { id: request.payment_method };
    if (isRecord(request.payment_method)) {
      const created = await createPaymentMethod({ type: 'card', ...request.payment_method });
      return created.error ? { error: created.error } : { id: created.paymentMethod.id };
    }
    return { error: stripeError('invalid_request_error', `${caller} needs a payment_method.`) };
  };

  const confirmCardPayment = async (clientSecret: string, data?: unknown): Promise<PaymentIntentResult> => {
    const paymentMethod = await paymentMethodOf(data, 'confirmCardPayment');
    if ('error' in paymentMethod) return { error: paymentMethod.error };
    const paymentMethodId = paymentMethod.id;
    try {
      let intent = await transport.confirm({ client_secret: clientSecret, payment_method_id: paymentMethodId });
      if (intent.status === 'requires_action') {
        const outcome = await authenticate();
        intent = await transport.authenticate({ client_secret: clientSecret, outcome });
      }
      const paymentIntent = toStripeIntent(intent, clientSecret, paymentMethodId);
      if (intent.status === 'requires_payment_method' && intent.last_payment_error) {
        const failure = intent.last_payment_error;
        return {
          error: stripeError('card_error', failure.message, {
            code: failure.code,
            ...(failure.decline_code ? { decline_code: failure.decline_code } : {}),
            payment_intent: paymentIntent,
          }),
        };
      }
      // Any other status comes back as the intent, as Stripe.js does; the caller decides what it means.
      return { paymentIntent };
    } catch (error) {
      const message = error instanceof SandboxTransportError ? error.message : DONATION_MESSAGES.paymentFailed;
      return { error: stripeError('api_error', message) };
    }
  };

  /**
   * Saves a card for later payments without paying now, as Stripe.js's confirmCardSetup (setup.ts): `{ setupIntent }`,
   * or `{ error }` when the fields are incomplete, the card is refused or the server cannot be reached.
   */
  const confirmCardSetup = async (clientSecret: string, data?: unknown): Promise<SetupIntentResult> => {
    const paymentMethod = await paymentMethodOf(data, 'confirmCardSetup');
    if ('error' in paymentMethod) return { error: paymentMethod.error };
    // Loaded when a card is first saved: saving is rare next to paying, and the donation form need not carry it.
    const { confirmSandboxSetup } = await import('./setup');
    return confirmSandboxSetup(transport, clientSecret, paymentMethod.id);
  };

  const unsupported = (name: string) => () =>
    Promise.resolve({ error: stripeError('invalid_request_error', `The payment sandbox does not support ${name}.`) });

  const sandbox = {
    /** Lets the site and tests tell the sandbox from Stripe.js. */
    isSandbox: true,
    elements: () => new SandboxElements(now),
    createPaymentMethod,
    confirmCardPayment,
    confirmCardSetup,
    createToken: unsupported('createToken'),
    createSource: unsupported('createSource'),
    retrievePaymentIntent: unsupported('retrievePaymentIntent'),
    handleCardAction: unsupported('handleCardAction'),
    confirmPayment: unsupported('confirmPayment'),
    confirmSetup: unsupported('confirmSetup'),
    retrieveSetupIntent: unsupported('retrieveSetupIntent'),
  };
  return sandbox as unknown as Stripe;
}

/** True for an object made by createSandboxStripe. */
export function isSandboxStripe(stripe: unknown): boolean {
  return isRecord(stripe) && stripe.isSandbox === true;
}
