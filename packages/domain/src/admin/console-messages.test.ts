import { describe, expect, it } from 'vitest';
import { ADMIN_CONSOLE_MESSAGES } from './console-messages';

describe('ADMIN_CONSOLE_MESSAGES', () => {
  it('words every toast and state of the admin console exactly', () => {
    expect(ADMIN_CONSOLE_MESSAGES).toEqual({
      dashboardLoadFailed: 'Failed to load dashboard',
      donationsLoadFailed: 'Failed to load donations',
      donationLoadFailed: 'Failed to load donation',
      attemptsLoadFailed: 'Failed to load payment attempts',
      receiptResent: 'Receipt sent again',
      receiptResendFailed: 'Failed to resend receipt',
      exportStarted: 'Export started',
      exportFailed: 'Failed to export donations',
      messagesLoadFailed: 'Failed to load messages',
      messageUpdated: 'Message updated',
      messageUpdateFailed: 'Failed to update message',
      outboxLoadFailed: 'Failed to load outbox',
      campaignDeleteFailed: 'Failed to delete campaign',
      noDonationsYet: 'No donations yet',
      noDonationsMatch: 'No donations match these filters',
      noMessages: 'No messages',
      noCampaigns: 'No campaigns yet',
      noOutbox: 'No mail in the outbox',
    });
  });

  it('follows the pattern of the spec campaign toasts: failures start with "Failed to"', () => {
    const failures = Object.entries(ADMIN_CONSOLE_MESSAGES).filter(([key]) => key.endsWith('Failed'));
    expect(failures.length).toBeGreaterThan(0);
    for (const [, text] of failures) expect(text).toMatch(/^Failed to [a-z]/);
  });
});
