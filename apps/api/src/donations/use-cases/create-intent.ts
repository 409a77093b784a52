import { randomUUID } from 'node:crypto';
import { CAMPAIGN_MESSAGES, EMAIL_MAX_LENGTH, isCampaignActive, isValidEmailStrict, largestAcceptedAmount, ORGANISATION } from '@charity/domain';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { findCampaign } from '../../campaigns/repository.js';
import type { RecordedDonationData } from '../../db/schema.js';
import { formError, HttpError } from '../../http-errors.js';
import { allowedPartnerOrigin } from '../../partners.js';
import { PAYMENT_ROUTE_MESSAGES } from '../messages.js';
import { amountMinorOf, isRecord, readDonationData } from '../payload.js';
import { providerHttpError } from '../provider-errors.js';
import { PAYMENT_METHOD_ID_PATTERN, type CardSummary, type PaymentIntentSnapshot, type PaymentProviderError } from '../provider/provider.js';
import { CARD_TESTING_LIMIT, insertAttempt, recentFailures, recordBlockedRequest } from '../repository/attempts.js';
import { insertGift } from '../../recurring/repository.js';

// Use case: create the payment intent for a donation (POST /api/payments/create-intent). The card-testing defence
// first, then the donation validated again (the browser is not trusted), the campaign's rules, the intent at the
// provider for the server's own amount, and the attempt recorded before the browser gets the client secret: no
// intent can be paid without its attempt on file.

export interface CreateIntentRequest {
  body: unknown;
  clientIp: string;
  /** The request's Origin header, and this server's own origin (a different, listed one is a partner's page). */
  origin: string | undefined;
  ownOrigin: string;
  log: FastifyBaseLogger;
}

export interface CreatedIntent {
  clientSecret: string;
  paymentIntentId: string;
}

/** 429 from the card-testing defence, with the seconds until the address may try again (the Retry-After header). */
export class TooManyFailuresError extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, PAYMENT_ROUTE_MESSAGES.tooManyFailures);
  }
}

/** Shortens text for a description Stripe shows in its dashboard and on bank statements' detail pages. */
function describe(campaignTitle: string | null): string {
  const base = `Donation to ${ORGANISATION.name}`;
  return campaignTitle ? `${base}: ${campaignTitle}`.slice(0, 300) : base;
}

/** Campaign rules for a new payment: it must exist, be public, and be accepting donations now. */
async function checkCampaign(app: FastifyInstance, data: RecordedDonationData): Promise<{ id: number; title: string } | null> {
  if (data.campaign_id === null) return null;
  const campaign = await findCampaign(app.db, data.campaign_id);
  if (!campaign) throw formError({ campaign_id: CAMPAIGN_MESSAGES.notFound });
  if (!isCampaignActive({ status: campaign.status, end_date: campaign.endDate }, new Date())) {
    throw formError({ campaign_id: PAYMENT_ROUTE_MESSAGES.campaignClosed });
  }
  return { id: campaign.id, title: campaign.title };
}

/**
 * The donor's email of a refused request's body, lower case, only when it is a syntactically valid address; nothing
 * else of the body is read (it is not validated: a card tester's body is whatever they sent).
 */
export function donorEmailOf(body: unknown): string | null {
  if (!isRecord(body) || !isRecord(body.donation_data) || !isRecord(body.donation_data.donor)) return null;
  const email = body.donation_data.donor.email;
  if (typeof email !== 'string') return null;
  const trimmed = email.trim().toLowerCase();
  return trimmed.length <= EMAIL_MAX_LENGTH && isValidEmailStrict(trimmed) ? trimmed : null;
}

