import { DEMO_ORGANISATION_SETTINGS, ORGANISATION, ORGANISATION_SETTINGS_MESSAGES } from '@charity/domain';
import { describe, expect, it } from 'vitest';
import { indianReceipt, SAVED_SETTINGS, usReceipt } from './fixtures.js';
import {
  EIGHTY_G_ELIGIBILITY,
  formatReceiptAmount,
  formatReceiptDate,
  receiptFacts,
  receiptOrganisation,
  receiptOrganisationFromSettings,
  receiptText,
} from './receipt-text.js';

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

describe('receiptOrganisationFromSettings', () => {
  it('freezes the settings version: legal name, address, PAN, registration, 12A, 80G and its validity, signatory, footer', () => {
    expect(receiptOrganisationFromSettings(SAVED_SETTINGS, { email: 'accounts@charity.example', phone: '+91 80 1111 2222' })).toEqual({
      name: 'Bright Beginnings Foundation',
      address: '42, 2nd Cross, 5th Main Road, Indiranagar 1st Stage, Bengaluru, Karnataka 560038, India',
      email: 'accounts@charity.example',
      phone: '+91 80 1111 2222',
      registration: 'Registration No. 602 of 2019',
      taxApprovals: ['12A', '80G'],
      eightyGNumber: 'AABTB1234CF20214',
      settingsVersion: 3,
      isDemo: false,
      legalName: 'Bright Beginnings Foundation',
      pan: 'AABTB1234C',
      twelveANumber: 'AABTB1234CE20214',
      twelveADate: '2022-03-28',
      eightyGDate: '2022-03-28',
      eightyGValidFrom: '2022-04-01',
      eightyGValidUntil: '2027-03-31',
      signatoryName: 'Anita Rao',
      signatoryTitle: 'Managing Trustee',
      footer: DEMO_ORGANISATION_SETTINGS.receipt_footer,
    });
  });
});

describe('receiptFacts', () => {
  it('describes an Indian donation with the 80G lines and the PAN (normalised)', () => {
    const facts = receiptFacts(indianReceipt({ donor: { panNumber: ' abcde1234f ' } }));
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
    expect(facts.organisation).toMatchObject({ approvals: '', pan: 'PAN: AABTB1234C', twelveA: '12A registration: AABTB1234CE20214' });
    expect(facts.eightyG).toEqual({
      eligibility: EIGHTY_G_ELIGIBILITY,
      approvalNumber: '80G approval (URN): AABTB1234CF20214 dated 28 March 2022, valid from 1 April 2022 to 31 March 2027',
      pan: 'PAN: ABCDE1234F',
      panRequest: null,
    });
    expect(facts.signatory).toEqual({ name: 'Anita Rao', title: 'Managing Trustee' });
    expect(facts.footer).toBe(DEMO_ORGANISATION_SETTINGS.receipt_footer);
    expect(facts.demoNotice).toBeNull();
  });

  it('promises the 80G deduction only for a gift made on a day the approval covers (the organisation’s calendar)', () => {
    // The approval runs 1 April 2022 to 31 March 2027; the donation's day is its day in India (UTC+05:30).
    const on = (createdAt: string, organisation = {}) => receiptFacts(indianReceipt({ donation: { createdAt: new Date(createdAt) }, organisation })).eightyG;
    expect(on('2022-03-31T18:29:59Z')).toBeNull(); // 31 March 2022, 23:59:59 in India
    expect(on('2022-03-31T18:30:00Z')?.eligibility).toBe(EIGHTY_G_ELIGIBILITY); // 1 April 2022
    expect(on('2027-03-31T18:29:59Z')?.eligibility).toBe(EIGHTY_G_ELIGIBILITY); // 31 March 2027
    expect(on('2027-03-31T18:30:00Z')).toBeNull(); // 1 April 2027
    // Without an end, from its start on; without a start, never.
    expect(on('2030-01-01T00:00:00Z', { eightyGValidUntil: null })?.approvalNumber).toBe('80G approval (URN): AABTB1234CF20214 dated 28 March 2022, valid from 1 April 2022');
    expect(on('2025-01-01T00:00:00Z', { eightyGValidFrom: null })).toBeNull();
    // No issue date known: the line says only what is known.
    expect(on('2025-01-01T00:00:00Z', { eightyGDate: null })?.approvalNumber).toBe('80G approval (URN): AABTB1234CF20214, valid from 1 April 2022 to 31 March 2027');
  });

  it('marks receipts drawn from the demonstration values', () => {
    const facts = receiptFacts(indianReceipt({ organisation: { isDemo: true } }));
    expect(facts.demoNotice).toBe(ORGANISATION_SETTINGS_MESSAGES.demoDocument);
    expect(facts.demoNotice).toBe('Demonstration details: not valid for tax purposes');
  });

  it('draws a receipt issued before the settings as it was: approvals line, old 80G wording, no signatory or footer', () => {
    const facts = receiptFacts(indianReceipt({ legacy: true, organisation: { eightyGNumber: 'AAATB1234CF20214' } }));
    expect(facts.organisation).toMatchObject({ approvals: 'Tax approvals: 12A, 80G (Income-tax Act, 1961)', pan: '', twelveA: '' });
    expect(facts.eightyG?.approvalNumber).toBe('80G approval number: AAATB1234CF20214');
    expect(facts).toMatchObject({ signatory: null, footer: '', demoNotice: null });
    // Its 80G wording followed the approvals list, whatever the day.
    expect(receiptFacts(indianReceipt({ legacy: true, donation: { createdAt: new Date('2019-01-01T00:00:00Z') } })).eightyG?.eligibility).toBe(EIGHTY_G_ELIGIBILITY);
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
    expect(receiptFacts(indianReceipt({ legacy: true, organisation: { taxApprovals: ['12A'] } })).eightyG).toBeNull();
  });

  it('shows other currencies in figures with the currency name and the INR equivalent', () => {
    const facts = receiptFacts(usReceipt());
    expect(facts).toMatchObject({ amountFigures: '$50', amountWords: null, currency: 'US Dollars (USD)', amountInr: '₹4,150', donationType: 'Monthly', purpose: 'General donation' });
    expect(receiptFacts(usReceipt({ donation: { amountInr: null } })).amountInr).toBeNull();
  });

  it('falls back to the built-in organisation info for empty fields', () => {
    const facts = receiptFacts(indianReceipt({ legacy: true, organisation: { name: ' ', registration: '', taxApprovals: [] } }));
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
