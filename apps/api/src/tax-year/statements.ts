import { createHash, randomBytes } from 'node:crypto';
import { isValidPan, STATEMENT_LINK_TTL_DAYS, type OrganisationSettingsVersion } from '@charity/domain';
import { and, asc, desc, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/open.js';
import { annualStatements, statementTokens } from '../db/schema.js';
import type { MailAttachment, Mailer, MailMessage, MailStatusChange } from '../mail/mailer.js';
import { currentOrganisationSettings } from '../settings/repository.js';
import { addressOneLine, donationsOfDonor, donorEmailsOfYear, gaveInYear, type Reader } from './repository.js';
import { renderStatementPdf } from './statement-pdf.js';
import { statementFileName, statementLinkMail, statementMail, type StatementDetails } from './statement-text.js';

// Annual statements (docs/decisions/027-tax-year.md). A statement freezes a donor's gifts of a financial year and
// the organisation settings in force into annual_statements.details when it is issued; its PDF is drawn from that
// alone, so the mail, a retry and a later download agree.
//  - Staff's run issues one to every donor of the year who has not been sent one (all donors with an email, from
//    any country), under a transaction-scoped advisory lock per year: a double click or two staff at once issue each
//    donor one statement. Each is mailed after the commit, off the request path, claimed 'queued' → mailed once.
//  - A donor's own request issues one (not mailed as such: requested_by 'donor', mail_status null) and mails a link
//    with a token (only its SHA-256 is stored) that opens the donor's latest statement of that year for 7 days.

export const STATEMENT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const TOKEN_BYTES = 32;
/** Expired tokens are deleted this long after they expire (a late click still gets "expired", not "unknown"). */
const TOKEN_KEEP_AFTER_EXPIRY_MS = 30 * 86_400_000;
/** Mail statuses of a statement that count as "sent": the staff run does not issue that donor another one. */
export const STATEMENT_DONE_STATUSES = ['sent', 'pending', 'queued', 'stored'] as const;

export function hashStatementToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export interface StatementDeps {
  db: Database;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicBaseUrl: string;
}

/**
 * The donor's statement of the year as it stands now (null: no gift of theirs that year). Name, PAN, address and
 * country come from their latest gift of the year (the PAN: the latest valid one they gave).
 */
export async function statementDetails(db: Reader, year: string, email: string, settings: OrganisationSettingsVersion, now: Date): Promise<StatementDetails | null> {
  const rows = await donationsOfDonor(db, year, email);
  const latest = rows[rows.length - 1];
  if (!latest) return null;
  const pan = [...rows]
    .reverse()
    .map((row) => (row.donorPan ?? '').trim().toUpperCase())
    .find((value) => value !== '' && isValidPan(value));
  return {
    financialYear: year,
    issuedAt: now.toISOString(),
    settingsVersion: settings.version,
    isDemo: settings.is_demo,
    organisation: settings.settings,
    donor: {
      name: (latest.donorName ?? '').trim(),
      email,
      pan: pan ?? null,
      indian: latest.donorCountryCode === 'IN',
      addressLines: [latest.donorAddress ?? '', addressOneLine([latest.donorCity, latest.donorState, latest.donorPincode]), latest.donorCountry ?? ''].filter(
        (line) => line.trim() !== '',
      ),
    },
    donations: rows.map((row) => ({
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      receiptNumber: row.receiptNumber,
      campaignTitle: row.campaignTitle,
      currency: row.currency.toUpperCase(),
      amountMinor: row.amountMinor,
      refundedMinor: row.refundedMinor,
      netInrMinor: row.netInrMinor,
    })),
    totals: {
      grossInrMinor: rows.reduce((sum, row) => sum + row.grossInrMinor, 0),
      refundedInrMinor: rows.reduce((sum, row) => sum + row.refundedInrMinor, 0),
      netInrMinor: rows.reduce((sum, row) => sum + row.netInrMinor, 0),
    },
  };
}

export async function statementAttachment(details: StatementDetails): Promise<MailAttachment> {
  return { filename: statementFileName(details.financialYear), content: await renderStatementPdf(details), contentType: 'application/pdf' };
}

/** The attachments of a statement's mail sent again: its PDF, drawn again from the statement's frozen details. */
export async function statementAttachmentsFor(db: Database, statementId: number): Promise<MailAttachment[]> {
  const [row] = await db.select({ details: annualStatements.details }).from(annualStatements).where(eq(annualStatements.id, statementId)).limit(1);
  if (!row) throw new Error(`Annual statement ${statementId} no longer exists.`);
  return [await statementAttachment(row.details as unknown as StatementDetails)];
}

/** The mailer's report on a statement's mail: kept on the statement (its current mail only), as receipts keep theirs. */
export async function recordStatementMailStatus(db: Database, change: MailStatusChange): Promise<void> {
  if (!change.annualStatementId) return;
  await db
    .update(annualStatements)
    .set({ mailStatus: change.status })
    .where(and(eq(annualStatements.id, change.annualStatementId), eq(annualStatements.mailOutboxId, change.outboxId)));
}

/**
 * Mails a statement whose mail is still 'queued': claimed and recorded in mail_outbox in one transaction (of two
 * callers, the run's own task and the periodic job, exactly one mails it; a crash before the commit leaves it
 * queued), then delivered. Never throws for a mail server's failure (the outbox records it and retries).
 */
export async function mailStatement(deps: StatementDeps, statementId: number): Promise<boolean> {
  const { db, mailer, log } = deps;
  const [row] = await db
    .select({ details: annualStatements.details, mailStatus: annualStatements.mailStatus })
    .from(annualStatements)
    .where(eq(annualStatements.id, statementId))
    .limit(1);
  if (!row || row.mailStatus !== 'queued') return false;
  const details = row.details as unknown as StatementDetails;
  // Drawn before the transaction: the PDF takes milliseconds of CPU, the transaction holds a connection.
  const message: MailMessage = { to: details.donor.email, ...statementMail(details), attachments: [await statementAttachment(details)], annualStatementId: statementId };
  const recorded = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(annualStatements)
      .set({ mailStatus: 'pending' })
      .where(and(eq(annualStatements.id, statementId), eq(annualStatements.mailStatus, 'queued')))
      .returning({ id: annualStatements.id });
    if (!claimed) return null;
    const queued = await mailer.enqueue(tx, message);
    await tx.update(annualStatements).set({ mailOutboxId: queued.outboxId, mailStatus: queued.status }).where(eq(annualStatements.id, statementId));
    return queued;
  });
  if (!recorded) return false;
  if (mailer.delivers) await mailer.deliver(recorded.outboxId, message);
  log.info({ statementId, financialYear: details.financialYear }, 'annual statement mailed');
  return true;
}

