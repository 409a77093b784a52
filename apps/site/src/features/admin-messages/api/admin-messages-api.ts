import type { KyInstance } from 'ky';
import {
  ADMIN_MESSAGES_PAGE_SIZE,
  type AdminContactMessage,
  type ContactMessageStatus,
  type MessageCounts,
  type MessageFilter,
  type OutboxMail,
} from '@charity/domain';
import { isRecord, readPageInfo, replyData, replyList, type PageInfo } from '../../../lib/api/replies';
import { downloadFile, type FileDownload } from '../../admin-donations/api/admin-donations-api';

// Contact messages and the mail outbox in the admin area (docs/decisions/005-admin-console.md). All silent for the
// global toast: the page shows 'Failed to load messages' / 'Failed to update message' itself. The bearer token is added
// by the client.

export interface MessagePage extends PageInfo {
  messages: AdminContactMessage[];
  counts: MessageCounts | null;
}

export interface OutboxPage extends PageInfo {
  mails: OutboxMail[];
  smtpConfigured: boolean;
}

/** Outbox mails per page. */
export const OUTBOX_PAGE_SIZE = 20;

const count = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : 0);

export function parseMessagePage(body: unknown, requestedPage: number): MessagePage {
  const data = replyData(body, 'messages');
  const messages = replyList(data, 'messages', 'messages').filter(
    (item): item is AdminContactMessage => isRecord(item) && typeof item.id === 'number',
  );
  const counts = isRecord(data.counts) ? { unread: count(data.counts.unread), read: count(data.counts.read), archived: count(data.counts.archived) } : null;
  return { messages, counts, ...readPageInfo(body, requestedPage, messages.length) };
}

/** GET /api/admin/messages?status&page&limit: 'all' is the inbox (unread and read), newest first. */
export async function fetchMessages(
  client: KyInstance,
  query: { filter: MessageFilter; page: number; limit?: number },
  signal?: AbortSignal,
): Promise<MessagePage> {
  const searchParams = { status: query.filter, page: String(query.page), limit: String(query.limit ?? ADMIN_MESSAGES_PAGE_SIZE) };
  const body = await client.get('admin/messages', { searchParams, signal, context: { silent: true } }).json<unknown>();
  return parseMessagePage(body, query.page);
}

/** `data` itself, or `data.message` when the server wraps it; it must carry a numeric id. */
export function parseMessage(body: unknown): AdminContactMessage {
  const data = replyData(body, 'message');
  const message = isRecord(data.message) ? data.message : data;
  if (typeof message.id !== 'number') throw new TypeError('The message reply has no message');
  return message as unknown as AdminContactMessage;
}

/** PATCH /api/admin/messages/{id} {status}: the updated message. */
export async function updateMessageStatus(client: KyInstance, id: number, status: ContactMessageStatus): Promise<AdminContactMessage> {
  const body = await client
    .patch(`admin/messages/${encodeURIComponent(String(id))}`, { json: { status }, context: { silent: true } })
    .json<unknown>();
  return parseMessage(body);
}

export function parseOutboxPage(body: unknown, requestedPage: number): OutboxPage {
  const data = replyData(body, 'outbox');
  const mails = replyList(data, 'mails', 'outbox').filter((item): item is OutboxMail => isRecord(item) && typeof item.id === 'number');
  return { mails, smtpConfigured: data.smtp_configured === true, ...readPageInfo(body, requestedPage, mails.length) };
}

/** GET /api/admin/outbox?page&limit: every mail the server sent or kept, newest first. */
export async function fetchOutbox(client: KyInstance, page: number, signal?: AbortSignal): Promise<OutboxPage> {
  const body = await client
    .get('admin/outbox', { searchParams: { page: String(page), limit: String(OUTBOX_PAGE_SIZE) }, signal, context: { silent: true } })
    .json<unknown>();
  return parseOutboxPage(body, page);
}

/**
 * GET /api/admin/outbox/{id}/attachments/{index}: one of a mail's attachments (a receipt's PDF…), drawn again by the
 * server, fetched through the admin area's one download helper so the bearer token goes with it.
 */
export function downloadOutboxAttachment(client: KyInstance, mail: Pick<OutboxMail, 'id' | 'attachments'>, index: number): Promise<FileDownload> {
  const fallbackName = mail.attachments[index]?.filename ?? `attachment-${mail.id}-${index + 1}`;
  return downloadFile(client, `admin/outbox/${encodeURIComponent(String(mail.id))}/attachments/${index}`, fallbackName);
}
