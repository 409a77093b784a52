import { randomUUID } from 'node:crypto';
import {
  CANCEL_REASON_MAX_LENGTH,
  formatCurrency,
  giftDateText,
  isGiftOngoing,
  monthlyAmountProblem,
  PAUSE_MONTHS,
  pauseEndsAt,
  RECURRING_MESSAGES,
  toMinorUnits,
  type GiftStatus,
  type PauseMonths,
} from '@charity/domain';
import type { GiftView } from '@charity/domain/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { donations, receipts, recurringGifts } from '../../db/schema.js';
import { formError, HttpError } from '../../http-errors.js';
import { amountInrOf } from '../../donations/payload.js';
import { providerHttpError } from '../../donations/provider-errors.js';
import { SETUP_INTENT_ID_PATTERN, type SubscriptionSnapshot } from '../../donations/provider/provider.js';
import { receiptInputFromDetails } from '../../receipts/issuing.js';
import { mailGift } from '../mails.js';
import { campaignTitle, giftByLink, giftPayments, giftStatusFor, recordChange, revokeGiftLinks, type GiftRow } from '../repository.js';

// Use cases of the donor's manage page (docs/decisions/022-monthly-gifts.md): the link's token opens one gift and
// nothing else; every change goes to the provider first, then to the gift's record, and is mailed to the donor.
// Anything the gift's state does not allow is refused with 409 and changes nothing.

export interface OpenedGift {
  gift: GiftRow;
  linkExpiresAt: Date;
}

/** The gift a link opens, or 401 with the sentence the page shows above the "email me a link" form. */
export async function openGift(app: FastifyInstance, token: unknown): Promise<OpenedGift> {
  if (typeof token !== 'string' || token === '') throw new HttpError(401, RECURRING_MESSAGES.linkMissing);
  const found = await giftByLink(app.db, token);
  if (!found.ok) throw new HttpError(401, found.reason === 'expired' ? RECURRING_MESSAGES.linkExpired : RECURRING_MESSAGES.linkInvalid);
  return { gift: found.gift, linkExpiresAt: found.expiresAt };
}

/** 'a•••@example.com': enough for the donor to recognise, not the whole address for whoever holds the link. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}•••@${domain}`;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export async function giftView(app: FastifyInstance, { gift, linkExpiresAt }: OpenedGift): Promise<GiftView> {
  const [payments, title] = await Promise.all([giftPayments(app.db, gift.id), campaignTitle(app.db, gift.campaignId)]);
  const withReceipts = payments.map((payment) => ({
      donation_id: payment.id,
      paid_at: payment.createdAt.toISOString(),
      amount: payment.amount,
      currency: payment.currency,
      is_renewal: payment.isRenewal,
      status: payment.status,
      receipt_number: payment.receiptNumber,
      // Fetched with the link's token in its header (GET /recurring/gift/receipts/:number): a read that mints nothing.
      receipt_url: payment.receiptNumber ? giftReceiptPath(payment.receiptNumber) : null,
    }));
  return {
    id: gift.id,
    status: gift.status,
    amount: gift.amount,
    currency: gift.currency,
    donor_name: gift.donationData.donor.full_name,
    donor_email_masked: maskEmail(gift.donorEmail),
    donor_country_code: gift.donationData.donor.country_code ?? null,
    campaign_title: title,
    started_at: iso(gift.startedAt),
    next_charge_at: isGiftOngoing(gift.status) ? iso(gift.nextChargeAt) : null,
    paused_until: gift.status === 'paused' ? iso(gift.pausedUntil) : null,
    cancelled_at: iso(gift.cancelledAt),
    lapsed_at: iso(gift.lapsedAt),
    last_failure_reason: gift.status === 'past_due' ? gift.lastFailureReason : null,
    card: gift.card ? { brand: gift.card.brand, last4: gift.card.last4, exp_month: gift.card.expMonth, exp_year: gift.card.expYear } : null,
    payments: withReceipts,
    link_expires_at: linkExpiresAt.toISOString(),
  };
}

/** Where the manage page fetches a payment's receipt (with the link's token in X-Gift-Token). */
export function giftReceiptPath(number: string): string {
  return `/api/recurring/gift/receipts/${encodeURIComponent(number)}`;
}

