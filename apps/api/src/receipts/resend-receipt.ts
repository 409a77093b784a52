import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/open.js';
import { donations, receipts } from '../db/schema.js';
import { DonationNotFoundError, issueReceipt, mailReceiptAgain } from './issuing.js';
import { HttpError } from '../http-errors.js';
import type { Mailer } from '../mail/mailer.js';

// Sending a donation's receipt to the donor again, from the admin console: the receipts module's own issue and
// mail, so the mail is the one the donor got first (the PDF drawn from the frozen details, a fresh download link),
// it goes through SMTP or the outbox exactly as the first one did, and its outcome is recorded on the receipt.

export const RESEND_RECEIPT_MESSAGES = {
  sent: 'Receipt sent again',
  donationNotFound: 'Donation not found',
  notCompleted: 'Only completed donations have receipts.',
  noEmail: 'This donation has no donor e-mail address.',
} as const;

export interface ResendDeps {
  db: Database;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicBaseUrl: string;
}

export interface ResentReceipt {
  receiptNumber: string;
  /** The mail's outcome as recorded on the receipt: 'sent', 'stored' (no SMTP: in the outbox) or 'failed'. */
  mailStatus: string;
}

export async function resendReceipt(deps: ResendDeps, donationId: number): Promise<ResentReceipt> {
  const [donation] = await deps.db
    .select({ id: donations.id, status: donations.status, donorEmail: donations.donorEmail })
    .from(donations)
    .where(eq(donations.id, donationId))
    .limit(1);
  if (!donation) throw new HttpError(404, RESEND_RECEIPT_MESSAGES.donationNotFound);
  if (donation.status !== 'completed') throw new HttpError(409, RESEND_RECEIPT_MESSAGES.notCompleted);
  if (!donation.donorEmail?.trim()) throw new HttpError(400, RESEND_RECEIPT_MESSAGES.noEmail);

  let issued;
  try {
    // Issues the receipt first when it has none yet (as generate-and-send does), else answers the one it has.
    issued = await issueReceipt(deps.db, donation.id);
  } catch (error) {
    // Refunded between the two reads.
    if (error instanceof DonationNotFoundError) throw new HttpError(409, RESEND_RECEIPT_MESSAGES.notCompleted);
    throw error;
  }
  if (issued.created) deps.log.info({ donationId: donation.id, receipt: issued.number }, 'receipt issued');
  // Awaited, unlike the first mailing: the admin asked for this mail and is told how it went. A receipt issued just
  // now is mailed here too (its 'queued' mail is this one).
  try {
    await mailReceiptAgain(deps, issued.id);
  } catch (error) {
    deps.log.error({ err: error, receipt: issued.number }, 'could not mail a receipt again');
  }
  const [receipt] = await deps.db.select({ mailStatus: receipts.mailStatus }).from(receipts).where(eq(receipts.id, issued.id)).limit(1);
  deps.log.info({ donationId: donation.id, receipt: issued.number, mailStatus: receipt?.mailStatus }, 'receipt sent again');
  const status = receipt?.mailStatus;
  return { receiptNumber: issued.number, mailStatus: status && status !== 'queued' ? status : 'failed' };
}
