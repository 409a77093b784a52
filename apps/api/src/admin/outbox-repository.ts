import type { MailStatus, OutboxMail } from '@charity/domain';
import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/open.js';
import { mailOutbox } from '../db/schema.js';
import type { MailAttachment } from '../mail/mailer.js';
import { receiptAttachmentsFor } from '../receipts/issuing.js';
import { noteAttachmentsFor } from '../refunds/notes.js';
import { certificateAttachmentsFor } from '../tax-year/certificates.js';
import type { CertificateStore } from '../tax-year/certificate-files.js';
import { statementAttachmentsFor } from '../tax-year/statements.js';

// The mail outbox (every mail the server sent or, without SMTP, kept) for the admin console, newest first, and the
// attachments of a recorded mail drawn again from the document it carries.

export type OutboxRow = typeof mailOutbox.$inferSelect;

export async function listOutbox(db: Database, { status, page, limit }: { status: MailStatus | null; page: number; limit: number }) {
  const where = status ? eq(mailOutbox.status, status) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(mailOutbox)
      .where(where)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(mailOutbox).where(where),
  ]);
  return { items: rows, total: total?.n ?? 0 };
}

export async function findOutboxMail(db: Database, id: number): Promise<OutboxRow | null> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
  return row ?? null;
}

/**
 * The attachments of a recorded mail, drawn again from the document it carries (mail_outbox keeps their names, types
 * and sizes, not their bytes): a receipt's PDF from its frozen details, a refund's note, an annual statement, or a
 * Form 10BE certificate from its stored file. One rule for the mail sweep's retries (plugins/mail.ts) and for staff's
 * download from the outbox (routes/admin-outbox.ts), so what staff open is what the donor was sent. A mail that
 * carries none of them (a contact message's copy, a staff notice) has none.
 */
export async function rebuildOutboxAttachments(deps: { db: Database; certificates: CertificateStore }, row: OutboxRow): Promise<MailAttachment[]> {
  if (row.receiptId !== null) return receiptAttachmentsFor(deps.db, row.receiptId);
  if (row.refundId !== null) return noteAttachmentsFor(deps.db, row.refundId);
  if (row.annualStatementId !== null) return statementAttachmentsFor(deps.db, row.annualStatementId);
  // From the app's certificate store: the disk or the bucket (decision 039).
  if (row.taxCertificateId !== null) return certificateAttachmentsFor(deps.db, row.taxCertificateId, deps.certificates);
  return [];
}

/** The HTML copy stays on the server: the console shows the plain text, and nothing a mail contains runs there. */
export function outboxMailJson(row: OutboxRow): OutboxMail {
  return {
    id: row.id,
    to: row.to,
    subject: row.subject,
    text: row.text,
    status: row.status,
    error: row.error,
    attachments: row.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, size: a.size })),
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
  };
}
