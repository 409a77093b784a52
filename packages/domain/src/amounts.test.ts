import { describe, expect, it } from 'vitest';
import {
  CUSTOM_AMOUNT_MIN_FALLBACK,
  DEFAULT_DONATION_AMOUNT,
  amountDecimalsMessage,
  customAmountMin,
  formatDonationAmount,
  hasAcceptedDecimals,
  defaultQuickAmount,
  minimumDonation,
  minimumDonationMessage,
  quickAmounts,
  resolveDonationAmount,
  toMinorUnits,
  validateAmount,
} from './amounts';

describe('quick amounts', () => {
  it.each([
    ['INR', [50, 100, 200, 500, 1000], 100],
    ['USD', [1, 5, 10, 25, 50], 5],
    ['EUR', [1, 5, 10, 20, 50], 5],
    ['GBP', [1, 5, 10, 25, 50], 5],
    ['CAD', [1, 5, 10, 25, 50], 5],
    ['DKK', [1, 5, 10, 25, 50], 5],
    ['inr', [50, 100, 200, 500, 1000], 100],
  ])('%s → %j, default %d', (currency, amounts, selected) => {
    expect(quickAmounts(currency)).toEqual(amounts);
    expect(defaultQuickAmount(currency)).toBe(selected);
  });

  it('returns a fresh array each time', () => {
    const a = quickAmounts('INR');
    a.push(5);
    expect(quickAmounts('INR')).toHaveLength(5);
  });

  it('defaults the donation to 1000', () => {
    expect(DEFAULT_DONATION_AMOUNT).toBe(1000);
  });
});

describe('minimumDonation', () => {
  it.each([
    ['IN', 50],
    ['US', 1],
    ['EU', 1],
    ['CA', 1],
    ['AU', 1],
    ['SG', 1],
    ['MY', 1],
    ['GB', 1],
    ['DE', 1],
    ['DK', 1],
    ['XX', 10],
    [null, 10],
  ])('%s → %d', (code, min) => {
    expect(minimumDonation(code)).toBe(min);
  });

  it('uses 1 as the custom input min when no config is found', () => {
    expect(customAmountMin('IN')).toBe(50);
    expect(customAmountMin('XX')).toBe(CUSTOM_AMOUNT_MIN_FALLBACK);
    expect(CUSTOM_AMOUNT_MIN_FALLBACK).toBe(1);
  });
});

describe('validateAmount', () => {
  it.each([
    [49, 'IN', 'Minimum donation amount is ₹50'],
    [49.99, 'IN', 'Minimum donation amount is ₹50'],
    [50, 'IN', null],
    [1000, 'IN', null],
    ['50', 'IN', null],
    ['49', 'IN', 'Minimum donation amount is ₹50'],
    [0.99, 'US', 'Minimum donation amount is $1'],
    [1, 'US', null],
    [0.5, 'EU', 'Minimum donation amount is €1'],
    [0.5, 'DE', 'Minimum donation amount is €1'],
    [0.5, 'CA', 'Minimum donation amount is C$1'],
    [0.5, 'AU', 'Minimum donation amount is A$1'],
    [0.5, 'SG', 'Minimum donation amount is S$1'],
    [0.5, 'MY', 'Minimum donation amount is RM1'],
    [0.5, 'GB', 'Minimum donation amount is £1'],
    [0.5, 'DK', 'Minimum donation amount is kr1'],
    [9.99, 'XX', 'Minimum donation amount is 10'],
    [10, 'XX', null],
    [0, 'US', 'Minimum donation amount is $1'],
    [-5, 'US', 'Minimum donation amount is $1'],
    [Number.NaN, 'IN', 'Please enter a valid donation amount'],
    [Number.POSITIVE_INFINITY, 'IN', 'Please enter a valid donation amount'],
    ['', 'IN', 'Please enter a valid donation amount'],
    ['abc', 'IN', 'Please enter a valid donation amount'],
    [null, 'IN', 'Please enter a valid donation amount'],
  ])('%j %s → %j', (amount, code, expected) => {
    expect(validateAmount(amount, code)).toBe(expected);
  });

  it('builds the minimum message', () => {
    expect(minimumDonationMessage('IN')).toBe('Minimum donation amount is ₹50');
  });
});

