import { createHash, randomBytes } from 'node:crypto';
import { currencyFacts, MANAGE_LINK_TTL_DAYS, organisationCalendar, type GiftStatus, type RecurringTotals } from '@charity/domain';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/open.js';
import { campaigns, donations, receipts, recurringGiftChanges, recurringGiftLinks, recurringGifts, type RecordedDonationData } from '../db/schema.js';
import type { SubscriptionSnapshot } from '../donations/provider/provider.js';
import { amountInrOf } from '../donations/payload.js';

// The monthly gifts' tables: the gift (recurring_gifts), its management links and its history of changes. The
// module's use cases (use-cases/) are the only writers.

export type GiftRow = typeof recurringGifts.$inferSelect;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Db = Database | Tx;

const TOKEN_BYTES = 32; // 256 bits
export const GIFT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function hashGiftToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** The amount in the currency's major unit for `minor` (paise → rupees). */
export function majorAmount(minor: number, currency: string): number {
  const units = currencyFacts(currency)?.minorUnits ?? 2;
  return minor / 10 ** units;
}

/** The gift's record at sign-up, before its first payment (status incomplete); an existing one is answered as is. */
export async function insertGift(
  db: Db,
  values: {
    subscriptionId: string;
    customerId: string;
    data: RecordedDonationData;
    amountMinor: number;
    campaignId: number | null;
    partnerOrigin: string | null;
    paymentAttemptId: number | null;
    card: { brand: string; last4: string; expMonth: number; expYear: number } | null;
  },
): Promise<void> {
  await db
    .insert(recurringGifts)
    .values({
      subscriptionId: values.subscriptionId,
      customerId: values.customerId,
      status: 'incomplete',
      donationData: values.data,
      amount: values.data.amount,
      amountMinor: values.amountMinor,
      currency: values.data.currency,
      amountInr: amountInrOf(values.data),
      campaignId: values.campaignId,
      donorEmail: values.data.donor.email.toLowerCase(),
      partnerOrigin: values.partnerOrigin,
      paymentAttemptId: values.paymentAttemptId,
      card: values.card,
    })
    .onConflictDoNothing({ target: recurringGifts.subscriptionId });
}

export async function giftBySubscription(db: Db, subscriptionId: string): Promise<GiftRow | null> {
  const [row] = await db.select().from(recurringGifts).where(eq(recurringGifts.subscriptionId, subscriptionId)).limit(1);
  return row ?? null;
}

export async function giftById(db: Db, id: number): Promise<GiftRow | null> {
  const [row] = await db.select().from(recurringGifts).where(eq(recurringGifts.id, id)).limit(1);
  return row ?? null;
}

export async function lockGift(tx: Tx, subscriptionId: string): Promise<GiftRow | null> {
  const [row] = await tx.select().from(recurringGifts).where(eq(recurringGifts.subscriptionId, subscriptionId)).for('update');
  return row ?? null;
}

/**
 * The gift's status for a subscription's state. A gift the donor or staff cancelled, or one that lapsed, is over:
 * no later state brings it back. An incomplete subscription never takes a gift back from a later state.
 */
export function giftStatusFor(current: GiftStatus, sub: Pick<SubscriptionSnapshot, 'status' | 'pauseResumesAt' | 'cancellationReason'>): GiftStatus {
  if (current === 'cancelled' || current === 'lapsed') return current;
  switch (sub.status) {
    case 'active':
    case 'trialing':
      return sub.pauseResumesAt ? 'paused' : 'active';
    case 'paused':
      return 'paused';
    case 'past_due':
      return 'past_due';
    case 'unpaid':
      return 'lapsed';
    case 'canceled':
      return sub.cancellationReason === 'payment_failed' ? 'lapsed' : 'cancelled';
    default:
      return current; // incomplete, incomplete_expired: the first payment decides
  }
}

export async function recordChange(db: Db, giftId: number, kind: string, actor: string, detail: Record<string, unknown> = {}): Promise<void> {
  await db.insert(recurringGiftChanges).values({ giftId, kind, actor, detail });
}

/** A new management link for the gift: the token (never stored; only its hash is) and when it stops working. */
export async function mintGiftLink(db: Db, giftId: number, now = new Date()): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  const expiresAt = new Date(now.getTime() + MANAGE_LINK_TTL_DAYS * 86_400_000);
  await db.insert(recurringGiftLinks).values({ giftId, tokenHash: hashGiftToken(token), expiresAt });
  return { token, expiresAt };
}

