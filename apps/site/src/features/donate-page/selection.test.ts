import { describe, expect, it } from 'vitest';
import { normaliseCampaign } from '@charity/domain';
import {
  needsCampaignLookup,
  resolveClosedCampaign,
  resolveSelectedCampaign,
  toKnownCampaign,
  withCampaignParam,
} from './selection';
import { donateCanonicalUrl } from './components/DonatePageMeta';

const featured = [
  normaliseCampaign({ id: 1, title: 'School Kits' }),
  normaliseCampaign({ id: 2, title: 'Midday Meals' }),
  normaliseCampaign({ id: 3, title: 'Newborn Checkups' }),
];

describe('resolveSelectedCampaign', () => {
  it('is null for a general donation', () => {
    expect(resolveSelectedCampaign(null, featured, null)).toBeNull();
  });

  it('takes the title from the featured list', () => {
    expect(resolveSelectedCampaign(2, featured, null)).toEqual({ id: 2, title: 'Midday Meals' });
  });

  it('uses the campaign fetched by id when it is not featured, and only for that id', () => {
    expect(resolveSelectedCampaign(4, featured, { id: 4, title: 'Clean Water', accepting: true })).toEqual({ id: 4, title: 'Clean Water' });
    expect(resolveSelectedCampaign(5, featured, { id: 4, title: 'Clean Water', accepting: true })).toBeNull();
  });

  it('is unknown (null) while the featured list loads, unless already known', () => {
    expect(resolveSelectedCampaign(2, null, null)).toBeNull();
    expect(resolveSelectedCampaign(2, null, { id: 2, title: 'Midday Meals', accepting: true })).toEqual({ id: 2, title: 'Midday Meals' });
  });
});

describe('campaigns that no longer take donations', () => {
  const now = new Date('2025-06-01T00:00:00Z');
  const at = (raw: Parameters<typeof normaliseCampaign>[0]) => toKnownCampaign(9, normaliseCampaign(raw), now);

  it('counts only active campaigns that have not ended as accepting donations', () => {
    expect(at({ id: 9, title: 'Open', status: 'active', end_date: '2025-07-01' }).accepting).toBe(true);
    expect(at({ id: 9, title: 'No end', status: 'active' }).accepting).toBe(true);
    expect(at({ id: 9, title: 'Ended', status: 'active', end_date: '2025-05-01' }).accepting).toBe(false);
    expect(at({ id: 9, title: 'Done', status: 'completed' }).accepting).toBe(false);
    expect(at({ id: 9, title: 'Paused', status: 'paused', end_date: '2025-07-01' }).accepting).toBe(false);
  });

  it('are not selected but reported, so the page can say the gift is a general one', () => {
    const closed = { id: 9, title: 'Winter Blankets', accepting: false };
    expect(resolveSelectedCampaign(9, featured, closed)).toBeNull();
    expect(resolveClosedCampaign(9, featured, closed)).toEqual({ id: 9, title: 'Winter Blankets' });
    expect(resolveClosedCampaign(2, featured, closed)).toBeNull();
    expect(resolveClosedCampaign(9, featured, { ...closed, accepting: true })).toBeNull();
    expect(needsCampaignLookup(9, featured, closed)).toBe(false);
  });
});

describe('needsCampaignLookup', () => {
  it('waits for the featured list, then fetches only a campaign not in it and not yet known', () => {
    expect(needsCampaignLookup(4, null, null)).toBe(false);
    expect(needsCampaignLookup(4, featured, null)).toBe(true);
    expect(needsCampaignLookup(4, [], null)).toBe(true); // featured failed or empty
    expect(needsCampaignLookup(2, featured, null)).toBe(false);
    expect(needsCampaignLookup(4, featured, { id: 4, title: 'Clean Water', accepting: true })).toBe(false);
    expect(needsCampaignLookup(null, featured, null)).toBe(false);
  });
});

describe('withCampaignParam', () => {
  it('sets or removes ?campaign and keeps every other parameter', () => {
    expect(withCampaignParam(new URLSearchParams('utm_source=mail'), 3).toString()).toBe('utm_source=mail&campaign=3');
    expect(withCampaignParam(new URLSearchParams('campaign=3&utm_source=mail'), null).toString()).toBe('utm_source=mail');
    expect(withCampaignParam(new URLSearchParams('campaign=3'), 2).toString()).toBe('campaign=2');
  });
});

describe('donateCanonicalUrl', () => {
  it('is /donate on the page origin, without query', () => {
    expect(donateCanonicalUrl('https://brightbeginnings.example')).toBe('https://brightbeginnings.example/donate');
    expect(donateCanonicalUrl(null)).toBe('/donate');
  });
});
