import { describe, expect, it } from 'vitest';
import {
  campaignAcceptsGifts,
  campaignPagePath,
  campaignSlugBase,
  closedCampaignDonateNotice,
  closedCampaignNotice,
  isCampaignSlug,
  numberedSlug,
  supporterFirstName,
} from './campaign-page';
import { campaignTimeLabel } from './campaign-card';

const NOW = new Date('2026-11-27T12:00:00Z');
const DAY = 86_400_000;
const inDays = (n: number) => new Date(NOW.getTime() + n * DAY).toISOString();

describe('campaign slugs', () => {
  it.each([
    ['Winter Blankets & Socks 2026!', 'winter-blankets-and-socks-2026'],
    ['  Crèche for Ünder-5s  ', 'creche-for-under-5s'],
    ['शिक्षा सबके लिए', 'campaign'],
    ['2026', 'campaign-2026'],
    ['---', 'campaign'],
    ['Back-to-School  Kits', 'back-to-school-kits'],
  ])('%s → %s', (title, slug) => {
    expect(campaignSlugBase(title)).toBe(slug);
    expect(isCampaignSlug(slug)).toBe(true);
  });

  it('cuts a long title at a dash within 60 characters, never leaving a dash at the end', () => {
    const slug = campaignSlugBase('Nutrition support for infants and young children in rural Karnataka villages this winter');
    expect(slug).toBe('nutrition-support-for-infants-and-young-children-in-rural');
    expect(slug.length).toBeLessThanOrEqual(60);
    expect(numberedSlug('x'.repeat(60), 12)).toBe(`${'x'.repeat(57)}-12`);
    expect(numberedSlug('meals', 1)).toBe('meals');
    expect(numberedSlug('meals', 2)).toBe('meals-2');
  });

  it('accepts only lower-case words and dashes, never digits alone (those are ids)', () => {
    for (const bad of ['', '4', '12345', 'Meals', 'a--b', '-a', 'a-', 'a_b', 'x'.repeat(61)]) expect(isCampaignSlug(bad), bad).toBe(false);
    expect(campaignPagePath('midday-meals')).toBe('/campaigns/midday-meals');
  });
});

describe('campaigns that take no gifts', () => {
  it('says so for a completed or paused campaign, and nothing for an active one', () => {
    expect(closedCampaignNotice({ status: 'completed', end_date: inDays(12) }, NOW)).toBe('This campaign has ended and no longer takes donations.');
    expect(closedCampaignNotice({ status: 'active', end_date: inDays(-1) }, NOW)).toBe('This campaign has ended and no longer takes donations.');
    expect(closedCampaignNotice({ status: 'paused', end_date: inDays(5) }, NOW)).toBe('This campaign is paused and not taking donations right now.');
    expect(closedCampaignNotice({ status: 'active', end_date: inDays(5) }, NOW)).toBeNull();
    expect(campaignAcceptsGifts({ status: 'active', end_date: null }, NOW)).toBe(true);
    expect(campaignAcceptsGifts({ status: 'paused', end_date: null }, NOW)).toBe(false);
    expect(closedCampaignDonateNotice({ title: 'Warm Winter', status: 'completed', end_date: null }, NOW)).toBe(
      '“Warm Winter” has ended and no longer takes donations. Your gift will go to the general fund, where it is needed most.',
    );
    expect(closedCampaignDonateNotice({ title: 'Clean Water', status: 'paused', end_date: null }, NOW)).toBe(
      '“Clean Water” is paused and not taking donations right now. Your gift will go to the general fund, where it is needed most.',
    );
    expect(closedCampaignDonateNotice({ title: 'Meals', status: 'active', end_date: null }, NOW)).toBeNull();
  });

  it("says 'Campaign ended' only at zero days left or fewer (spec §2); a campaign completed early says so", () => {
    expect(campaignTimeLabel({ status: 'completed', end_date: inDays(12) }, NOW)).toBe('Campaign completed');
    expect(campaignTimeLabel({ status: 'completed', end_date: inDays(-3) }, NOW)).toBe('Campaign ended');
    expect(campaignTimeLabel({ status: 'active', end_date: inDays(-3) }, NOW)).toBe('Campaign ended');
    expect(campaignTimeLabel({ status: 'paused', end_date: inDays(3) }, NOW)).toBe('3 days left');
    expect(campaignTimeLabel({ status: 'completed', end_date: null }, NOW)).toBe('Campaign completed');
    expect(campaignTimeLabel({ status: 'active', end_date: null }, NOW)).toBe('No end date');
  });
});

describe('supporters', () => {
  it('shows a first name only to a donor who agreed and did not give anonymously', () => {
    expect(supporterFirstName({ full_name: '  Priya  Sharma ', show_first_name: true })).toBe('Priya');
    expect(supporterFirstName({ full_name: 'Priya Sharma', show_first_name: false })).toBeNull();
    expect(supporterFirstName({ full_name: 'Priya Sharma' })).toBeNull();
    expect(supporterFirstName({ full_name: 'Priya Sharma', show_first_name: true, is_anonymous: true })).toBeNull();
    expect(supporterFirstName({ full_name: '   ', show_first_name: true })).toBeNull();
  });
});
