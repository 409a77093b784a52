import { cardExpiresAt, CARD_EXPIRY_NOTICE_DAYS, DAY_MS } from '@charity/domain';
import { and, eq, isNotNull, isNull, lte, ne, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { recurringGifts } from '../../db/schema.js';
import { mailGift } from '../mails.js';

// Use case: a donor whose card expires before the next renewal is mailed CARD_EXPIRY_NOTICE_DAYS before that renewal,
// once per card (expiry_notice_for holds the expiry reminded about), with the link to change the card. Each reminder
// is claimed by the statement that records it, so of two processes running this at once only one mails.

/** The expiry month a reminder is for: '2027-03'. */
function expiryKey(card: { expMonth: number; expYear: number }): string {
  return `${card.expYear}-${String(card.expMonth).padStart(2, '0')}`;
}

/** Mails the reminders due at `now` (the sandbox's clock in sandbox mode: the renewal dates are on it); answers how many. */
export async function remindExpiringCards(app: FastifyInstance, now: Date): Promise<number> {
  const horizon = new Date(now.getTime() + CARD_EXPIRY_NOTICE_DAYS * DAY_MS);
  const due = await app.db
    .select()
    .from(recurringGifts)
    .where(and(eq(recurringGifts.status, 'active'), isNotNull(recurringGifts.card), isNotNull(recurringGifts.nextChargeAt), lte(recurringGifts.nextChargeAt, horizon)))
    .limit(500);
  let sent = 0;
  for (const gift of due) {
    const card = gift.card;
    if (!card || !gift.nextChargeAt || cardExpiresAt(card.expMonth, card.expYear).getTime() >= gift.nextChargeAt.getTime()) continue;
    const key = expiryKey(card);
    const [claimed] = await app.db
      .update(recurringGifts)
      .set({ expiryNoticeFor: key })
      .where(and(eq(recurringGifts.id, gift.id), or(isNull(recurringGifts.expiryNoticeFor), ne(recurringGifts.expiryNoticeFor, key))))
      .returning();
    if (!claimed) continue;
    await mailGift(app, claimed, 'card_expiring');
    sent += 1;
  }
  if (sent > 0) app.log.info({ sent }, 'monthly gifts: reminded donors whose card expires before the next payment');
  return sent;
}


