import { describe, expect, it } from 'vitest';
import { toMinorUnits, quickAmounts } from './amounts';
import { COUNTRIES } from './countries';
import {
  CURRENCIES,
  CURRENCY_CODES,
  currencyColumn,
  currencyFacts,
  currencyMinorUnits,
  largestAcceptedAmount,
  LARGEST_DONATION_INR,
} from './currencies';
import { CURRENCY_SYMBOLS, currencySymbol, formatCurrency } from './format';
import { INR_RATES, toInr } from './impact';

describe('the currency table', () => {
  it('has a row for every country currency, keyed by its own code', () => {
    for (const country of COUNTRIES) expect(currencyFacts(country.currency), country.code).toBeDefined();
    for (const code of CURRENCY_CODES) expect(CURRENCIES[code].code).toBe(code);
    expect(CURRENCY_CODES[0]).toBe('INR');
  });

  it('is what the symbols, quick amounts, rates and minor units read', () => {
    expect(CURRENCY_SYMBOLS).toEqual(currencyColumn('symbol'));
    expect(INR_RATES).toEqual(currencyColumn('inrRate'));
    for (const code of CURRENCY_CODES) {
      const row = CURRENCIES[code];
      expect(currencySymbol(code)).toBe(row.symbol);
      expect(quickAmounts(code)).toEqual(row.quickAmounts);
      expect(toInr(1, code)).toBe(row.inrRate);
      expect(toMinorUnits(1, code)).toBe(10 ** row.minorUnits);
    }
    for (const country of COUNTRIES) expect(country.currency_symbol, country.code).toBe(currencySymbol(country.currency));
  });

  it('names every unit for a sentence, in the plural', () => {
    for (const code of CURRENCY_CODES) expect(CURRENCIES[code].unit, code).toMatch(/^[a-z]+$/);
    expect(CURRENCIES.INR.unit).toBe('rupees');
  });

  it('gives the minor units from the table, else ISO 4217, else 2', () => {
    for (const code of CURRENCY_CODES) expect(currencyMinorUnits(code)).toBe(CURRENCIES[code].minorUnits);
    expect(currencyMinorUnits('jpy')).toBe(0);
    expect(currencyMinorUnits('KWD')).toBe(3);
    expect(currencyMinorUnits('XYZ')).toBe(2);
    expect(currencyMinorUnits('not a code')).toBe(2);
  });

  it('reads codes case-insensitively and knows nothing else', () => {
    expect(currencyFacts(' usd ')?.symbol).toBe('$');
    expect(currencyFacts('XYZ')).toBeUndefined();
    expect(currencyFacts('constructor')).toBeUndefined();
    expect(currencyFacts(null)).toBeUndefined();
  });
});

describe('largestAcceptedAmount', () => {
  it('is ₹5,00,000 in INR', () => {
    expect(LARGEST_DONATION_INR).toBe(500_000);
    expect(largestAcceptedAmount('INR')).toBe(500_000);
    expect(formatCurrency(largestAcceptedAmount('INR'), 'INR')).toBe('₹5,00,000');
  });

  it('is the INR figure at each rate, rounded down to a hundred', () => {
    for (const code of CURRENCY_CODES) {
      const { largestAmount, inrRate } = CURRENCIES[code];
      expect(largestAmount % 100, code).toBe(0);
      expect(largestAmount * inrRate, code).toBeLessThanOrEqual(LARGEST_DONATION_INR);
      expect((largestAmount + 100) * inrRate, code).toBeGreaterThan(LARGEST_DONATION_INR);
      // Stripe takes at most eight digits in minor units.
      expect(toMinorUnits(largestAmount, code), code).toBeLessThan(10 ** 8);
    }
    expect(largestAcceptedAmount('usd')).toBe(6_000);
  });

  it('is lowered by a smaller ceiling (the API\'s PAYMENT_MAX_AMOUNT), never raised by a larger one', () => {
    expect(largestAcceptedAmount('INR', 250_000)).toBe(250_000);
    expect(largestAcceptedAmount('USD', 100)).toBe(100);
    expect(largestAcceptedAmount('USD', 500_000)).toBe(6_000);
    expect(largestAcceptedAmount('INR', 999_999)).toBe(500_000);
  });

  it('gives an unknown currency the INR figure in its own units, as before the table', () => {
    expect(largestAcceptedAmount('XYZ')).toBe(LARGEST_DONATION_INR);
    expect(largestAcceptedAmount('XYZ', 100)).toBe(100);
  });
});
