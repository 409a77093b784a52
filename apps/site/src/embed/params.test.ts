import { describe, expect, it } from 'vitest';
import { initialAmountChoice, readEmbedParams } from './params';
import { completedMessage, createPartnerChannel, type PartnerMessage } from './partner-messages';

describe('the embed page query', () => {
  it('reads every setting the widget passes', () => {
    expect(readEmbedParams('?campaign=12&amounts=500,1000,2500&currency=inr&theme=%23B91C1C&locale=en-in')).toEqual({
      campaignId: 12,
      countryCode: 'IN',
      amounts: [500, 1000, 2500],
      theme: '#b91c1c',
      locale: 'en-IN',
    });
    expect(readEmbedParams('?currency=USD&amounts=25,50&theme=%23abc').countryCode).toBe('US');
  });

  it('ignores bad values instead of failing', () => {
    expect(readEmbedParams('?campaign=0&amounts=abc,-5,10,1e9&currency=XYZ&theme=red&locale=%%%')).toEqual({
      campaignId: null,
      countryCode: null,
      // 10 is below India's minimum of 50; the rest are not amounts.
      amounts: [],
      theme: null,
      locale: null,
    });
    expect(readEmbedParams('?theme=%23b91c1c;color:red&campaign=12abc').theme).toBeNull();
    expect(readEmbedParams('?theme=url(x)').theme).toBeNull();
  });

  it('starts on the first suggested amount: a quick amount when it is one, else the custom amount', () => {
    expect(initialAmountChoice([500, 2500])).toEqual({ selectedAmount: 500, customAmount: '' });
    expect(initialAmountChoice([2500])).toEqual({ selectedAmount: 2500, customAmount: '' });
    expect(initialAmountChoice([])).toBeNull();
  });
});

describe('messages to the partner page', () => {
  it('posts only to the verified partner origin, and nothing without one', () => {
    const posted: Array<[PartnerMessage, string]> = [];
    const target = { postMessage: (message: PartnerMessage, origin: string) => posted.push([message, origin]) } as unknown as Window;
    createPartnerChannel('https://partner.example', target).post({ type: 'donate-widget:resize', height: 640 });
    createPartnerChannel(null, target).post({ type: 'donate-widget:ready' });
    expect(posted).toEqual([[{ type: 'donate-widget:resize', height: 640 }, 'https://partner.example']]);
  });

  it('tells the partner about a donation without any donor data', () => {
    const donation = { amount: 1000, currency: 'INR', campaign_id: 3, receipt_number: 'BBF/1', donor_email: 'a@b.c' };
    expect(completedMessage(donation)).toEqual({
      type: 'donation:completed',
      donation: { amount: 1000, currency: 'INR', campaign_id: 3, receipt_number: 'BBF/1' },
    });
  });
});
