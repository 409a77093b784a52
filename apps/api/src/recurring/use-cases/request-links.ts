import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { recurringGiftChanges } from '../../db/schema.js';
import { mailGift } from '../mails.js';
import { giftsOfEmail } from '../repository.js';

// Use case: "manage my monthly gift": a donor who lost the link types their email and is mailed a fresh one for each
// of their gifts. The answer is the same whatever the address (nothing is enumerated), and so is its timing as far
// as it can be: the mails are composed after the answer. An address gets at most MAX_LINK_MAILS_PER_HOUR of these,
// so the form cannot be used to flood someone's inbox.

export const MAX_LINK_MAILS_PER_HOUR = 3;

export async function requestLinks(app: FastifyInstance, email: string, log: FastifyBaseLogger): Promise<void> {
  const gifts = await giftsOfEmail(app.db, email);
  if (gifts.length === 0) return;
  const since = new Date(Date.now() - 3_600_000);
  const [recent] = await app.db
    .select({ n: sql<number>`count(*)::int` })
    .from(recurringGiftChanges)
    .where(and(inArray(recurringGiftChanges.giftId, gifts.map((gift) => gift.id)), eq(recurringGiftChanges.kind, 'mail:links'), gt(recurringGiftChanges.createdAt, since)));
  if ((recent?.n ?? 0) >= MAX_LINK_MAILS_PER_HOUR * gifts.length) {
    log.warn({ gifts: gifts.length }, 'monthly gift links: this address was sent links recently; none sent now');
    return;
  }
  app.payments.background('mailing monthly gift links', async () => {
    for (const gift of gifts) await mailGift(app, gift, 'links');
  });
}