/** A receipt of one of the gift's payments, or null: a link reaches its own gift's receipts and no other. */
export async function giftReceipt(app: FastifyInstance, opened: OpenedGift, number: string) {
  const [row] = await app.db
    .select({ number: receipts.number, details: receipts.details })
    .from(receipts)
    .innerJoin(donations, eq(donations.id, receipts.donationId))
    .where(and(eq(receipts.number, number), eq(donations.recurringGiftId, opened.gift.id)))
    .limit(1);
  return row ? { number: row.number, input: receiptInputFromDetails(row.details) } : null;
}

/** Runs a provider call, turning its failure into the answer a donor can read. */
async function atProvider<T>(app: FastifyInstance, what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const answer = providerHttpError(error);
    if (!answer) throw error;
    app.log.warn({ err: (error as Error).cause ?? error, detail: (error as Error).message }, `monthly gift: ${what} failed at the provider`);
    throw answer;
  }
}

/** The provider's answer on the gift's record at once (its event follows and finds nothing new). */
async function applyAnswer(app: FastifyInstance, gift: GiftRow, sub: SubscriptionSnapshot, extra: Partial<typeof recurringGifts.$inferInsert> = {}): Promise<GiftRow> {
  const status: GiftStatus = giftStatusFor(gift.status, sub);
  const [updated] = await app.db
    .update(recurringGifts)
    .set({
      status,
      pausedUntil: status === 'paused' ? sub.pauseResumesAt : null,
      ...(sub.currentPeriodEnd && status === 'active' ? { nextChargeAt: sub.currentPeriodEnd } : {}),
      ...(status === 'paused' && sub.pauseResumesAt ? { nextChargeAt: sub.pauseResumesAt } : {}),
      card: sub.card ?? gift.card,
      ...extra,
    })
    .where(eq(recurringGifts.id, gift.id))
    .returning();
  return updated ?? gift;
}

function requireOngoing(gift: GiftRow): void {
  if (gift.status === 'cancelled') throw new HttpError(409, RECURRING_MESSAGES.alreadyCancelled);
  if (!isGiftOngoing(gift.status)) throw new HttpError(409, RECURRING_MESSAGES.notOngoing);
}

export interface Changed {
  gift: GiftRow;
  message: string;
}

export async function changeAmount(app: FastifyInstance, opened: OpenedGift, amount: unknown, actor = 'donor'): Promise<Changed> {
  const { gift } = opened;
  requireOngoing(gift);
  const problem = monthlyAmountProblem(amount, { currency: gift.currency, countryCode: gift.donationData.donor.country_code }, app.config.paymentMaxAmount);
  if (problem) throw formError({ amount: problem });
  const value = amount as number;
  if (value === gift.amount) throw formError({ amount: RECURRING_MESSAGES.sameAmount });
  const minor = toMinorUnits(value, gift.currency);
  const sub = await atProvider(app, 'changing the amount', () => app.payments.provider.recurring.changeSubscriptionAmount(gift.subscriptionId, minor, randomUUID()));
  const updated = await applyAnswer(app, gift, sub, { amount: value, amountMinor: minor, amountInr: amountInrOf({ amount: value, currency: gift.currency }) });
  await recordChange(app.db, gift.id, 'amount', actor, { from: gift.amount, to: value });
  const message = RECURRING_MESSAGES.amountChanged(formatCurrency(value, gift.currency));
  await mailGift(app, updated, 'amount_changed', { sentence: message });
  return { gift: updated, message };
}

export async function pause(app: FastifyInstance, opened: OpenedGift, months: unknown, actor = 'donor'): Promise<Changed> {
  const { gift } = opened;
  if (!PAUSE_MONTHS.includes(months as PauseMonths)) throw formError({ months: RECURRING_MESSAGES.pauseMonthsInvalid });
  if (gift.status !== 'active') throw new HttpError(409, gift.status === 'cancelled' ? RECURRING_MESSAGES.alreadyCancelled : RECURRING_MESSAGES.cannotPause);
  // N months skips the next N payments: collection resumes at the renewal N months after the next one.
  const from = gift.nextChargeAt ?? new Date();
  const resumesAt = pauseEndsAt(from, months as PauseMonths);
  const sub = await atProvider(app, 'pausing', () => app.payments.provider.recurring.pauseSubscription(gift.subscriptionId, resumesAt));
  const updated = await applyAnswer(app, gift, sub, { status: 'paused', pausedUntil: resumesAt, nextChargeAt: resumesAt });
  await recordChange(app.db, gift.id, 'pause', actor, { months, resumesAt: resumesAt.toISOString() });
  const message = RECURRING_MESSAGES.paused(giftDateText(resumesAt));
  await mailGift(app, updated, 'paused', { sentence: message });
  return { gift: updated, message };
}

