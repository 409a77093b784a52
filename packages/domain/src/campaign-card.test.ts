import { describe, expect, it } from 'vitest';
import { campaignCategoryLabel, campaignTimeLabel, donorCountLabel, fundedLabel } from './campaign-card';

const now = new Date('2025-06-01T12:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;
const at = (days: number): string => new Date(now.getTime() + days * DAY).toISOString();

describe('campaignTimeLabel', () => {
  it('counts the days left of an active or paused campaign', () => {
    expect(campaignTimeLabel({ status: 'active', end_date: at(12) }, now)).toBe('12 days left');
    expect(campaignTimeLabel({ status: 'paused', end_date: at(1) }, now)).toBe('1 day left');
    expect(campaignTimeLabel({ status: 'draft', end_date: at(0.2) }, now)).toBe('1 day left');
  });

  it("says 'Campaign ended' when the end date has passed or is now", () => {
    expect(campaignTimeLabel({ status: 'active', end_date: at(-3) }, now)).toBe('Campaign ended');
    expect(campaignTimeLabel({ status: 'active', end_date: now.toISOString() }, now)).toBe('Campaign ended');
  });

  it("says 'Campaign completed', not 'Campaign ended', for a campaign completed before its end date (spec §2 ties the latter to 0 days)", () => {
    expect(campaignTimeLabel({ status: 'completed', end_date: at(10) }, now)).toBe('Campaign completed');
    expect(campaignTimeLabel({ status: 'completed', end_date: null }, now)).toBe('Campaign completed');
  });

  it("says 'No end date' without one", () => {
    expect(campaignTimeLabel({ status: 'active', end_date: null }, now)).toBe('No end date');
    expect(campaignTimeLabel({ status: 'active', end_date: 'not a date' }, now)).toBe('No end date');
  });
});

describe('fundedLabel', () => {
  it.each([
    [0, '0% funded'],
    [62, '62% funded'],
    [100, '100% funded'],
    [Number.NaN, '0% funded'],
  ])('%s → %s', (value, label) => {
    expect(fundedLabel(value)).toBe(label);
  });
});

describe('donorCountLabel', () => {
  it.each([
    [0, '0 donors'],
    [1, '1 donor'],
    [2, '2 donors'],
    [1032, '1,032 donors'],
    [150000, '1,50,000 donors'],
    [-4, '0 donors'],
    [Number.NaN, '0 donors'],
  ])('%s → %s', (value, label) => {
    expect(donorCountLabel(value)).toBe(label);
  });
});

describe('campaignCategoryLabel', () => {
  it.each([
    ['family-support', 'Family Support'],
    ['health', 'Health'],
    ['child_protection', 'Child Protection'],
    ['  NGO partners ', 'NGO Partners'],
    ['', null],
    [null, null],
    [undefined, null],
  ])('%s → %s', (value, label) => {
    expect(campaignCategoryLabel(value)).toBe(label);
  });
});
