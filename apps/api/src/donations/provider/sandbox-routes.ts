import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../http-errors.js';
import { PAYMENT_ROUTE_MESSAGES } from '../messages.js';
import { isRecord } from '../payload.js';
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
function browserIntent(intent: PaymentIntentSnapshot) {
  return {
    id: intent.id,
    status: intent.status,
    amount: intent.amountMinor,
    currency: intent.currency.toLowerCase(),
    last_payment_error: intent.lastPaymentError,
  };
}

const lastPaymentErrorSchema = {
  type: ['object', 'null'],
  properties: { code: { type: 'string' }, decline_code: { type: 'string' }, message: { type: 'string' } },
} as const;

const sandboxResponse = {
  200: {
    type: 'object',
    properties: {
      success: { type: 'boolean' },
      data: {
        type: 'object',
        properties: {
          payment_intent: {
            type: 'object',
            properties: {
              id: { type: 'string' },
              status: { type: 'string' },
              amount: { type: 'integer' },
              currency: { type: 'string' },
              last_payment_error: lastPaymentErrorSchema,
            },
          },
        },
      },
    },
  },
} as const;

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

  app.post('/payments/sandbox/confirm', { schema: { response: sandboxResponse } }, async (request) => {
    const body = request.body;
    if (!isRecord(body) || typeof body.client_secret !== 'string' || typeof body.payment_method_id !== 'string') {
      throw new HttpError(400, PAYMENT_ROUTE_MESSAGES.sandboxBody);
    }
    const { client_secret: clientSecret, payment_method_id: paymentMethodId } = body;
    return step(() => sandbox.confirm(clientSecret, paymentMethodId));
  });

  app.post('/payments/sandbox/authenticate', { schema: { response: sandboxResponse } }, async (request) => {
    const body = request.body;
    if (!isRecord(body) || typeof body.client_secret !== 'string' || (body.outcome !== 'complete' && body.outcome !== 'fail')) {
      throw new HttpError(400, PAYMENT_ROUTE_MESSAGES.sandboxAuthBody);
    }
    const { client_secret: clientSecret, outcome } = body;
    return step(() => sandbox.authenticate(clientSecret, outcome as 'complete' | 'fail'));
  });
}
