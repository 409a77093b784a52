import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, lte, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/open.js';
import { prepared, preparedSql } from '../db/prepared.js';
import { campaigns, donations, mailOutbox, organisation, organisationSettings, receiptCounters, receipts, receiptTokens } from '../db/schema.js';
import type { MailAttachment, Mailer, MailMessage, MailOutcome, MailStatusChange } from '../mail/mailer.js';
import type { ReceiptInput } from './pdf.js';
import { drawReceiptPdf } from './pdf-thread.js';
import { receiptMail } from './receipt-mail.js';
import { manageUrl } from '../recurring/mails.js';
import { mintGiftLink } from '../recurring/repository.js';
import { versionJson } from '../settings/repository.js';
import { receiptOrganisationFromSettings } from './receipt-text.js';
import { financialYear, RECEIPT_PREFIX, receiptFileName } from './receipt-number.js';

// Receipts: issued once per donation with the next number of its financial year, frozen at issue time (the PDF
// is drawn again from the frozen details on every download), mailed once to the donor with the PDF attached, and
// downloadable only with an unguessable token. The receipts module is the only writer of the receipts table: the
// mailer reports how a receipt's mail went, and recordReceiptMailStatus keeps it on the receipt.

const TOKEN_BYTES = 32; // 256 bits
export const RECEIPT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function hashReceiptToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export interface IssuedReceipt {
  id: number;
  number: string;
  /** A download token for this caller (the mail gets one of its own). Never stored: only its SHA-256 is. */
  token: string;
  /** True for the request that issued the receipt: it, and only it, mails it. */
  created: boolean;
  input: ReceiptInput;
  donorEmail: string | null;
}

export class DonationNotFoundError extends Error {
  override readonly name = 'DonationNotFoundError';
}

/**
 * What a new receipt freezes of the organisation (docs/decisions/026-organisation-settings.md): the legal and tax
 * details of the settings version in force (the demonstration values, marked so, when none was ever saved) and the
 * contact details of the organisation row (else the built-in ones).
 */