export type LinkCheck = { ok: true; gift: GiftRow; linkId: number; expiresAt: Date } | { ok: false; reason: 'invalid' | 'expired' };

/** The gift a link's token opens: only an unrevoked link before its expiry; anything else opens nothing. */
export async function giftByLink(db: Db, token: string, now = new Date()): Promise<LinkCheck> {
  if (!GIFT_TOKEN_PATTERN.test(token)) return { ok: false, reason: 'invalid' };
  const [row] = await db
    .select({ link: recurringGiftLinks, gift: recurringGifts })
    .from(recurringGiftLinks)
    .innerJoin(recurringGifts, eq(recurringGifts.id, recurringGiftLinks.giftId))
    .where(eq(recurringGiftLinks.tokenHash, hashGiftToken(token)))
    .limit(1);
  if (!row || row.link.revokedAt) return { ok: false, reason: 'invalid' };
  if (row.link.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, gift: row.gift, linkId: row.link.id, expiresAt: row.link.expiresAt };
}

/** Revokes every link of the gift still working; answers how many. */
export async function revokeGiftLinks(db: Db, giftId: number, now = new Date()): Promise<number> {
  const revoked = await db
    .update(recurringGiftLinks)
    .set({ revokedAt: now })
    .where(and(eq(recurringGiftLinks.giftId, giftId), isNull(recurringGiftLinks.revokedAt), gt(recurringGiftLinks.expiresAt, now)))
    .returning({ id: recurringGiftLinks.id });
  return revoked.length;
}

/** The gift's payments, newest first, with their receipts. */
export async function giftPayments(db: Db, giftId: number) {
  return db
    .select({
      id: donations.id,
      createdAt: donations.createdAt,
      amount: donations.amount,
      currency: donations.currency,
      isRenewal: donations.isRenewal,
      status: donations.status,
      receiptNumber: receipts.number,
      receiptId: receipts.id,
    })
    .from(donations)
    .leftJoin(receipts, eq(receipts.donationId, donations.id))
    .where(eq(donations.recurringGiftId, giftId))
    .orderBy(desc(donations.createdAt), desc(donations.id))
    // Three years of payments: what a donor needs for their tax returns; older ones are in the mails.
    .limit(36);
}

export async function campaignTitle(db: Db, campaignId: number | null): Promise<string | null> {
  if (campaignId === null) return null;
  const [row] = await db.select({ title: campaigns.title }).from(campaigns).where(eq(campaigns.id, campaignId)).limit(1);
  return row?.title ?? null;
}

/** Gifts of an email address (lower case) that a donor may still want to see: all but incomplete ones. */
export async function giftsOfEmail(db: Db, email: string): Promise<GiftRow[]> {
  return db
    .select()
    .from(recurringGifts)
    .where(and(eq(recurringGifts.donorEmail, email), sql`${recurringGifts.status} <> 'incomplete'`))
    .orderBy(desc(recurringGifts.createdAt))
    .limit(10);
}

/**
 * Staff's monthly figures: gifts that will be charged (active, or past due and being retried), their monthly amount in
 * INR, gifts whose first payment fell in this calendar month (organisation time) and gifts that ended in it.
 */
export async function giftTotals(db: Db, now = new Date()): Promise<RecurringTotals> {
  const monthStart = organisationCalendar(now).thisMonth.start.toISOString();
  const [row] = await db
    .select({
      active: sql<number>`count(*) filter (where ${recurringGifts.status} in ('active', 'past_due'))`.mapWith(Number),
      monthly: sql<string>`coalesce(sum(${recurringGifts.amountInr}) filter (where ${recurringGifts.status} in ('active', 'past_due')), 0)`.mapWith(Number),
      gained: sql<number>`count(*) filter (where ${recurringGifts.startedAt} >= ${monthStart}::timestamptz)`.mapWith(Number),
      lost: sql<number>`count(*) filter (where coalesce(${recurringGifts.cancelledAt}, ${recurringGifts.lapsedAt}) >= ${monthStart}::timestamptz)`.mapWith(Number),
    })
    .from(recurringGifts);
  return {
    active: row?.active ?? 0,
    monthly_amount_inr: row?.monthly ?? 0,
    gained_this_month: row?.gained ?? 0,
    lost_this_month: row?.lost ?? 0,
  };
}
