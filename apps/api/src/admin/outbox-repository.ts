import type { MailStatus, OutboxMail } from '@charity/domain';
import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/open.js';
import { mailOutbox } from '../db/schema.js';

// The mail outbox (every mail the server sent or, without SMTP, kept) for the admin console, newest first.

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
