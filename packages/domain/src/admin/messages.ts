/** Contact messages and the mail outbox in the admin area (docs/decisions/005-admin-console.md). */

export const CONTACT_MESSAGE_STATUSES = ['unread', 'read', 'archived'] as const;
export type ContactMessageStatus = (typeof CONTACT_MESSAGE_STATUSES)[number];
export const CONTACT_MESSAGE_STATUS_LABELS: Readonly<Record<ContactMessageStatus, string>> = {
  unread: 'Unread',
  read: 'Read',
  archived: 'Archived',
};
/** The inbox tabs: 'all' shows unread and read (not archived), newest first. */
export const MESSAGE_FILTERS = ['all', 'unread', 'read', 'archived'] as const;
export type MessageFilter = (typeof MESSAGE_FILTERS)[number];
export const MESSAGE_FILTER_LABELS: Readonly<Record<MessageFilter, string>> = {
  all: 'Inbox',
  unread: 'Unread',
  read: 'Read',
  archived: 'Archived',
};
export const ADMIN_MESSAGES_PAGE_SIZE = 20;

export function isContactMessageStatus(value: unknown): value is ContactMessageStatus {
  return typeof value === 'string' && (CONTACT_MESSAGE_STATUSES as readonly string[]).includes(value);
}

export interface AdminContactMessage {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  /** donation, volunteer, general or other (the contact form's subjects). */
  subject: string;
  message: string;
  status: ContactMessageStatus;
  created_at: string;
}

export interface MessageCounts {
  unread: number;
  read: number;
  archived: number;
}

export const MAIL_STATUSES = ['pending', 'sent', 'failed', 'stored'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];
export const MAIL_STATUS_LABELS: Readonly<Record<MailStatus, string>> = {
  pending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  stored: 'Not sent (no mail server)',
};

/** A mail the server sent or would have sent (GET /api/admin/outbox). */
export interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  status: MailStatus;
  error: string | null;
  attachments: Array<{ filename: string; contentType: string; size: number }>;
  created_at: string;
  sent_at: string | null;
}
