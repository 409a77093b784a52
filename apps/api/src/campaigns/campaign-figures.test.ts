import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { rowsOf } from '../admin/sql-rows.js';
import { campaigns } from '../db/schema.js';
import { bearer, createUser, signIn } from '../../test/support/auth.js';
import { describeEachDatabase } from '../../test/support/databases.js';
import { buildSandboxApp, donate, indianDonation } from '../../test/support/donations.js';
import { resetGiftTables } from '../../test/support/monthly-gifts.js';

// A campaign's raised figure (issue 20): what staff entered as raised offline plus the completed online donations net of
// refunds — the figure the public card, the campaign page, the admin list and the dashboard's top campaigns all show.
// Each statement that moves one part moves the shown figure in the same transaction; the invariant is checked against
// the donations table itself after every step.

describeEachDatabase('campaign figures: offline + online', (ctx) => {
  let app: FastifyInstance;
  let headers: Record<string, string>;

  beforeAll(async () => {
    ({ app } = await buildSandboxApp(ctx));
  });
  afterAll(async () => {
    await app?.close();
  });
  beforeEach(async () => {
    await app.payments.idle();
    await resetGiftTables(ctx.database.db);
    headers = bearer(await signIn(app, await createUser(ctx.database.db)));
  });

  const row = async (id: number) => (await ctx.database.db.select().from(campaigns).where(eq(campaigns.id, id)))[0]!;
  /** The online part straight from the donations, as the migration computes it. */
  const online = async (id: number) => {
    const result = await ctx.database.db.execute(sql`
      select (select sum(amount_inr - refunded_inr) from donations where campaign_id = ${id} and status in ('completed', 'refunded')) as net,
             (select count(*) from donations where campaign_id = ${id} and status = 'completed') as n`);
    const first = rowsOf<{ net: string | null; n: string | number }>(result)[0]!;
    return { amount: Number(first.net ?? 0), count: Number(first.n) };
  };
  const expectConsistent = async (id: number) => {
    const campaign = await row(id);
    const part = await online(id);
    expect(campaign.raisedAmount).toBe(campaign.offlineAmount + part.amount);
    expect(campaign.donationCount).toBe(campaign.offlineDonationCount + part.count);
    return campaign;
  };
  const publicCampaign = async (id: number) => (await app.inject({ method: 'GET', url: `/api/campaigns/${id}` })).json().data.campaign;
  const save = (method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>) => app.inject({ method, url, headers, payload });

  it('offline figures entered by staff, donations and refunds: the public, admin and dashboard figures agree', async () => {
    const created = await save('POST', '/api/campaigns', {
      title: 'Figures Agree',
      description: 'Cheques from the school fair, and gifts online.',
      target_amount: 10_000,
      status: 'active',
      offline_amount: '1,000',
      offline_donation_count: 2,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.campaign.id as number;
    expect(await expectConsistent(id)).toMatchObject({ raisedAmount: 1000, donationCount: 2, offlineAmount: 1000, offlineDonationCount: 2 });
    expect(await publicCampaign(id)).toMatchObject({ raised_amount: 1000, donation_count: 2, offline_amount: 1000, offline_donation_count: 2 });

    // An online gift adds to the shown figure and leaves the offline part alone.
    const { donationId } = await donate(app, indianDonation({ amount: 500, campaign_id: id }));
    await app.payments.idle();
    expect(await expectConsistent(id)).toMatchObject({ raisedAmount: 1500, donationCount: 3, offlineAmount: 1000 });

    // Staff correct the offline figure: the shown one moves by the difference, the online part is kept.
    const updated = await save('PUT', `/api/campaigns/${id}`, { offline_amount: 2000, offline_donation_count: 5 });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data.campaign).toMatchObject({ raised_amount: 2500, donation_count: 6, offline_amount: 2000, offline_donation_count: 5 });
    await expectConsistent(id);

    // An update that does not name the offline fields keeps them.
    expect((await save('PUT', `/api/campaigns/${id}`, { title: 'Figures Still Agree' })).statusCode).toBe(200);
    expect(await expectConsistent(id)).toMatchObject({ raisedAmount: 2500, offlineAmount: 2000 });

    // A full refund takes the gift out of the shown figure, not the offline part.
    const refunded = await app.inject({ method: 'POST', url: `/api/admin/donations/${donationId}/refunds`, headers, payload: { amount_minor: 50_000, reason: 'Given twice' } });
    expect(refunded.statusCode, refunded.body).toBe(201);
    expect(await expectConsistent(id)).toMatchObject({ raisedAmount: 2000, donationCount: 5 });
    expect(await publicCampaign(id)).toMatchObject({ raised_amount: 2000, donation_count: 5 });

    // The dashboard: the campaign with the public figure and its split; offline money in its own total, never in
    // the online one.
    const dashboard = (await app.inject({ method: 'GET', url: '/api/admin/dashboard', headers })).json().data;
    const top = dashboard.top_campaigns.find((campaign: { id: number }) => campaign.id === id);
    expect(top).toEqual({ id, title: 'Figures Still Agree', raised_amount: 2000, amount_inr: 0, offline_amount: 2000, donation_count: 5, target_amount: 10_000 });
    const [sums] = (await ctx.database.db
      .select({ offline: sql<string>`sum(${campaigns.offlineAmount})`.mapWith(Number) })
      .from(campaigns)
      .where(sql`${campaigns.status} <> 'draft'`)) as Array<{ offline: number }>;
    expect(dashboard.totals.offline_amount_inr).toBe(sums!.offline);
  });

  it('a draft is left out of the dashboard; bad offline figures are refused with their messages and change nothing', async () => {
    const draft = await save('POST', '/api/campaigns', { title: 'Quiet Draft', description: 'Not yet public.', target_amount: 5000, offline_amount: 999_999 });
    expect(draft.statusCode, draft.body).toBe(201);
    const id = draft.json().data.campaign.id as number;
    const dashboard = (await app.inject({ method: 'GET', url: '/api/admin/dashboard', headers })).json().data;
    expect(dashboard.top_campaigns.map((campaign: { id: number }) => campaign.id)).not.toContain(id);

    for (const [payload, field, message] of [
      [{ offline_amount: -5 }, 'offline_amount', 'Raised offline must be an amount of 0 or more.'],
      [{ offline_amount: 'lots' }, 'offline_amount', 'Raised offline must be an amount of 0 or more.'],
      [{ offline_amount: '1000000000000' }, 'offline_amount', 'Raised offline must be at most 999,999,999,999.'],
      [{ offline_donation_count: 2.5 }, 'offline_donation_count', 'Offline donations must be a whole number from 0 to 10,000,000.'],
      [{ offline_donation_count: -1 }, 'offline_donation_count', 'Offline donations must be a whole number from 0 to 10,000,000.'],
    ] as const) {
      const refused = await save('PUT', `/api/campaigns/${id}`, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(refused.json())).toContain(message);
      expect(refused.json().errors?.[field] ?? refused.json().message).toContain(message);
    }
    expect(await expectConsistent(id)).toMatchObject({ raisedAmount: 999_999, offlineAmount: 999_999 });
  });
});
