import { describe, expect, it } from 'vitest';
import { addDays, financialYear, monthStartDay, organisationCalendar, organisationDate, organisationDay, organisationDayStart, ORGANISATION_UTC_OFFSET_MINUTES } from './organisation-time';

describe('organisation time (UTC+05:30, no daylight saving)', () => {
  it('is 330 minutes ahead of UTC', () => {
    expect(ORGANISATION_UTC_OFFSET_MINUTES).toBe(330);
  });

  it('changes day at 18:30 UTC', () => {
    expect(organisationDay(new Date('2026-11-21T18:29:59.999Z'))).toBe('2026-11-21');
    expect(organisationDay(new Date('2026-11-21T18:30:00.000Z'))).toBe('2026-11-22');
  });

  it('crosses months and years in organisation time', () => {
    expect(organisationDay(new Date('2026-12-31T18:30:00Z'))).toBe('2027-01-01');
    expect(organisationDay(new Date('2026-02-28T20:00:00Z'))).toBe('2026-03-01');
    expect(organisationDay(new Date('2028-02-28T20:00:00Z'))).toBe('2028-02-29');
  });

  it('gives the same day in June and December (no summer time)', () => {
    expect(organisationDay(new Date('2026-06-15T18:29:00Z'))).toBe('2026-06-15');
    expect(organisationDay(new Date('2026-12-15T18:29:00Z'))).toBe('2026-12-15');
  });
});

describe('financial year and calendar helpers', () => {
  it('starts the financial year at 1 April 00:00 in India', () => {
    expect(financialYear(new Date('2027-03-31T18:29:59Z'))).toBe('2026-27');
    expect(financialYear(new Date('2027-03-31T18:30:00Z'))).toBe('2027-28');
    expect(financialYear(new Date('2099-12-01T00:00:00Z'))).toBe('2099-00');
  });

  it('reads the calendar date in organisation time', () => {
    expect(organisationDate(new Date('2026-12-31T18:30:00Z'))).toEqual({ year: 2027, month: 1, day: 1 });
  });

  it('finds day starts, shifted days and month starts', () => {
    expect(organisationDayStart('2026-11-22').toISOString()).toBe('2026-11-21T18:30:00.000Z');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(monthStartDay('2026-01-15', -1)).toBe('2025-12-01');
    const calendar = organisationCalendar(new Date('2026-11-30T19:00:00Z'));
    expect(calendar.today).toBe('2026-12-01');
    expect(calendar.thisMonth.start.toISOString()).toBe('2026-11-30T18:30:00.000Z');
    expect(calendar.lastMonth.start.toISOString()).toBe('2026-10-31T18:30:00.000Z');
  });
});
