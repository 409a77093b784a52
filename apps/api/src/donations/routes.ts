import {
  CreateIntentFields,
  CreateIntentReply,
  errorReplies,
  FormBody,
  PaymentsConfigReply,
  SaveDonationFields,
  SaveDonationReply,
  StatsReply,
  WebhookEvent,
  WebhookHeaders,
  WebhookReply,
} from '@charity/domain/contract';
import type { FastifyInstance } from 'fastify';
import { PAYMENT_MAX_AMOUNT_DEFAULT } from '../config.js';
import { HttpError } from '../http-errors.js';
import { CREATE_INTENT_RATE_LIMIT, DONATION_ROUTE_MESSAGES, PAYMENT_ROUTE_MESSAGES, WEBHOOK_MESSAGES } from './messages.js';
import { WebhookSignatureError, type PaymentEvent } from './provider/provider.js';
import { sandboxRoutes } from './provider/sandbox-routes.js';
import { sandboxClockRoutes } from '../recurring/sandbox-clock-routes.js';
import { applyProviderEvent } from './use-cases/apply-provider-event.js';
import { createIntent, TooManyFailuresError } from './use-cases/create-intent.js';
import { donationStats } from './use-cases/donation-stats.js';
import { saveDonation } from './use-cases/save-donation.js';

// The donations module's routes (under /api): each reads the request, calls its use case (./use-cases/) and answers.
//   GET  /payments/config                  which provider the browser talks to
//   POST /payments/create-intent           use-cases/create-intent.ts
//   POST /donations/save-after-payment     use-cases/save-donation.ts
//   GET  /stats                            use-cases/donation-stats.ts
//   POST /webhooks/stripe                  use-cases/apply-provider-event.ts (Stripe's events, or the sandbox's)
//   POST /payments/sandbox/confirm, /payments/sandbox/authenticate   provider/sandbox-routes.ts, sandbox mode only
// The receipt routes (/invoices/…) are the receipts module's (src/receipts/routes.ts).
// Params, bodies and replies are the wire contract's (packages/domain/src/contract/donations.ts,
// docs/decisions/021-wire-contract-and-openapi.md): the bodies are FormBody (Fastify checks that they are JSON
// objects; the use cases check the fields, with the spec's messages), the replies are serialised from the contract.

/** What the provider can answer besides the donation's own refusals: unreachable (502) or too slow (504). */
const PROVIDER_ERRORS = [502, 504] as const;

/** The module's routes; the sandbox's browser-facing stand-in for Stripe.js only when the provider is the sandbox. */
export async function donationRoutes(app: FastifyInstance) {
  const { provider, sandbox } = app.payments;

  app.get(
    '/payments/config',
    { schema: { summary: 'Which payment provider the browser talks to', response: { 200: PaymentsConfigReply, ...errorReplies() } } },
    async () => ({
      success: true,
      data: {
        mode: provider.mode,
        publishable_key: provider.publishableKey,
        // Step 1 checks the same ceiling create-intent applies; the default lowers no currency's own figure, so
        // only an operator's lower cap is sent.
        ...(app.config.paymentMaxAmount < PAYMENT_MAX_AMOUNT_DEFAULT ? { max_amount: app.config.paymentMaxAmount } : {}),
      },
    }),
  );

  app.post(
    '/payments/create-intent',
    {
      config: {
        // Besides the card-testing defence (failures, in the database): a cap on intents per address, so a script
        // cannot fill the attempts table. Counted in the database, like every rate limit (shared by the replicas).
        rateLimit: {
          max: CREATE_INTENT_RATE_LIMIT.max,
          timeWindow: CREATE_INTENT_RATE_LIMIT.windowMs,
          errorResponseBuilder: () => new HttpError(429, PAYMENT_ROUTE_MESSAGES.tooManyIntents),
        },
      },
      schema: {
        summary: 'Create the payment intent for a donation (the client secret the card form confirms)',
        body: FormBody(CreateIntentFields, PAYMENT_ROUTE_MESSAGES.notAnObject),
        response: { 200: CreateIntentReply, ...errorReplies(429, ...PROVIDER_ERRORS) },
      },
      // The card-testing defence answers first (429 before any other refusal, also to a body that is not an
      // object), so the body's check is left to the use case, which answers the FormBody's own sentence.
      attachValidation: true,
    },
    async (request, reply) => {
      let created;
      try {
        created = await createIntent(app, {
          body: request.body,
          clientIp: request.ip,
          origin: request.headers.origin,
          ownOrigin: `${request.protocol}://${request.host}`,
          log: request.log,
        });
      } catch (error) {
        if (error instanceof TooManyFailuresError) reply.header('retry-after', String(error.retryAfterSeconds));
        throw error;
      }
      // The client secret pays this intent: no cache may keep it.
      return reply.header('cache-control', 'no-store').send({
        success: true,
        message: PAYMENT_ROUTE_MESSAGES.intentCreated,
        data: { client_secret: created.clientSecret, payment_intent_id: created.paymentIntentId },
      });
    },
  );

  app.post(
    '/donations/save-after-payment',
    {
      schema: {
        summary: 'Save the donation once its payment succeeded (201; 200 when it was saved before)',
        body: FormBody(SaveDonationFields, DONATION_ROUTE_MESSAGES.notAnObject),
        response: { 200: SaveDonationReply, 201: SaveDonationReply, ...errorReplies(404, 409, ...PROVIDER_ERRORS) },
      },
    },
    async (request, reply) => {
      const saved = await saveDonation(app, { body: request.body, clientIp: request.ip, log: request.log });
      return reply.code(saved.created ? 201 : 200).send({
        success: true,
        message: DONATION_ROUTE_MESSAGES.saved,
        data: { donation: { id: saved.id, receipt_number: saved.receiptNumber } },
      });
    },
  );

  app.get(
    '/stats',
    {
      // From the response cache; every donation written (by the save and by the webhook) drops it.
      config: { responseCache: { tags: ['stats'] } },
      schema: { summary: 'The donate page’s statistics', response: { 200: StatsReply, ...errorReplies() } },
    },
    async (_request, reply) => {
      const stats = await donationStats(app);
      reply.header('cache-control', 'no-cache');
      return { success: true, data: stats };
    },
  );

  await app.register(webhookRoutes);
  if (sandbox) {
    await app.register(sandboxRoutes, { sandbox });
    await app.register(sandboxClockRoutes, { sandbox });
  }
}

/**
 * POST /webhooks/stripe: Stripe's (or the sandbox's) events. The signature is an HMAC over the exact bytes sent, so
 * this route, and only this route (it is registered in a plugin of its own), keeps the body as the raw Buffer
 * instead of parsing it as JSON. Stripe retries any answer other than 2xx for up to three days, so a failure while
 * applying an event answers 500 and the retry applies it; a bad signature answers 400 and nothing is written.
 */
async function webhookRoutes(app: FastifyInstance) {
  // Encapsulated: the parsers of the rest of the API are untouched.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    '/webhooks/stripe',
    {
      schema: {
        summary: 'Stripe’s events (the sandbox’s in sandbox mode), signed',
        headers: WebhookHeaders,
        // Documented as JSON, read as the raw bytes the signature covers (the parser above): Fastify never parses
        // or validates it.
        'x-body': WebhookEvent,
        response: { 200: WebhookReply, ...errorReplies(503) },
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
      const outcome = await applyProviderEvent(app, event);
      request.log.info({ eventId: event.id, type: event.type, outcome }, 'webhook event');
      return reply.send({ received: true, duplicate: outcome === 'duplicate' });
    },
  );
}
