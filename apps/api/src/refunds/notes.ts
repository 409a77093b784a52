import { financialYear, ORGANISATION } from '@charity/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/open.js';
import { campaigns, receipts, refundNoteCounters, refunds } from '../db/schema.js';
import type { MailAttachment, Mailer, MailStatusChange } from '../mail/mailer.js';
import { receiptInputFromDetails } from '../receipts/issuing.js';
import { RECEIPT_PREFIX } from '../receipts/receipt-number.js';
import { receiptOrganisationFromSettings, receiptText } from '../receipts/receipt-text.js';
import { currentOrganisationSettings } from '../settings/repository.js';
import { renderNotePdf } from './note-pdf.js';
import { noteFileName, noteMail, type NoteDetails } from './note-text.js';
import type { DonationRow, RefundRow, Tx } from './repository.js';

// Credit and cancellation notes (docs/decisions/024-refunds.md): one per settled refund, numbered in the note series
// of the financial year it is issued in ('BBF/CN/2026-27/000001'), in the transaction that settles the refund (the
// counter row is held only until that commit, and a rollback leaves no gap). Its details are frozen: the donor as the
// receipt it cancels or reduces shows them, and the organisation's legal and tax details in force when the note is
// issued (docs/decisions/026-organisation-settings.md), so the PDF is the same whenever it is drawn. Mailed once to the donor after the commit; a mail a crash left 'queued' is sent by
// mailQueuedNotes.

export const NOTE_PREFIX = `${RECEIPT_PREFIX}/CN`;

async function nextNoteNumber(tx: Tx, year: string): Promise<string> {
  const [row] = await tx
    .insert(refundNoteCounters)
    .values({ financialYear: year, lastNumber: 1 })
    .onConflictDoUpdate({ target: refundNoteCounters.financialYear, set: { lastNumber: sql`${refundNoteCounters.lastNumber} + 1` } })
    .returning({ lastNumber: refundNoteCounters.lastNumber });
  const sequence = row!.lastNumber;
  return `${NOTE_PREFIX}/${year}/${String(sequence).padStart(6, '0')}`;
}

/**
 * Issues the note of a refund that has just succeeded (the donation locked, its totals settled), unless it has one.
 * `refundedMinor` is the donation's refunded total after this refund.
 */
export async function issueNote(tx: Tx, donation: DonationRow, refund: RefundRow, refundedMinor: number, now = new Date()): Promise<RefundRow> {
  if (refund.noteNumber) return refund;
  const kind = refundedMinor >= donation.amountMinor ? 'cancellation' : 'credit';
  const [receipt] = await tx.select({ number: receipts.number, details: receipts.details }).from(receipts).where(eq(receipts.donationId, donation.id)).limit(1);
  const [campaign] = donation.campaignId === null ? [] : await tx.select({ title: campaigns.title }).from(campaigns).where(eq(campaigns.id, donation.campaignId)).limit(1);
  const frozen = receipt ? receiptInputFromDetails(receipt.details) : null;
  const addressLines = frozen
    ? [frozen.donor.address, [frozen.donor.city, frozen.donor.state, frozen.donor.pincode].filter(Boolean).join(', '), frozen.donor.country]
    : [donation.donorAddress, [donation.donorCity, donation.donorState, donation.donorPincode].filter(Boolean).join(', '), donation.donorCountry];
  // The note is a document of its own day: the organisation's legal and tax details in force now (the settings),
  // with the contact details the receipt gave the donor (else the built-in ones).
  const contact = frozen ? { email: frozen.organisation.email, phone: frozen.organisation.phone } : { email: ORGANISATION.email, phone: ORGANISATION.phones.main };
  const org = receiptOrganisationFromSettings(await currentOrganisationSettings(tx), contact);
  const number = await nextNoteNumber(tx, financialYear(now));
  const details: NoteDetails = {
    number,
    kind,
    issuedAt: now.toISOString(),
    receiptNumber: receipt?.number ?? null,
    donation: {
      id: donation.id,
      createdAt: donation.createdAt.toISOString(),
      amountMinor: donation.amountMinor,
      currency: donation.currency.toUpperCase(),
      campaignTitle: frozen?.donation.campaignTitle ?? campaign?.title ?? null,
      paymentIntentId: donation.paymentIntentId,
    },
    refund: { id: refund.id, amountMinor: refund.amountMinor, refundedMinor, remainingMinor: Math.max(0, donation.amountMinor - refundedMinor) },
    donor: {
      name: receiptText(frozen?.donor.fullName ?? donation.donorName ?? ''),
      email: donation.donorEmail,
      addressLines: addressLines.map((line) => receiptText(line ?? '')).filter((line) => line.length > 0),
    },
    organisation: {
      name: org.name,
      address: org.address,
      email: org.email,
      phone: org.phone,
      registration: org.registration,
      settingsVersion: org.settingsVersion,
      isDemo: org.isDemo,
      pan: org.pan,
      twelveANumber: org.twelveANumber,
      eightyGNumber: org.eightyGNumber,
      eightyGDate: org.eightyGDate,
      eightyGValidFrom: org.eightyGValidFrom,
      eightyGValidUntil: org.eightyGValidUntil,
      signatoryName: org.signatoryName,
      signatoryTitle: org.signatoryTitle,
      footer: org.footer,
    },
  };
  const [issued] = await tx
    .update(refunds)
    .set({
      noteNumber: number,
      noteKind: kind,
      noteIssuedAt: now,
      noteDetails: details as unknown as Record<string, unknown>,
      noteMailStatus: donation.donorEmail ? 'queued' : null,
    })
    .where(eq(refunds.id, refund.id))
    .returning();
  return issued!;
}

