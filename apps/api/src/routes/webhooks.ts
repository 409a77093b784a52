import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http-errors.js';
import { processPaymentEvent } from '../payments/events.js';
import { WebhookSignatureError, type PaymentEvent } from '../payments/provider.js';

// POST /api/webhooks/stripe: Stripe's (or the sandbox's) events. The signature is an HMAC over the exact bytes
// sent, so this route, and only this route (it is registered in a plugin of its own), keeps the body as the raw
// Buffer instead of parsing it as JSON. Stripe retries any answer other than 2xx for up to three days, so a
// failure while applying an event answers 500 and the retry applies it; a bad signature answers 400 and
// nothing is written.

export const WEBHOOK_MESSAGES = {
  invalidSignature: 'Invalid signature',
  notConfigured: 'Webhooks are not configured on this server (STRIPE_WEBHOOK_SECRET is not set).',
} as const;

export async function webhookRoutes(app: FastifyInstance) {
  // Encapsulated: the parsers of the rest of the API are untouched.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    '/webhooks/stripe',
    {
      schema: {
        response: {
          200: { type: 'object', properties: { received: { type: 'boolean' }, duplicate: { type: 'boolean' } } },
        },
      },
    },
    async (request, reply) => {
      const provider = app.payments.provider;
      if (!provider.webhooksEnabled) {
        request.log.error('a webhook arrived, but STRIPE_WEBHOOK_SECRET is not set: it cannot be verified, so Stripe will retry it');
        throw new HttpError(503, WEBHOOK_MESSAGES.notConfigured);
      }
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = request.headers['stripe-signature'];
      let event: PaymentEvent;
      try {
        event = provider.verifyWebhook(raw, typeof header === 'string' ? header : undefined);
      } catch (error) {
        if (!(error instanceof WebhookSignatureError)) throw error;
        // The reason, never the body: a forged body is someone else's text.
        request.log.warn({ reason: error.message, clientIp: request.ip }, 'webhook refused: invalid signature');
        throw new HttpError(400, WEBHOOK_MESSAGES.invalidSignature);
      }
      const outcome = await processPaymentEvent(app, event);
      // A processed event may have written a donation (committed by now): totals and statistics change.
      if (outcome === 'processed') app.responseCache.invalidate('campaigns', 'stats');
      request.log.info({ eventId: event.id, type: event.type, outcome }, 'webhook event');
      return reply.send({ received: true, duplicate: outcome === 'duplicate' });
    },
  );
}
