/** Wording of the inbox, shared by its tabs, list and detail. */
import { CONTACT_SUBJECTS, MESSAGE_FILTER_LABELS, type MessageCounts, type MessageFilter } from '@charity/domain';

export const MESSAGES_INBOX_TEXT = {
  tabsLabel: 'Messages',
  loading: 'Loading messages...',
  retry: 'Try again',
  unread: 'Unread',
  selectPrompt: 'Select a message to read it.',
  email: 'Email',
  phone: 'Phone',
  subject: 'Subject',
  received: 'Received',
  status: 'Status',
  noPhone: 'Not given',
  markRead: 'Mark as read',
  markUnread: 'Mark as unread',
  archive: 'Archive',
  moveToInbox: 'Move to inbox',
  reply: 'Reply by e-mail',
} as const;

/** 'Message from Asha Rao': the heading of the open message. */
export function messageHeading(name: string): string {
  return `Message from ${name.trim() || 'unknown sender'}`;
}

/** The contact form's label for a subject ('Donation Inquiry'); an unknown one is shown as stored. */
export function contactSubjectLabel(subject: string): string {
  return CONTACT_SUBJECTS.find((option) => option.value === subject)?.label ?? subject;
}

/** 'Unread (3)'; the Inbox tab counts unread and read, as it lists them. Without counts, the label alone. */
export function messageTabLabel(filter: MessageFilter, counts: MessageCounts | null): string {
  const label = MESSAGE_FILTER_LABELS[filter];
  if (!counts) return label;
  const count = filter === 'all' ? counts.unread + counts.read : counts[filter];
  return `${label} (${count})`;
}

/** One line of the message for the list: whitespace collapsed, cut at a word near `max` characters. */
export function messageExcerpt(message: string, max = 100): string {
  const flat = message.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** mailto: of an address; its parts are encoded so a '?' or '&' in it cannot add header fields. */
export function mailtoHref(email: string): string {
  const address = email
    .trim()
    .split('@')
    .map((part) => encodeURIComponent(part))
    .join('@');
  return `mailto:${address}`;
}

/** mailto: for a reply, its subject prefilled: 'Re: Donation Inquiry'. */
export function replyHref(email: string, subject: string): string {
  return `${mailtoHref(email)}?subject=${encodeURIComponent(`Re: ${contactSubjectLabel(subject)}`)}`;
}