function organisationForReceipt(
  row: typeof organisation.$inferSelect | null,
  settings: typeof organisationSettings.$inferSelect | null,
): ReceiptInput['organisation'] {
  return receiptOrganisationFromSettings(versionJson(settings), row ? { email: row.email, phone: row.phones.main } : undefined);
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

/** A unique constraint refusing a write (PostgreSQL 23505), whether drizzle wrapped the driver's error or not. */
function isUniqueViolation(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; depth < 5 && typeof e === 'object' && e !== null; depth += 1) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * The donation as a receipt needs it, with its receipt if it has one, the organisation row (one row, id 1) and the
 * newest organisation settings version, whose details a new receipt freezes: one round trip instead of three on the
 * path of every new receipt.
 */
async function donationForReceipt(db: Database, donationId: number) {
  const [row] = await prepared(db, 'donation_for_receipt', () =>
    db
      .select({ row: donations, campaignTitle: campaigns.title, receipt: receipts, organisation, settings: organisationSettings })
      .from(donations)
      .leftJoin(campaigns, eq(campaigns.id, donations.campaignId))
      .leftJoin(receipts, eq(receipts.donationId, donations.id))
      .leftJoin(organisation, eq(organisation.id, 1))
      .leftJoin(organisationSettings, eq(organisationSettings.id, sql`(select max(s.id) from ${organisationSettings} s)`))
      .where(eq(donations.id, sql.placeholder('donationId')))
      .limit(1)
      .prepare('donation_for_receipt'),
  ).execute({ donationId });
  return row ?? null;
}

/**
 * Numbers and records a receipt in ONE statement (so one implicit transaction, one round trip): the financial
 * year's counter is incremented only when the donation is completed and has no receipt yet, and the receipt, the
 * caller's download token and the donation's receipt_number are written with it. The counter row is the one
 * thing every receipt of a year waits on; held for a single statement, not for a transaction with round trips
 * in it, receipts no longer queue behind each other (bench/README.md). Gap-free as before: if anything in the
 * statement fails (a concurrent issue for the same donation hits receipts.donation_id's unique index), the whole
 * statement, counter included, is rolled back. Answers null when the donation was not eligible.
 */
async function insertNumberedReceipt(
  db: Database,
  args: { donationId: number; year: string; details: Record<string, unknown>; issuedAt: Date; tokenHash: string; mailStatus: string | null },
): Promise<{ id: number; number: string; sequence: number } | null> {
  const { donationId, year, details, issuedAt, tokenHash, mailStatus } = args;
  const prefix = `${RECEIPT_PREFIX}/${year}/`;
  const statement = preparedSql(
    db,
    'receipt_insert_numbered',
    () => sql`
    with eligible as (
      select d.id from ${donations} d
      where d.id = ${sql.placeholder('donationId')}::int and d.status = 'completed'
        and not exists (select 1 from ${receipts} r where r.donation_id = d.id)
    ), counter as (
      insert into ${receiptCounters} (financial_year, last_number)
      select ${sql.placeholder('year')}::text, 1 from eligible
      on conflict (financial_year) do update set last_number = ${receiptCounters}.last_number + 1
      returning last_number
    ), numbered as (
      -- formatReceiptNumber in SQL: six digits, more when a year needs them.
      select last_number as sequence,
             ${sql.placeholder('prefix')}::text || lpad(last_number::text, greatest(6, length(last_number::text)), '0') as number
      from counter
    ), receipt as (
      insert into ${receipts} (number, financial_year, sequence, donation_id, details, issued_at, mail_status)
      select number, ${sql.placeholder('year')}::text, sequence, ${sql.placeholder('donationId')}::int,
             jsonb_set(${sql.placeholder('details')}::jsonb, '{receiptNumber}', to_jsonb(number)),
             ${sql.placeholder('issuedAt')}::timestamptz, ${sql.placeholder('mailStatus')}::text
      from numbered
      returning id, number, sequence
    ), token as (
      insert into ${receiptTokens} (receipt_id, token_hash) select id, ${sql.placeholder('tokenHash')}::text from receipt
    ), donation as (
      update ${donations} set receipt_number = receipt.number from receipt where ${donations}.id = ${sql.placeholder('donationId')}::int
    )
    select id, number, sequence from receipt
  `,
  );
  const result = await statement.execute({
    donationId,
    year,
    prefix,
    details: JSON.stringify(details),
    issuedAt: issuedAt.toISOString(),
    mailStatus,
    tokenHash,
  });
  // Both drivers answer { rows }; numbers may come back as text (PGlite and pg differ on int4 from a CTE).
  const [row] = (result as unknown as { rows: Array<{ id: number | string; number: string; sequence: number | string }> }).rows;
  return row ? { id: Number(row.id), number: row.number, sequence: Number(row.sequence) } : null;
}

/**
 * Issues the donation's receipt, or answers the one it has (with a new download token). The number is the next of
 * the donation's financial year, taken in a single statement (insertNumberedReceipt): concurrent receipts never
 * share a number, a failure leaves no gap, and two requests for one donation get one receipt. The receipt is issued
 * with its mail 'queued' (when the donor gave an email): the mail is composed and sent after the answer
 * (mailReceipt), and a queued mail a crash left behind is composed by the mail sweep (mailQueuedReceipts).
 */
export async function issueReceipt(db: Database, donationId: number, now = new Date()): Promise<IssuedReceipt> {
  return (await issueOrAnswer(db, donationId, now, true))!;
}

/**
 * Issues the donation's receipt if it has none yet; answers null when it already has one (no download token is
 * minted for it: nobody asked). The receipt sweep's way in (missing-receipts.ts): of two sweeps (or a sweep and the
 * request's own path) issuing for one donation at once, exactly one gets the receipt back, and only it mails it.
 */
export async function issueMissingReceipt(db: Database, donationId: number, now = new Date()): Promise<IssuedReceipt | null> {
  return issueOrAnswer(db, donationId, now, false);
}

async function issueOrAnswer(db: Database, donationId: number, now: Date, answerExisting: boolean): Promise<IssuedReceipt | null> {
  for (let attempt = 0; ; attempt += 1) {
    const found = await donationForReceipt(db, donationId);
    if (!found || found.row.status !== 'completed') throw new DonationNotFoundError(`No completed donation ${donationId}.`);
    const d = found.row;
    if (found.receipt) {
      if (!answerExisting) return null;
      return {
        id: found.receipt.id,
        number: found.receipt.number,
        token: await mintToken(db, found.receipt.id),
        created: false,
        input: receiptInputFromDetails(found.receipt.details),
        donorEmail: d.donorEmail,
      };
    }

    // The financial year of the donation, not of the day the receipt is made: the deduction belongs to it.
    const year = financialYear(d.createdAt);
    const input: ReceiptInput = {
      receiptNumber: '', // set by the statement that numbers it
      issuedAt: now,
      donation: {
        id: d.id,
        amount: d.amount,
        currency: d.currency,
        amountInr: d.amountInr,
        donationType: d.donationType,
        paymentIntentId: d.paymentIntentId ?? '',
        createdAt: d.createdAt,
        campaignTitle: found.campaignTitle,
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
      organisation: organisationForReceipt(found.organisation, found.settings),
    };
    const token = randomBytes(TOKEN_BYTES).toString('base64url');
    let inserted: Awaited<ReturnType<typeof insertNumberedReceipt>>;
    try {
      inserted = await insertNumberedReceipt(db, {
        donationId: d.id,
        year,
        details: JSON.parse(JSON.stringify(input)) as Record<string, unknown>,
        issuedAt: now,
        tokenHash: hashReceiptToken(token),
        mailStatus: d.donorEmail?.trim() ? 'queued' : null,
      });
    } catch (error) {
      // Another request issued this donation's receipt in the same moment: its statement won, answer its receipt.
      if (!isUniqueViolation(error) || attempt > 0) throw error;
      continue;
    }
    // Not eligible any more between the read and the statement (issued meanwhile, or no longer completed): read again.
    if (!inserted) {
      if (attempt > 0) throw new DonationNotFoundError(`No completed donation ${donationId}.`);
      continue;
    }
    return {
      id: inserted.id,
      number: inserted.number,
      token,
      created: true,
      input: { ...input, receiptNumber: inserted.number },
      donorEmail: d.donorEmail,
    };
  }
}

/** The completed donation `donationId` if it was paid with intent `intentId` (the caller's proof of paying), else null. */
export async function findPaidDonation(db: Database, donationId: number, intentId: string): Promise<{ id: number } | null> {
  const [donation] = await db
    .select({ id: donations.id })
    .from(donations)
    .where(and(eq(donations.id, donationId), eq(donations.paymentIntentId, intentId), eq(donations.status, 'completed')))
    .limit(1);
  return donation ?? null;
}

/** Receipt `number` if `token` is one of its download tokens (only the token's hash is stored), else null. */
export async function receiptByToken(db: Database, number: string, token: string): Promise<{ number: string; input: ReceiptInput } | null> {
  const [receipt] = await db
    .select({ number: receipts.number, details: receipts.details })
    .from(receiptTokens)
    .innerJoin(receipts, eq(receipts.id, receiptTokens.receiptId))
    .where(and(eq(receiptTokens.tokenHash, hashReceiptToken(token)), eq(receipts.number, number)))
    .limit(1);
  return receipt ? { number: receipt.number, input: receiptInputFromDetails(receipt.details) } : null;
}

/** Where a receipt can be downloaded with its token: server-relative, as the API answers it. */
export function receiptDownloadPath(number: string, token: string): string {
  return `/api/invoices/${encodeURIComponent(number)}/download?token=${token}`;
}

export interface ReceiptMailDeps {
  db: Database;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicBaseUrl: string;
}

/** The receipt's PDF as a mail attachment, drawn from its frozen details. */
export async function receiptAttachment(input: ReceiptInput): Promise<MailAttachment> {
  return { filename: receiptFileName(input.receiptNumber), content: await drawReceiptPdf(input), contentType: 'application/pdf' };
}

/** The PDF of a mail that carries receipt `receiptId`, drawn again (a mail sent again by the retry sweep). */
export async function receiptAttachmentsFor(db: Database, receiptId: number): Promise<MailAttachment[]> {
  const [receipt] = await db.select({ details: receipts.details }).from(receipts).where(eq(receipts.id, receiptId)).limit(1);
  if (!receipt) throw new Error(`Receipt ${receiptId} no longer exists.`);
  return [await receiptAttachment(receiptInputFromDetails(receipt.details))];
}

/**
 * Composes the receipt's mail (a fresh download link, the PDF attached) and records it in mail_outbox in one
 * transaction with the receipt's mail_outbox_id and status, then sends it. `queuedOnly`: only if the receipt's
 * mail is still 'queued' (the first mailing: whoever claims it first, the request's own background task or the
 * sweep, mails it, the other does nothing); otherwise a new mail whatever was sent before (the admin's resend).
 * Answers the mail's outcome, or null when there was nothing to do. Throws only when the database fails.
 */
async function composeAndSend(deps: ReceiptMailDeps, receiptId: number, queuedOnly: boolean): Promise<MailOutcome | null> {
  const { db, mailer, log, publicBaseUrl } = deps;
  const [receipt] = await db
    .select({
      id: receipts.id,
      number: receipts.number,
      details: receipts.details,
      mailStatus: receipts.mailStatus,
      donorEmail: donations.donorEmail,
      recurringGiftId: donations.recurringGiftId,
    })
    .from(receipts)
    .innerJoin(donations, eq(donations.id, receipts.donationId))
    .where(eq(receipts.id, receiptId))
    .limit(1);
  if (!receipt || (queuedOnly && receipt.mailStatus !== 'queued')) return null;
  if (!receipt.donorEmail?.trim()) {
    log.warn({ receipt: receipt.number }, 'receipt not mailed: the donation has no donor email');
    return null;
  }
  // Drawn before the transaction: the PDF takes milliseconds of CPU, the transaction holds a connection.
  const input = receiptInputFromDetails(receipt.details);
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  const attachments = [await receiptAttachment(input)];
  let sent: MailMessage | null = null;

  const recorded = await db.transaction(async (tx) => {
    // A monthly gift's payment carries a fresh management link (the donor's key to change or stop the gift).
    const gift = receipt.recurringGiftId === null ? null : await mintGiftLink(tx, receipt.recurringGiftId);
    const mail = receiptMail(input, {
      downloadUrl: `${publicBaseUrl}${receiptDownloadPath(receipt.number, token)}`,
      manageUrl: gift ? manageUrl(publicBaseUrl, gift.token) : null,
    });
    const message: MailMessage = { to: receipt.donorEmail!, ...mail, attachments, receiptId: receipt.id };
    const [claimed] = await tx
      .update(receipts)
      .set({ mailStatus: mailer.delivers ? 'pending' : 'stored' })
      .where(queuedOnly ? and(eq(receipts.id, receipt.id), eq(receipts.mailStatus, 'queued')) : eq(receipts.id, receipt.id))
      .returning({ id: receipts.id });
    if (!claimed) return null;
    await tx.insert(receiptTokens).values({ receiptId: receipt.id, tokenHash: hashReceiptToken(token) });
    const queued = await mailer.enqueue(tx, message);
    sent = message;
    await tx.update(receipts).set({ mailOutboxId: queued.outboxId, mailStatus: queued.status }).where(eq(receipts.id, receipt.id));
    // A newer mail replaces an older one still waiting for a retry: the donor gets this one, not both.
    await tx
      .update(mailOutbox)
      .set({ nextAttemptAt: null })
      .where(and(eq(mailOutbox.receiptId, receipt.id), eq(mailOutbox.status, 'failed'), ne(mailOutbox.id, queued.outboxId)));
    return queued;
  });
  if (!recorded || !sent) return null;
  if (!mailer.delivers) {
    log.info({ outboxId: recorded.outboxId, receipt: receipt.number }, 'no SMTP_URL: mail kept in the outbox');
    return recorded;
  }
  return mailer.deliver(recorded.outboxId, sent);
}

/**
 * Mails a newly issued receipt (its mail 'queued') to the donor, the PDF attached and a download link in the text,
 * and records how the mail went on the receipt. Never throws: the receipt exists whatever the mail server does
 * (the outbox shows staff what happened, a failed delivery is tried again, and a mail left queued by a failure
 * here is picked up by the sweep).
 */
export async function mailReceipt(deps: ReceiptMailDeps, issued: Pick<IssuedReceipt, 'id' | 'number'>): Promise<void> {
  // On the mailer's quiet queue: drawing the PDF waits while donors' requests keep the process busy.
  await deps.mailer.whenQuiet(async () => {
    try {
      await composeAndSend(deps, issued.id, true);
    } catch (error) {
      deps.log.error({ err: error, receipt: issued.number }, 'could not mail a receipt; it stays queued for the mail sweep');
    }
  });
}

/** The admin's "send again": a new mail of the receipt, awaited. Answers the outcome (null: no donor email). */
export async function mailReceiptAgain(deps: ReceiptMailDeps, receiptId: number): Promise<MailOutcome | null> {
  return composeAndSend(deps, receiptId, false);
}

/**
 * The sweep's half for receipts: mails receipts still 'queued' that were issued more than `olderThanMs` ago (the
 * request's own background task had its chance; a crash or a database outage in between left them). Answers how
 * many it mailed.
 */
export async function mailQueuedReceipts(deps: ReceiptMailDeps, { olderThanMs = 60_000, limit = 20, now = new Date() } = {}): Promise<number> {
  const due = await deps.db
    .select({ id: receipts.id, number: receipts.number })
    .from(receipts)
    .where(and(eq(receipts.mailStatus, 'queued'), lte(receipts.issuedAt, new Date(now.getTime() - olderThanMs))))
    .orderBy(asc(receipts.issuedAt))
    .limit(limit);
  let mailed = 0;
  for (const receipt of due) {
    await deps.mailer.whenQuiet(async () => {
      try {
        if (await composeAndSend(deps, receipt.id, true)) mailed += 1;
      } catch (error) {
        deps.log.error({ err: error, receipt: receipt.number }, 'could not mail a queued receipt; the next sweep tries again');
      }
    });
  }
  return mailed;
}

/**
 * The mailer's report of a mail's new status (plugins/mail.ts hands this to createMailer): a mail that carries a
 * receipt shows on the receipt, as long as it is the receipt's current mail (an older mail of the same receipt,
 * sent again, does not overwrite the newer one's status).
 */
export async function recordReceiptMailStatus(db: Database, change: MailStatusChange): Promise<void> {
  if (change.receiptId === null) return;
  await db
    .update(receipts)
    .set({ mailStatus: change.status })
    .where(and(eq(receipts.id, change.receiptId), eq(receipts.mailOutboxId, change.outboxId)));
}
