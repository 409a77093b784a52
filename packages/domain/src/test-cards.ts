/**
 * Stripe's test cards that the payment sandbox imitates, written once (docs/decisions/020-one-table-per-fact.md):
 * the number a donor types, and the test PaymentMethod id Stripe's own test mode accepts for it. The sandbox's
 * card fields, its server side, the end-to-end specs and the benchmark all read them from here.
 */

export interface TestCard {
  /** The digits, as the number field reads them. */
  number: string;
  /** Grouped as printed on the card and typed by a person: '4242 4242 4242 4242'. */
  spaced: string;
  /** Stripe's test PaymentMethod id for the card. */
  paymentMethod: string;
}

function card(number: string, paymentMethod: string): TestCard {
  return { number, spaced: number.replace(/(\d{4})(?=\d)/g, '$1 '), paymentMethod };
}

export const TEST_CARDS = {
  /** Succeeds. */
  visa: card('4242424242424242', 'pm_card_visa'),
  /** Declined: card_declined / generic_decline. */
  declined: card('4000000000000002', 'pm_card_chargeDeclined'),
  /** Asks for 3-D Secure authentication first (requires_action). */
  authentication: card('4000002500003155', 'pm_card_authenticationRequired'),
  /**
   * Saved on a monthly gift, its first payment succeeds, and later charges fail (Stripe's 4000 0000 0000 0341:
   * "attaching succeeds, charges fail"): the sandbox's way to show a failed renewal, its retries and a lapse.
   */
  renewalFails: card('4000000000000341', 'pm_card_chargeCustomerFail'),
  /**
   * The payment succeeds; a refund of it succeeds at first and fails a little later (Stripe's 4000 0000 0000 5126,
   * "asynchronous refund failure", with a refund.failed event): the sandbox's way to show a failed refund.
   */
  refundFails: card('4000000000005126', 'pm_card_refundFail'),
} as const satisfies Readonly<Record<string, TestCard>>;