/** Mails a statement on the mailer's quiet queue (drawing PDFs waits while donors' requests keep the process busy). */
function mailWhenQuiet(deps: StatementDeps, statementId: number): void {
  void deps.mailer.whenQuiet(async () => {
    try {
      await mailStatement(deps, statementId);
    } catch (error) {
      deps.log.error({ err: error, statementId }, 'could not mail an annual statement; it stays queued for the periodic job');
    }
  });
}

/**
 * Staff's run: a statement for every donor of the year with an email who has none sent, pending or kept in the
 * outbox (a failed one is issued again). Answers how many were issued; their mails follow off the request path.
 */
export async function issueYearStatements(deps: StatementDeps, year: string, staff: string, now = new Date()): Promise<number> {
  const settings = await currentOrganisationSettings(deps.db);
  const issued = await deps.db.transaction(async (tx) => {
    // One run per year at a time, across processes: the second waits here, then sees the first one's statements.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`statements:${year}`}))`);
    const emails = await donorEmailsOfYear(tx, year);
    const done = await tx
      .select({ email: annualStatements.donorEmail })
      .from(annualStatements)
      .where(and(eq(annualStatements.financialYear, year), inArray(annualStatements.mailStatus, [...STATEMENT_DONE_STATUSES])));
    const skip = new Set(done.map((row) => row.email));
    const ids: number[] = [];
    for (const email of emails) {
      if (skip.has(email)) continue;
      const details = await statementDetails(tx, year, email, settings, now);
      if (!details) continue;
      const [row] = await tx
        .insert(annualStatements)
        .values({ financialYear: year, donorEmail: email, details: details as unknown as Record<string, unknown>, requestedBy: `staff:${staff}`, issuedAt: now, mailStatus: 'queued' })
        .returning({ id: annualStatements.id });
      ids.push(row!.id);
    }
    return ids;
  });
  for (const id of issued) mailWhenQuiet(deps, id);
  return issued.length;
}

