import { randomUUID } from 'node:crypto';
import { CAMPAIGN_MESSAGES, formatCurrency, isCampaignActive, ORGANISATION } from '@charity/domain';
import type { FastifyInstance } from 'fastify';
import { findCampaign } from '../campaigns/repository.js';
import type { RecordedDonationData } from '../db/schema.js';
import { amountMinorOf, readDonationData } from '../donations/payload.js';
import { formError, HttpError } from '../http-errors.js';
import { allowedPartnerOrigin } from '../partners.js';
import { CARD_TESTING_LIMIT, insertAttempt, recentFailures, recordPaymentFailure, updateAttemptFromIntent } from '../payments/attempts.js';
import { noteFailure } from '../payments/events.js';
import { PAYMENT_METHOD_ID_PATTERN, PaymentProviderError, type PaymentIntentSnapshot } from '../payments/provider.js';
import { SandboxError, type SandboxOutcome } from '../payments/sandbox-provider.js';

// Payments (spec sections 4 "Payment panel", 7 "Payments"; the contract):
//   GET  /api/payments/config              which provider the browser talks to
//   POST /api/payments/create-intent       validate the donation again, record the attempt, create the intent
//   POST /api/payments/sandbox/confirm     the sandbox's stand-in for Stripe.js confirmCardPayment (sandbox only)
//   POST /api/payments/sandbox/authenticate  the donor's answer to the sandbox's 3-D Secure dialog (sandbox only)

export const PAYMENT_ROUTE_MESSAGES = {
  intentCreated: 'Payment intent created',
  notAnObject: 'Send donation_data and payment_method_id as a JSON object.',
  paymentMethodMissing: 'payment_method_id is required.',
  paymentMethodInvalid: 'payment_method_id must be a payment method id (pm_…) from the card form.',
  tooLarge: (max: number, currency: string) =>
    `The largest donation we can accept online is ${formatCurrency(max, currency)}. Please contact us at ${ORGANISATION.email} for larger gifts.`,
  campaignClosed: 'This campaign is not accepting donations.',
  tooManyFailures: 'Too many failed payment attempts from this address. Please try again later.',
  tooManyIntents: 'Too many payment attempts from this address. Please try again later.',
  partnerOriginInvalid: 'partner_origin must be the origin of a partner site allowed to embed the donate widget (PARTNER_ORIGINS).',
  sandboxBody: 'Send client_secret and payment_method_id as a JSON object.',
  sandboxAuthBody: "Send client_secret and outcome ('complete' or 'fail') as a JSON object.",
} as const;

export const CREATE_INTENT_RATE_LIMIT = { max: 30, windowMs: 10 * 60 * 1000 } as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Shortens text for a description Stripe shows in its dashboard and on bank statements' detail pages. */
function describe(campaignTitle: string | null): string {
  const base = `Donation to ${ORGANISATION.name}`;
  return campaignTitle ? `${base}: ${campaignTitle}`.slice(0, 300) : base;
}

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

