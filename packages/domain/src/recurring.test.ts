import { describe, expect, it } from 'vitest';
import {
  cardExpiresAt,
  monthlyAmountProblem,
  nextRenewalAfter,
  nextRetryAt,
  parseClockStep,
  pauseEndsAt,
  RECURRING_MESSAGES,
  renewalDate,
  RENEWAL_RETRY_DAYS,
} from './recurring';
import { DAY_MS } from './organisation-time';

// India time: 10:00 IST is 04:30 UTC.
const ist = (day: string, time = '10:00') => new Date(`${day}T${time}:00+05:30`);
const istDay = (date: Date) => new Date(date.getTime() + 330 * 60_000).toISOString().slice(0, 16);

describe('renewal dates', () => {
  it('fall on the same day and time each month, counted in the organisation’s time', () => {
    const anchor = ist('2026-11-27');
    expect([1, 2, 3, 12].map((n) => istDay(renewalDate(anchor, n)))).toEqual(['2026-12-27T10:00', '2027-01-27T10:00', '2027-02-27T10:00', '2027-11-27T10:00']);
  });

  it('fall back to the month’s last day for the 29th–31st, and return to the 31st after a short month', () => {
    const anchor = ist('2027-01-31');
    expect([1, 2, 3, 4].map((n) => istDay(renewalDate(anchor, n)).slice(0, 10))).toEqual(['2027-02-28', '2027-03-31', '2027-04-30', '2027-05-31']);
    expect(istDay(renewalDate(ist('2028-01-30'), 1)).slice(0, 10)).toBe('2028-02-29'); // leap year
  });

  it('uses the organisation’s calendar day, not UTC’s: 31 January 00:30 IST is still the 31st', () => {
    const anchor = ist('2027-01-31', '00:30'); // 30 January 19:00 UTC
    expect(istDay(renewalDate(anchor, 1))).toBe('2027-02-28T00:30');
  });

  it('the next renewal after a moment is the first one strictly after it', () => {
    const anchor = ist('2026-11-27');
    expect(istDay(nextRenewalAfter(anchor, ist('2027-03-01')))).toBe('2027-03-27T10:00');
    expect(istDay(nextRenewalAfter(anchor, ist('2027-03-27')))).toBe('2027-04-27T10:00');
  });
});

describe('failed renewals and pauses', () => {
  it('are tried again 1, 3 and 7 days after the first failure, then no more', () => {
    const failed = ist('2027-01-27');
    expect(RENEWAL_RETRY_DAYS).toEqual([1, 3, 7]);
    expect([1, 2, 3].map((n) => (nextRetryAt(failed, n)!.getTime() - failed.getTime()) / DAY_MS)).toEqual([1, 3, 7]);
    expect(nextRetryAt(failed, 4)).toBeNull();
  });

  it('a pause of N months ends at the renewal N months on', () => {
    expect(istDay(pauseEndsAt(ist('2027-01-31'), 1)).slice(0, 10)).toBe('2027-02-28');
    expect(istDay(pauseEndsAt(ist('2027-01-31'), 3)).slice(0, 10)).toBe('2027-04-30');
  });

  it('a card expiring in March can be charged until the end of March, organisation time', () => {
    expect(istDay(cardExpiresAt(3, 2027))).toBe('2027-03-31T23:59');
  });
});

describe('a new monthly amount', () => {
  const gift = { currency: 'INR', countryCode: 'IN' };
  it('accepts amounts with up to two decimals between the country minimum and the largest accepted', () => {
    for (const amount of [50, 19.99 + 100, 1000.1, 500_000]) expect(monthlyAmountProblem(amount, gift)).toBeNull();
    expect(monthlyAmountProblem(19.99, { currency: 'USD', countryCode: 'US' })).toBeNull();
    expect(monthlyAmountProblem(1.15 + 10, { currency: 'USD', countryCode: 'US' })).toBeNull();
  });
  it('refuses the rest with the wizard’s own sentences', () => {
    expect(monthlyAmountProblem(49, gift)).toBe('Minimum donation amount is ₹50');
    expect(monthlyAmountProblem(500_001, gift)).toBe(
      'The largest donation we can accept online is ₹5,00,000. Please contact us at contact@brightbeginnings.org.in for larger gifts.',
    );
    expect(monthlyAmountProblem(100.555, gift)).toBe(RECURRING_MESSAGES.amountInvalid);
    expect(monthlyAmountProblem('100', gift)).toBe(RECURRING_MESSAGES.amountInvalid);
    expect(monthlyAmountProblem(Number.NaN, gift)).toBe(RECURRING_MESSAGES.amountInvalid);
    expect(monthlyAmountProblem(1000, gift, 800)).toMatch(/₹800\./);
  });
});

describe('the sandbox clock’s steps', () => {
  it('reads minutes, hours, days, weeks and months, up to three years', () => {
    expect(parseClockStep('32d')).toBe(32 * DAY_MS);
    expect(parseClockStep(' 12h ')).toBe(12 * 3_600_000);
    expect(parseClockStep('2w')).toBe(14 * DAY_MS);
    expect(parseClockStep('1mo')).toBe(31 * DAY_MS);
    expect(parseClockStep('90m')).toBe(90 * 60_000);
    for (const bad of ['', 'soon', '0d', '-1d', '1y', '2000d', '3.5d']) expect(parseClockStep(bad)).toBeNull();
  });
});
