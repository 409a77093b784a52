import { describe, expect, it } from 'vitest';
import {
  PARTNER_REPORT_CSV_COLUMNS,
  PARTNER_REPORT_MESSAGES,
  PARTNER_REPORT_TEXT,
  isReportMonth,
  nextReportMonth,
  partnerReportAmountText,
  partnerReportFileName,
  partnerReportRangeError,
  reportMonthFirstDay,
  reportMonthLabel,
} from './partner-report';

describe('report months', () => {
  it("accepts 'YYYY-MM' from 1900-01 on, nothing else", () => {
    expect(isReportMonth('2026-11')).toBe(true);
    expect(isReportMonth('1900-01')).toBe(true);
    for (const bad of ['2026-13', '2026-00', '2026-1', '26-11', '2026-11-01', '1899-12', '', 'November']) expect(isReportMonth(bad)).toBe(false);
  });

  it('checks a range: either end may be empty, the "to" month not before the "from" month', () => {
    expect(partnerReportRangeError('', '')).toBeNull();
    expect(partnerReportRangeError('2026-04', '')).toBeNull();
    expect(partnerReportRangeError('2026-04', '2026-04')).toBeNull();
    expect(partnerReportRangeError('2026-13', '')).toBe(PARTNER_REPORT_MESSAGES.monthInvalid);
    expect(partnerReportRangeError('', '2026/04')).toBe('Months must be written YYYY-MM.');
    expect(partnerReportRangeError('0001-01', '')).toBe('Months must be from 1900-01 on.');
    expect(partnerReportRangeError('2026-05', '2026-04')).toBe('The "to" month must not be before the "from" month.');
  });

  it('steps to the next month across a year end, and names a month in words', () => {
    expect(nextReportMonth('2026-11')).toBe('2026-12');
    expect(nextReportMonth('2026-12')).toBe('2027-01');
    expect(reportMonthFirstDay('2026-04')).toBe('2026-04-01');
    expect(reportMonthLabel('2026-11')).toBe('November 2026');
    expect(reportMonthLabel('2027-01')).toBe('January 2027');
    expect(reportMonthLabel('junk')).toBe('junk');
  });
});

describe('the CSV', () => {
  it("names the organisation's time zone in the month column and says amounts are net of refunds", () => {
    expect(PARTNER_REPORT_CSV_COLUMNS).toEqual([
      'month (Asia/Kolkata)',
      'partner_origin',
      'currency',
      'donations',
      'donors',
      'amount_net_of_refunds',
      'refunded_amount',
    ]);
  });

  it('is named after the day, or after the months asked for', () => {
    expect(partnerReportFileName({}, '2026-11-30')).toBe('partner-report-2026-11-30.csv');
    expect(partnerReportFileName({ from: '2026-04', to: '2026-09' }, '2026-11-30')).toBe('partner-report-2026-04-to-2026-09.csv');
    expect(partnerReportFileName({ from: '2026-04' }, '2026-11-30')).toBe('partner-report-2026-04-to-2026-11.csv');
    expect(partnerReportFileName({ to: '2026-09' }, '2026-11-30')).toBe('partner-report-start-to-2026-09.csv');
    expect(partnerReportFileName({ from: 'x' }, '2026-11-30')).toBe('partner-report-2026-11-30.csv');
  });

  it('says how refunds and months are counted', () => {
    expect(PARTNER_REPORT_TEXT.refundsNote).toBe(
      'Amounts are net of refunds, as in the donations list; fully refunded donations are not counted. Refunded shows what went back.',
    );
    expect(PARTNER_REPORT_TEXT.timeZoneNote('Asia/Kolkata')).toBe('Months are calendar months in Asia/Kolkata time, by the day of the donation.');
  });
});

describe('partnerReportAmountText', () => {
  it('shows each currency in its own symbol and grouping, with its minor units when there are any', () => {
    expect(partnerReportAmountText(145000, 'INR')).toBe('₹1,45,000');
    expect(partnerReportAmountText(7500.5, 'INR')).toBe('₹7,500.50');
    expect(partnerReportAmountText(25, 'USD')).toBe('$25');
    expect(partnerReportAmountText(1234.56, 'USD')).toBe('$1,234.56');
    expect(partnerReportAmountText(0, 'INR')).toBe('₹0');
  });
});
