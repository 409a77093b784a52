import { paymentStatusMessage, SAVED_PAYMENT_STATUS, STATS_START } from '@charity/domain';
import { count, countDistinct, eq, sum } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { donations } from '../db/schema.js';
import { amountMinorOf, canonicalJson, readDonationData } from '../donations/payload.js';
import { intentMismatch, recordDonation } from '../donations/record.js';
import { HttpError } from '../http-errors.js';
import { findAttemptByIntent, type PaymentAttemptRow } from '../payments/attempts.js';
import { PAYMENT_INTENT_ID_PATTERN, PaymentProviderError, type PaymentIntentSnapshot } from '../payments/provider.js';

// POST /api/donations/save-after-payment: the browser's save once its payment succeeded. Nothing the browser
// says is taken on trust: the intent is read back from the provider (succeeded, for the amount and currency the
// server asked for), the donation_data must be the one recorded for this intent at create-intent, and the
// donation is written from that record. The webhook writes the same donation the same way if the browser never
// comes back (src/payments/events.ts).
//
// GET /api/stats: the donate page's hero statistics.

export const DONATION_ROUTE_MESSAGES = {
  saved: 'Donation saved',
  notAnObject: 'Send donation_data, payment_intent_id, payment_method_id and payment_status as a JSON object.',
  intentMissing: 'payment_intent_id is required.',
  intentInvalid: 'payment_intent_id must be a payment intent id (pi_…).',
  statusInvalid: `payment_status must be '${SAVED_PAYMENT_STATUS}'.`,
  dataMissing: 'donation_data is required.',
  paymentNotFound: 'Payment not found.',
  amountMismatch: 'The payment amount or currency does not match this donation.',
  detailsMismatch: 'The donation details do not match this payment.',
} as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const savedResponse = {
  type: 'object',
  properties: {
    success: { type: 'boolean' },
    message: { type: 'string' },
    data: {
      type: 'object',
      properties: {
        donation: { type: 'object', properties: { id: { type: 'integer' }, receipt_number: { type: ['string', 'null'] } } },
      },
    },
  },
} as const;

