import { describe, expect, it } from 'vitest';
import { AMOUNT_RAISED_TEXT, STATS_START } from './constants';
import { currencySymbol, formatCurrency, formatFileSize, formatNumber } from './format';

describe('formatCurrency', () => {
  it.each([
    [1000000, 'INR', '₹10,00,000'],
    [100000, 'INR', '₹1,00,000'],
    [99999, 'INR', '₹99,999'],
    [1234567, 'INR', '₹12,34,567'],
    [10000000, 'INR', '₹1,00,00,000'],
    [999, 'INR', '₹999'],
    [50, 'INR', '₹50'],
    [0, 'INR', '₹0'],
    [1000.4, 'INR', '₹1,000'],
    [1000.5, 'INR', '₹1,001'],
    [-5, 'INR', '-₹5'],
    [-0.4, 'INR', '₹0'],
    [Number.NaN, 'INR', '₹0'],
    [Number.POSITIVE_INFINITY, 'INR', '₹0'],
    [1500, 'inr', '₹1,500'],
    [1234, 'USD', '$1,234'],
    [1234567, 'USD', '$1,234,567'],
    [1234.5, 'USD', '$1,235'],
    [999, 'USD', '$999'],
    [50, 'EUR', '€50'],
    [100000, 'EUR', '€100,000'],
    [25, 'GBP', '£25'],
    [25, 'CAD', 'C$25'],
    [25, 'AUD', 'A$25'],
    [25, 'SGD', 'S$25'],
    [10, 'MYR', 'RM10'],
    [1500, 'DKK', 'kr1,500'],
    [1000, 'JPY', 'JPY 1,000'],
  ])('%d %s → %s', (amount, currency, expected) => {
    expect(formatCurrency(amount, currency)).toBe(expected);
  });

  it('renders the Amount Raised statistic', () => {
    expect(formatCurrency(STATS_START.totalAmount, 'INR')).toBe(AMOUNT_RAISED_TEXT);
  });

  it('gives symbols per currency', () => {
    expect(currencySymbol('INR')).toBe('₹');
    expect(currencySymbol('usd')).toBe('$');
    expect(currencySymbol('XYZ')).toBe('XYZ ');
  });
});

describe('formatNumber', () => {
  it.each([
    [15847, '15,847'],
    [5241, '5,241'],
    [12, '12'],
    [999, '999'],
    [100000, '1,00,000'],
    [1000000, '10,00,000'],
    [1234.6, '1,235'],
    [-2500, '-2,500'],
    [Number.NaN, '0'],
  ])('%d → %s', (value, expected) => {
    expect(formatNumber(value)).toBe(expected);
  });
});

describe('grouping written by hand (no Intl at module load) matches Intl', () => {
  const indian = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
  const western = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
  // Every length from 1 to 22 digits, with zeros and nines at the edges, and a spread of values between.
  const samples = [0, 7, 10, 99, 100, 999, 1000, 9999, 10000, 99999, 100000, 123456, 1000000, 9876543, 10000000, 123456789, 1e10, 987654321012, Number.MAX_SAFE_INTEGER, 1e21];
  for (let n = 1; n < 1e15; n = n * 7 + 3) samples.push(n);

  it.each(samples)('%d', (n) => {
    expect(formatNumber(n)).toBe(indian.format(n));
    expect(formatNumber(-n)).toBe(n === 0 ? '0' : `-${indian.format(n)}`);
    expect(formatCurrency(n, 'INR')).toBe(`₹${indian.format(n)}`);
    expect(formatCurrency(n, 'USD')).toBe(`$${western.format(n)}`);
  });
});

describe('formatFileSize', () => {
  it('writes bytes, KB, MB and GB in binary units, never "1024.0 MB"', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(48 * 1024)).toBe('48 KB');
    expect(formatFileSize(6_239_744)).toBe('6.0 MB');
    expect(formatFileSize(1023.97 * 1024 * 1024)).toBe('1.0 GB');
    expect(formatFileSize(3.4 * 1024 ** 3)).toBe('3.4 GB');
    expect(formatFileSize(-1)).toBe('0 B');
  });
});