describe('validateAmount: decimals and the largest amount (the server\'s rule, checked in step 1)', () => {
  const INR_TOO_LARGE = 'The largest donation we can accept online is ₹5,00,000. Please contact us at contact@brightbeginnings.org.in for larger gifts.';
  const INR_DECIMALS = 'Please enter an amount in whole rupees or with up to 2 decimals';

  it.each([
    [500_000, 'IN', null],
    ['500000', 'IN', null],
    [500_000.01, 'IN', INR_TOO_LARGE],
    [600_000, 'IN', INR_TOO_LARGE],
    ['600000', 'IN', INR_TOO_LARGE],
    [10.5, 'IN', 'Minimum donation amount is ₹50'],
    [50.5, 'IN', null],
    ['50.50', 'IN', null],
    [10.555, 'IN', INR_DECIMALS],
    ['100.555', 'IN', INR_DECIMALS],
    [100.001, 'IN', INR_DECIMALS],
    [19.99, 'US', null],
    [6_000, 'US', null],
    [6_000.01, 'US', 'The largest donation we can accept online is $6,000. Please contact us at contact@brightbeginnings.org.in for larger gifts.'],
    [1.005, 'DE', 'Please enter an amount in whole euros or with up to 2 decimals'],
    [5_500.01, 'DE', 'The largest donation we can accept online is €5,500. Please contact us at contact@brightbeginnings.org.in for larger gifts.'],
    [4_800.01, 'GB', 'The largest donation we can accept online is £4,800. Please contact us at contact@brightbeginnings.org.in for larger gifts.'],
    [12.345, 'DK', 'Please enter an amount in whole kroner or with up to 2 decimals'],
  ])('%j %s → %j', (amount, code, expected) => {
    expect(validateAmount(amount, code)).toBe(expected);
  });

  it('accepts whole numbers only in a zero-decimal currency (JPY)', () => {
    expect(validateAmount(1.5, 'XX', { currency: 'JPY' })).toBe('Please enter an amount in whole JPY');
    expect(validateAmount(1500, 'XX', { currency: 'JPY' })).toBeNull();
  });

  it("is lowered by an operator's ceiling, with the same message", () => {
    expect(validateAmount(250_000, 'IN', { ceiling: 200_000 })).toBe(
      'The largest donation we can accept online is ₹2,00,000. Please contact us at contact@brightbeginnings.org.in for larger gifts.',
    );
    expect(validateAmount(200_000, 'IN', { ceiling: 200_000 })).toBeNull();
  });

  it.each([
    [10.5, 'INR', true],
    [10.55, 'INR', true],
    [10.555, 'INR', false],
    [19.99, 'USD', true],
    [0.1 + 0.2, 'USD', true],
    [1.5, 'JPY', false],
    [1, 'JPY', true],
    [Number.NaN, 'INR', false],
  ])('hasAcceptedDecimals(%d, %s) → %s', (amount, currency, expected) => {
    expect(hasAcceptedDecimals(amount, currency)).toBe(expected);
  });

  it('says what each currency accepts', () => {
    expect(amountDecimalsMessage('INR')).toBe(INR_DECIMALS);
    expect(amountDecimalsMessage('usd')).toBe('Please enter an amount in whole dollars or with up to 2 decimals');
    expect(amountDecimalsMessage('GBP')).toBe('Please enter an amount in whole pounds or with up to 2 decimals');
    expect(amountDecimalsMessage('MYR')).toBe('Please enter an amount in whole ringgit or with up to 2 decimals');
    expect(amountDecimalsMessage('JPY')).toBe('Please enter an amount in whole JPY');
  });
});

describe('formatDonationAmount', () => {
  it.each([
    [1000, 'INR', '₹1,000'],
    [10.5, 'INR', '₹10.50'],
    [100000.05, 'INR', '₹1,00,000.05'],
    [1234.5, 'USD', '$1,234.50'],
    [19.99, 'GBP', '£19.99'],
    [0.1 + 0.2, 'USD', '$0.30'],
    [1500, 'JPY', 'JPY 1,500'],
  ])('%d %s → %s', (amount, currency, expected) => {
    expect(formatDonationAmount(amount, currency)).toBe(expected);
  });
});

describe('resolveDonationAmount', () => {
  it.each([
    [100, '', 100],
    [100, '   ', 100],
    [100, null, 100],
    [100, undefined, 100],
    [100, '750', 750],
    [100, 250, 250],
  ])('selected %d, custom %j → %d', (selected, custom, expected) => {
    expect(resolveDonationAmount(selected, custom)).toBe(expected);
  });

  it('gives NaN for non-numeric custom text', () => {
    expect(resolveDonationAmount(100, 'abc')).toBeNaN();
  });
});

describe('toMinorUnits', () => {
  it.each([
    [1000, 'INR', 100000],
    [50, 'INR', 5000],
    [10.1, 'USD', 1010],
    [1.005, 'EUR', 101],
    [0.1 + 0.2, 'USD', 30],
    [19.99, 'GBP', 1999],
    [0, 'USD', 0],
    [12.345, 'DKK', 1235],
    [5, 'XYZ', 500],
    // ISO 4217 from the runtime for a currency outside the table: the yen has no minor unit.
    [1500, 'JPY', 1500],
  ])('%d %s → %d', (amount, currency, expected) => {
    const result = toMinorUnits(amount, currency);
    expect(result).toBe(expected);
    expect(Number.isInteger(result)).toBe(true);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY])('throws for %d', (amount) => {
    expect(() => toMinorUnits(amount, 'INR')).toThrow(RangeError);
  });
});
