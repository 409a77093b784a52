import { paymentStatusMessage, SAVED_PAYMENT_STATUS } from '@charity/domain';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { HttpError } from '../../http-errors.js';
import { DONATION_ROUTE_MESSAGES } from '../messages.js';
import { amountMinorOf, canonicalJson, isRecord, readDonationData } from '../payload.js';
import { providerHttpError } from '../provider-errors.js';
import { PAYMENT_INTENT_ID_PATTERN, type PaymentIntentSnapshot } from '../provider/provider.js';
import { findAttemptByIntent, type PaymentAttemptRow } from '../repository/attempts.js';
import { recordDonation, type SavedDonation } from '../repository/donations.js';
import { intentMismatch } from './intent-mismatch.js';
import { linkFirstPayment } from '../../recurring/use-cases/apply-events.js';

// Use case: save the donation once its payment succeeded (POST /api/donations/save-after-payment). Nothing the
// browser says is taken on trust: the intent is read back from the provider (succeeded, for the amount and currency
// the server asked for), the donation_data must be the one recorded for this intent at create-intent, and the
// donation is written from that record. The webhook writes the same donation the same way if the browser never
// comes back (apply-provider-event.ts).

export interface SaveDonationRequest {
  body: unknown;
  clientIp: string;
  log: FastifyBaseLogger;
}

export async function saveDonation(app: FastifyInstance, request: SaveDonationRequest): Promise<SavedDonation> {
  const { body, log, clientIp } = request;
  if (!isRecord(body)) throw new HttpError(400, DONATION_ROUTE_MESSAGES.notAnObject);
  const intentId = body.payment_intent_id;
  if (intentId === undefined || intentId === null || intentId === '') throw new HttpError(400, DONATION_ROUTE_MESSAGES.intentMissing);
  if (typeof intentId !== 'string' || !PAYMENT_INTENT_ID_PATTERN.test(intentId)) throw new HttpError(400, DONATION_ROUTE_MESSAGES.intentInvalid);
  if (body.payment_status !== SAVED_PAYMENT_STATUS) throw new HttpError(400, DONATION_ROUTE_MESSAGES.statusInvalid);
  if (!isRecord(body.donation_data)) throw new HttpError(400, DONATION_ROUTE_MESSAGES.dataMissing);

  // The recorded attempt and the provider's intent. When the provider reads our own database (the sandbox) both run
  // at once (one round trip's wait instead of two). With Stripe the intent is a call to Stripe: only made for an
  // intent we recorded, so requests with made-up ids never reach Stripe.
  const provider = app.payments.provider;
  const readIntent = async (): Promise<PaymentIntentSnapshot | null> => {
    try {
      return await provider.retrieveIntent(intentId);
    } catch (error) {
      const answer = providerHttpError(error);
      if (!answer) throw error;
      log.error({ err: (error as Error).cause ?? error, paymentIntentId: intentId }, 'save-after-payment: reading the intent back failed');
      throw answer;
    }
  };
  let attempt: PaymentAttemptRow | null;
  let intent: PaymentIntentSnapshot | null;
  if (provider.retrievesLocally) {
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
    log.error(
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
    log.warn({ paymentIntentId: intentId, fields: Object.keys(browser.errors) }, 'save-after-payment: donation_data is not valid');
    throw new HttpError(409, DONATION_ROUTE_MESSAGES.detailsMismatch);
  }
  if (amountMinorOf(browser.data) !== intent.amountMinor || browser.data.currency !== intent.currency) {
    log.warn({ paymentIntentId: intentId, clientIp }, 'save-after-payment refused: the amount differs from the payment');
    throw new HttpError(409, DONATION_ROUTE_MESSAGES.amountMismatch);
  }
  if (canonicalJson(browser.data) !== canonicalJson(attempt.donationData)) {
    log.warn({ paymentIntentId: intentId, clientIp }, 'save-after-payment refused: the details differ from the recorded attempt');
    throw new HttpError(409, DONATION_ROUTE_MESSAGES.detailsMismatch);
  }

  const saved = await recordDonation(app.db, attempt, intent);
  // A monthly gift's first payment belongs to its gift, which is active from now (idempotent: a repeated save too).
  if (attempt.subscriptionId) await linkFirstPayment(app, attempt, saved.id);
  if (saved.created) {
    log.info({ donationId: saved.id, paymentIntentId: intentId }, 'donation saved');
    // Committed: the statistics change, and the campaign's raised amount and donor count if it has one.
    if (attempt.campaignId !== null) app.responseCache.invalidate('campaigns', 'stats');
    else app.responseCache.invalidate('stats');
  }
  return { id: saved.id, receiptNumber: saved.receiptNumber, created: saved.created };
}
