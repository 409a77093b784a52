import { describe, expect, it } from 'vitest';
import {
  CARD_FIELD_MESSAGES,
  billingDetailsFromPayload,
  cardBrand,
  cardCvcStatus,
  cardExpiryStatus,
  cardNumberStatus,
  createPaymentErrorMessage,
  formatCardNumber,
  formatCvc,
  formatExpiry,
  isLuhnValid,
  parseExpiry,
  sandboxPaymentMethodId,
} from './card-payments';
import { buildDonationPayload, EMPTY_DONATION_DETAILS } from './validation/donation';

const NOW = new Date(2026, 4, 15); // 15 May 2026, local time

describe('billingDetailsFromPayload', () => {
  const details = {
    ...EMPTY_DONATION_DETAILS,
    full_name: ' Asha Rao ',
    email: 'Asha@Example.org',
    mobile: '98450 12345',
    state: 'Karnataka',
    city: 'Bengaluru',
    address: '12 Indiranagar 100 Feet Road',
    pincode: '560038',
  };

  it('sends name, email, phone, address line, city, state, postal code and country', () => {
    expect(billingDetailsFromPayload(buildDonationPayload({ details, amount: 1000 }))).toEqual({
      name: 'Asha Rao',
      email: 'asha@example.org',
      phone: '9845012345',
      address: {
        line1: '12 Indiranagar 100 Feet Road',
        city: 'Bengaluru',
        state: 'Karnataka',
        postal_code: '560038',
        country: 'IN',
      },
    });
  });

  it('leaves out the euro-area pseudo-country, which is no ISO country', () => {
    const payload = buildDonationPayload({ details: { ...details, country_code: 'EU' }, amount: 10 });
    expect(billingDetailsFromPayload(payload).address.country).toBeNull();
  });
});

describe('card number', () => {
  it.each(['4242424242424242', '4000000000000002', '4000002500003155', '378282246310005'])('%s passes Luhn', (n) => {
    expect(isLuhnValid(n)).toBe(true);
  });

  it('rejects a wrong checksum and non-digits', () => {
    expect(isLuhnValid('4242424242424241')).toBe(false);
    expect(isLuhnValid('')).toBe(false);
    expect(isLuhnValid('4242 4242')).toBe(false);
  });

  it('groups digits as printed on the card and stops at the full length', () => {
    expect(formatCardNumber('4242abc4242 42')).toBe('4242 4242 42');
    expect(formatCardNumber('42424242424242429999')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumber('')).toBe('');
  });

  it('is empty, then incomplete (an error only once left), then complete', () => {
    expect(cardNumberStatus('')).toEqual({ empty: true, complete: false });
    expect(cardNumberStatus('4242 42')).toEqual({ empty: false, complete: false });
    expect(cardNumberStatus('4242 42', true).error?.message).toBe(CARD_FIELD_MESSAGES.numberIncomplete);
    expect(cardNumberStatus('4242 4242 4242 4242')).toEqual({ empty: false, complete: true });
  });

  it('reports a full number failing Luhn at once', () => {
    expect(cardNumberStatus('4242 4242 4242 4241')).toEqual({
      empty: false,
      complete: false,
      error: { type: 'validation_error', code: 'invalid_number', message: 'Your card number is invalid.' },
    });
  });

  it('maps the test cards to Stripe test PaymentMethods; other valid numbers are declined', () => {
    expect(sandboxPaymentMethodId('4242 4242 4242 4242')).toBe('pm_card_visa');
    expect(sandboxPaymentMethodId('4000 0000 0000 0002')).toBe('pm_card_chargeDeclined');
    expect(sandboxPaymentMethodId('4000 0025 0000 3155')).toBe('pm_card_authenticationRequired');
    expect(sandboxPaymentMethodId('5555 5555 5555 4444')).toBe('pm_card_chargeDeclined');
  });

  it('names brands', () => {
    expect(cardBrand('4242')).toBe('visa');
    expect(cardBrand('5555')).toBe('mastercard');
    expect(cardBrand('3782')).toBe('amex');
    expect(cardBrand('9999')).toBe('unknown');
  });
});

describe('card expiry', () => {
  it('formats as MM / YY, adding the zero a month 2-9 needs', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('123')).toBe('12 / 3');
    expect(formatExpiry('12/345')).toBe('12 / 34');
    expect(formatExpiry('4')).toBe('04');
    expect(formatExpiry('430')).toBe('04 / 30');
  });

  it('parses only complete values', () => {
    expect(parseExpiry('12 / 34')).toEqual({ month: 12, year: 2034 });
    expect(parseExpiry('12 / 3')).toBeNull();
  });

  it('accepts this month and later; refuses the past, month 13 and far futures', () => {
    expect(cardExpiryStatus('05 / 26', NOW)).toEqual({ empty: false, complete: true });
    expect(cardExpiryStatus('12 / 34', NOW).complete).toBe(true);
    expect(cardExpiryStatus('04 / 26', NOW).error?.message).toBe("Your card's expiration date is in the past.");
    expect(cardExpiryStatus('12 / 25', NOW).error?.message).toBe("Your card's expiration date is in the past.");
    expect(cardExpiryStatus('13', NOW).error?.message).toBe("Your card's expiration month is invalid.");
    expect(cardExpiryStatus('00', NOW).error?.message).toBe("Your card's expiration month is invalid.");
    expect(cardExpiryStatus('12 / 99', NOW).error?.message).toBe("Your card's expiration year is invalid.");
  });

  it('is incomplete without an error until the field is left', () => {
    expect(cardExpiryStatus('', NOW)).toEqual({ empty: true, complete: false });
    expect(cardExpiryStatus('12 / 3', NOW)).toEqual({ empty: false, complete: false });
    expect(cardExpiryStatus('12 / 3', NOW, true).error?.message).toBe("Your card's expiration date is incomplete.");
  });
});

describe('card security code', () => {
  it('keeps at most 4 digits', () => {
    expect(formatCvc('12a345')).toBe('1234');
  });

  it('needs 3 or 4 digits', () => {
    expect(cardCvcStatus('')).toEqual({ empty: true, complete: false });
    expect(cardCvcStatus('12')).toEqual({ empty: false, complete: false });
    expect(cardCvcStatus('12', true).error?.message).toBe("Your card's security code is incomplete.");
    expect(cardCvcStatus('123').complete).toBe(true);
    expect(cardCvcStatus('1234').complete).toBe(true);
  });
});

describe('createPaymentErrorMessage', () => {
  it("is the server's message, else 'Failed to create payment'", () => {
    const limited = 'Too many failed payment attempts from this address. Please try again later.';
    expect(createPaymentErrorMessage({ kind: 'response', status: 429, message: limited })).toBe(limited);
    expect(createPaymentErrorMessage({ kind: 'response', status: 500, message: '  ' })).toBe('Failed to create payment');
    expect(createPaymentErrorMessage({ kind: 'response', status: 502 })).toBe('Failed to create payment');
    expect(createPaymentErrorMessage({ kind: 'network' })).toBe('Failed to create payment');
    expect(createPaymentErrorMessage({ kind: 'timeout' })).toBe('Failed to create payment');
  });
});
