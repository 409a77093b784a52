import { describe, expect, it } from 'vitest';
import {
  DASHBOARD_PERIODS,
  DASHBOARD_PERIOD_DAYS,
  DASHBOARD_PERIOD_LABELS,
  DEFAULT_DASHBOARD_PERIOD,
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
