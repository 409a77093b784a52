import { describe, expect, it } from 'vitest';
import {
  formatMinor,
  parseRefundAmount,
  proportionalInr,
  REFUND_MESSAGES,
  refundableMinor,
  refundNoteKind,
  refundRequestError,
} from './refunds';

const donation = { status: 'completed', currency: 'INR', amount_minor: 150_000, refunded_minor: 50_000, refund_pending_minor: 20_000 };

describe('refund rules', () => {
  it('what is left counts refunds in flight, never below zero', () => {
    expect(refundableMinor(donation)).toBe(80_000);
    expect(refundableMinor({ amount_minor: 100, refunded_minor: 100, refund_pending_minor: 50 })).toBe(0);
  });

  it('formats minor units exactly: decimals only when there are some', () => {
    expect(formatMinor(150_000, 'INR')).toBe('₹1,500');
    expect(formatMinor(150_050, 'INR')).toBe('₹1,500.50');
    expect(formatMinor(1_000_000_01, 'INR')).toBe('₹10,00,000.01');
    expect(formatMinor(2_505, 'USD')).toBe('$25.05');
  });

  it('reads what staff type in the currency’s unit', () => {
    expect(parseRefundAmount('500', 'INR')).toBe(50_000);
    expect(parseRefundAmount('1,500.5', 'INR')).toBe(150_050);
    expect(parseRefundAmount('₹ 1500.50', 'INR')).toBe(150_050);
    expect(parseRefundAmount('12.345', 'INR')).toBeNull();
    expect(parseRefundAmount('0', 'INR')).toBeNull();
    expect(parseRefundAmount('-5', 'INR')).toBeNull();
    expect(parseRefundAmount('abc', 'INR')).toBeNull();
  });

  it('checks a request against the donation, first problem first, in the domain’s words', () => {
    expect(refundRequestError({ amount_minor: 80_000, reason: 'Duplicate gift' }, donation)).toBeNull();
    expect(refundRequestError({ amount_minor: 80_001, reason: 'Duplicate gift' }, donation)).toBe(
      'A refund cannot be more than what is left of the donation: ₹800.',
    );
    expect(refundRequestError({ amount_minor: 0, reason: 'Duplicate gift' }, donation)).toBe(REFUND_MESSAGES.amountInvalid);
    expect(refundRequestError({ amount_minor: null, reason: 'Duplicate gift' }, donation)).toBe(REFUND_MESSAGES.amountInvalid);
    expect(refundRequestError({ amount_minor: 100, reason: ' ' }, donation)).toBe(REFUND_MESSAGES.reasonRequired);
    expect(refundRequestError({ amount_minor: 100, reason: 'ab' }, donation)).toBe(REFUND_MESSAGES.reasonTooShort);
    expect(refundRequestError({ amount_minor: 100, reason: 'x'.repeat(501) }, donation)).toBe(REFUND_MESSAGES.reasonTooLong);
    expect(refundRequestError({ amount_minor: 100, reason: 'Duplicate gift' }, { ...donation, status: 'refunded' })).toBe(REFUND_MESSAGES.nothingLeft);
    expect(refundRequestError({ amount_minor: 100, reason: 'Duplicate gift' }, { ...donation, status: 'pending' })).toBe(REFUND_MESSAGES.notCompleted);
  });

  it('names the note and the INR share of a refund', () => {
    expect(refundNoteKind({ amount_minor: 100, refunded_minor: 100 })).toBe('cancellation');
    expect(refundNoteKind({ amount_minor: 100, refunded_minor: 40 })).toBe('credit');
    expect(proportionalInr(4150, 1000, 5000)).toBe(830);
    expect(proportionalInr(1000, 33_333, 100_000)).toBe(333.33);
    expect(proportionalInr(1000, 100_000, 100_000)).toBe(1000);
  });
});
