import { describe, expect, it } from 'vitest';
import { campaignShareUrl } from './share';

describe('campaignShareUrl', () => {
  it("shares the campaign's page when its slug is known", () => {
    expect(campaignShareUrl('https://charity.example', { id: 4, title: 'Clean water', slug: 'clean-water' })).toBe(
      'https://charity.example/campaigns/clean-water',
    );
  });

  it('falls back to the donate form with the campaign chosen', () => {
    expect(campaignShareUrl('https://charity.example', { id: 4, title: 'Clean water' })).toBe('https://charity.example/donate?campaign=4');
    expect(campaignShareUrl('https://charity.example', { id: 4, title: 'Clean water', slug: null })).toBe(
      'https://charity.example/donate?campaign=4',
    );
  });
});