export async function paymentRoutes(app: FastifyInstance) {
  const { provider, sandbox } = app.payments;

  app.get(
    '/payments/config',
    {
      schema: {
        response: {
          200: {
            type: 'object',
            properties: {
              success: { type: 'boolean' },
              data: {
                type: 'object',
                properties: { mode: { type: 'string', enum: ['sandbox', 'stripe'] }, publishable_key: { type: ['string', 'null'] } },
              },
            },
          },
        },
      },
    },
    async () => ({ success: true, data: { mode: provider.mode, publishable_key: provider.publishableKey } }),
  );

  /** Campaign rules for a new payment: it must exist, be public, and be accepting donations now. */
  async function checkCampaign(data: RecordedDonationData): Promise<{ id: number; title: string } | null> {
    if (data.campaign_id === null) return null;
    const campaign = await findCampaign(app.db, data.campaign_id);
    if (!campaign) throw formError({ campaign_id: CAMPAIGN_MESSAGES.notFound });
    if (!isCampaignActive({ status: campaign.status, end_date: campaign.endDate }, new Date())) {
      throw formError({ campaign_id: PAYMENT_ROUTE_MESSAGES.campaignClosed });
    }
    return { id: campaign.id, title: campaign.title };
  }

  app.post(
    '/payments/create-intent',
    {
      config: {
        // Besides the card-testing defence (failures, in the database): a cap on intents per address, so a script
        // cannot fill the attempts table. Counted in this process, like the contact form's limit.
        rateLimit: {
          max: CREATE_INTENT_RATE_LIMIT.max,
          timeWindow: CREATE_INTENT_RATE_LIMIT.windowMs,
          errorResponseBuilder: () => new HttpError(429, PAYMENT_ROUTE_MESSAGES.tooManyIntents),
        },
      },
      schema: {
        response: {
          200: {
            type: 'object',
            properties: {
              success: { type: 'boolean' },
              message: { type: 'string' },
              data: { type: 'object', properties: { client_secret: { type: 'string' }, payment_intent_id: { type: 'string' } } },
            },
          },
        },
      },
    },
    async (request, reply) => {
      // Card testing first, before any work: a tester's requests are otherwise perfectly valid.
      const failures = await recentFailures(app.db, request.ip, new Date());
      if (failures.count >= CARD_TESTING_LIMIT.maxFailures) {
        const retryAfter = failures.windowEndsAt ? Math.max(1, Math.ceil((failures.windowEndsAt.getTime() - Date.now()) / 1000)) : 60;
        request.log.warn(
          { clientIp: request.ip, failures: failures.count, windowMinutes: CARD_TESTING_LIMIT.windowMs / 60_000, retryAfter },
          'card-testing defence: create-intent refused for an address with too many failed payments',
        );
        reply.header('retry-after', String(retryAfter));
        throw new HttpError(429, PAYMENT_ROUTE_MESSAGES.tooManyFailures);
      }

      const body = request.body;
      if (!isRecord(body)) throw new HttpError(400, PAYMENT_ROUTE_MESSAGES.notAnObject);
      const paymentMethodId = body.payment_method_id;
      const errors: Record<string, string> = {};
      const read = readDonationData(body.donation_data);
      if (!read.ok) Object.assign(errors, read.errors);
      // The partner site the widget was embedded in: outside donation_data, whose rules (source 'website') stay the
      // wizard's. Only a listed partner is recorded, so the admin's partner column cannot be filled with anything.
      let partnerOrigin: string | null = null;
      if (body.partner_origin !== undefined && body.partner_origin !== null) {
        partnerOrigin = typeof body.partner_origin === 'string' ? allowedPartnerOrigin(app.config.partnerOrigins, body.partner_origin) : null;
        if (!partnerOrigin) errors.partner_origin = PAYMENT_ROUTE_MESSAGES.partnerOriginInvalid;
      } else if (request.headers.origin && request.headers.origin !== `${request.protocol}://${request.host}`) {
        // The React DonateWidget calls from the partner's own page: the browser's Origin names the partner (a
        // script can't forge it), and only a listed one is recorded. The site's own pages are not partners.
        partnerOrigin = allowedPartnerOrigin(app.config.partnerOrigins, request.headers.origin);
      }
      if (paymentMethodId === undefined || paymentMethodId === null || paymentMethodId === '') {
        errors.payment_method_id = PAYMENT_ROUTE_MESSAGES.paymentMethodMissing;
      } else if (typeof paymentMethodId !== 'string' || !PAYMENT_METHOD_ID_PATTERN.test(paymentMethodId)) {
        errors.payment_method_id = PAYMENT_ROUTE_MESSAGES.paymentMethodInvalid;
      }
      if (!read.ok || Object.keys(errors).length > 0) throw formError(errors);
      const data = read.data;
      if (data.amount > app.config.paymentMaxAmount) {
        throw formError({ amount: PAYMENT_ROUTE_MESSAGES.tooLarge(app.config.paymentMaxAmount, data.currency) });
      }
      const campaign = await checkCampaign(data);

      // The server, not the browser, decides what is charged: the validated amount in the currency's minor unit.
      const amountMinor = amountMinorOf(data);
      const idempotencyKey = randomUUID();
      let intent: PaymentIntentSnapshot;
      try {
        intent = await provider.createIntent({
          amountMinor,
          currency: data.currency,
          idempotencyKey,
          paymentMethodId: paymentMethodId as string,
          // References only: the donor's contact details stay in our database.
          metadata: {
            attempt_key: idempotencyKey,
            ...(campaign ? { campaign_id: String(campaign.id) } : {}),
            donation_type: data.donation_type,
            country_code: data.donor.country_code,
            source: data.source,
          },
          description: describe(campaign?.title ?? null),
          // Not set: in live mode Stripe would mail its own payment receipt beside ours (the 80G receipt the donor
          // needs), and two receipts for one gift confuse. Stripe.js already gives Stripe the billing email.
          receiptEmail: null,
        });
      } catch (error) {
        if (error instanceof PaymentProviderError) {
          request.log.warn({ err: error.cause ?? error, detail: error.message }, 'creating a payment intent failed');
          throw new HttpError(error.statusCode, error.publicMessage);
        }
        throw error;
      }
      if (!intent.clientSecret) throw new Error('The payment provider returned an intent without a client secret.');

      // Recorded before the browser gets the client secret: no intent can be paid without its attempt on file.
      await insertAttempt(app.db, {
        paymentIntentId: intent.id,
        idempotencyKey,
        donationData: data,
        amount: data.amount,
        amountMinor,
        currency: data.currency,
        campaignId: campaign?.id ?? null,
        paymentMethodId: paymentMethodId as string,
        clientIp: request.ip,
        partnerOrigin,
      });
      request.log.info(
        { paymentIntentId: intent.id, amountMinor, currency: data.currency, campaignId: campaign?.id ?? null, clientIp: request.ip, partnerOrigin },
        'payment intent created',
      );
      // The client secret pays this intent: no cache may keep it.
      return reply.header('cache-control', 'no-store').send({
        success: true,
        message: PAYMENT_ROUTE_MESSAGES.intentCreated,
        data: { client_secret: intent.clientSecret, payment_intent_id: intent.id },
      });
    },
  );

  // ---- Sandbox only: what Stripe.js and Stripe's 3-D Secure page do in real mode ----
  if (!sandbox) return;

  /** Keeps the attempt in step, and counts a decline at once (the next create-intent must already see it). */
  async function afterSandboxStep(outcome: SandboxOutcome) {
    // The sandbox moves the attempt with the intent, in one statement, whenever the intent moved.
    if (!outcome.attemptUpdated) await updateAttemptFromIntent(app.db, outcome.intent);
    if (outcome.event?.type === 'payment_intent.payment_failed') {
      const recorded = await recordPaymentFailure(app.db, outcome.event);
      // Without recordEvent it never answers 'duplicate': a failure seen before comes back with counted false.
      if (recorded && recorded !== 'duplicate') await noteFailure(app, outcome.event, recorded);
    }
    return { success: true, data: { payment_intent: browserIntent(outcome.intent) } };
  }

  async function sandboxStep(step: () => Promise<SandboxOutcome>) {
    try {
      return await afterSandboxStep(await step());
    } catch (error) {
      if (error instanceof SandboxError) throw new HttpError(error.statusCode, error.message);
      throw error;
    }
  }

  app.post('/payments/sandbox/confirm', { schema: { response: sandboxResponse } }, async (request) => {
    const body = request.body;
    if (!isRecord(body) || typeof body.client_secret !== 'string' || typeof body.payment_method_id !== 'string') {
      throw new HttpError(400, PAYMENT_ROUTE_MESSAGES.sandboxBody);
    }
    const { client_secret: clientSecret, payment_method_id: paymentMethodId } = body;
    return sandboxStep(() => sandbox.confirm(clientSecret, paymentMethodId));
  });

  app.post('/payments/sandbox/authenticate', { schema: { response: sandboxResponse } }, async (request) => {
    const body = request.body;
    if (!isRecord(body) || typeof body.client_secret !== 'string' || (body.outcome !== 'complete' && body.outcome !== 'fail')) {
      throw new HttpError(400, PAYMENT_ROUTE_MESSAGES.sandboxAuthBody);
    }
    const { client_secret: clientSecret, outcome } = body;
    return sandboxStep(() => sandbox.authenticate(clientSecret, outcome as 'complete' | 'fail'));
  });
}
