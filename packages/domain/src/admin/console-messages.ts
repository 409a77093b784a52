/**
 * Toasts and states of the admin console screens the spec does not word (docs/decisions/005-admin-console.md). The
 * campaign toasts are the spec's own (CAMPAIGN_MESSAGES); these follow their pattern.
 */
export const ADMIN_CONSOLE_MESSAGES = {
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
} as const;
