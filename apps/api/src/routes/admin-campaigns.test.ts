import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { campaigns, donations } from '../db/schema.js';
import { allowAll, DAY_MS, insertCampaigns } from '../../test/support/campaign-fixtures.js';
import { describeEachDatabase } from '../../test/support/databases.js';

// GET /api/admin/campaigns: every campaign, drafts included, newest first, filtered by display status and
// searched, in the public CampaignJson shape. The guard is tested in admin-access.test.ts.

describeEachDatabase('admin campaign list', (ctx) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildApp({ config: ctx.config, database: ctx.database, adminGuard: allowAll });
  });
  afterAll(async () => {
    await app?.close();
  });
  beforeEach(async () => {
    await ctx.database.db.delete(donations);
    await ctx.database.db.delete(campaigns);
  });

  const list = (query = '') => app.inject({ method: 'GET', url: `/api/admin/campaigns${query}` });
  const titles = async (query = '') => {
    const response = await list(query);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().data.campaigns as Array<{ title: string }>).map((c) => c.title);
  };

  it('lists drafts with the rest, newest first, filtered by display status', async () => {
    const now = Date.now();
    const created = (daysAgo: number) => new Date(now - daysAgo * DAY_MS);
    await insertCampaigns(ctx.database.db, [
      { title: 'Active', status: 'active', createdAt: created(6) },
      { title: 'Draft', status: 'draft', createdAt: created(5) },
      { title: 'Ended', status: 'active', endDate: created(1), createdAt: created(4) },
      { title: 'Paused', status: 'paused', createdAt: created(3) },
      { title: 'Completed', status: 'completed', createdAt: created(2), isFeatured: true, category: 'health' },
    ]);
    const response = await list();
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(body.data.campaigns.map((c: { title: string }) => c.title)).toEqual(['Completed', 'Paused', 'Ended', 'Draft', 'Active']);
    expect(body.meta).toEqual({ total_pages: 1, current_page: 1, total: 5 });
    expect(body.data.campaigns[0]).toEqual({
      id: expect.any(Number),
      slug: expect.stringMatching(/^completed-[0-9a-f]{8}$/),
      title: 'Completed',
      description: 'About Completed.',
      status: 'completed',
      is_featured: true,
      category: 'health',
      image_url: null,
      target_amount: 100000,
      raised_amount: 0,
      donation_count: 0,
      offline_amount: 0,
      offline_donation_count: 0,
      currency: 'INR',
      start_date: null,
      end_date: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(await titles('?status=all')).toEqual(['Completed', 'Paused', 'Ended', 'Draft', 'Active']);
    expect(await titles('?status=draft')).toEqual(['Draft']);
    expect(await titles('?status=active')).toEqual(['Active']);
    // An active campaign whose end date passed shows as completed (spec section 4).
    expect(await titles('?status=completed')).toEqual(['Completed', 'Ended']);
    expect(await titles('?status=paused')).toEqual(['Paused']);
  });

  it('searches title and description, pages by 20 (at most 100)', async () => {
    const now = Date.now();
    await insertCampaigns(
      ctx.database.db,
      Array.from({ length: 25 }, (_, i) => ({ title: `Campaign ${i + 1}`, status: i % 2 ? 'draft' : 'active', createdAt: new Date(now - i * 60_000) })),
    );
    await insertCampaigns(ctx.database.db, [{ title: 'Winter Blankets', description: 'Warm 100% wool', createdAt: new Date(now - DAY_MS) }]);
    expect(await titles('?search=blankets')).toEqual(['Winter Blankets']);
    expect(await titles('?search=WOOL')).toEqual(['Winter Blankets']);
    expect(await titles(`?search=${encodeURIComponent('100%')}`)).toEqual(['Winter Blankets']);
    const first = (await list()).json();
    expect(first.data.campaigns).toHaveLength(20);
    expect(first.meta).toEqual({ total_pages: 2, current_page: 1, total: 26 });
    expect((await list('?page=2')).json().data.campaigns).toHaveLength(6);
    expect((await list('?limit=1000')).json().data.campaigns).toHaveLength(26);
  });

  it.each([
    ['?status=archived', 'status must be one of: all, active, completed, paused, draft.'],
    ['?page=0', 'page must be at least 1.'],
    ['?limit=-1', 'limit must be at least 1.'],
    [`?search=${'x'.repeat(201)}`, 'search must be at most 200 characters long.'],
  ])('answers 400 for %s', async (query, message) => {
    const response = await list(query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message });
  });
});