export async function noteAttachment(details: NoteDetails): Promise<MailAttachment> {
  return { filename: noteFileName(details.number), content: await renderNotePdf(details), contentType: 'application/pdf' };
}

export async function noteAttachmentsFor(db: Database, refundId: number): Promise<MailAttachment[]> {
  const [row] = await db.select({ details: refunds.noteDetails }).from(refunds).where(eq(refunds.id, refundId)).limit(1);
  if (!row?.details) throw new Error(`Refund ${refundId} has no note.`);
  return [await noteAttachment(row.details as unknown as NoteDetails)];
}

export interface NoteMailDeps {
  db: Database;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

/**
 * Mails a refund's note to the donor if its mail is still 'queued': claimed first ('queued' to 'pending' in one
 * UPDATE), so of two callers (the request's background task and the sweep) exactly one mails it.
 */
export async function mailNote(deps: NoteMailDeps, refundId: number): Promise<void> {
  const [claimed] = await deps.db
    .update(refunds)
    .set({ noteMailStatus: 'pending' })
    .where(and(eq(refunds.id, refundId), eq(refunds.noteMailStatus, 'queued')))
    .returning({ details: refunds.noteDetails });
  if (!claimed?.details) return;
  const details = claimed.details as unknown as NoteDetails;
  if (!details.donor.email) return;
  const mail = noteMail(details);
  const outcome = await deps.mailer.send({ to: details.donor.email, ...mail, attachments: [await noteAttachment(details)], refundId });
  await deps.db.update(refunds).set({ noteMailStatus: outcome.status }).where(eq(refunds.id, refundId));
  deps.log.info({ refundId, noteNumber: details.number, mailStatus: outcome.status }, 'refund note mailed');
}

/** Notes whose mail a crash left 'queued' (older than a minute): mailed now. Answers how many were tried. */
export async function mailQueuedNotes(deps: NoteMailDeps, now = new Date()): Promise<number> {
  const rows = await deps.db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.noteMailStatus, 'queued'), sql`${refunds.noteIssuedAt} < ${new Date(now.getTime() - 60_000).toISOString()}::timestamptz`))
    .limit(20);
  for (const row of rows) await mailNote(deps, row.id);
  return rows.length;
}

/** The mailer's report on a note's mail (a retry sent or failed): kept on the refund, as receipts keep theirs. */
export async function recordNoteMailStatus(db: Database, change: MailStatusChange): Promise<void> {
  if (!change.refundId) return;
  await db.update(refunds).set({ noteMailStatus: change.status }).where(eq(refunds.id, change.refundId));
}