export async function resume(app: FastifyInstance, opened: OpenedGift, actor = 'donor'): Promise<Changed> {
  const { gift } = opened;
  if (gift.status !== 'paused') throw new HttpError(409, RECURRING_MESSAGES.notPaused);
  const sub = await atProvider(app, 'resuming', () => app.payments.provider.recurring.pauseSubscription(gift.subscriptionId, null));
  const updated = await applyAnswer(app, gift, sub, { status: 'active', pausedUntil: null });
  await recordChange(app.db, gift.id, 'resume', actor);
  const message = RECURRING_MESSAGES.resumed(updated.nextChargeAt ? giftDateText(updated.nextChargeAt) : 'the next renewal date');
  await mailGift(app, updated, 'resumed', { sentence: message });
  return { gift: updated, message };
}

/** Cancels at once; `by` is 'donor' or 'staff:<username>'. Nothing more is charged, the donor is mailed. */
export async function cancel(app: FastifyInstance, gift: GiftRow, reason: unknown, by: string): Promise<Changed> {
  requireOngoing(gift);
  if (reason !== undefined && reason !== null && typeof reason !== 'string') throw formError({ reason: RECURRING_MESSAGES.reasonTooLong });
  const text = typeof reason === 'string' ? reason.trim() : '';
  if (text.length > CANCEL_REASON_MAX_LENGTH) throw formError({ reason: RECURRING_MESSAGES.reasonTooLong });
  const sub = await atProvider(app, 'cancelling', () => app.payments.provider.recurring.cancelSubscription(gift.subscriptionId, text || null));
  const now = new Date();
  // Claimed in one statement: of two cancellations at once, one records it and mails; the other is answered 409.
  const [cancelled] = await app.db
    .update(recurringGifts)
    .set({ status: 'cancelled', cancelledAt: now, cancelReason: text || null, cancelledBy: by, nextChargeAt: null, pausedUntil: null })
    .where(and(eq(recurringGifts.id, gift.id), inArray(recurringGifts.status, ['active', 'paused', 'past_due'])))
    .returning();
  app.log.info({ giftId: gift.id, subscriptionId: sub.id, by }, 'monthly gift cancelled');
  if (!cancelled) throw new HttpError(409, RECURRING_MESSAGES.alreadyCancelled);
  await recordChange(app.db, gift.id, 'cancel', by, { reason: text || null });
  await mailGift(app, cancelled, 'cancelled');
  return { gift: cancelled, message: RECURRING_MESSAGES.cancelled };
}

export async function cardSetup(app: FastifyInstance, opened: OpenedGift): Promise<{ id: string; clientSecret: string }> {
  requireOngoing(opened.gift);
  return atProvider(app, 'starting a card change', () => app.payments.provider.recurring.createCardSetup(opened.gift.customerId, randomUUID()));
}

export async function changeCard(app: FastifyInstance, opened: OpenedGift, setupIntentId: unknown): Promise<Changed> {
  const { gift } = opened;
  requireOngoing(gift);
  if (typeof setupIntentId !== 'string' || !SETUP_INTENT_ID_PATTERN.test(setupIntentId)) throw formError({ setup_intent_id: RECURRING_MESSAGES.cardSetupMissing });
  const sub = await atProvider(app, 'changing the card', () => app.payments.provider.recurring.useCardFromSetup(gift.subscriptionId, setupIntentId));
  const updated = await applyAnswer(app, gift, sub);
  await recordChange(app.db, gift.id, 'card', 'donor', { last4: sub.card?.last4 ?? null });
  await mailGift(app, updated, 'card_changed', { sentence: RECURRING_MESSAGES.cardChanged });
  return { gift: updated, message: RECURRING_MESSAGES.cardChanged };
}

export async function revokeLinks(app: FastifyInstance, opened: OpenedGift, actor = 'donor'): Promise<string> {
  const revoked = await revokeGiftLinks(app.db, opened.gift.id);
  await recordChange(app.db, opened.gift.id, 'links_revoked', actor, { revoked });
  return RECURRING_MESSAGES.linksRevoked;
}
