import { describe, expect, it } from 'vitest';
import { currencyName, numberToIndianWords, rupeesInWords } from './amount-words.js';

describe('numberToIndianWords', () => {
  it.each([
    [0, 'Zero'],
    [1, 'One'],
    [15, 'Fifteen'],
    [19, 'Nineteen'],
    [20, 'Twenty'],
    [21, 'Twenty-One'],
    [99, 'Ninety-Nine'],
    [100, 'One Hundred'],
    [101, 'One Hundred One'],
    [110, 'One Hundred Ten'],
    [999, 'Nine Hundred Ninety-Nine'],
    [1000, 'One Thousand'],
    [1001, 'One Thousand One'],
    [50_000, 'Fifty Thousand'],
    [99_999, 'Ninety-Nine Thousand Nine Hundred Ninety-Nine'],
    [1_00_000, 'One Lakh'],
    [1_00_001, 'One Lakh One'],
    [2_50_000, 'Two Lakh Fifty Thousand'],
    [10_00_000, 'Ten Lakh'],
    [99_99_999, 'Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine'],
    [1_00_00_000, 'One Crore'],
    [1_23_45_678, 'One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred Seventy-Eight'],
    [10_00_00_000, 'Ten Crore'],
    [1000_00_00_000, 'One Thousand Crore'],
    [1_00_000_00_00_000, 'One Lakh Crore'],
  ])('%i → %s', (value, words) => {
    expect(numberToIndianWords(value)).toBe(words);
  });

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1])('refuses %s', (value) => {
    expect(() => numberToIndianWords(value)).toThrow(RangeError);
  });
});

describe('rupeesInWords', () => {
  it.each([
    [0, 'Rupees Zero Only'],
    [1, 'Rupees One Only'],
    [15, 'Rupees Fifteen Only'],
    [100, 'Rupees One Hundred Only'],
    [1000, 'Rupees One Thousand Only'],
    [1_00_000, 'Rupees One Lakh Only'],
    [10_00_000, 'Rupees Ten Lakh Only'],
    [1_23_45_678, 'Rupees One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred Seventy-Eight Only'],
  ])('%i → %s', (amount, words) => {
    expect(rupeesInWords(amount)).toBe(words);
  });

  it('writes paise for a fractional amount', () => {
    expect(rupeesInWords(1000.5)).toBe('Rupees One Thousand and Fifty Paise Only');
    expect(rupeesInWords(250.25)).toBe('Rupees Two Hundred Fifty and Twenty-Five Paise Only');
    expect(rupeesInWords(0.75)).toBe('Seventy-Five Paise Only');
    expect(rupeesInWords(10.01)).toBe('Rupees Ten and One Paisa Only');
  });

  it('rounds to whole paise first, as the card was charged (no binary noise)', () => {
    expect(rupeesInWords(10.1)).toBe('Rupees Ten and Ten Paise Only');
    expect(rupeesInWords(1.005)).toBe('Rupees One and One Paisa Only');
    expect(rupeesInWords(99.999)).toBe('Rupees One Hundred Only');
  });

  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY])('refuses %s', (amount) => {
    expect(() => rupeesInWords(amount)).toThrow(RangeError);
  });
});

describe('currencyName', () => {
  it('names the supported currencies and passes an unknown code through', () => {
    expect(currencyName('INR')).toBe('Indian Rupees');
    expect(currencyName('usd')).toBe('US Dollars');
    expect(currencyName(' GBP ')).toBe('Pounds Sterling');
    expect(currencyName('DKK')).toBe('Danish Kroner');
    expect(currencyName('xyz')).toBe('XYZ');
  });
});
