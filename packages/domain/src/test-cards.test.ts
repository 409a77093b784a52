import { describe, expect, it } from 'vitest';
import { cardNumberStatus, formatCardNumber, isLuhnValid, SANDBOX_DEFAULT_PAYMENT_METHOD, SANDBOX_TEST_CARDS, sandboxPaymentMethodId } from './card-payments';
import { TEST_CARDS } from './test-cards';

describe('TEST_CARDS', () => {
  it("are Stripe's documented test cards and their PaymentMethod ids", () => {
    expect(TEST_CARDS).toEqual({
      visa: { number: '4242424242424242', spaced: '4242 4242 4242 4242', paymentMethod: 'pm_card_visa' },
      declined: { number: '4000000000000002', spaced: '4000 0000 0000 0002', paymentMethod: 'pm_card_chargeDeclined' },
      authentication: { number: '4000002500003155', spaced: '4000 0025 0000 3155', paymentMethod: 'pm_card_authenticationRequired' },
      renewalFails: { number: '4000000000000341', spaced: '4000 0000 0000 0341', paymentMethod: 'pm_card_chargeCustomerFail' },
      refundFails: { number: '4000000000005126', spaced: '4000 0000 0000 5126', paymentMethod: 'pm_card_refundFail' },
    });
  });

  it('are complete, valid numbers in the card field, grouped as the field groups them', () => {
    for (const card of Object.values(TEST_CARDS)) {
      expect(isLuhnValid(card.number)).toBe(true);
      expect(cardNumberStatus(card.spaced)).toEqual({ empty: false, complete: true });
      expect(formatCardNumber(card.number)).toBe(card.spaced);
    }
  });

  it('are the cards the sandbox knows; any other number is declined', () => {
    expect(Object.keys(SANDBOX_TEST_CARDS).sort()).toEqual(Object.values(TEST_CARDS).map((card) => card.number).sort());
    for (const card of Object.values(TEST_CARDS)) expect(sandboxPaymentMethodId(card.spaced)).toBe(card.paymentMethod);
    expect(SANDBOX_DEFAULT_PAYMENT_METHOD).toBe(TEST_CARDS.declined.paymentMethod);
  });
});
