import { describe, expect, it } from 'vitest';
import { GENERIC_PHONE_MESSAGE, PHONE_MESSAGES, isValidPhone, normalisePhone, validatePhone } from './phone';

const IN_MSG = 'Please enter a valid 10-digit mobile number starting with 6, 7, 8, or 9';
const NA_MSG = 'Please enter a valid phone number (e.g., (555) 123-4567)';

describe('normalisePhone', () => {
  it.each([
    ['+91 (987) 654-32.10', '+919876543210'],
    ['  98765 43210 ', '9876543210'],
    ['', ''],
    [null, ''],
    [undefined, ''],
  ])('%j → %j', (input, expected) => {
    expect(normalisePhone(input)).toBe(expected);
  });
});

describe('validatePhone: valid numbers', () => {
  it.each([
    ['IN', '9876543210'],
    ['IN', '6000000000'],
    ['IN', '7012345678'],
    ['IN', '+91 98765 43210'],
    ['IN', '91 98765 43210'],
    ['IN', '098765-43210'],
    ['US', '(555) 123-4567'],
    ['US', '555.123.4567'],
    ['US', '+1 555 123 4567'],
    ['US', '15551234567'],
    ['CA', '(416) 555-0199'],
    ['CA', '+1-416-555-0199'],
    ['GB', '07123 456789'],
    ['GB', '+44 7123 456789'],
    ['GB', '020 7946 0958'],
    ['GB', '01632 96070'],
    ['AU', '0412 345 678'],
    ['AU', '+61 412 345 678'],
    ['AU', '(02) 9876 5432'],
    ['SG', '8123 4567'],
    ['SG', '+65 9123 4567'],
    ['SG', '6123-4567'],
    ['MY', '012-345 6789'],
    ['MY', '+60 12-345 6789'],
    ['MY', '03-1234 5678'],
    ['MY', '+60 3 1234 567'],
    ['DE', '+49 30 12345678'],
    ['DE', '030 12345678'],
    ['DE', '01512 3456789'],
    ['DK', '12 34 56 78'],
    ['DK', '+45 12 34 56 78'],
    ['EU', '+33 1 23 45 67 89'],
    ['EU', '12345678'],
    ['XX', '123456789012345'],
    ['in', '9876543210'],
  ])('%s %j', (country, value) => {
    expect(validatePhone(country, value)).toBeNull();
    expect(isValidPhone(country, value)).toBe(true);
  });
});

describe('validatePhone: invalid numbers', () => {
  it.each([
    ['IN', '5876543210', IN_MSG],
    ['IN', '987654321', IN_MSG],
    ['IN', '98765432101', IN_MSG],
    ['IN', '+92 98765 43210', IN_MSG],
    ['IN', '98765abcde', IN_MSG],
    ['US', '555-1234', NA_MSG],
    ['US', '25551234567', NA_MSG],
    ['US', '+2 555 123 4567', NA_MSG],
    ['US', '555-123-456a', NA_MSG],
    ['CA', '416-555-019', NA_MSG],
    ['CA', '+44 416 555 0199', NA_MSG],
    ['GB', '7123456789', 'Please enter a valid UK phone number (e.g., 07123 456789)'],
    ['GB', '+44 71234', 'Please enter a valid UK phone number (e.g., 07123 456789)'],
    ['GB', '0712345678901', 'Please enter a valid UK phone number (e.g., 07123 456789)'],
    ['AU', '0112 345 678', 'Please enter a valid Australian phone number (e.g., 0412 345 678)'],
    ['AU', '412 345 678', 'Please enter a valid Australian phone number (e.g., 0412 345 678)'],
    ['AU', '+61 412 345 67', 'Please enter a valid Australian phone number (e.g., 0412 345 678)'],
    ['SG', '7123 4567', 'Please enter a valid Singapore phone number (e.g., 8123 4567)'],
    ['SG', '+65 8123 456', 'Please enter a valid Singapore phone number (e.g., 8123 4567)'],
    ['SG', '+66 8123 4567', 'Please enter a valid Singapore phone number (e.g., 8123 4567)'],
    ['MY', '12-345 6789', 'Please enter a valid Malaysian phone number (e.g., 012-345 6789)'],
    ['MY', '0123 456', 'Please enter a valid Malaysian phone number (e.g., 012-345 6789)'],
    ['MY', '+60 12 3456 78901', 'Please enter a valid Malaysian phone number (e.g., 012-345 6789)'],
    ['DE', '1234567', 'Please enter a valid German phone number (e.g., +49 30 12345678)'],
    ['DE', '+49 30 1234 5678 9012', 'Please enter a valid German phone number (e.g., +49 30 12345678)'],
    ['DE', 'call me', 'Please enter a valid German phone number (e.g., +49 30 12345678)'],
    ['DK', '1234 567', 'Please enter a valid Danish phone number (e.g., 12 34 56 78)'],
    ['DK', '12-34-56-7a', 'Please enter a valid Danish phone number (e.g., 12 34 56 78)'],
    ['EU', '1234567', 'Phone number must be 8-15 digits'],
    ['EU', '+1234567890123456', 'Phone number must be 8-15 digits'],
    ['XX', '1234567', 'Phone number must be 8-15 digits'],
    ['XX', '++12345678', 'Phone number must be 8-15 digits'],
  ])('%s %j → %j', (country, value, message) => {
    expect(validatePhone(country, value)).toBe(message);
    expect(isValidPhone(country, value)).toBe(false);
  });
});

describe('validatePhone: required', () => {
  it.each([
    ['IN', ''],
    ['US', '   '],
    ['GB', null],
    ['XX', undefined],
    ['DE', ' - ( ) . '],
  ])('%s %j → Mobile number is required', (country, value) => {
    expect(validatePhone(country, value)).toBe('Mobile number is required');
  });
});

describe('PHONE_MESSAGES', () => {
  it('has a message of its own for every country named in the spec, and the generic text for others', () => {
    expect(Object.keys(PHONE_MESSAGES).sort()).toEqual(['AU', 'CA', 'DE', 'DK', 'GB', 'IN', 'MY', 'SG', 'US']);
    expect(GENERIC_PHONE_MESSAGE).toBe('Phone number must be 8-15 digits');
  });
});
