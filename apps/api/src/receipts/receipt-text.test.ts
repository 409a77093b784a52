import { ORGANISATION } from '@charity/domain';
import { describe, expect, it } from 'vitest';
import { indianReceipt, usReceipt } from './fixtures.js';
import { EIGHTY_G_ELIGIBILITY, formatReceiptAmount, formatReceiptDate, receiptFacts, receiptOrganisation, receiptText } from './receipt-text.js';

describe('receiptText', () => {
  it('turns control, bidi and zero-width characters into spaces and collapses whitespace', () => {
    expect(receiptText('  Asha\u0000\u0007 Rao\r\n')).toBe('Asha Rao');
    expect(receiptText('evil\u202Egpj.exe')).toBe('evil gpj.exe');
    expect(receiptText('a\u200Bb\u2028c\u0085d\uFEFFe')).toBe('a b c d e');
  });

  it('keeps letters, accents, the rupee sign and formula-like text as they are', () => {
    expect(receiptText('Zoë Müller-Łukasz ₹')).toBe('Zoë Müller-Łukasz ₹');
    expect(receiptText("=cmd|' /C calc'!A0")).toBe("=cmd|' /C calc'!A0");
  });

  it('cuts long text by code point with an ellipsis', () => {
    expect(receiptText('abcdef', 4)).toBe('abc…');
    expect(receiptText('😀😀😀😀😀', 3)).toBe('😀😀…');
    expect(receiptText('abcd', 4)).toBe('abcd');
  });

  it('gives an empty string for a missing value', () => {
    expect(receiptText(null)).toBe('');
    expect(receiptText(undefined)).toBe('');
  });
});

describe('formatReceiptDate', () => {
  it('uses the calendar date in India (UTC+05:30)', () => {
    expect(formatReceiptDate(new Date('2025-03-14T09:15:00Z'))).toBe('14 March 2025');
    expect(formatReceiptDate(new Date('2024-12-31T18:29:59Z'))).toBe('31 December 2024');
    expect(formatReceiptDate(new Date('2024-12-31T18:30:00Z'))).toBe('1 January 2025');
  });
});

describe('formatReceiptAmount', () => {
  it('groups INR the Indian way and other currencies by thousands, without decimals for whole amounts', () => {
    expect(formatReceiptAmount(1000, 'INR')).toBe('₹1,000');
    expect(formatReceiptAmount(1_00_000, 'INR')).toBe('₹1,00,000');
    expect(formatReceiptAmount(1_23_45_678, 'INR')).toBe('₹1,23,45,678');
    expect(formatReceiptAmount(1234, 'USD')).toBe('$1,234');
    expect(formatReceiptAmount(50, 'EUR')).toBe('€50');
  });

  it('keeps paise and cents when the amount has them', () => {
    expect(formatReceiptAmount(1000.5, 'INR')).toBe('₹1,000.50');
    expect(formatReceiptAmount(1234.05, 'USD')).toBe('$1,234.05');
    expect(formatReceiptAmount(10.1, 'GBP')).toBe('£10.10');
  });
});

describe('receiptOrganisation', () => {
  it('takes name, address, contact, registration and approvals from the organisation info', () => {
    expect(receiptOrganisation()).toEqual({
      name: ORGANISATION.name,
      address: '42, 2nd Cross, 5th Main Road, Indiranagar 1st Stage, Bengaluru, Karnataka 560038, India',
      email: ORGANISATION.email,
      phone: ORGANISATION.phones.main,
      registration: 'Registration No. 602 of 2019',
      taxApprovals: ['12A', '80G'],
    });
  });
});

describe('receiptFacts', () => {
  it('describes an Indian donation with the 80G lines and the PAN (normalised)', () => {
    const facts = receiptFacts(indianReceipt({ donor: { panNumber: ' abcde1234f ' }, organisation: { eightyGNumber: 'AAATB1234CF20214' } }));
    expect(facts).toMatchObject({
      receiptNumber: 'BBF-2025-000042',
      receiptDate: '14 March 2025',
      amountFigures: '₹1,000',
      amountWords: 'Rupees One Thousand Only',
      currency: 'Indian Rupees (INR)',
      amountInr: null,
      donationType: 'One-time',
      purpose: 'Winter Warmth for 500 Children',
      paymentReference: 'pi_3QxTestIntent0042',
      donor: { name: 'Asha Rao', addressLines: ['12, 3rd Main Road, Jayanagar 4th Block', 'Bengaluru, Karnataka 560011', 'India'] },
    });
    expect(facts.organisation.approvals).toBe('Tax approvals: 12A, 80G (Income-tax Act, 1961)');
    expect(facts.eightyG).toEqual({
      eligibility: EIGHTY_G_ELIGIBILITY,
      approvalNumber: '80G approval number: AAATB1234CF20214',
      pan: 'PAN: ABCDE1234F',
      panRequest: null,
    });
  });

  it('asks an Indian donor for the PAN when it is missing or not a valid PAN', () => {
    for (const panNumber of [null, '', 'NOTAPAN']) {
      const { eightyG } = receiptFacts(indianReceipt({ donor: { panNumber } }));
      expect(eightyG?.pan).toBeNull();
      expect(eightyG?.panRequest).toBe(
        "PAN not provided. The deduction under Section 80G needs the donor's PAN: please send it to contact@brightbeginnings.org.in, quoting receipt number BBF-2025-000042.",
      );
    }
  });

  it('gives no 80G lines to donors outside India, nor when the organisation has no 80G approval', () => {
    expect(receiptFacts(usReceipt()).eightyG).toBeNull();
    expect(receiptFacts(indianReceipt({ organisation: { taxApprovals: ['12A'] } })).eightyG).toBeNull();
  });

  it('shows other currencies in figures with the currency name and the INR equivalent', () => {
    const facts = receiptFacts(usReceipt());
    expect(facts).toMatchObject({ amountFigures: '$50', amountWords: null, currency: 'US Dollars (USD)', amountInr: '₹4,150', donationType: 'Monthly', purpose: 'General donation' });
    expect(receiptFacts(usReceipt({ donation: { amountInr: null } })).amountInr).toBeNull();
  });

  it('falls back to the built-in organisation info for empty fields', () => {
    const facts = receiptFacts(indianReceipt({ organisation: { name: ' ', registration: '', taxApprovals: [] } }));
    expect(facts.organisation.name).toBe('Bright Beginnings Foundation');
    expect(facts.organisation.registration).toBe('Registration No. 602 of 2019');
    expect(facts.eightyG).not.toBeNull();
  });

  it('refuses input that cannot make a true receipt', () => {
    expect(() => receiptFacts(indianReceipt({ receiptNumber: ' \n' }))).toThrow('Receipt number is required');
    expect(() => receiptFacts(indianReceipt({ issuedAt: new Date('nonsense') }))).toThrow('Receipt issuedAt must be a valid date');
    expect(() => receiptFacts(indianReceipt({ donation: { createdAt: new Date(Number.NaN) } }))).toThrow(TypeError);
    for (const amount of [0, -5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => receiptFacts(indianReceipt({ donation: { amount } }))).toThrow(RangeError);
    }
    expect(() => receiptFacts(indianReceipt({ donation: { currency: 'rupees' } }))).toThrow('ISO 4217');
  });
});
