import { describe, expect, it } from 'vitest';
import { financialYear, formatReceiptNumber, RECEIPT_NUMBER_PATTERN, receiptFileName } from './receipt-number.js';

describe('receipt numbers', () => {
  it.each([
    ['2026-03-31T18:29:59.999Z', '2025-26'], // 31 March 23:59:59.999 in India
    ['2026-03-31T18:30:00.000Z', '2026-27'], // 1 April 00:00 in India
    ['2026-04-01T00:00:00.000Z', '2026-27'],
    ['2026-12-31T23:59:59.000Z', '2026-27'],
    ['2027-01-01T00:00:00.000Z', '2026-27'],
    ['2099-06-15T12:00:00.000Z', '2099-00'],
  ])('puts %s in the Indian financial year %s', (instant, year) => {
    expect(financialYear(new Date(instant))).toBe(year);
  });

  it('formats the number with six digits, more when a year needs them', () => {
    expect(formatReceiptNumber('2026-27', 1)).toBe('BBF/2026-27/000001');
    expect(formatReceiptNumber('2026-27', 1_234_567)).toBe('BBF/2026-27/1234567');
    expect(RECEIPT_NUMBER_PATTERN.test('BBF/2026-27/000001')).toBe(true);
    expect(RECEIPT_NUMBER_PATTERN.test('BBF/2026-27/1234567')).toBe(true);
    expect(RECEIPT_NUMBER_PATTERN.test('BBF/2026-27/00001')).toBe(false);
    expect(RECEIPT_NUMBER_PATTERN.test('../BBF/2026-27/000001')).toBe(false);
    expect(receiptFileName('BBF/2026-27/000001')).toBe('receipt-BBF-2026-27-000001.pdf');
  });
});