export async function donationRoutes(app: FastifyInstance) {
  app.post('/donations/save-after-payment', { schema: { response: { 200: savedResponse, 201: savedResponse } } }, async (request, reply) => {
    const body = request.body;
    if (!isRecord(body)) throw new HttpError(400, DONATION_ROUTE_MESSAGES.notAnObject);
    const intentId = body.payment_intent_id;
    if (intentId === undefined || intentId === null || intentId === '') throw new HttpError(400, DONATION_ROUTE_MESSAGES.intentMissing);
    if (typeof intentId !== 'string' || !PAYMENT_INTENT_ID_PATTERN.test(intentId)) throw new HttpError(400, DONATION_ROUTE_MESSAGES.intentInvalid);
    if (body.payment_status !== SAVED_PAYMENT_STATUS) throw new HttpError(400, DONATION_ROUTE_MESSAGES.statusInvalid);
    if (!isRecord(body.donation_data)) throw new HttpError(400, DONATION_ROUTE_MESSAGES.dataMissing);

    // The recorded attempt and the provider's intent. With the sandbox both are reads of our own database, so they
    // run at once (one round trip's wait instead of two). With Stripe the intent is a call to Stripe: only made for
    // an intent we recorded, so requests with made-up ids never reach Stripe.
    const readIntent = async (): Promise<PaymentIntentSnapshot | null> => {
      try {
        return await app.payments.provider.retrieveIntent(intentId);
      } catch (error) {
        if (error instanceof PaymentProviderError) {
          request.log.error({ err: error.cause ?? error, paymentIntentId: intentId }, 'save-after-payment: reading the intent back failed');
          throw new HttpError(error.statusCode, error.publicMessage);
        }
        throw error;
      }
    };
    let attempt: PaymentAttemptRow | null;
    let intent: PaymentIntentSnapshot | null;
    if (app.payments.sandbox) {
      const [attemptRead, intentRead] = await Promise.allSettled([findAttemptByIntent(app.db, intentId), readIntent()]);
      if (attemptRead.status === 'rejected') throw attemptRead.reason;
      attempt = attemptRead.value;
      if (!attempt) throw new HttpError(404, DONATION_ROUTE_MESSAGES.paymentNotFound);
      if (intentRead.status === 'rejected') throw intentRead.reason;
      intent = intentRead.value;
    } else {
      attempt = await findAttemptByIntent(app.db, intentId);
      if (!attempt) throw new HttpError(404, DONATION_ROUTE_MESSAGES.paymentNotFound);
      intent = await readIntent();
    }
    if (!intent) throw new HttpError(404, DONATION_ROUTE_MESSAGES.paymentNotFound);

    const mismatch = intentMismatch(attempt, intent);
    if (mismatch === 'not_succeeded') throw new HttpError(400, paymentStatusMessage(intent.status));
    if (mismatch === 'amount') {
      request.log.error(
        { paymentIntentId: intentId, expectedMinor: attempt.amountMinor, paidMinor: intent.amountMinor, currency: intent.currency },
        'save-after-payment: the intent does not match its recorded attempt',
      );
      throw new HttpError(409, DONATION_ROUTE_MESSAGES.amountMismatch);
    }

    // The browser's copy must be the recorded one. Amount first (tampering with what was paid), then the rest
    // (someone replaying another donor's intent id with their own details): both are refused, and the record,
    // not the browser's copy, is what a donation is ever made of.
    const browser = readDonationData(body.donation_data);
    if (!browser.ok) {
      request.log.warn({ paymentIntentId: intentId, fields: Object.keys(browser.errors) }, 'save-after-payment: donation_data is not valid');
      throw new HttpError(409, DONATION_ROUTE_MESSAGES.detailsMismatch);
    }
    if (amountMinorOf(browser.data) !== intent.amountMinor || browser.data.currency !== intent.currency) {
      request.log.warn({ paymentIntentId: intentId, clientIp: request.ip }, 'save-after-payment refused: the amount differs from the payment');
      throw new HttpError(409, DONATION_ROUTE_MESSAGES.amountMismatch);
    }
    if (canonicalJson(browser.data) !== canonicalJson(attempt.donationData)) {
      request.log.warn({ paymentIntentId: intentId, clientIp: request.ip }, 'save-after-payment refused: the details differ from the recorded attempt');
      throw new HttpError(409, DONATION_ROUTE_MESSAGES.detailsMismatch);
    }

    const saved = await recordDonation(app.db, attempt, intent);
    if (saved.created) {
      request.log.info({ donationId: saved.id, paymentIntentId: intentId }, 'donation saved');
      // Committed: the statistics change, and the campaign's raised amount and donor count if it has one.
      if (attempt.campaignId !== null) app.responseCache.invalidate('campaigns', 'stats');
      else app.responseCache.invalidate('stats');
    }
    return reply.code(saved.created ? 201 : 200).send({
      success: true,
      message: DONATION_ROUTE_MESSAGES.saved,
      data: { donation: { id: saved.id, receipt_number: saved.receiptNumber } },
    });
  });

  app.get(
    '/stats',
    {
      // From the response cache; every donation written (here and by the webhook) drops it.
      config: { responseCache: { tags: ['stats'] } },
      schema: {
        response: {
          200: {
            type: 'object',
            properties: {
              success: { type: 'boolean' },
              data: {
                type: 'object',
                properties: {
                  totalDonations: { type: 'integer' },
                  childrenHelped: { type: 'integer' },
                  countries: { type: 'integer' },
                  totalAmount: { type: 'number' },
                },
              },
            },
          },
        },
      },
    },
    async (_request, reply) => {
      const [row] = await app.db
        .select({ n: count(), inr: sum(donations.amountInr), countries: countDistinct(donations.donorCountryCode) })
        .from(donations)
        .where(eq(donations.status, 'completed'));
      const completed = row?.n ?? 0;
      reply.header('cache-control', 'no-cache');
      // The spec's figures are the history before this site; real donations add to them. Each completed donation
      // counts one donation and one child helped; countries never drop below the starting figure.
      return {
        success: true,
        data: {
          totalDonations: STATS_START.totalDonations + completed,
          childrenHelped: STATS_START.childrenHelped + completed,
          countries: Math.max(STATS_START.countries, row?.countries ?? 0),
          totalAmount: Math.round(STATS_START.totalAmount + Number(row?.inr ?? 0)),
        },
      };
    },
  );
}
