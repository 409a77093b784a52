import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  financialYearDays,
  financialYearLabel,
  organisationDayEnd,
  organisationDayStart,
  TAX_YEAR_MESSAGES,
  type CertificateMatch,
  type CertificateUploadResult,
} from '@charity/domain';
import { and, desc, eq, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/open.js';
import { donations, mailOutbox, taxCertificates } from '../db/schema.js';
import type { MailAttachment, Mailer, MailMessage, MailStatusChange } from '../mail/mailer.js';
import { currentOrganisationSettings } from '../settings/repository.js';
import type { CertificateStore } from './certificate-files.js';
import { extractPdfText, looksLikePdf, otherYearOf, parseCertificateText, UnreadablePdf } from './certificate-text.js';
import { readCertificateZip, ZipRefused, type ZipEntry } from './certificate-zip.js';

// Form 10BE certificates (docs/decisions/028-form-10be-certificates.md). After Form 10BD is filed the
// income-tax portal generates one certificate per donor; staff download them as a ZIP and upload it here. Each PDF is
// read, matched to the year's donor by the PAN it names, and kept (DATA_DIR/certificates, never public); staff then
// mail every certificate not yet sent to its donor, the PDF attached.
//
// An upload is all or nothing: the files are written under new names first, then one transaction records them (a
// certificate for a PAN that already had one replaces it, and its mail status is reset so the new one is sent);
// if anything fails the new files are removed, and the files they replaced are removed only after the commit.
// Uploads and sends of one year take the same transaction-scoped advisory lock, so two sends never mail one donor
// twice and a send never mails a certificate an upload is replacing.

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type CertificateRow = typeof taxCertificates.$inferSelect;

/** A request the route answers with 400 (or 413) and a sentence, before anything is written. */
export class CertificateUploadRefusal extends Error {
  override readonly name = 'CertificateUploadRefusal';
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

/** The lock of one year's certificates (hashtext: the same key on PostgreSQL and PGlite). */
async function lockYear(tx: Tx, year: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`tax-certificates:${year}`}))`);
}

export interface YearDonor {
  email: string;
  name: string;
}

/**
 * The year's donors by PAN: completed donations made in the financial year (the organisation's calendar) that carry
 * a PAN and an email. A PAN used with several addresses is the latest donation's (lowercased, as everywhere).
 */
export async function yearDonorsByPan(db: Database | Tx, year: string): Promise<Map<string, YearDonor>> {
  const days = financialYearDays(year);
  const rows = await db
    .select({ pan: sql<string>`upper(${donations.donorPan})`, email: sql<string>`lower(${donations.donorEmail})`, name: donations.donorName })
    .from(donations)
    .where(
      and(
        eq(donations.status, 'completed'),
        isNotNull(donations.donorPan),
        isNotNull(donations.donorEmail),
        sql`${donations.createdAt} >= ${organisationDayStart(days.from).toISOString()}::timestamptz`,
        sql`${donations.createdAt} < ${organisationDayEnd(days.to).toISOString()}::timestamptz`,
      ),
    )
    .orderBy(desc(donations.createdAt), desc(donations.id));
  const donors = new Map<string, YearDonor>();
  for (const row of rows) if (!donors.has(row.pan)) donors.set(row.pan, { email: row.email, name: row.name ?? '' });
  return donors;
}

/** The name shown for an entry: its path in the archive, one line of printable text, of sane length. */
function shownName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const line = name.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();
  return line.length > 200 ? `${line.slice(0, 199)}…` : line || '(no name)';
}

function baseName(name: string): string {
  return shownName(name.split('/').pop() ?? name);
}

interface Kept {
  match: CertificateMatch;
  pan: string;
  email: string;
  acknowledgementNumber: string;
  fileName: string;
  data: Uint8Array;
  storageKey?: string;
}

function outcome(fileName: string, kind: CertificateMatch['outcome'], reason: string | null, facts: Partial<Pick<CertificateMatch, 'pan' | 'acknowledgement_number'>> = {}): CertificateMatch {
  return { file_name: fileName, outcome: kind, donor_email: null, pan: facts.pan ?? null, acknowledgement_number: facts.acknowledgement_number ?? null, reason };
}

/** One entry of the archive: what it is and whom it belongs to (nothing written). */
async function classify(
  entry: ZipEntry,
  context: { year: string; organisationPan: string; donors: Map<string, YearDonor> },
): Promise<{ match: CertificateMatch; kept?: Omit<Kept, 'match'> }> {
  const fileName = shownName(entry.name);
  if (!entry.data) return { match: outcome(fileName, 'rejected', TAX_YEAR_MESSAGES.fileUnreadable) };
  if (!looksLikePdf(entry.data)) return { match: outcome(fileName, 'rejected', TAX_YEAR_MESSAGES.fileNotPdf) };
  let text: string;
  try {
    text = await extractPdfText(entry.data);
  } catch (error) {
    if (error instanceof UnreadablePdf) return { match: outcome(fileName, 'rejected', TAX_YEAR_MESSAGES.fileUnreadable) };
    throw error;
  }
  const facts = parseCertificateText(text, { organisationPan: context.organisationPan, fileName: entry.name });
  const shown = { pan: facts.pan, acknowledgement_number: facts.acknowledgementNumber };
  const otherYear = otherYearOf(facts, context.year);
  if (otherYear) return { match: outcome(fileName, 'rejected', TAX_YEAR_MESSAGES.wrongYear(otherYear), shown) };
  if (!facts.pan) {
    return { match: outcome(fileName, 'unmatched', facts.aadhaar ? TAX_YEAR_MESSAGES.noDonorForAadhaar : TAX_YEAR_MESSAGES.noPanInFile, shown) };
  }
  if (!facts.acknowledgementNumber) return { match: outcome(fileName, 'unmatched', TAX_YEAR_MESSAGES.noAckInFile, shown) };
  const donor = context.donors.get(facts.pan);
  if (!donor) return { match: outcome(fileName, 'unmatched', TAX_YEAR_MESSAGES.noDonorForPan, shown) };
  return {
    match: { ...outcome(fileName, 'matched', null, shown), donor_email: donor.email },
    kept: { pan: facts.pan, email: donor.email, acknowledgementNumber: facts.acknowledgementNumber, fileName: baseName(entry.name), data: entry.data },
  };
}

export interface UploadDeps {
  db: Database;
  files: CertificateStore;
  log: FastifyBaseLogger;
}

/**
 * Reads a ZIP of 10BE certificates for `year` and keeps the matched ones. Throws CertificateUploadRefusal (nothing
 * written) when the file is not a usable ZIP of certificates; anything else unexpected leaves nothing behind either.
 */
export async function uploadCertificates(
  deps: UploadDeps,
  input: { year: string; zip: Uint8Array; uploadedBy: string | null },
): Promise<{ message: string; result: CertificateUploadResult }> {
  let entries: ZipEntry[];
  try {
    entries = readCertificateZip(input.zip);
  } catch (error) {
    if (error instanceof ZipRefused) throw new CertificateUploadRefusal(400, error.reason === 'empty' ? TAX_YEAR_MESSAGES.zipEmpty : TAX_YEAR_MESSAGES.zipInvalid);
    throw error;
  }
  const { settings } = await currentOrganisationSettings(deps.db);
  const donors = await yearDonorsByPan(deps.db, input.year);
  const context = { year: input.year, organisationPan: settings.pan, donors };

  const matches: CertificateMatch[] = [];
  // By PAN: a second file for one donor in the same archive replaces the first (the later file is kept).
  const kept = new Map<string, Kept>();
  for (const entry of entries) {
    // Reading a PDF is tens of milliseconds of CPU with no I/O to wait on: other requests get a turn between files.
    await nextTurn();
    const { match, kept: file } = await classify(entry, context);
    matches.push(match);
    if (file) {
      const earlier = kept.get(file.pan);
      if (earlier) match.outcome = 'replaced';
      kept.set(file.pan, { ...file, match });
    }
  }
  // Every matched file is held in memory; drop the archive's other entries before writing.
  entries.length = 0;

  const written: string[] = [];
  let replacedKeys: string[] = [];
  try {
    for (const file of kept.values()) {
      file.storageKey = await deps.files.save(input.year, file.pan, file.data);
      written.push(file.storageKey);
    }
    if (kept.size > 0) {
      replacedKeys = await deps.db.transaction(async (tx) => {
        await lockYear(tx, input.year);
        const pans = [...kept.keys()];
        const existing = await tx
          .select({ pan: taxCertificates.pan, storageKey: taxCertificates.storageKey })
          .from(taxCertificates)
          .where(and(eq(taxCertificates.financialYear, input.year), inArray(taxCertificates.pan, pans)));
        for (const row of existing) kept.get(row.pan)!.match.outcome = 'replaced';
        const now = new Date();
        for (const file of kept.values()) {
          const values = {
            donorEmail: file.email,
            acknowledgementNumber: file.acknowledgementNumber,
            fileName: file.fileName,
            storageKey: file.storageKey!,
            uploadedBy: input.uploadedBy,
            uploadedAt: now,
            // A new certificate has not been sent, whatever happened to the one it replaces.
            mailOutboxId: null,
            mailStatus: null,
            sentAt: null,
          };
          await tx
            .insert(taxCertificates)
            .values({ financialYear: input.year, pan: file.pan, ...values })
            .onConflictDoUpdate({ target: [taxCertificates.financialYear, taxCertificates.pan], set: values });
        }
        return existing.map((row) => row.storageKey);
      });
    }
  } catch (error) {
    await removeQuietly(deps, written);
    throw error;
  }
  await removeQuietly(deps, replacedKeys);

  const result: CertificateUploadResult = {
    financial_year: input.year,
    matched: matches.filter((m) => m.outcome === 'matched' || m.outcome === 'replaced').length,
    unmatched: matches.filter((m) => m.outcome === 'unmatched').length,
    rejected: matches.filter((m) => m.outcome === 'rejected').length,
    files: matches,
  };
  deps.log.info({ year: input.year, matched: result.matched, unmatched: result.unmatched, rejected: result.rejected }, 'Form 10BE certificates uploaded');
  return { message: TAX_YEAR_MESSAGES.certificatesUploaded(result.matched, result.unmatched + result.rejected), result };
}

/** Best effort: a file that cannot be removed is logged, and never turns a finished upload into an error. */
async function removeQuietly(deps: UploadDeps, keys: readonly string[]): Promise<void> {
  for (const key of keys) {
    try {
      await deps.files.remove(key);
    } catch (error) {
      deps.log.warn({ err: error, key }, 'could not remove a certificate file');
    }
  }
}

// ---- Sending ----

export function certificateFileName(year: string, pan: string): string {
  return `Form-10BE-${year}-${pan}.pdf`;
}

export function certificateMail(input: { year: string; legalName: string; donorName: string; pan: string; acknowledgementNumber: string }): { subject: string; text: string } {
  const subject = `Your Form 10BE certificate for ${input.year} — ${input.legalName}`.replace(/[\r\n]+/g, ' ');
  const text = [
    `Dear ${input.donorName.trim() || 'friend'},`,
    '',
    `Thank you for your donations to ${input.legalName} in the financial year ${input.year} (${financialYearLabel(input.year)}).`,
    '',
    `Attached is your certificate of donation in Form No. 10BE. The income-tax portal generated it from the statement of donations (Form 10BD) we filed for the year. Keep it with your tax papers: it is what you need to claim the deduction under section 80G of the Income-tax Act in your income-tax return for that year.`,
    '',
    `PAN: ${input.pan}`,
    `Acknowledgement number of the statement: ${input.acknowledgementNumber}`,
    '',
    input.legalName,
  ].join('\n');
  return { subject, text };
}

export interface SendDeps {
  db: Database;
  mailer: Mailer;
  files: CertificateStore;
  log: FastifyBaseLogger;
}

/**
 * Mails every certificate of `year` that has not been sent (never mailed, or its mail failed) to its donor, the PDF
 * attached. The mails are recorded in the outbox in the transaction that marks the certificates, under the year's
 * lock: a second send, at once or later, finds nothing left. Answers how many were queued.
 */
export async function sendCertificates(deps: SendDeps, year: string): Promise<number> {
  const { settings } = await currentOrganisationSettings(deps.db);
  const donors = await yearDonorsByPan(deps.db, year);
  const queued = await deps.db.transaction(async (tx) => {
    await lockYear(tx, year);
    const rows = await tx
      .select()
      .from(taxCertificates)
      .where(and(eq(taxCertificates.financialYear, year), or(isNull(taxCertificates.mailStatus), eq(taxCertificates.mailStatus, 'failed'))))
      .orderBy(taxCertificates.id);
    const mails: Array<{ outboxId: number; message: MailMessage }> = [];
    for (const row of rows) {
      const pdf = await deps.files.read(row.storageKey);
      if (!pdf) {
        deps.log.error({ certificateId: row.id }, 'a Form 10BE certificate file is missing; it was not mailed');
        continue;
      }
      const mail = certificateMail({
        year,
        legalName: settings.legal_name,
        donorName: donors.get(row.pan)?.name ?? '',
        pan: row.pan,
        acknowledgementNumber: row.acknowledgementNumber,
      });
      const message: MailMessage = {
        to: row.donorEmail,
        ...mail,
        attachments: [{ filename: certificateFileName(year, row.pan), content: pdf, contentType: 'application/pdf' }],
        taxCertificateId: row.id,
      };
      const recorded = await deps.mailer.enqueue(tx, message);
      await tx
        .update(taxCertificates)
        .set({ mailOutboxId: recorded.outboxId, mailStatus: recorded.status, sentAt: new Date() })
        .where(eq(taxCertificates.id, row.id));
      // A failed mail of this certificate still waiting for a retry is replaced by this one: the donor gets one.
      await tx
        .update(mailOutbox)
        .set({ nextAttemptAt: null })
        .where(and(eq(mailOutbox.taxCertificateId, row.id), eq(mailOutbox.status, 'failed'), ne(mailOutbox.id, recorded.outboxId)));
      mails.push({ outboxId: recorded.outboxId, message });
    }
    return mails;
  });
  if (deps.mailer.delivers) for (const mail of queued) void deps.mailer.deliver(mail.outboxId, mail.message);
  deps.log.info({ year, queued: queued.length }, 'Form 10BE certificates mailed');
  return queued.length;
}

/** The attachment of a certificate's mail sent again: the stored PDF (plugins/mail.ts, rebuildAttachments). */
export async function certificateAttachmentsFor(db: Database, certificateId: number, files: CertificateStore): Promise<MailAttachment[]> {
  const [row] = await db.select().from(taxCertificates).where(eq(taxCertificates.id, certificateId)).limit(1);
  if (!row) throw new Error(`Form 10BE certificate ${certificateId} does not exist.`);
  const pdf = await files.read(row.storageKey);
  if (!pdf) throw new Error(`The file of Form 10BE certificate ${certificateId} is missing.`);
  return [{ filename: certificateFileName(row.financialYear, row.pan), content: pdf, contentType: 'application/pdf' }];
}

/** The mailer's report on a certificate's mail: kept on the certificate while that mail is its current one. */
export async function recordCertificateMailStatus(db: Database, change: MailStatusChange): Promise<void> {
  if (!change.taxCertificateId) return;
  await db
    .update(taxCertificates)
    .set({ mailStatus: change.status })
    .where(and(eq(taxCertificates.id, change.taxCertificateId), eq(taxCertificates.mailOutboxId, change.outboxId)));
}

/** One certificate by year and PAN (the download), or null. */
export async function findCertificate(db: Database, year: string, pan: string): Promise<CertificateRow | null> {
  const [row] = await db
    .select()
    .from(taxCertificates)
    .where(and(eq(taxCertificates.financialYear, year), eq(taxCertificates.pan, pan)))
    .limit(1);
  return row ?? null;
}
