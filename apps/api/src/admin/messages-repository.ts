import type { AdminContactMessage, ContactMessageStatus, MessageCounts, MessageFilter } from '@charity/domain';
import { and, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { escapeLike } from '../campaigns/repository.js';
import type { Database } from '../db/open.js';
import { contactMessages } from '../db/schema.js';

// The contact form's messages in the admin inbox: listed newest first by tab (all = unread and read, archived
// apart), searched, counted per status, and moved between statuses.

export type ContactMessageRow = typeof contactMessages.$inferSelect;

function statusCondition(filter: MessageFilter): SQL {
  return filter === 'all' ? inArray(contactMessages.status, ['unread', 'read']) : eq(contactMessages.status, filter);
}

function searchCondition(q: string): SQL | undefined {
  if (!q) return undefined;
  const pattern = `%${escapeLike(q)}%`;
  return or(ilike(contactMessages.name, pattern), ilike(contactMessages.email, pattern), ilike(contactMessages.message, pattern));
}

export async function listMessages(db: Database, { filter, q, page, limit }: { filter: MessageFilter; q: string; page: number; limit: number }) {
  const where = and(statusCondition(filter), searchCondition(q));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(contactMessages)
      .where(where)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(contactMessages).where(where),
  ]);
  return { items: rows, total: total?.n ?? 0 };
}

/** How many messages each tab holds (every message, whatever the search). */
export async function countMessages(db: Database): Promise<MessageCounts> {
  const of = (status: ContactMessageStatus) => sql<number>`count(*) filter (where ${contactMessages.status} = ${status})`.mapWith(Number);
  const [row] = await db.select({ unread: of('unread'), read: of('read'), archived: of('archived') }).from(contactMessages);
  return { unread: row?.unread ?? 0, read: row?.read ?? 0, archived: row?.archived ?? 0 };
}

export async function findMessage(db: Database, id: number): Promise<ContactMessageRow | null> {
  const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id)).limit(1);
  return row ?? null;
}

export async function setMessageStatus(db: Database, id: number, status: ContactMessageStatus): Promise<ContactMessageRow | null> {
  const [row] = await db.update(contactMessages).set({ status }).where(eq(contactMessages.id, id)).returning();
  return row ?? null;
}

export function adminMessageJson(row: ContactMessageRow): AdminContactMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    subject: row.subject,
    message: row.message,
    status: row.status,
    created_at: row.createdAt.toISOString(),
  };
}
