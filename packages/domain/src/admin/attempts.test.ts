import { describe, expect, it } from 'vitest';
import { ATTEMPT_OUTCOME_LABELS, ATTEMPT_RETENTION_DAYS, ATTEMPTS_PAGE_TEXTS, attemptReasonText, failedAttemptOutcome } from './attempts';

describe('payment attempts staff can see', () => {
  it('keeps attempts 90 days, and says so', () => {
    expect(ATTEMPT_RETENTION_DAYS).toBe(90);
    expect(ATTEMPTS_PAGE_TEXTS.retention).toBe(
      'Payments that did not become donations, and payments refused by the card-testing limit. Kept for 90 days, then deleted.',
    );
  });

  it('labels every outcome', () => {
    expect(ATTEMPT_OUTCOME_LABELS).toEqual({ declined: 'Declined', failed: 'Failed', abandoned: 'Authentication abandoned', blocked: 'Blocked (card testing)' });
  });

  it('a card error or a decline code is "declined"; anything else "failed"', () => {
    expect(failedAttemptOutcome('card_declined', 'generic_decline')).toBe('declined');
    expect(failedAttemptOutcome('expired_card', null)).toBe('declined');
    expect(failedAttemptOutcome(null, 'insufficient_funds')).toBe('declined');
    expect(failedAttemptOutcome('payment_intent_authentication_failure', null)).toBe('failed');
    expect(failedAttemptOutcome(null, null)).toBe('failed');
  });

  it('reads the decline code first, then the error code, then the outcome', () => {
    expect(attemptReasonText('declined', 'card_declined', 'generic_decline')).toBe('The bank declined the card without giving a reason.');
    expect(attemptReasonText('declined', 'card_declined', 'insufficient_funds')).toBe('The card has insufficient funds.');
    expect(attemptReasonText('declined', 'card_declined', 'something_new')).toBe('The bank declined the card.');
    expect(attemptReasonText('failed', 'payment_intent_authentication_failure', null)).toBe('The donor did not pass the bank’s authentication.');
    expect(attemptReasonText('failed', 'api_error', null)).toBe('The payment provider refused the payment (api_error).');
    expect(attemptReasonText('failed', null, null)).toBe('The payment failed or was cancelled; the provider gave no reason.');
    expect(attemptReasonText('abandoned', null, null)).toBe('The bank asked the donor to authenticate the payment, and it was never completed.');
    expect(attemptReasonText('blocked', null, null)).toBe('Refused before reaching the payment provider: too many failed payments from this address.');
  });
});
