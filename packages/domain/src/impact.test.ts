import { describe, expect, it } from 'vitest';
import { IMPACT_EXAMPLES, IMPACT_TEXTS, INR_RATES, impactText, toInr } from './impact';

describe('INR_RATES', () => {
  it('holds the spec rates (DKK our own)', () => {
    expect(INR_RATES).toEqual({ INR: 1, USD: 83, GBP: 104, EUR: 90, CAD: 61, AUD: 54, SGD: 61, MYR: 17.5, DKK: 12 });
  });

  it.each([
    [12, 'USD', 996],
    [10, 'MYR', 175],
    [100, 'INR', 100],
    [100, 'XYZ', 100],
    [Number.NaN, 'USD', 0],
  ])('toInr(%d, %s) = %d', (amount, currency, inr) => {
    expect(toInr(amount, currency)).toBe(inr);
  });
});

describe('impactText', () => {
  it.each([
    [0, 'INR', 'Essential supplies and care'],
    [499, 'INR', 'Essential supplies and care'],
    [500, 'INR', 'Basic care for 1 week'],
    [999, 'INR', 'Basic care for 1 week'],
    [1000, 'INR', 'Basic healthcare for 2 weeks'],
    [1999, 'INR', 'Basic healthcare for 2 weeks'],
    [2000, 'INR', 'Healthcare for 1 month'],
    [4999, 'INR', 'Healthcare for 1 month'],
    [5000, 'INR', 'Healthcare and education for 2 months'],
    [9999, 'INR', 'Healthcare and education for 2 months'],
    [10000, 'INR', 'Healthcare and education for 3 months'],
    [1000000, 'INR', 'Healthcare and education for 3 months'],
    [6, 'USD', 'Essential supplies and care'],
    [7, 'USD', 'Basic care for 1 week'],
    [12, 'USD', 'Basic care for 1 week'],
    [13, 'USD', 'Basic healthcare for 2 weeks'],
    [120, 'USD', 'Healthcare and education for 2 months'],
    [121, 'USD', 'Healthcare and education for 3 months'],
    [111, 'EUR', 'Healthcare and education for 2 months'],
    [112, 'EUR', 'Healthcare and education for 3 months'],
    [48, 'GBP', 'Healthcare for 1 month'],
    [49, 'GBP', 'Healthcare and education for 2 months'],
    [57, 'MYR', 'Basic care for 1 week'],
    [58, 'MYR', 'Basic healthcare for 2 weeks'],
    [32, 'CAD', 'Basic healthcare for 2 weeks'],
    [33, 'CAD', 'Healthcare for 1 month'],
    [37, 'AUD', 'Basic healthcare for 2 weeks'],
    [38, 'AUD', 'Healthcare for 1 month'],
    [16, 'SGD', 'Basic care for 1 week'],
    [17, 'SGD', 'Basic healthcare for 2 weeks'],
    [41, 'DKK', 'Essential supplies and care'],
    [42, 'DKK', 'Basic care for 1 week'],
  ])('%d %s → %s', (amount, currency, text) => {
    expect(impactText(amount, currency)).toBe(text);
  });

  it('uses the named texts', () => {
    expect(Object.values(IMPACT_TEXTS)).toContain(impactText(10000, 'INR'));
  });
});

describe('IMPACT_EXAMPLES', () => {
  it('lists the three Your Impact examples', () => {
    expect(IMPACT_EXAMPLES).toEqual([
      { amount: 50, currency: 'INR', text: 'basic care for 1 day' },
      { amount: 200, currency: 'INR', text: 'basic care for 1 week' },
      { amount: 1000, currency: 'INR', text: 'healthcare for 1 month' },
    ]);
  });
});
