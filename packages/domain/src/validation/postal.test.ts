import { describe, expect, it } from 'vitest';
import { isValidPostalCode, normalisePostalCode, validatePostalCode } from './postal';

describe('validatePostalCode: valid codes', () => {
  it.each([
    ['IN', '560038'],
    ['IN', ' 110001 '],
    ['US', '12345'],
    ['US', '12345-6789'],
    ['CA', 'K1A 0A6'],
    ['CA', 'k1a0a6'],
    ['CA', 'M5V 3L9'],
    ['GB', 'SW1A 1AA'],
    ['GB', 'ec1a1bb'],
    ['GB', 'M1 1AE'],
    ['GB', 'B33 8TH'],
    ['GB', 'CR2 6XH'],
    ['GB', 'DN55 1PT'],
    ['GB', 'GIR 0AA'],
    ['AU', '2000'],
    ['SG', '018956'],
    ['MY', '50450'],
    ['DE', '10115'],
    ['DK', '1050'],
    ['EU', '75008'],
    ['EU', '1012 AB'],
    ['EU', 'D02 X285'],
    ['EU', 'AB1'],
    ['EU', '1234567890'],
    ['XX', '123'],
    ['XX', 'AB-12345-XYZ'],
  ])('%s %j', (country, value) => {
    expect(validatePostalCode(country, value)).toBeNull();
    expect(isValidPostalCode(country, value)).toBe(true);
  });
});

describe('validatePostalCode: invalid codes', () => {
  it.each([
    ['IN', '060038', 'Please enter a valid 6-digit PIN code'],
    ['IN', '56003', 'Please enter a valid 6-digit PIN code'],
    ['IN', '5600381', 'Please enter a valid 6-digit PIN code'],
    ['IN', 'ABCDEF', 'Please enter a valid 6-digit PIN code'],
    ['US', '1234', 'Please enter a valid ZIP code (e.g., 12345 or 12345-6789)'],
    ['US', '12345-678', 'Please enter a valid ZIP code (e.g., 12345 or 12345-6789)'],
    ['US', '123456', 'Please enter a valid ZIP code (e.g., 12345 or 12345-6789)'],
    ['CA', 'K1A 0A', 'Please enter a valid Canadian postal code (e.g., K1A 0A6)'],
    ['CA', '123 456', 'Please enter a valid Canadian postal code (e.g., K1A 0A6)'],
    ['CA', 'D1A 0A6', 'Please enter a valid Canadian postal code (e.g., K1A 0A6)'],
    ['CA', 'K1A-0A6', 'Please enter a valid Canadian postal code (e.g., K1A 0A6)'],
    ['GB', 'SW1A', 'Please enter a valid UK postcode (e.g., SW1A 1AA)'],
    ['GB', '12345', 'Please enter a valid UK postcode (e.g., SW1A 1AA)'],
    ['GB', 'SW1A 1A', 'Please enter a valid UK postcode (e.g., SW1A 1AA)'],
    ['AU', '200', 'Please enter a valid 4-digit Australian postcode'],
    ['AU', '20000', 'Please enter a valid 4-digit Australian postcode'],
    ['AU', 'ABCD', 'Please enter a valid 4-digit Australian postcode'],
    ['SG', '18956', 'Please enter a valid 6-digit Singapore postal code'],
    ['SG', '0189567', 'Please enter a valid 6-digit Singapore postal code'],
    ['MY', '5045', 'Please enter a valid 5-digit Malaysian postcode'],
    ['MY', '504500', 'Please enter a valid 5-digit Malaysian postcode'],
    ['DE', '1011', 'Please enter a valid 5-digit German postal code'],
    ['DE', '101155', 'Please enter a valid 5-digit German postal code'],
    ['DK', '105', 'Please enter a valid 4-digit Danish postal code'],
    ['DK', '10500', 'Please enter a valid 4-digit Danish postal code'],
    ['EU', '12', 'Please enter a valid postal code (3-10 letters or digits)'],
    ['EU', '12345678901', 'Please enter a valid postal code (3-10 letters or digits)'],
    ['EU', '-123', 'Please enter a valid postal code (3-10 letters or digits)'],
    ['XX', '12', 'Postal code must be at least 3 characters'],
    ['XX', ' A ', 'Postal code must be at least 3 characters'],
  ])('%s %j → %j', (country, value, message) => {
    expect(validatePostalCode(country, value)).toBe(message);
    expect(isValidPostalCode(country, value)).toBe(false);
  });
});

describe('validatePostalCode: required', () => {
  it.each([
    ['IN', '', 'PIN code is required'],
    ['IN', '   ', 'PIN code is required'],
    ['US', '', 'Postal code is required'],
    ['GB', null, 'Postal code is required'],
    ['XX', undefined, 'Postal code is required'],
  ])('%s %j → %j', (country, value, message) => {
    expect(validatePostalCode(country, value)).toBe(message);
  });
});

describe('normalisePostalCode', () => {
  it.each([
    [' sw1a   1aa ', 'SW1A 1AA'],
    ['k1a0a6', 'K1A0A6'],
    [null, ''],
  ])('%j → %j', (input, expected) => {
    expect(normalisePostalCode(input)).toBe(expected);
  });
});
