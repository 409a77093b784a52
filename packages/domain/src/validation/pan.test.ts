import { describe, expect, it } from 'vitest';
import { PAN_MESSAGE, isValidPan, normalisePan } from './pan';

describe('isValidPan', () => {
  it.each([
    ['ABCDE1234F', true],
    ['AAAPZ1234C', true],
    ['abcde1234f', false],
    ['ABCDE1234', false],
    ['ABCD1234EF', false],
    ['ABCDE12345', false],
    ['ABCDE1234FG', false],
    [' ABCDE1234F', false],
    ['', false],
  ])('%j → %s', (value, expected) => {
    expect(isValidPan(value)).toBe(expected);
  });

  it('normalises by trimming and uppercasing', () => {
    expect(normalisePan(' abcde1234f ')).toBe('ABCDE1234F');
    expect(normalisePan(null)).toBe('');
    expect(isValidPan(normalisePan(' abcde1234f '))).toBe(true);
  });

  it('has the spec message', () => {
    expect(PAN_MESSAGE).toBe('Please enter a valid PAN (e.g., ABCDE1234F)');
  });
});
