import { describe, expect, it } from 'vitest';
import {
  ADMIN_MESSAGES_PAGE_SIZE,
  CONTACT_MESSAGE_STATUSES,
  CONTACT_MESSAGE_STATUS_LABELS,
  MAIL_STATUSES,
  MAIL_STATUS_LABELS,
  MESSAGE_FILTERS,
  MESSAGE_FILTER_LABELS,
  isContactMessageStatus,
} from './messages';

describe('contact message statuses and inbox tabs', () => {
  it('has three statuses with labels, and four tabs where "all" is the Inbox', () => {
    expect(CONTACT_MESSAGE_STATUSES).toEqual(['unread', 'read', 'archived']);
    expect(CONTACT_MESSAGE_STATUS_LABELS).toEqual({ unread: 'Unread', read: 'Read', archived: 'Archived' });
    expect(MESSAGE_FILTERS).toEqual(['all', 'unread', 'read', 'archived']);
    expect(MESSAGE_FILTER_LABELS).toEqual({ all: 'Inbox', unread: 'Unread', read: 'Read', archived: 'Archived' });
    expect(ADMIN_MESSAGES_PAGE_SIZE).toBe(20);
  });

  it('every status and tab has a label', () => {
    for (const status of CONTACT_MESSAGE_STATUSES) expect(CONTACT_MESSAGE_STATUS_LABELS[status]).toBeTruthy();
    for (const filter of MESSAGE_FILTERS) expect(MESSAGE_FILTER_LABELS[filter]).toBeTruthy();
  });

  it('isContactMessageStatus accepts the three statuses only ("all" is a tab, not a status)', () => {
    for (const status of CONTACT_MESSAGE_STATUSES) expect(isContactMessageStatus(status)).toBe(true);
    for (const value of ['all', 'Unread', 'deleted', '', null, undefined, 1]) expect(isContactMessageStatus(value)).toBe(false);
  });
});

describe('mail outbox statuses', () => {
  it('labels each status; "stored" says why it was not sent', () => {
    expect(MAIL_STATUSES).toEqual(['pending', 'sent', 'failed', 'stored']);
    expect(MAIL_STATUS_LABELS).toEqual({ pending: 'Sending', sent: 'Sent', failed: 'Failed', stored: 'Not sent (no mail server)' });
  });
});
