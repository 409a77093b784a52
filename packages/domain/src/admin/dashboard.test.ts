import { describe, expect, it } from 'vitest';
import {
  DASHBOARD_PERIODS,
  DASHBOARD_PERIOD_DAYS,
  DASHBOARD_PERIOD_LABELS,
  DEFAULT_DASHBOARD_PERIOD,
  backupAgeDays,
  isBackupOverdue,
  isDashboardPeriod,
  percentChange,
} from './dashboard';

describe('dashboard periods', () => {
  it('offers 30, 90 and 365 days, 30 by default, with their labels', () => {
    expect(DASHBOARD_PERIODS).toEqual(['30d', '90d', '365d']);
    expect(DEFAULT_DASHBOARD_PERIOD).toBe('30d');
    expect(DASHBOARD_PERIOD_DAYS).toEqual({ '30d': 30, '90d': 90, '365d': 365 });
    expect(DASHBOARD_PERIOD_LABELS).toEqual({ '30d': 'Last 30 days', '90d': 'Last 90 days', '365d': 'Last 365 days' });
  });

  it('isDashboardPeriod accepts exactly the three periods', () => {
    for (const period of DASHBOARD_PERIODS) expect(isDashboardPeriod(period)).toBe(true);
    for (const value of ['7d', '30', '30D', ' 30d', '', null, undefined, 30, {}]) expect(isDashboardPeriod(value)).toBe(false);
  });
});

describe('percentChange', () => {
  it('is the rounded change from previous to current', () => {
    expect(percentChange(125, 100)).toBe(25);
    expect(percentChange(50, 100)).toBe(-50);
    expect(percentChange(100, 100)).toBe(0);
    expect(percentChange(0, 100)).toBe(-100);
    expect(percentChange(1, 3)).toBe(-67);
    expect(percentChange(2, 3)).toBe(-33);
    expect(percentChange(300, 100)).toBe(200);
  });

  it('is null when there is nothing to compare with (previous 0) or a figure is not a number', () => {
    expect(percentChange(500, 0)).toBeNull();
    expect(percentChange(0, 0)).toBeNull();
    expect(percentChange(Number.NaN, 100)).toBeNull();
    expect(percentChange(100, Number.NaN)).toBeNull();
    expect(percentChange(Number.POSITIVE_INFINITY, 100)).toBeNull();
  });
});

describe('isBackupOverdue', () => {
  const now = new Date('2026-11-27T03:30:00Z'); // 27 Nov 2026, 09:00 in India
  const hoursBefore = (hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();

  it('is overdue when no backup was ever made, or its time cannot be read', () => {
    expect(isBackupOverdue(null, 2, now)).toBe(true);
    expect(isBackupOverdue('', 2, now)).toBe(true);
    expect(isBackupOverdue('yesterday', 2, now)).toBe(true);
  });

  it('is overdue once the newest backup is more than the warning days old, not at exactly that age', () => {
    expect(isBackupOverdue(hoursBefore(1), 2, now)).toBe(false);
    expect(isBackupOverdue(hoursBefore(24), 2, now)).toBe(false); // last night's
    expect(isBackupOverdue(hoursBefore(48), 2, now)).toBe(false); // exactly two days
    expect(isBackupOverdue(new Date(now.getTime() - 48 * 3_600_000 - 1).toISOString(), 2, now)).toBe(true);
    expect(isBackupOverdue(hoursBefore(72), 2, now)).toBe(true); // a nightly backup missed twice
    expect(isBackupOverdue(hoursBefore(25), 1, now)).toBe(true);
    expect(isBackupOverdue(hoursBefore(24 * 300), 365, now)).toBe(false);
  });

  it('a backup dated after now (another clock) is not overdue', () => {
    expect(isBackupOverdue(new Date(now.getTime() + 60_000).toISOString(), 2, now)).toBe(false);
  });
});

describe('backupAgeDays', () => {
  const now = new Date('2026-11-27T03:30:00Z');

  it('counts whole days of 24 hours', () => {
    expect(backupAgeDays('2026-11-26T20:30:00Z', now)).toBe(0); // 7 hours
    expect(backupAgeDays('2026-11-26T03:30:00Z', now)).toBe(1);
    expect(backupAgeDays('2026-11-21T20:30:00Z', now)).toBe(5); // 22 Nov 2026, 02:00 in India
  });

  it('is 0 for a time after now or one that cannot be read', () => {
    expect(backupAgeDays('2026-11-28T00:00:00Z', now)).toBe(0);
    expect(backupAgeDays('not a date', now)).toBe(0);
  });
});
