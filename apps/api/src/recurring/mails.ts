import { formatCurrency, giftDateText, ORGANISATION, RECURRING_MESSAGES } from '@charity/domain';
import type { FastifyInstance } from 'fastify';
import type { MailMessage } from '../mail/mailer.js';
import { mintGiftLink, recordChange, type GiftRow } from './repository.js';

// The mails about a monthly gift. Every one carries a fresh management link (the donor's only key to the gift), so
// whatever mail a donor finds, it lets them change or stop the gift. Pure builders, then one way to send them:
// recorded in the outbox in the caller's transaction or on their own, and delivered after.

export type GiftMailKind = 'links' | 'card_expiring' | 'payment_failed' | 'lapsed' | 'amount_changed' | 'paused' | 'resumed' | 'cancelled' | 'card_changed';

/** The page a management link opens: the token in the fragment, never sent to a server by the browser. */
export function manageUrl(publicBaseUrl: string, token: string): string {
  return `${publicBaseUrl}/monthly-gift#${token}`;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function giftAmount(gift: Pick<GiftRow, 'amount' | 'currency'>): string {
  return `${formatCurrency(gift.amount, gift.currency)} a month`;
}

export interface GiftMailFacts {
  gift: Pick<GiftRow, 'amount' | 'currency' | 'donationData' | 'nextChargeAt' | 'pausedUntil' | 'lastFailureReason'>;
  link: string;
  /** The sentence that says what changed (RECURRING_MESSAGES' own), for the change mails. */
  sentence?: string;
  /** A failed renewal's next try, null when there is none. */
  nextTry?: Date | null;
  donateUrl?: string;
}

/** Subject and body of a gift mail. */
export function giftMail(kind: GiftMailKind, facts: GiftMailFacts): { subject: string; text: string; html: string } {
  const name = facts.gift.donationData.donor.full_name || 'friend';
  const amount = giftAmount(facts.gift);
  const manage = `Manage your monthly gift: ${facts.link}`;
  let subject: string;
  let lines: string[];
  switch (kind) {
    case 'links':
      subject = `Manage your monthly gift to ${ORGANISATION.name}`;
      lines = [`Here is the link you asked for to see, change, pause or cancel your monthly gift of ${amount}.`, manage, 'The link works for 45 days. If you did not ask for it, you can ignore this email.'];
      break;
    case 'card_expiring':
      subject = 'The card for your monthly gift is about to expire';
      lines = [
        `The card your monthly gift of ${amount} is charged to expires before the next payment${facts.gift.nextChargeAt ? ` on ${giftDateText(facts.gift.nextChargeAt)}` : ''}.`,
        'To keep your gift going, open the link below and choose "Change card". If your bank has already sent you a new card with the same number, there is nothing to do.',
        manage,
      ];
      break;
    case 'payment_failed':
      subject = 'Your monthly gift payment did not go through';
      lines = [
        `We could not take this month's payment of your monthly gift of ${amount}${facts.gift.lastFailureReason ? `: ${facts.gift.lastFailureReason}` : '.'}`,
        facts.nextTry ? `We will try again on ${giftDateText(facts.nextTry)}. To use another card, open the link below and choose "Change card".` : 'To use another card, open the link below and choose "Change card".',
        manage,
      ];
      break;
    case 'lapsed':
      subject = 'Your monthly gift has stopped';
      lines = [
        `We tried several times but could not take the payments of your monthly gift of ${amount}, so it has stopped. Nothing more will be charged.`,
        `If you would like to give again, you can start a new monthly gift at ${facts.donateUrl ?? ''}.`,
        manage,
      ];
      break;
    case 'cancelled':
      subject = 'Your monthly gift is cancelled';
      lines = [RECURRING_MESSAGES.cancelled, manage];
      break;
    default:
      subject = 'Your monthly gift has changed';
      lines = [facts.sentence ?? 'Your monthly gift has changed.', 'If you did not make this change, open the link below and stop all links, then write to us.', manage];
  }
  const text = [`Dear ${name},`, '', ...lines.flatMap((line) => [line, '']), 'With gratitude,', ORGANISATION.name].join('\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family: Arial, sans-serif; color: #1f2937; line-height: 1.5">
<p>Dear ${escapeHtml(name)},</p>
${lines
  .map((line) =>
    line === manage ? `<p><a href="${escapeHtml(facts.link)}">Manage your monthly gift</a></p>` : `<p>${escapeHtml(line)}</p>`,
  )
  .join('\n')}
<p>With gratitude,<br>${escapeHtml(ORGANISATION.name)}</p>
</body></html>`;
  return { subject, text, html };
}

/**
 * Mails the donor about their gift with a fresh management link: recorded in the outbox (and the change history)
 * in one transaction, delivered after. Never throws: a mail that cannot be recorded is logged.
 */
export async function mailGift(
  app: FastifyInstance,
  gift: GiftRow,
  kind: GiftMailKind,
  extra: Omit<GiftMailFacts, 'gift' | 'link'> = {},
): Promise<void> {
  try {
    const outcome = await app.db.transaction(async (tx) => {
      const { token } = await mintGiftLink(tx, gift.id);
      const mail = giftMail(kind, { gift, link: manageUrl(app.config.publicBaseUrl, token), donateUrl: `${app.config.publicBaseUrl}/donate`, ...extra });
      const message: MailMessage = { to: gift.donorEmail, ...mail };
      const queued = await app.mailer.enqueue(tx, message);
      await recordChange(tx, gift.id, `mail:${kind}`, 'system', { outboxId: queued.outboxId });
      return { queued, message };
    });
    if (app.mailer.delivers) void app.mailer.deliver(outcome.queued.outboxId, outcome.message);
  } catch (error) {
    app.log.error({ err: error, giftId: gift.id, kind }, 'could not mail the donor about their monthly gift');
  }
}
