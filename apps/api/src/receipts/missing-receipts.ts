import { and, asc, eq, gt, isNull, lte, notExists } from 'drizzle-orm';
import type { Database } from '../db/open.js';
import { donations, receipts } from '../db/schema.js';
import { DonationNotFoundError, issueMissingReceipt, mailReceipt, type IssuedReceipt, type ReceiptMailDeps } from './issuing.js';

// The receipt sweep: every completed donation gets its receipt, even when the process that saved it died before
// issuing it (the browser's generate-and-send never came, or the webhook's background task died with the process:
// the webhook event is already recorded as processed, so no retry of it would issue the receipt either).
// It is the server's 'missing-receipts' job (src/jobs/schedule.ts; server.ts, the production entry, not buildApp, so a
// test's app never issues receipts for its fixtures behind its back): at start-up, before the server listens, for
// everything a crash left, and then every 30 s for what a failed issue (the database was away) left. Claim-first as the
// mail sweep is: the claim is the issuing statement itself (insertNumberedReceipt: the donation must have no receipt,
// and receipts.donation_id is unique), so of two sweeps, or a sweep and the donor's own request, exactly one issues
// the receipt and only that one mails it. Numbers stay gap-free: a statement that loses the race rolls back with its
// counter increment.

/** The normal path issues a receipt within moments of the donation: the periodic sweep leaves younger ones to it. */
export const RECEIPT_GRACE_MS = 30_000;
/** Donations read per query; a sweep goes on page by page until none is left. */
const PAGE_SIZE = 100;

export interface MissingReceiptsOptions {
  /** Only donations saved at least this long before `now` (0 at start-up: no request of this process is under way). */
  olderThanMs?: number;
  /** The moment the grace period is counted back from (a test hands a later one, as the timer would be later). */
  now?: Date;
}

/**
 * Completed donations older than the grace period without a receipt, oldest first, after donation `afterId`.
 * donations.receipt_number is written by the statement that issues the receipt; the receipts row is checked too.
 */
async function donationsWithoutReceipt(db: Database, createdBefore: Date, afterId: number): Promise<number[]> {
  const rows = await db
    .select({ id: donations.id })
    .from(donations)
    .where(
      and(
        eq(donations.status, 'completed'),
        isNull(donations.receiptNumber),
        lte(donations.createdAt, createdBefore),
        gt(donations.id, afterId),
        notExists(db.select({ id: receipts.id }).from(receipts).where(eq(receipts.donationId, donations.id))),
      ),
    )
    .orderBy(asc(donations.id))
    .limit(PAGE_SIZE);
  return rows.map((row) => row.id);
}

/**
 * Issues the receipt of every completed donation that has none (older than `olderThanMs`), each with its mail
 * 'queued' as the normal path does. Answers the receipts this call issued (not those another process or request
 * issued meanwhile): its caller mails them. Throws when the database fails (what was issued so far stays issued,
 * with its mail queued for the mail sweep).
 */
export async function issueMissingReceipts(db: Database, { olderThanMs = RECEIPT_GRACE_MS, now = new Date() }: MissingReceiptsOptions = {}): Promise<IssuedReceipt[]> {
  const createdBefore = new Date(now.getTime() - olderThanMs);
  const issued: IssuedReceipt[] = [];
  // By id, page after page: a donation that cannot be issued (refunded meanwhile) is not read again in this run.
  for (let afterId = 0; ; ) {
    const page = await donationsWithoutReceipt(db, createdBefore, afterId);
    for (const donationId of page) {
      try {
        // Issued now, whatever `now` the selection was made with (a test's later clock).
        const receipt = await issueMissingReceipt(db, donationId);
        if (receipt) issued.push(receipt);
      } catch (error) {
        // No longer completed (refunded between the read and the issue): it needs no receipt.
        if (!(error instanceof DonationNotFoundError)) throw error;
      }
    }
    if (page.length < PAGE_SIZE) return issued;
    afterId = page[page.length - 1]!;
  }
}

/**
 * The periodic half (the 'missing-receipts' job's turn after start-up): issues the missing receipts and mails them, as
 * the request's own path does. Throws when the database fails, so the job records the run as failed (what was issued
 * so far stays issued, its mail queued for the mail sweep); the next turn tries again. Answers how many it issued.
 */
export async function sweepMissingReceipts(deps: ReceiptMailDeps, options: MissingReceiptsOptions = {}): Promise<number> {
  const issued = await issueMissingReceipts(deps.db, options);
  if (issued.length > 0) {
    deps.log.warn({ receipts: issued.map((receipt) => receipt.number) }, 'receipt sweep: issued receipts for completed donations that had none');
  }
  // mailReceipt never throws; a mail it could not compose stays 'queued' for the mail sweep.
  for (const receipt of issued) await mailReceipt(deps, receipt);
  return issued.length;
}
