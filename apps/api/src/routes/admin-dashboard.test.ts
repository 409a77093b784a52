import { organisationDay } from '@charity/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { loadDashboard } from '../admin/dashboard-repository.js';
import { addDays } from '../admin/organisation-time.js';
import { rowsOf } from '../admin/sql-rows.js';
import { buildApp } from '../app.js';
import { openDatabase } from '../db/open.js';
import { backupRuns, campaigns, donations } from '../db/schema.js';
import { insertDonation, insertDonations } from '../../test/support/admin-fixtures.js';
import { allowAll, insertCampaigns } from '../../test/support/campaign-fixtures.js';
import { describeEachDatabase } from '../../test/support/databases.js';

// GET /api/admin/dashboard: totals over completed donations, this and last month and the chart's days in the
// organisation's time (+05:30), zero-filled; top campaigns; the newest donations of any status; the newest backup
// and whether it is older than BACKUP_WARN_DAYS. The calendar is
// tested through loadDashboard with a fixed "now" (so month ends are exercised whatever day the tests run on),
// the route with the real clock.

const at = (iso: string) => new Date(iso);

describeEachDatabase('admin dashboard', (ctx) => {
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
    await ctx.database.db.delete(backupRuns);
  });

  const dashboard = (query = '') => app.inject({ method: 'GET', url: `/api/admin/dashboard${query}` });

  it('answers zeros, every day of the period and empty lists when there are no donations', async () => {
    const response = await dashboard();
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { data } = response.json();
    const today = organisationDay(new Date());
    expect(data.period).toBe('30d');
    expect(data.to).toBe(today);
    expect(data.from).toBe(addDays(today, -29));
    const zero = { count: 0, amount_inr: 0 };
    expect(data.totals).toEqual({
      ...zero,
      offline_amount_inr: 0,
      donors: 0,
      by_currency: [],
      monthly: zero,
      one_time: zero,
      this_month: zero,
      last_month: zero,
      // Monthly gifts are counted from the gifts themselves (none here), not from donations labelled monthly.
      recurring: { active: 0, monthly_amount_inr: 0, gained_this_month: 0, lost_this_month: 0 },
    });
    expect(data.daily).toHaveLength(30);
    expect(data.daily[0]).toEqual({ date: data.from, ...zero });
    expect(data.daily[29]).toEqual({ date: today, ...zero });
    expect(data.daily.every((day: { count: number }) => day.count === 0)).toBe(true);
    expect(data.top_campaigns).toEqual([]);
    expect(data.recent_donations).toEqual([]);
    // No backup was ever made: said as none (never as an old one), and overdue.
    expect(data.backup).toEqual({ last: null, warn_after_days: 2, overdue: true });
  });

  it('charts 30, 90 or 365 consecutive days ending today, and refuses other periods', async () => {
    await insertDonation(ctx.database.db, { createdAt: new Date(), amount: 700 });
    for (const [period, days] of [
      ['30d', 30],
      ['90d', 90],
      ['365d', 365],
    ] as const) {
      const { data } = (await dashboard(`?period=${period}`)).json();
      expect(data.period).toBe(period);
      expect(data.daily).toHaveLength(days);
      const dates = data.daily.map((day: { date: string }) => day.date);
      expect(dates).toEqual(Array.from({ length: days }, (_, i) => addDays(data.from, i)));
      expect(data.daily.at(-1)).toEqual({ date: organisationDay(new Date()), count: 1, amount_inr: 700 });
    }
    const bad = await dashboard('?period=7d');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ success: false, message: 'period must be one of: 30d, 90d, 365d.' });
  });

  it('counts completed donations only, by type, currency and distinct donor, with months and days at +05:30', async () => {
    // 1 March 2026, 00:10 in India: the first minutes of a month, where UTC still says 28 February.
    const now = at('2026-02-28T18:40:00Z');
    const [meals] = await insertCampaigns(ctx.database.db, [{ title: 'Meals', targetAmount: 50_000 }]);
    await insertDonations(ctx.database.db, [
      { createdAt: at('2026-02-28T18:35:00Z'), amount: 1000, donorEmail: 'asha@example.org', campaignId: meals!.id }, // 1 Mar 00:05
      { createdAt: at('2026-02-28T18:25:00Z'), amount: 2000, donorEmail: 'ASHA@Example.org' }, // 28 Feb 23:55
      { createdAt: at('2026-02-01T00:00:00Z'), amount: 25, currency: 'USD', amountInr: 2087.5, donationType: 'monthly', donorEmail: 'john@example.com' }, // 1 Feb
      { createdAt: at('2026-01-31T18:29:00Z'), amount: 300, donorEmail: 'meera@example.org' }, // 31 Jan 23:59: January
      { createdAt: at('2026-01-30T12:00:00Z'), amount: 400, donorEmail: 'ravi@example.org', campaignId: meals!.id }, // 30 Jan
      { createdAt: at('2026-02-28T18:36:00Z'), amount: 9999, status: 'pending', donorEmail: 'pending@example.org' },
      { createdAt: at('2026-02-15T10:00:00Z'), amount: 5000, status: 'failed', donorEmail: 'failed@example.org' },
      { createdAt: at('2026-02-16T10:00:00Z'), amount: 800, status: 'refunded', donorEmail: 'refunded@example.org', campaignId: meals!.id },
      { createdAt: at('2026-02-20T10:00:00Z'), amount: 50, currency: 'EUR', amountInr: 4500, donorEmail: null },
    ]);
    const data = await loadDashboard(ctx.database.db, '30d', now, 2);
    expect(data.from).toBe('2026-01-31');
    expect(data.to).toBe('2026-03-01');
    expect(data.totals).toEqual({
      count: 6,
      amount_inr: 1000 + 2000 + 2087.5 + 300 + 400 + 4500,
      offline_amount_inr: 0,
      donors: 4, // asha (twice, in two spellings), john, meera, ravi; the donation without an address is no donor
      // Largest in INR first: €50 (₹4,500) before ₹3,700, though 50 < 3700.
      by_currency: [
        { currency: 'EUR', amount: 50, count: 1 },
        { currency: 'INR', amount: 3700, count: 4 },
        { currency: 'USD', amount: 25, count: 1 },
      ],
      monthly: { count: 1, amount_inr: 2087.5 },
      one_time: { count: 5, amount_inr: 8200 },
      this_month: { count: 1, amount_inr: 1000 },
      last_month: { count: 3, amount_inr: 2000 + 2087.5 + 4500 },
      // A donation labelled monthly is a payment, not a running gift: without a recurring_gifts row there is none.
      recurring: { active: 0, monthly_amount_inr: 0, gained_this_month: 0, lost_this_month: 0 },
    });
    expect(data.daily).toHaveLength(30);
    const nonZero = data.daily.filter((day) => day.count > 0);
    expect(nonZero).toEqual([
      { date: '2026-01-31', count: 1, amount_inr: 300 },
      { date: '2026-02-01', count: 1, amount_inr: 2087.5 },
      { date: '2026-02-20', count: 1, amount_inr: 4500 },
      { date: '2026-02-28', count: 1, amount_inr: 2000 },
      { date: '2026-03-01', count: 1, amount_inr: 1000 },
    ]);
    // 90 days reach 30 January too.
    const longer = await loadDashboard(ctx.database.db, '90d', now, 2);
    expect(longer.daily.find((day) => day.date === '2026-01-30')).toEqual({ date: '2026-01-30', count: 1, amount_inr: 400 });
    expect(longer.daily.reduce((sum, day) => sum + day.count, 0)).toBe(6);

    // The database session's time zone changes nothing: no day or month is computed with it.
    const before = await loadDashboard(ctx.database.db, '90d', now, 2);
    if (ctx.kind === 'postgres') {
      // A connection of its own, opened after the database's default time zone changed (the app keeps its pool).
      const [{ name }] = rowsOf<{ name: string }>(await ctx.database.db.execute(sql`select current_database() as name`)) as [{ name: string }];
      await ctx.database.db.execute(sql.raw(`alter database "${name}" set timezone = 'America/St_Johns'`));
      const other = await openDatabase(ctx.config);
      try {
        expect(rowsOf(await other.db.execute(sql`show timezone`))).toEqual([{ TimeZone: 'America/St_Johns' }]);
        expect(await loadDashboard(other.db, '90d', now, 2)).toEqual(before);
      } finally {
        await other.close();
        await ctx.database.db.execute(sql.raw(`alter database "${name}" reset timezone`));
      }
    } else {
      // PGlite has no time zone database: a fixed offset far from +05:30.
      await ctx.database.db.execute(sql`set time zone interval '-09:30' hour to minute`);
      try {
        expect(await loadDashboard(ctx.database.db, '90d', now, 2)).toEqual(before);
      } finally {
        await ctx.database.db.execute(sql`reset time zone`);
      }
    }
  });

  it('ranks the top 5 campaigns by the figure the public sees (online + offline, drafts left out), and lists the 10 newest donations of any status', async () => {
    // The campaigns' figures as the donation, refund and form statements keep them (campaign-figures.test.ts): here
    // written directly, with the offline part staff entered.
    const list = await insertCampaigns(
      ctx.database.db,
      [
        { title: 'A', raisedAmount: 700, offlineAmount: 0, donationCount: 2 },
        { title: 'B', raisedAmount: 487_000, offlineAmount: 486_200, donationCount: 40, offlineDonationCount: 38 },
        { title: 'C', raisedAmount: 700, offlineAmount: 700, donationCount: 1, offlineDonationCount: 1 },
        { title: 'D', raisedAmount: 300, donationCount: 1 },
        { title: 'E', raisedAmount: 300, donationCount: 1 }, // ties with D: the older campaign (D) first
        { title: 'F', raisedAmount: 50, donationCount: 1 },
        { title: 'G', raisedAmount: 9_000_000, offlineAmount: 9_000_000, status: 'draft' as const }, // never public: left out
      ].map((row, i) => ({ targetAmount: 10_000 * (i + 1), ...row })),
    );
    const [a, b, c, d, e, f, g] = list.map((row) => row.id);
    const base = Date.parse('2026-06-01T00:00:00Z');
    let minute = 0;
    const gift = (campaignId: number, amount: number, status: 'completed' | 'pending' | 'refunded' = 'completed') => ({
      campaignId,
      amount,
      status,
      createdAt: new Date(base + (minute += 1) * 60_000),
    });
    const rows = await insertDonations(ctx.database.db, [
      gift(a!, 100),
      gift(b!, 500),
      gift(b!, 300),
      gift(c!, 700),
      gift(d!, 300),
      gift(e!, 300),
      gift(f!, 50),
      gift(g!, 100_000, 'pending'),
      gift(g!, 90_000, 'refunded'),
      gift(a!, 600),
      { amount: 10_000, createdAt: new Date(base + 100 * 60_000) }, // a general donation is in no campaign
    ]);
    const { data } = (await dashboard()).json();
    expect(data.top_campaigns).toEqual([
      // The public figure, and the part of it staff entered as raised offline.
      { id: b, title: 'B', raised_amount: 487_000, amount_inr: 800, offline_amount: 486_200, donation_count: 40, target_amount: 20_000 },
      // A and C tie at 700 (all online, all offline): the older campaign first.
      { id: a, title: 'A', raised_amount: 700, amount_inr: 700, offline_amount: 0, donation_count: 2, target_amount: 10_000 },
      { id: c, title: 'C', raised_amount: 700, amount_inr: 0, offline_amount: 700, donation_count: 1, target_amount: 30_000 },
      { id: d, title: 'D', raised_amount: 300, amount_inr: 300, offline_amount: 0, donation_count: 1, target_amount: 40_000 },
      { id: e, title: 'E', raised_amount: 300, amount_inr: 300, offline_amount: 0, donation_count: 1, target_amount: 50_000 },
    ]);
    // Offline money has its own total (drafts left out), never mixed into the online one.
    expect(data.totals.offline_amount_inr).toBe(486_200 + 700);
    expect(data.recent_donations).toHaveLength(10);
    expect(data.recent_donations.map((row: { id: number }) => row.id)).toEqual(
      rows
        .slice(1)
        .reverse()
        .map((row) => row.id),
    );
    expect(data.recent_donations[0]).toMatchObject({ amount: 10_000, campaign_id: null, campaign_title: null, status: 'completed' });
    expect(data.recent_donations.map((row: { status: string }) => row.status)).toContain('pending');
  });
});

