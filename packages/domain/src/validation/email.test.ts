import { describe, expect, it } from 'vitest';
import { isValidEmail, isValidEmailStrict } from './email';

describe('isValidEmail (basic)', () => {
  it.each([
    ['a@b.co', true],
    ['first.last+tag@example.org.in', true],
    ['weird(chars)@x.y', true],
    ['', false],
    ['plainaddress', false],
    ['no-at.example.com', false],
    ['a@nodot', false],
    ['a b@example.com', false],
    ['a@exa mple.com', false],
    ['a@@example.com', false],
    ['@example.com', false],
    ['a@example.', false],
  ])('%j → %s', (value, expected) => {
    expect(isValidEmail(value)).toBe(expected);
  });
});

describe('isValidEmailStrict', () => {
  const label63 = 'a'.repeat(63);
  const label64 = 'a'.repeat(64);
  const local64 = 'l'.repeat(64);
  const domainOf = (n: number): string => `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(n)}.com`;

  it.each([
    ['a@b.co', true],
    ['first.last+tag@example.org.in', true],
    ["o'brien_{x}~!#$%&*=?^`|-@mail-server.example.com", true],
    ['UPPER@EXAMPLE.COM', true],
    ['x@123.example.io', true],
    [`user@${label63}.com`, true],
    [`user@${label64}.com`, false],
    [`${local64}@example.com`, true],
    [`${local64}l@example.com`, false],
    [`${local64}@${domainOf(57)}`, true],
    [`${local64}@${domainOf(58)}`, false],
    ['a@-example.com', false],
    ['a@example-.com', false],
    ['a@exa_mple.com', false],
    ['a@example.c', false],
    ['a@example.c0m', false],
    ['a@example..com', false],
    ['a@.example.com', false],
    ['a@example', false],
    ['.a@example.com', false],
    ['a.@example.com', false],
    ['a..b@example.com', false],
    ['a b@example.com', false],
    ['a(b)@example.com', false],
    ['a@b@example.com', false],
    ['"quoted"@example.com', false],
    ['', false],
  ])('%j → %s', (value, expected) => {
    expect(isValidEmailStrict(value)).toBe(expected);
  });

  it('counts 254 characters as the maximum', () => {
    expect(`${local64}@${domainOf(57)}`.length).toBe(254);
    expect(`${local64}@${domainOf(58)}`.length).toBe(255);
  });
});