export async function createIntent(app: FastifyInstance, request: CreateIntentRequest): Promise<CreatedIntent> {
  const { log, clientIp } = request;
  // Card testing first, before any work: a tester's requests are otherwise perfectly valid.
  const failures = await recentFailures(app.db, clientIp, new Date());
  if (failures.count >= CARD_TESTING_LIMIT.maxFailures) {
    const retryAfter = failures.windowEndsAt ? Math.max(1, Math.ceil((failures.windowEndsAt.getTime() - Date.now()) / 1000)) : 60;
    log.warn(
      { clientIp, failures: failures.count, windowMinutes: CARD_TESTING_LIMIT.windowMs / 60_000, retryAfter },
      'card-testing defence: create-intent refused for an address with too many failed payments',
    );
    // Staff see the refusal (docs/decisions/023-payment-attempts-for-staff.md). A failure to record it must not turn
    // the 429 into a 500: the refusal stands either way.
    await recordBlockedRequest(app.db, { clientIp, email: donorEmailOf(request.body) }).catch((error: unknown) => {
      log.error({ err: error }, 'card-testing defence: the refused request could not be recorded');
    });
    throw new TooManyFailuresError(retryAfter);
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
  } else if (request.origin && request.origin !== request.ownOrigin) {
    // The React DonateWidget calls from the partner's own page: the browser's Origin names the partner (a
    // script can't forge it), and only a listed one is recorded. The site's own pages are not partners.
    partnerOrigin = allowedPartnerOrigin(app.config.partnerOrigins, request.origin);
  }
  if (paymentMethodId === undefined || paymentMethodId === null || paymentMethodId === '') {
    errors.payment_method_id = PAYMENT_ROUTE_MESSAGES.paymentMethodMissing;
  } else if (typeof paymentMethodId !== 'string' || !PAYMENT_METHOD_ID_PATTERN.test(paymentMethodId)) {
    errors.payment_method_id = PAYMENT_ROUTE_MESSAGES.paymentMethodInvalid;
  }
  if (!read.ok || Object.keys(errors).length > 0) throw formError(errors);
  const data = read.data;
  // The currency's own ceiling from the domain's currency table, lowered by PAYMENT_MAX_AMOUNT when that is set
  // lower (docs/decisions/020-one-table-per-fact.md).
  const largest = largestAcceptedAmount(data.currency, app.config.paymentMaxAmount);
  if (data.amount > largest) {
    throw formError({ amount: PAYMENT_ROUTE_MESSAGES.tooLarge(largest, data.currency) });
  }
  const campaign = await checkCampaign(app, data);

  // The server, not the browser, decides what is charged: the validated amount in the currency's minor unit.
  const amountMinor = amountMinorOf(data);
  const idempotencyKey = randomUUID();
  // References only: the donor's contact details stay in our database.
  const metadata: Record<string, string> = {
    attempt_key: idempotencyKey,
    ...(campaign ? { campaign_id: String(campaign.id) } : {}),
    donation_type: data.donation_type,
    country_code: data.donor.country_code,
    source: data.source,
  };
  let intent: Pick<PaymentIntentSnapshot, 'id' | 'clientSecret'>;
  let subscription: { id: string; customerId: string; card: CardSummary | null } | null = null;
  try {
    if (data.donation_type === 'monthly') {
      // A monthly gift is a subscription whose first invoice is paid now, confirmed by the browser exactly as a
      // one-time gift (docs/decisions/022-monthly-gifts.md).
      const created = await app.payments.provider.recurring.createSubscription({
        amountMinor,
        currency: data.currency,
        idempotencyKey,
        paymentMethodId: paymentMethodId as string,
        email: data.donor.email,
        name: data.donor.full_name,
        metadata,
        description: `Monthly gift to ${ORGANISATION.name}${campaign ? `: ${campaign.title}` : ''}`.slice(0, 300),
      });
      intent = { id: created.firstPayment.paymentIntentId, clientSecret: created.firstPayment.clientSecret };
      subscription = { id: created.subscription.id, customerId: created.subscription.customerId, card: created.subscription.card };
    } else {
      intent = await app.payments.provider.createIntent({
        amountMinor,
        currency: data.currency,
        idempotencyKey,
        paymentMethodId: paymentMethodId as string,
        metadata,
        description: describe(campaign?.title ?? null),
        // Not set: in live mode Stripe would mail its own payment receipt beside ours (the 80G receipt the donor
        // needs), and two receipts for one gift confuse. Stripe.js already gives Stripe the billing email.
        receiptEmail: null,
      });
    }
  } catch (error) {
    const answer = providerHttpError(error);
    if (!answer) throw error;
    log.warn({ err: (error as PaymentProviderError).cause ?? error, detail: (error as Error).message }, 'creating a payment intent failed');
    throw answer;
  }
  if (!intent.clientSecret) throw new Error('The payment provider returned an intent without a client secret.');

  // Recorded before the browser gets the client secret: no intent can be paid without its attempt on file.
  const attempt = await insertAttempt(app.db, {
    paymentIntentId: intent.id,
    idempotencyKey,
    donationData: data,
    amount: data.amount,
    amountMinor,
    currency: data.currency,
    campaignId: campaign?.id ?? null,
    paymentMethodId: paymentMethodId as string,
    clientIp,
    partnerOrigin,
    subscriptionId: subscription?.id ?? null,
  });
  if (subscription) {
    await insertGift(app.db, {
      subscriptionId: subscription.id,
      customerId: subscription.customerId,
      data,
      amountMinor,
      campaignId: campaign?.id ?? null,
      partnerOrigin,
      paymentAttemptId: attempt.id,
      card: subscription.card,
    });
  }
  log.info(
    { paymentIntentId: intent.id, amountMinor, currency: data.currency, campaignId: campaign?.id ?? null, clientIp, partnerOrigin },
    'payment intent created',
  );
  return { clientSecret: intent.clientSecret, paymentIntentId: intent.id };
}