describeEachDatabase('admin dashboard: the last backup', (ctx) => {
  // 27 Nov 2026, 09:00 in India.
  const now = at('2026-11-27T03:30:00Z');
  const daysBefore = (days: number) => new Date(now.getTime() - days * 86_400_000);
  const run = (madeAt: Date, overrides: Partial<typeof backupRuns.$inferInsert> = {}) => ({
    madeAt,
    archiveName: `charity-backup-${madeAt.toISOString().replace(/[:.]/g, '-')}.tar`,
    archiveBytes: 14_889_779,
    durationMs: 4_200,
    counts: { donations: 12, receipts: 10, campaigns: 3, events: 2, photos: 5, files: 6 },
    ...overrides,
  });
  const backupOf = async (warnAfterDays = 2) => (await loadDashboard(ctx.database.db, '30d', now, warnAfterDays)).backup;

  beforeEach(async () => {
    await ctx.database.db.delete(backupRuns);
  });

  it('none: last is null and the dashboard warns', async () => {
    expect(await backupOf()).toEqual({ last: null, warn_after_days: 2, overdue: true });
    expect(await backupOf(365)).toEqual({ last: null, warn_after_days: 365, overdue: true });
  });

  it('a backup 1 day old is not overdue with BACKUP_WARN_DAYS=2; 3 days old it is', async () => {
    await ctx.database.db.insert(backupRuns).values(run(daysBefore(1)));
    expect(await backupOf()).toEqual({
      last: { made_at: daysBefore(1).toISOString(), archive_bytes: 14_889_779, source: 'backup' },
      warn_after_days: 2,
      overdue: false,
    });

    await ctx.database.db.delete(backupRuns);
    await ctx.database.db.insert(backupRuns).values(run(daysBefore(3)));
    expect(await backupOf()).toEqual({
      last: { made_at: daysBefore(3).toISOString(), archive_bytes: 14_889_779, source: 'backup' },
      warn_after_days: 2,
      overdue: true,
    });
    // The same backup under a longer setting.
    expect((await backupOf(7)).overdue).toBe(false);
  });

  it('the newest by made_at counts, whatever order the rows were added in; a restored archive counts too', async () => {
    // A restore of last night's archive, recorded after an older backup row was added: the restored one is newest.
    await ctx.database.db.insert(backupRuns).values(run(daysBefore(4), { archiveBytes: 9_000_000 }));
    await ctx.database.db.insert(backupRuns).values(run(daysBefore(1), { source: 'restored', archiveBytes: 15_000_000, durationMs: 0 }));
    // Recorded last, but made earlier (a restore of an old archive): not the newest backup.
    await ctx.database.db.insert(backupRuns).values(run(daysBefore(10), { source: 'restored' }));
    expect(await backupOf()).toEqual({
      last: { made_at: daysBefore(1).toISOString(), archive_bytes: 15_000_000, source: 'restored' },
      warn_after_days: 2,
      overdue: false,
    });

    // Only an old restored archive: overdue, still shown as what it is.
    await ctx.database.db.delete(backupRuns);
    await ctx.database.db.insert(backupRuns).values(run(daysBefore(3), { source: 'restored' }));
    expect(await backupOf()).toMatchObject({ last: { source: 'restored' }, overdue: true });
  });

  it('the route answers the setting BACKUP_WARN_DAYS and sizes beyond 4 GB', async () => {
    const app = await buildApp({ config: { ...ctx.config, backupWarnDays: 5 }, database: ctx.database, adminGuard: allowAll });
    try {
      const madeAt = new Date(Date.now() - 3 * 86_400_000);
      await ctx.database.db.insert(backupRuns).values(run(madeAt, { archiveBytes: 6_000_000_000 }));
      const response = await app.inject({ method: 'GET', url: '/api/admin/dashboard' });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.backup).toEqual({
        last: { made_at: madeAt.toISOString(), archive_bytes: 6_000_000_000, source: 'backup' },
        warn_after_days: 5,
        overdue: false,
      });
    } finally {
      await app.close();
    }
  });
});
