import type { AdminPaymentAttempt, AttemptSummary } from '@charity/domain';

// Payment attempts for the AttemptsTable stories: what GET /api/admin/payment-attempts answers after a declined card,
// an authentication left unanswered, a failed authentication, and a card tester's burst from one address.

export const DECLINED_ATTEMPT: AdminPaymentAttempt = {
  key: 'attempt-12',
  created_at: '2026-11-22T05:45:00.000Z',
  outcome: 'declined',
  donor_name: 'Asha Rao',
  donor_email: 'asha.rao@example.org',
  amount: 5000,
  currency: 'INR',
  campaign_title: 'Library Corners',
  payment_intent_id: 'pi_sandbox_12',
  reason: { code: 'card_declined', decline_code: 'insufficient_funds', text: 'The card has insufficient funds.' },
  client_ip: '203.0.113.7',
  address_attempts_last_hour: 1,
  address_limit_reached: false,
};

export const ABANDONED_ATTEMPT: AdminPaymentAttempt = {
  key: 'attempt-11',
  created_at: '2026-11-22T03:10:00.000Z',
  outcome: 'abandoned',
  donor_name: 'John Miller',
  donor_email: 'john.miller@example.com',
  amount: 50,
  currency: 'USD',
  campaign_title: null,
  payment_intent_id: 'pi_sandbox_11',
  reason: { code: null, decline_code: null, text: 'The bank asked the donor to authenticate the payment, and it was never completed.' },
  client_ip: '198.51.100.23',
  address_attempts_last_hour: 2,
  address_limit_reached: false,
};

export const FAILED_ATTEMPT: AdminPaymentAttempt = {
  key: 'attempt-10',
  created_at: '2026-11-21T18:30:00.000Z',
  outcome: 'failed',
  donor_name: 'Ravi Kumar',
  donor_email: 'ravi.kumar@example.in',
  amount: 1000,
  currency: 'INR',
  campaign_title: 'School Meals',
  payment_intent_id: 'pi_sandbox_10',
  reason: { code: 'payment_intent_authentication_failure', decline_code: null, text: 'The donor did not pass the bank’s authentication.' },
  client_ip: '192.0.2.44',
  address_attempts_last_hour: 1,
  address_limit_reached: false,
};

export const ATTEMPTS: AdminPaymentAttempt[] = [DECLINED_ATTEMPT, ABANDONED_ATTEMPT, FAILED_ATTEMPT];

export const ATTEMPT_SUMMARY: AttemptSummary = {
  counts: { declined: 1, failed: 1, abandoned: 1, blocked: 0 },
  top_addresses: [
    { client_ip: '203.0.113.7', failures: 1, limit_reached: false },
    { client_ip: '192.0.2.44', failures: 1, limit_reached: false },
  ],
};

const TESTER_IP = '10.20.30.40';

/** A card tester: five declines from one address within minutes, then two requests refused by the limit. */
export const BURST_ATTEMPTS: AdminPaymentAttempt[] = [
  {
    key: 'blocked-2',
    created_at: '2026-11-22T06:06:00.000Z',
    outcome: 'blocked',
    donor_name: null,
    donor_email: null,
    amount: null,
    currency: null,
    campaign_title: null,
    payment_intent_id: null,
    reason: { code: null, decline_code: null, text: 'Refused before reaching the payment provider: too many failed payments from this address.' },
    client_ip: TESTER_IP,
    address_attempts_last_hour: 7,
    address_limit_reached: true,
  },
  {
    key: 'blocked-1',
    created_at: '2026-11-22T06:05:00.000Z',
    outcome: 'blocked',
    donor_name: null,
    donor_email: 'tester6@example.net',
    amount: null,
    currency: null,
    campaign_title: null,
    payment_intent_id: null,
    reason: { code: null, decline_code: null, text: 'Refused before reaching the payment provider: too many failed payments from this address.' },
    client_ip: TESTER_IP,
    address_attempts_last_hour: 6,
    address_limit_reached: true,
  },
  ...[5, 4, 3].map(
    (n): AdminPaymentAttempt => ({
      key: `attempt-${20 + n}`,
      created_at: `2026-11-22T06:0${n - 1}:00.000Z`,
      outcome: 'declined',
      donor_name: 'Card Holder',
      donor_email: `tester${n - 1}@example.net`,
      amount: 100,
      currency: 'INR',
      campaign_title: null,
      payment_intent_id: `pi_sandbox_${20 + n}`,
      reason: { code: 'card_declined', decline_code: 'generic_decline', text: 'The bank declined the card without giving a reason.' },
      client_ip: TESTER_IP,
      address_attempts_last_hour: n,
      address_limit_reached: true,
    }),
  ),
  DECLINED_ATTEMPT,
];

export const BURST_SUMMARY: AttemptSummary = {
  counts: { declined: 6, failed: 0, abandoned: 0, blocked: 2 },
  top_addresses: [
    { client_ip: TESTER_IP, failures: 7, limit_reached: true },
    { client_ip: '203.0.113.7', failures: 1, limit_reached: false },
  ],
};

export const EMPTY_ATTEMPT_SUMMARY: AttemptSummary = { counts: { declined: 0, failed: 0, abandoned: 0, blocked: 0 }, top_addresses: [] };
