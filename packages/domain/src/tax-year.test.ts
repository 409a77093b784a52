import { describe, expect, it } from 'vitest';
import { PAN_MESSAGE } from './validation/pan';
import {
  financialYearDays,
  financialYearLabel,
  financialYearsUpTo,
  FORM_10BD_COLUMNS,
  FORM_10BD_DONATION_TYPE,
  FORM_10BD_ID_CODES,
  FORM_10BD_MODE_OF_RECEIPT,
  FORM_10BD_SECTION_80G,
  form10bdDueDay,
  isFinancialYear,
  STATEMENT_LINK_TTL_DAYS,
  STATEMENT_REQUEST_MESSAGES,
  TAX_YEAR_MESSAGES,
} from './tax-year';

describe('isFinancialYear', () => {
  it('accepts a start year and the last two digits of the next', () => {
    expect(isFinancialYear('2026-27')).toBe(true);
    expect(isFinancialYear('2099-00')).toBe(true);
    expect(isFinancialYear('2000-01')).toBe(true);
  });

  it('refuses anything else', () => {
    for (const value of ['2026-28', '2026-26', '2026-2027', '26-27', '2026/27', ' 2026-27', '2026-27 ', '1999-00', '3000-01', '', 'abcd-ef', '2026-7']) {
      expect(isFinancialYear(value), value).toBe(false);
    }
  });
});

describe('the days of a financial year', () => {
  it('runs from 1 April to 31 March of the next calendar year', () => {
    expect(financialYearDays('2026-27')).toEqual({ from: '2026-04-01', to: '2027-03-31' });
    expect(financialYearDays('2099-00')).toEqual({ from: '2099-04-01', to: '2100-03-31' });
  });

  it('is labelled by its months', () => {
    expect(financialYearLabel('2026-27')).toBe('April 2026 – March 2027');
  });

  it('has Form 10BD due on 31 May after it ends', () => {
    expect(form10bdDueDay('2025-26')).toBe('2026-05-31');
  });
});

describe('financialYearsUpTo', () => {
  // 31 March 2027 23:59 IST is still 2026-27; 1 April 00:00 IST (31 March 18:30 UTC) is 2027-28.
  const lastMinute = new Date('2027-03-31T18:29:59Z');
  const firstMinute = new Date('2027-03-31T18:30:00Z');

  it('lists the years from the earliest to the current one, newest first', () => {
    expect(financialYearsUpTo(lastMinute, '2024-25')).toEqual(['2026-27', '2025-26', '2024-25']);
    expect(financialYearsUpTo(firstMinute, '2024-25')).toEqual(['2027-28', '2026-27', '2025-26', '2024-25']);
  });

  it('is only the current year without an earliest year, with a malformed one, or with one in the future', () => {
    expect(financialYearsUpTo(lastMinute)).toEqual(['2026-27']);
    expect(financialYearsUpTo(lastMinute, 'not a year')).toEqual(['2026-27']);
    expect(financialYearsUpTo(lastMinute, '2030-31')).toEqual(['2026-27']);
  });
});

describe('Form 10BD template', () => {
  it('has the portal template’s twelve columns in order', () => {
    expect(FORM_10BD_COLUMNS).toEqual([
      'Sl. No.',
      'Pre Acknowledgement Number',
      'ID Code',
      'Unique Identification Number',
      'Section Code',
      'Unique Registration Number (URN)',
      'Date of Issuance of Unique Registration Number',
      'Name of donor',
      'Address of donor',
      'Donation Type',
      'Mode of receipt',
      'Amount of donation (Indian rupees)',
    ]);
  });

  it('uses the annexures’ codes', () => {
    expect(FORM_10BD_ID_CODES.pan).toBe('1');
    expect(FORM_10BD_ID_CODES.aadhaar).toBe('2');
    expect(Object.values(FORM_10BD_ID_CODES)).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    expect(FORM_10BD_SECTION_80G).toBe('Section 80G');
    expect(FORM_10BD_DONATION_TYPE).toBe('Others');
    expect(FORM_10BD_MODE_OF_RECEIPT).toBe('Electronic modes including account payee cheque/draft');
  });
});

describe('messages', () => {
  it('say how many statements were queued', () => {
    expect(TAX_YEAR_MESSAGES.statementsQueued(1)).toBe('Annual statement queued for 1 donor.');
    expect(TAX_YEAR_MESSAGES.statementsQueued(3)).toBe('Annual statements queued for 3 donors.');
    expect(TAX_YEAR_MESSAGES.approvalNotCovering('April 2026 – March 2027')).toBe(
      'The 80G approval on file is not valid for the whole of April 2026 – March 2027. Check its dates in Settings before filing.',
    );
  });

  it('say whose PAN staff recorded, and refuse a malformed PAN in the donation form’s words', () => {
    expect(TAX_YEAR_MESSAGES.panSaved('Priya Nair')).toBe('PAN recorded for Priya Nair. They are now in Form 10BD.');
    expect(TAX_YEAR_MESSAGES.panInvalid).toBe('Please enter a valid PAN (e.g., ABCDE1234F)');
    expect(TAX_YEAR_MESSAGES.panInvalid).toBe(PAN_MESSAGE);
    expect(TAX_YEAR_MESSAGES.donorNotFound).toBe('No donor with this email address made a donation eligible under 80G in this financial year.');
  });

  it('answer a statement request the same way whoever asks, naming how long the link works', () => {
    expect(STATEMENT_REQUEST_MESSAGES.sent('asha@example.org')).toBe(
      'If asha@example.org donated in that financial year, a link to the annual statement is on its way to it. The link works for 7 days.',
    );
    expect(STATEMENT_REQUEST_MESSAGES.sent('x@example.org')).toContain(`${STATEMENT_LINK_TTL_DAYS} days`);
    expect(STATEMENT_REQUEST_MESSAGES.yearInvalid).toBe(TAX_YEAR_MESSAGES.invalidYear);
  });
});
