import { organisationDay } from '@charity/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { CampaignRow } from '../campaigns/repository.js';
import { campaigns, donations } from '../db/schema.js';
import { allowAll, DAY_MS, insertCampaigns } from '../../test/support/campaign-fixtures.js';
import { describeEachDatabase } from '../../test/support/databases.js';

// The public campaign routes (list, search, one, stats, donations, analytics) on a fixed set of campaigns in
// every display status, and every kind of bad input they must answer with a 400 rather than a 5xx.

interface ListBody {
  success: boolean;
  data: { campaigns: Array<Record<string, unknown> & { id: number; title: string }> };
  meta: { total_pages: number; current_page: number; total: number };
}

describeEachDatabase('public campaign routes', (ctx) => {
  let app: FastifyInstance;
  let adminApp: FastifyInstance;
  const byTitle = new Map<string, CampaignRow>();
  const now = Date.now();
  const base = now - 100 * DAY_MS;

  beforeAll(async () => {
    app = await buildApp({ config: ctx.config, database: ctx.database });
    adminApp = await buildApp({ config: ctx.config, database: ctx.database, adminGuard: allowAll });
    // created_at one hour apart, in this order: "newest first" is the reverse of it.
    const rows = await insertCampaigns(
      ctx.database.db,
      [
        { title: 'School Kits Alpha', isFeatured: true, category: 'education', endDate: new Date(now + 30 * DAY_MS), raisedAmount: 25_000, donationCount: 12 },
        { title: 'Midday Meals', description: 'Hot LUNCHES for children.', category: 'nutrition', endDate: null },
        { title: 'Ended Active Drive', endDate: new Date(now - DAY_MS) },
        { title: 'Completed Blankets', status: 'completed', isFeatured: true, category: 'family-support', endDate: new Date(now + 10 * DAY_MS) },
        { title: 'Paused Water', status: 'paused', category: 'Health', endDate: new Date(now + 20 * DAY_MS) },
        { title: 'Paused but Ended', status: 'paused', endDate: new Date(now - 2 * DAY_MS) },
        { title: 'Secret Draft', status: 'draft', endDate: new Date(now + 30 * DAY_MS) },
        { title: 'Old Draft', status: 'draft', endDate: new Date(now - 5 * DAY_MS) },
        { title: 'Save 100% of costs', description: 'An under_score and a back\\slash.', isFeatured: true, category: 'health', endDate: new Date(now + 5 * DAY_MS), raisedAmount: 150_000, targetAmount: 100_000 },
        { title: 'Zero Target', targetAmount: 0, endDate: new Date(now + 2.5 * DAY_MS) },
      ].map((row, index) => ({ ...row, createdAt: new Date(base + index * 3_600_000) }) as Parameters<typeof insertCampaigns>[1][number]),
    );
    for (const row of rows) byTitle.set(row.title, row);
  });

  afterAll(async () => {
    await app?.close();
    await adminApp?.close();
  });

  async function list(query: string, target = app) {
    const response = await target.inject({ method: 'GET', url: `/api/campaigns${query}` });
    return { response, body: response.json() as ListBody };
  }

  async function titles(query: string, target = app) {
    const { response, body } = await list(query, target);
    expect(response.statusCode, query).toBe(200);
    return body.data.campaigns.map((c) => c.title);
  }

  const id = (title: string) => byTitle.get(title)!.id;

  describe('GET /api/campaigns', () => {
    it('lists every public campaign newest first, drafts never, with the contract shape and paging meta', async () => {
      const { response, body } = await list('');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(body.success).toBe(true);
      expect(body.data.campaigns.map((c) => c.title)).toEqual([
        'Zero Target',
        'Save 100% of costs',
        'Paused but Ended',
        'Paused Water',
        'Completed Blankets',
        'Ended Active Drive',
        'Midday Meals',
        'School Kits Alpha',
      ]);
      expect(body.meta).toEqual({ total_pages: 1, current_page: 1, total: 8 });
      const alpha = body.data.campaigns.find((c) => c.title === 'School Kits Alpha')!;
      const row = byTitle.get('School Kits Alpha')!;
      expect(alpha).toEqual({
        id: row.id,
        slug: row.slug,
        title: 'School Kits Alpha',
        description: 'About School Kits Alpha.',
        status: 'active',
        is_featured: true,
        category: 'education',
        image_url: null,
        target_amount: 100000,
        raised_amount: 25000,
        donation_count: 12,
        offline_amount: 0,
        offline_donation_count: 0,
        currency: 'INR',
        start_date: null,
        end_date: row.endDate!.toISOString(),
        created_at: row.createdAt.toISOString(),
        updated_at: row.updatedAt.toISOString(),
      });
    });

    it('filters by display status: active means status active and not ended', async () => {
      expect(await titles('?status=active')).toEqual(['Zero Target', 'Save 100% of costs', 'Midday Meals', 'School Kits Alpha']);
    });

    it('completed includes campaigns whose end date has passed, whatever their status, but no drafts', async () => {
      expect(await titles('?status=completed')).toEqual(['Paused but Ended', 'Completed Blankets', 'Ended Active Drive']);
    });

    it('paused excludes a paused campaign that has ended', async () => {
      expect(await titles('?status=paused')).toEqual(['Paused Water']);
    });

    it('status=all is the default and still hides drafts', async () => {
      expect(await titles('?status=all')).toEqual(await titles(''));
    });

    it('refuses drafts to the public with 401, and shows them to an admin', async () => {
      for (const query of ['?status=draft', '?include_drafts=true', '?status=all&include_drafts=1']) {
        const { response, body } = await list(query);
        expect(response.statusCode, query).toBe(401);
        expect(body).toEqual({ success: false, message: 'Authentication required' });
      }
      expect(await titles('?status=draft', adminApp)).toEqual(['Old Draft', 'Secret Draft']);
      expect((await list('?include_drafts=true&limit=20', adminApp)).body.meta.total).toBe(10);
      // include_drafts=false is simply the public list
      expect(await titles('?include_drafts=false')).toHaveLength(8);
    });

    it('filters featured and regular campaigns with featured or is_featured (true/false/1/0)', async () => {
      const featured = ['Save 100% of costs', 'Completed Blankets', 'School Kits Alpha'];
      expect(await titles('?featured=true')).toEqual(featured);
      expect(await titles('?featured=1')).toEqual(featured);
      expect(await titles('?is_featured=true')).toEqual(featured);
      expect(await titles('?featured=true&status=active')).toEqual(['Save 100% of costs', 'School Kits Alpha']);
      const regular = await titles('?featured=false');
      expect(regular).toHaveLength(5);
      expect(await titles('?is_featured=0')).toEqual(regular);
      expect(regular.some((t) => featured.includes(t))).toBe(false);
      expect(await titles('?featured=true&is_featured=1')).toEqual(featured);
      const conflict = await list('?featured=true&is_featured=false');
      expect(conflict.response.statusCode).toBe(400);
      expect(conflict.body).toEqual({ success: false, message: 'featured and is_featured disagree; send only one of them.' });
    });

    it('filters by category, ignoring case', async () => {
      expect(await titles('?category=health')).toEqual(['Save 100% of costs', 'Paused Water']);
      expect(await titles('?category=EDUCATION')).toEqual(['School Kits Alpha']);
      expect(await titles('?category=unknown')).toEqual([]);
    });

    it('searches title and description case-insensitively', async () => {
      expect(await titles('?search=school')).toEqual(['School Kits Alpha']);
      expect(await titles('?search=MEALS')).toEqual(['Midday Meals']);
      expect(await titles('?search=lunches')).toEqual(['Midday Meals']);
      expect(await titles('?search=%20%20paused%20')).toEqual(['Paused but Ended', 'Paused Water']);
      expect(await titles('?search=paused&status=paused')).toEqual(['Paused Water']);
      expect(await titles('?search=secret')).toEqual([]); // drafts stay hidden from search too
      expect(await titles('?search=%20%20')).toHaveLength(8); // blank is no filter
    });

    it('treats %, _ and \\ in a search as themselves, not as wildcards', async () => {
      expect(await titles('?search=%25')).toEqual(['Save 100% of costs']);
      expect(await titles('?search=100%25%20of')).toEqual(['Save 100% of costs']);
      expect(await titles('?search=_')).toEqual(['Save 100% of costs']);
      expect(await titles('?search=%5C')).toEqual(['Save 100% of costs']);
      expect(await titles('?search=S%25s')).toEqual([]);
    });

    it('treats SQL-looking searches as text', async () => {
      for (const search of ["'; DROP TABLE campaigns; --", "' OR '1'='1", '") OR 1=1 --', 'Alpha\u0000']) {
        const { response, body } = await list(`?search=${encodeURIComponent(search)}`);
        expect(response.statusCode, search).toBe(200);
        expect(body.data.campaigns.length, search).toBeLessThanOrEqual(1);
      }
      expect(await titles('')).toHaveLength(8);
    });

    it('pages with a stable order and meta; a page past the end is empty but keeps the total', async () => {
      const all = await titles('');
      const pages = [];
      for (let page = 1; page <= 3; page += 1) {
        const { body } = await list(`?limit=3&page=${page}`);
        expect(body.meta).toEqual({ total_pages: 3, current_page: page, total: 8 });
        pages.push(...body.data.campaigns.map((c) => c.title));
      }
      expect(pages).toEqual(all);
      const past = await list('?limit=3&page=7');
      expect(past.response.statusCode).toBe(200);
      expect(past.body.data.campaigns).toEqual([]);
      expect(past.body.meta).toEqual({ total_pages: 3, current_page: 7, total: 8 });
      const none = await list('?search=nothing-like-this');
      expect(none.body.meta).toEqual({ total_pages: 0, current_page: 1, total: 0 });
    });

    it('defaults to 9 per page and caps the page size at 50', async () => {
      await insertCampaigns(
        ctx.database.db,
        Array.from({ length: 52 }, (_, i) => ({ title: `Bulk ${i}`, category: 'bulk', createdAt: new Date(base - (i + 1) * 60_000) })),
      );
      const first = await list('?category=bulk');
      expect(first.body.data.campaigns).toHaveLength(9);
      expect(first.body.meta).toEqual({ total_pages: 6, current_page: 1, total: 52 });
      for (const limit of ['51', '1000000', '1000000000000000000000']) {
        const capped = await list(`?category=bulk&limit=${limit}`);
        expect(capped.response.statusCode, limit).toBe(200);
        expect(capped.body.data.campaigns, limit).toHaveLength(50);
        expect(capped.body.meta, limit).toEqual({ total_pages: 2, current_page: 1, total: 52 });
      }
      await ctx.database.db.delete(campaigns).where(eq(campaigns.category, 'bulk'));
    });

    it('sorts by newest (default), ending soon or most funded', async () => {
      expect((await titles('?status=active&sort=ending_soon'))).toEqual(['Zero Target', 'Save 100% of costs', 'School Kits Alpha', 'Midday Meals']);
      expect((await titles('?status=active&sort=most_funded'))[0]).toBe('Save 100% of costs');
      expect(await titles('?status=active&sort=newest')).toEqual(await titles('?status=active'));
    });

    it.each([
      ['?status=unknown', 'status must be one of: active, completed, paused, draft, all.'],
      ['?status=ACTIVE', 'status must be one of: active, completed, paused, draft, all.'],
      ['?page=-1', 'page must be at least 1.'],
      ['?page=0', 'page must be at least 1.'],
      ['?page=abc', 'page must be a whole number.'],
      ['?page=1.5', 'page must be a whole number.'],
      ['?page=10000001', 'page must be at most 1000000.'],
      ['?page=1&page=2', 'page must be a whole number.'],
      ['?limit=0', 'limit must be at least 1.'],
      ['?limit=-5', 'limit must be at least 1.'],
      ['?limit=ten', 'limit must be a whole number.'],
      ['?featured=yes', 'featured must be one of: true, false, 1, 0.'],
      ['?is_featured=', 'is_featured must be one of: true, false, 1, 0.'],
      ['?sort=random', 'sort must be one of: newest, ending_soon, most_funded.'],
      [`?search=${'a'.repeat(201)}`, 'search must be at most 200 characters long.'],
      [`?category=${'a'.repeat(101)}`, 'category must be at most 100 characters long.'],
    ])('answers %s with 400 and a sentence naming the parameter', async (query, message) => {
      const { response, body } = await list(query);
      expect(response.statusCode).toBe(400);
      expect(body).toEqual({ success: false, message });
    });

    it('accepts a search of exactly 200 characters, and unknown parameters are ignored', async () => {
      expect((await list(`?search=${'a'.repeat(200)}`)).response.statusCode).toBe(200);
      expect(await titles('?status=active&colour=red&utm_source=x')).toHaveLength(4);
    });

    it('survives malformed percent-encoding in the query string', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/campaigns?search=%E0%A4%A&page=%ZZ' });
      expect(response.statusCode).toBeLessThan(500);
    });
  });

  describe('GET /api/campaigns/search', () => {
    it('answers the list shape for q, with the same filters and paging', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/campaigns/search?q=PAUSED&limit=1' });
      expect(response.statusCode).toBe(200);
      const body = response.json() as ListBody;
      expect(body.data.campaigns.map((c) => c.title)).toEqual(['Paused but Ended']);
      expect(body.meta).toEqual({ total_pages: 2, current_page: 1, total: 2 });
      const filtered = await app.inject({ method: 'GET', url: '/api/campaigns/search?q=paused&status=paused' });
      expect((filtered.json() as ListBody).data.campaigns.map((c) => c.title)).toEqual(['Paused Water']);
    });

    it('refuses an over-long q and hides drafts', async () => {
      const long = await app.inject({ method: 'GET', url: `/api/campaigns/search?q=${'x'.repeat(201)}` });
      expect(long.statusCode).toBe(400);
      expect(long.json()).toEqual({ success: false, message: 'q must be at most 200 characters long.' });
      const drafts = await app.inject({ method: 'GET', url: '/api/campaigns/search?q=draft' });
      expect((drafts.json() as ListBody).data.campaigns).toEqual([]);
    });
  });

  describe('GET /api/campaigns/{id}', () => {
    it('answers one public campaign', async () => {
      const response = await app.inject({ method: 'GET', url: `/api/campaigns/${id('Paused Water')}` });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ success: true, data: { campaign: { id: id('Paused Water'), title: 'Paused Water', status: 'paused' } } });
    });

    it("answers 404 'Campaign not found' for a draft or a campaign that does not exist", async () => {
      for (const target of [id('Secret Draft'), 999_999]) {
        const response = await app.inject({ method: 'GET', url: `/api/campaigns/${target}` });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ success: false, message: 'Campaign not found' });
      }
    });

    it.each([
      ['abc', 'id must be a whole number.'],
      ['1.5', 'id must be a whole number.'],
      ['0', 'id must be at least 1.'],
      ['-3', 'id must be at least 1.'],
      ['99999999999', 'id must be at most 2147483647.'],
      ["1'%20OR%20'1'='1", 'id must be a whole number.'],
    ])('answers id %s with 400', async (value, message) => {
      for (const suffix of ['', '/stats', '/donations', '/analytics']) {
        const response = await app.inject({ method: 'GET', url: `/api/campaigns/${value}${suffix}` });
        expect(response.statusCode, suffix).toBe(400);
        expect(response.json(), suffix).toEqual({ success: false, message });
      }
    });
  });

  describe('GET /api/campaigns/slug/{slug}', () => {
    it("answers a public campaign at its page's address, and 404 for a draft, an unknown or a malformed slug", async () => {
      const paused = byTitle.get('Paused Water')!;
      const response = await app.inject({ method: 'GET', url: `/api/campaigns/slug/${paused.slug}` });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.campaign).toMatchObject({ id: paused.id, slug: paused.slug, title: 'Paused Water' });
      for (const slug of [byTitle.get('Secret Draft')!.slug, 'no-such-campaign']) {
        const missing = await app.inject({ method: 'GET', url: `/api/campaigns/slug/${slug}` });
        expect(missing.statusCode, slug).toBe(404);
        expect(missing.json()).toEqual({ success: false, message: 'Campaign not found' });
      }
      for (const slug of ['Paused-Water', 'a--b', '-a', 'x'.repeat(61), "a'%20or%201=1"]) {
        const bad = await app.inject({ method: 'GET', url: `/api/campaigns/slug/${slug}` });
        expect(bad.statusCode, slug).toBe(400);
      }
    });

    it('gives a new campaign the slug of its title, numbered when taken, and keeps it when the title changes', async () => {
      const create = (title: string) =>
        adminApp.inject({ method: 'POST', url: '/api/campaigns', payload: { title, description: 'A campaign to share.', target_amount: 5000, status: 'active' } });
      const first = await create('Winter Blankets & Socks 2026!');
      expect(first.statusCode).toBe(201);
      expect(first.json().data.campaign.slug).toBe('winter-blankets-and-socks-2026');
      const second = await create('Winter blankets and socks 2026');
      expect(second.json().data.campaign.slug).toBe('winter-blankets-and-socks-2026-2');
      const hindi = await create('शिक्षा सबके लिए');
      expect(hindi.json().data.campaign.slug).toMatch(/^campaign(-\d+)?$/);
      const digits = await create('2026');
      expect(digits.json().data.campaign.slug).toBe('campaign-2026');
      // Two at once with the same title: the unique index decides, each gets its own.
      const raced = await Promise.all([create('Same Moment'), create('Same Moment'), create('Same Moment')]);
      expect(raced.map((r) => r.statusCode)).toEqual([201, 201, 201]);
      expect(new Set(raced.map((r) => r.json().data.campaign.slug))).toEqual(new Set(['same-moment', 'same-moment-2', 'same-moment-3']));

      const id = first.json().data.campaign.id as number;
      const renamed = await adminApp.inject({ method: 'PUT', url: `/api/campaigns/${id}`, payload: { title: 'Warm Winter' } });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json().data.campaign).toMatchObject({ title: 'Warm Winter', slug: 'winter-blankets-and-socks-2026' });
      for (const made of [first, second, hindi, digits, ...raced]) {
        await adminApp.inject({ method: 'DELETE', url: `/api/campaigns/${made.json().data.campaign.id}` });
      }
    });
  });

  describe('GET /api/campaigns/{id}/stats', () => {
    it('answers amounts, funded percentage, days left and display status from the domain rules', async () => {
      const stats = async (title: string) => (await app.inject({ method: 'GET', url: `/api/campaigns/${id(title)}/stats` })).json();
      expect(await stats('School Kits Alpha')).toEqual({
        success: true,
        data: { raised_amount: 25000, target_amount: 100000, donation_count: 12, funded_percentage: 25, days_left: 30, display_status: 'Active' },
      });
      expect((await stats('Save 100% of costs')).data).toMatchObject({ funded_percentage: 100, display_status: 'Active', days_left: 5 });
      expect((await stats('Zero Target')).data).toMatchObject({ funded_percentage: 0, days_left: 3 });
      expect((await stats('Ended Active Drive')).data).toMatchObject({ days_left: 0, display_status: 'Completed' });
      expect((await stats('Paused Water')).data).toMatchObject({ display_status: 'Paused' });
      expect((await stats('Midday Meals')).data).toMatchObject({ days_left: null, display_status: 'Active' });
    });

    it('answers 404 for a draft', async () => {
      const response = await app.inject({ method: 'GET', url: `/api/campaigns/${id('Secret Draft')}/stats` });
      expect(response.statusCode).toBe(404);
    });
  });

  describe('donations and analytics', () => {
    beforeAll(async () => {
      const campaignId = id('School Kits Alpha');
      const today = new Date();
      await ctx.database.db.insert(donations).values([
        { campaignId, amount: 500, amountMinor: 50000, amountInr: 500, donorName: 'Priya Sharma', showFirstName: true, status: 'completed', paymentIntentId: 'pi_1', createdAt: today },
        { campaignId, amount: 1000.5, amountMinor: 100050, amountInr: 1000.5, donorName: 'Secret Person', isAnonymous: true, status: 'completed', donationType: 'monthly', paymentIntentId: 'pi_2', createdAt: new Date(today.getTime() - 1000) },
        { campaignId, amount: 250, amountMinor: 25000, amountInr: 250, donorName: null, status: 'completed', paymentIntentId: 'pi_3', createdAt: new Date(today.getTime() - 3 * DAY_MS) },
        { campaignId, amount: 9999, amountMinor: 999900, amountInr: 9999, donorName: 'Never Paid', status: 'pending', paymentIntentId: 'pi_4', createdAt: today },
        { campaignId, amount: 50, amountMinor: 5000, amountInr: 50, donorName: 'Long Ago', status: 'completed', paymentIntentId: 'pi_5', createdAt: new Date(today.getTime() - 40 * DAY_MS) },
        { campaignId: id('Midday Meals'), amount: 700, amountMinor: 70000, amountInr: 700, donorName: 'Elsewhere', status: 'completed', paymentIntentId: 'pi_6', createdAt: today },
      ]);
    });

    it('lists completed donations newest first, a first name only where the donor agreed, nothing private', async () => {
      const response = await app.inject({ method: 'GET', url: `/api/campaigns/${id('School Kits Alpha')}/donations` });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.meta).toEqual({ total_pages: 1, current_page: 1, total: 4 });
      expect(body.data.donations.map((d: { donor_name: string; amount: number }) => [d.donor_name, d.amount])).toEqual([
        // Priya agreed to be named: her first name only. Secret Person gave anonymously; the others did not agree.
        ['Priya', 500],
        ['Anonymous', 1000.5],
        ['Anonymous', 250],
        ['Anonymous', 50],
      ]);
      expect(Object.keys(body.data.donations[1]).sort()).toEqual(['amount', 'created_at', 'currency', 'donation_type', 'donor_name', 'id', 'is_anonymous']);
      expect(body.data.donations[1]).toMatchObject({ is_anonymous: true, donation_type: 'monthly', currency: 'INR' });
      expect(response.body).not.toMatch(/Sharma|Secret Person|Long Ago|Never Paid|pi_|email|phone|pan/i);
    });

    it('pages donations, and answers an empty list for a campaign without any', async () => {
      const page = await app.inject({ method: 'GET', url: `/api/campaigns/${id('School Kits Alpha')}/donations?limit=3&page=2` });
      expect(page.json().data.donations).toHaveLength(1);
      expect(page.json().meta).toEqual({ total_pages: 2, current_page: 2, total: 4 });
      const empty = await app.inject({ method: 'GET', url: `/api/campaigns/${id('Paused Water')}/donations` });
      expect(empty.json()).toEqual({ success: true, data: { donations: [] }, meta: { total_pages: 0, current_page: 1, total: 0 } });
      const draft = await app.inject({ method: 'GET', url: `/api/campaigns/${id('Secret Draft')}/donations` });
      expect(draft.statusCode).toBe(404);
      const bad = await app.inject({ method: 'GET', url: `/api/campaigns/${id('Paused Water')}/donations?page=0` });
      expect(bad.json()).toEqual({ success: false, message: 'page must be at least 1.' });
    });

    it('answers daily totals for the period, every day present, today last (default 30d)', async () => {
      const response = await app.inject({ method: 'GET', url: `/api/campaigns/${id('School Kits Alpha')}/analytics` });
      expect(response.statusCode).toBe(200);
      const { data } = response.json();
      // Organisation days (+05:30), as the dashboard and receipts count them (docs/decisions/020-one-table-per-fact.md).
      const day = (offset: number) => organisationDay(new Date(Date.now() - offset * DAY_MS));
      expect(data.period).toBe('30d');
      expect(data.days).toHaveLength(30);
      expect(data.to).toBe(day(0));
      expect(data.from).toBe(day(29));
      expect(data.days.at(-1)).toEqual({ date: day(0), amount: 1500.5, count: 2 });
      expect(data.days.at(-4)).toEqual({ date: day(3), amount: 250, count: 1 });
      expect(data.total_amount).toBe(1750.5);
      expect(data.donation_count).toBe(3);

      const year = (await app.inject({ method: 'GET', url: `/api/campaigns/${id('School Kits Alpha')}/analytics?period=365d` })).json().data;
      expect(year.days).toHaveLength(365);
      expect(year.total_amount).toBe(1800.5);
      const week = (await app.inject({ method: 'GET', url: `/api/campaigns/${id('Paused Water')}/analytics?period=7d` })).json().data;
      expect(week.days).toHaveLength(7);
      expect(week.total_amount).toBe(0);
    });

    it('refuses an unknown period and hides drafts', async () => {
      const bad = await app.inject({ method: 'GET', url: `/api/campaigns/${id('School Kits Alpha')}/analytics?period=1y` });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ success: false, message: 'period must be one of: 7d, 30d, 90d, 365d.' });
      const draft = await app.inject({ method: 'GET', url: `/api/campaigns/${id('Secret Draft')}/analytics` });
      expect(draft.statusCode).toBe(404);
    });

    it('the donations table is really there: a bad row is refused by its constraints', async () => {
      await expect(ctx.database.db.execute(sql`insert into donations (amount, payment_intent_id) values (0, 'pi_zero')`)).rejects.toThrow();
      await expect(
        ctx.database.db.execute(sql`insert into donations (amount, payment_intent_id) values (10, 'pi_1')`),
      ).rejects.toThrow();
    });
  });
});
