import {
  errorReplies,
  FormBody,
  SandboxAuthenticateFields,
  SandboxConfirmFields,
  SandboxStepReply,
} from '@charity/domain/contract';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../http-errors.js';
import { PAYMENT_ROUTE_MESSAGES } from '../messages.js';
import { providerHttpError } from '../provider-errors.js';
import { applyIntentUpdate } from '../use-cases/apply-provider-event.js';
import type { PaymentIntentSnapshot } from './provider.js';
import type { SandboxOutcome, SandboxProvider } from './sandbox-provider.js';

// Sandbox mode only (registered by ../routes.ts when the provider is the sandbox): what Stripe.js and Stripe's
// 3-D Secure page do in real mode, as routes the browser's sandbox card form calls.
//   POST /api/payments/sandbox/confirm       the stand-in for Stripe.js confirmCardPayment
//   POST /api/payments/sandbox/authenticate  the donor's answer to the sandbox's 3-D Secure dialog
// The sandbox moves its own intent; the donations module's use case records what that means for the payment
// attempt (applyIntentUpdate), as it does for Stripe's events.

/** The intent as Stripe.js hands it to the browser (amount in minor units, currency lower case). */
function browserIntent(intent: PaymentIntentSnapshot): SandboxStepReply['data']['payment_intent'] {
  return {
    id: intent.id,
    status: intent.status,
    amount: intent.amountMinor,
    currency: intent.currency.toLowerCase(),
    last_payment_error: intent.lastPaymentError,
  };
}

// The bodies are FormBody (Fastify answers the route's own sentence to anything but a JSON object); the fields are
// checked in the handlers, answering that same sentence: checked by Ajv, they would be coerced (5 becomes "5") and
// refused with Ajv's words (docs/decisions/021-wire-contract-and-openapi.md).
const confirmSchema = {
  summary: 'Sandbox only: confirm the payment with a test card (the stand-in for Stripe.js confirmCardPayment)',
  body: FormBody(SandboxConfirmFields, PAYMENT_ROUTE_MESSAGES.sandboxBody),
  response: { 200: SandboxStepReply, ...errorReplies(404) },
};
const authenticateSchema = {
  summary: 'Sandbox only: the donor’s answer to the test 3-D Secure dialog',
  body: FormBody(SandboxAuthenticateFields, PAYMENT_ROUTE_MESSAGES.sandboxAuthBody),
  response: { 200: SandboxStepReply, ...errorReplies(404) },
};

export async function sandboxRoutes(app: FastifyInstance, { sandbox }: { sandbox: SandboxProvider }) {
  async function step(run: () => Promise<SandboxOutcome>) {
    let outcome: SandboxOutcome;
    try {
      outcome = await run();
    } catch (error) {
      throw providerHttpError(error) ?? error;
    }
    await applyIntentUpdate(app, outcome);
    return { success: true, data: { payment_intent: browserIntent(outcome.intent) } };
  }

  app.post('/payments/sandbox/confirm', { schema: confirmSchema }, async (request) => {
    const body = request.body as Record<string, unknown>;
    if (typeof body.client_secret !== 'string' || typeof body.payment_method_id !== 'string') {
      throw new HttpError(400, PAYMENT_ROUTE_MESSAGES.sandboxBody);
    }
    const { client_secret: clientSecret, payment_method_id: paymentMethodId } = body;
    return step(() => sandbox.confirm(clientSecret, paymentMethodId));
  });

  app.post('/payments/sandbox/authenticate', { schema: authenticateSchema }, async (request) => {
    const body = request.body as Record<string, unknown>;
    if (typeof body.client_secret !== 'string' || (body.outcome !== 'complete' && body.outcome !== 'fail')) {
      throw new HttpError(400, PAYMENT_ROUTE_MESSAGES.sandboxAuthBody);
    }
    const { client_secret: clientSecret, outcome } = body;
    return step(() => sandbox.authenticate(clientSecret, outcome as 'complete' | 'fail'));
  });
}
