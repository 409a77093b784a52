import { expect, it } from 'vitest';
import { donations } from '../db/schema.js';
import { insertCampaigns } from '../../test/support/campaign-fixtures.js';
import { describeEachDatabase } from '../../test/support/databases.js';
import { campaignAnalytics } from './analytics.js';

// Campaign analytics count the organisation's days (+05:30), like the dashboard and the receipts: the days begin
// at 18:30 UTC, whatever the server's or the database's time zone.
describeEachDatabase('campaign analytics by organisation day', (ctx) => {
  // 20:00 UTC on 10 June is 01:30 on 11 June in India: "today" is the 11th.
  const now = new Date('2030-06-10T20:00:00.000Z');

  it('puts a donation on the Indian calendar day it was made, and keeps the period to whole days', async () => {
    const [campaign] = await insertCampaigns(ctx.database.db, [{ title: 'Analytics Days' }]);
    const campaignId = campaign!.id;
    const at = (iso: string, amount: number, intent: string) => ({
      campaignId,
      amount,
      amountMinor: amount * 100,
      amountInr: amount,
      status: 'completed' as const,
      paymentIntentId: intent,
      createdAt: new Date(iso),
    });
    await ctx.database.db.insert(donations).values([
      at('2030-06-10T18:30:00.000Z', 100, 'pi_a1'), // 00:00 on the 11th: today
      at('2030-06-10T18:29:59.999Z', 200, 'pi_a2'), // 23:59:59.999 on the 10th: yesterday
      at('2030-06-04T18:30:00.000Z', 400, 'pi_a3'), // 00:00 on the 5th: the first day of 7d
      at('2030-06-04T18:29:59.999Z', 800, 'pi_a4'), // 23:59:59.999 on the 4th: before 7d
      at('2030-06-10T21:00:00.000Z', 1600, 'pi_a5'), // later today, after `now`: still today
      at('2030-06-11T18:30:00.000Z', 3200, 'pi_a6'), // tomorrow: outside the period
    ]);

    const week = await campaignAnalytics(ctx.database.db, campaignId, '7d', now);
    expect(week.from).toBe('2030-06-05');
    expect(week.to).toBe('2030-06-11');
    expect(week.days.map((day) => day.date)).toEqual(['2030-06-05', '2030-06-06', '2030-06-07', '2030-06-08', '2030-06-09', '2030-06-10', '2030-06-11']);
    expect(week.days[0]).toEqual({ date: '2030-06-05', amount: 400, count: 1 });
    expect(week.days.at(-2)).toEqual({ date: '2030-06-10', amount: 200, count: 1 });
    expect(week.days.at(-1)).toEqual({ date: '2030-06-11', amount: 1700, count: 2 });
    expect(week.total_amount).toBe(2300);
    expect(week.donation_count).toBe(4);

    const month = await campaignAnalytics(ctx.database.db, campaignId, '30d', now);
    expect(month.days).toHaveLength(30);
    expect(month.from).toBe('2030-05-13');
    expect(month.total_amount).toBe(3100);
  });
});
