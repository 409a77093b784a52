import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/open.js';
import { campaigns, donations, organisation, receiptCounters, receipts, receiptTokens } from '../db/schema.js';
import type { Mailer } from '../mail/mailer.js';
import { renderReceiptPdf, type ReceiptInput } from '../receipts/pdf.js';
import { receiptMail } from '../receipts/receipt-mail.js';
import { receiptOrganisation } from '../receipts/receipt-text.js';
import { financialYear, formatReceiptNumber, receiptFileName } from './receipt-number.js';

// Receipts: issued once per donation with the next number of its financial year, frozen at issue time (the PDF
// is drawn again from the frozen details on every download), mailed once to the donor with the PDF attached, and
// downloadable only with an unguessable token.

const TOKEN_BYTES = 32; // 256 bits
export const RECEIPT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function hashReceiptToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export interface IssuedReceipt {
  id: number;
  number: string;
  /** A download token for this caller (the mail's own on creation). Never stored: only its SHA-256 is. */
  token: string;
  /** True for the request that issued the receipt: it, and only it, mails it. */
  created: boolean;
  input: ReceiptInput;
  donorEmail: string | null;
}

export class DonationNotFoundError extends Error {
  override readonly name = 'DonationNotFoundError';
}

/** The organisation as an admin keeps it (the organisation row), else the built-in details. */
async function organisationForReceipt(db: Database): Promise<ReceiptInput['organisation']> {
  const [row] = await db.select().from(organisation).where(eq(organisation.id, 1)).limit(1);
  if (!row) return receiptOrganisation();
  return {
    name: row.name,
    address: row.address,
    email: row.email,
    phone: row.phones.main,
    registration: `Registration No. ${row.registrationNumber}`,
    taxApprovals: [...row.taxApprovals],
  };
}

/** Details as stored (jsonb) back to the renderer's input: the two dates were written as ISO strings. */
export function receiptInputFromDetails(details: Record<string, unknown>): ReceiptInput {
  const input = details as unknown as ReceiptInput & { issuedAt: string; donation: { createdAt: string } };
  return {
    ...input,
    issuedAt: new Date(input.issuedAt),
    donation: { ...input.donation, createdAt: new Date(input.donation.createdAt) },
  };
}

async function mintToken(db: Database, receiptId: number): Promise<string> {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  await db.insert(receiptTokens).values({ receiptId, tokenHash: hashReceiptToken(token) });
  return token;
}

/**
 * Issues the donation's receipt, or answers the one it has (with a new download token). The donation row is
 * locked first, so two requests for one donation queue instead of both issuing; the financial year's counter
 * is incremented in the same transaction, so concurrent receipts never share a number and a failure leaves no
 * gap.
 */
export async function issueReceipt(db: Database, donationId: number, now = new Date()): Promise<IssuedReceipt> {
  return db.transaction(async (tx) => {
    const [donation] = await tx
      .select({ row: donations, campaignTitle: campaigns.title })
      .from(donations)
      .leftJoin(campaigns, eq(campaigns.id, donations.campaignId))
      .where(eq(donations.id, donationId))
      .for('update', { of: donations });
    if (!donation || donation.row.status !== 'completed') throw new DonationNotFoundError(`No completed donation ${donationId}.`);
    const d = donation.row;

    const [existing] = await tx.select().from(receipts).where(eq(receipts.donationId, d.id)).limit(1);
    if (existing) {
      return {
        id: existing.id,
        number: existing.number,
        token: await mintToken(tx, existing.id),
        created: false,
        input: receiptInputFromDetails(existing.details),
        donorEmail: d.donorEmail,
      };
    }

    // The financial year of the donation, not of the day the receipt is made: the deduction belongs to it.
    const year = financialYear(d.createdAt);
    const [counter] = await tx
      .insert(receiptCounters)
      .values({ financialYear: year, lastNumber: 1 })
      .onConflictDoUpdate({ target: receiptCounters.financialYear, set: { lastNumber: sql`${receiptCounters.lastNumber} + 1` } })
      .returning({ lastNumber: receiptCounters.lastNumber });
    const number = formatReceiptNumber(year, counter!.lastNumber);

    const input: ReceiptInput = {
      receiptNumber: number,
      issuedAt: now,
      donation: {
        id: d.id,
        amount: d.amount,
        currency: d.currency,
        amountInr: d.amountInr,
        donationType: d.donationType,
        paymentIntentId: d.paymentIntentId ?? '',
        createdAt: d.createdAt,
        campaignTitle: donation.campaignTitle,
      },
      donor: {
        fullName: d.donorName ?? '',
        email: d.donorEmail ?? '',
        mobile: d.donorMobile ?? '',
        panNumber: d.donorPan,
        address: d.donorAddress ?? '',
        city: d.donorCity ?? '',
        state: d.donorState ?? '',
        pincode: d.donorPincode ?? '',
        country: d.donorCountry ?? '',
        countryCode: d.donorCountryCode ?? '',
      },
      organisation: await organisationForReceipt(tx),
    };
    const [receipt] = await tx
      .insert(receipts)
      .values({
        number,
        financialYear: year,
        sequence: counter!.lastNumber,
        donationId: d.id,
        details: JSON.parse(JSON.stringify(input)) as Record<string, unknown>,
        issuedAt: now,
      })
      .returning({ id: receipts.id });
    await tx.update(donations).set({ receiptNumber: number }).where(eq(donations.id, d.id));
    return { id: receipt!.id, number, token: await mintToken(tx, receipt!.id), created: true, input, donorEmail: d.donorEmail };
  });
}

/** Where a receipt can be downloaded with its token: server-relative, as the API answers it. */
export function receiptDownloadPath(number: string, token: string): string {
  return `/api/invoices/${encodeURIComponent(number)}/download?token=${token}`;
}

/**
 * Mails a newly issued receipt to the donor, the PDF attached and a download link in the text, and records how
 * the mail went on the receipt. Never throws: the receipt exists whatever the mail server does (the outbox shows
 * staff what happened).
 */
export async function mailReceipt(
  deps: { db: Database; mailer: Mailer; log: FastifyBaseLogger; publicBaseUrl: string },
  issued: IssuedReceipt,
): Promise<void> {
  const { db, mailer, log, publicBaseUrl } = deps;
  if (!issued.donorEmail) {
    log.warn({ receipt: issued.number }, 'receipt not mailed: the donation has no donor email');
    return;
  }
  try {
    const pdf = await renderReceiptPdf(issued.input);
    const mail = receiptMail(issued.input, { downloadUrl: `${publicBaseUrl}${receiptDownloadPath(issued.number, issued.token)}` });
    const outcome = await mailer.send({
      to: issued.donorEmail,
      ...mail,
      attachments: [{ filename: receiptFileName(issued.number), content: pdf, contentType: 'application/pdf' }],
    });
    await db.update(receipts).set({ mailOutboxId: outcome.outboxId, mailStatus: outcome.status }).where(eq(receipts.id, issued.id));
  } catch (error) {
    log.error({ err: error, receipt: issued.number }, 'could not mail a receipt');
    await db
      .update(receipts)
      .set({ mailStatus: 'failed' })
      .where(eq(receipts.id, issued.id))
      .catch(() => {});
  }
}