/** Statements whose mail a crash left 'queued' (issued over a minute ago): mailed now. Answers how many were tried. */
export async function mailQueuedStatements(deps: StatementDeps, now = new Date()): Promise<number> {
  const rows = await deps.db
    .select({ id: annualStatements.id })
    .from(annualStatements)
    .where(and(eq(annualStatements.mailStatus, 'queued'), lte(annualStatements.issuedAt, new Date(now.getTime() - 60_000))))
    .orderBy(asc(annualStatements.issuedAt))
    .limit(20);
  for (const row of rows) await mailStatement(deps, row.id);
  return rows.length;
}

/** The latest statement of the donor for the year (staff's or their own), or null. */
export async function latestStatement(db: Reader, year: string, email: string): Promise<StatementDetails | null> {
  const [row] = await db
    .select({ details: annualStatements.details })
    .from(annualStatements)
    .where(and(eq(annualStatements.financialYear, year), eq(annualStatements.donorEmail, email)))
    .orderBy(desc(annualStatements.id))
    .limit(1);
  return row ? (row.details as unknown as StatementDetails) : null;
}

/** The donor's own link: `${publicBaseUrl}/api/statements/<token>.pdf`. */
export function statementLinkUrl(publicBaseUrl: string, token: string): string {
  return `${publicBaseUrl}/api/statements/${token}.pdf`;
}

/**
 * A donor's request for their statement of `year` (email lowercased, both checked by the route). If the address gave
 * that year, a statement is issued and a link to it mailed; otherwise nothing happens. The caller answers the same
 * either way, before this runs (it is queued off the request path), so neither the answer nor its timing tells who gave.
 */
export function requestStatement(deps: StatementDeps, year: string, email: string): void {
  void deps.mailer.whenQuiet(async () => {
    try {
      await issueRequestedStatement(deps, year, email);
    } catch (error) {
      deps.log.error({ err: error }, 'could not answer a request for an annual statement');
    }
  });
}

export async function issueRequestedStatement(deps: StatementDeps, year: string, email: string, now = new Date()): Promise<boolean> {
  const { db, mailer } = deps;
  if (!(await gaveInYear(db, year, email))) return false;
  const settings = await currentOrganisationSettings(db);
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  const details = await db.transaction(async (tx) => {
    const frozen = await statementDetails(tx, year, email, settings, now);
    if (!frozen) return null;
    await tx.insert(annualStatements).values({ financialYear: year, donorEmail: email, details: frozen as unknown as Record<string, unknown>, requestedBy: 'donor', issuedAt: now });
    await tx.insert(statementTokens).values({
      tokenHash: hashStatementToken(token),
      financialYear: year,
      donorEmail: email,
      expiresAt: new Date(now.getTime() + STATEMENT_LINK_TTL_DAYS * 86_400_000),
    });
    await tx.delete(statementTokens).where(lt(statementTokens.expiresAt, new Date(now.getTime() - TOKEN_KEEP_AFTER_EXPIRY_MS)));
    return frozen;
  });
  if (!details) return false;
  await mailer.send({ to: email, ...statementLinkMail(details, statementLinkUrl(deps.publicBaseUrl, token), STATEMENT_LINK_TTL_DAYS) });
  return true;
}

export type TokenLookup = { status: 'ok'; details: StatementDetails } | { status: 'unknown' } | { status: 'expired' };

/** What a mailed link opens: the donor's latest statement of the year, while the link has not expired. */
export async function statementByToken(db: Database, token: string, now = new Date()): Promise<TokenLookup> {
  if (!STATEMENT_TOKEN_PATTERN.test(token)) return { status: 'unknown' };
  const [row] = await db.select().from(statementTokens).where(eq(statementTokens.tokenHash, hashStatementToken(token))).limit(1);
  if (!row) return { status: 'unknown' };
  if (row.expiresAt.getTime() <= now.getTime()) return { status: 'expired' };
  const details = await latestStatement(db, row.financialYear, row.donorEmail);
  return details ? { status: 'ok', details } : { status: 'unknown' };
}
