import {
  DASHBOARD_PERIOD_DAYS,
  isBackupOverdue,
  type AdminDashboard,
  type BackupStatus,
  type CurrencyTotal,
  type DailyDonations,
  type DashboardPeriod,
  type DashboardTotals,
  type TopCampaign,
} from '@charity/domain';
import { count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/open.js';
import { giftTotals } from '../recurring/repository.js';
import { backupRuns, campaigns, donations } from '../db/schema.js';
import { adminDonationJson } from './donation-json.js';
import { rowsOf } from './sql-rows.js';
import { listDonations, netInr } from './donations-repository.js';
import { addDays, organisationCalendar, organisationDayEnd, organisationDayStart } from './organisation-time.js';

// GET /api/admin/dashboard in five aggregate queries, whatever the number of donations: the totals (FILTER
// clauses, one scan), the currencies, the chart's days (generate_series left-joined to one grouped scan of the
// period), the top campaigns and the newest donations; and the newest backup (one row by its index). Money counts
// completed donations only.

export const TOP_CAMPAIGNS = 5;
export const RECENT_DONATIONS = 10;

const completed = eq(donations.status, 'completed');
const money = (condition?: SQL) =>
  (condition ? sql<string>`coalesce(sum(${netInr}) filter (where ${condition}), 0)` : sql<string>`coalesce(sum(${netInr}), 0)`).mapWith(
    Number,
  );
const tally = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);
const inRange = (range: { start: Date; end: Date }) =>
  sql`${donations.createdAt} >= ${range.start.toISOString()}::timestamptz and ${donations.createdAt} < ${range.end.toISOString()}::timestamptz`;

async function totals(db: Database, now: Date): Promise<DashboardTotals> {
  const calendar = organisationCalendar(now);
  const monthly = eq(donations.donationType, 'monthly');
  const oneTime = eq(donations.donationType, 'one_time');
  const thisMonth = inRange(calendar.thisMonth);
  const lastMonth = inRange(calendar.lastMonth);
  const [[row], currencies, recurring, offline] = await Promise.all([
    db
      .select({
        count: count(),
        amount: money(),
        // Distinct donors by hashing in a subquery: count(distinct …) would sort every address.
        donors: sql<number>`(select count(*) from (select lower(donor_email) from ${donations} where status = 'completed' and donor_email is not null group by 1) as donor)`.mapWith(
          Number,
        ),
        monthlyCount: tally(monthly),
        monthlyAmount: money(monthly),
        oneTimeCount: tally(oneTime),
        oneTimeAmount: money(oneTime),
        thisMonthCount: tally(thisMonth),
        thisMonthAmount: money(thisMonth),
        lastMonthCount: tally(lastMonth),
        lastMonthAmount: money(lastMonth),
      })
      .from(donations)
      .where(completed),
    byCurrency(db),
    giftTotals(db, now),
    offlineTotal(db),
  ]);
  return {
    count: row?.count ?? 0,
    amount_inr: row?.amount ?? 0,
    offline_amount_inr: offline,
    donors: row?.donors ?? 0,
    by_currency: currencies,
    monthly: { count: row?.monthlyCount ?? 0, amount_inr: row?.monthlyAmount ?? 0 },
    one_time: { count: row?.oneTimeCount ?? 0, amount_inr: row?.oneTimeAmount ?? 0 },
    this_month: { count: row?.thisMonthCount ?? 0, amount_inr: row?.thisMonthAmount ?? 0 },
    last_month: { count: row?.lastMonthCount ?? 0, amount_inr: row?.lastMonthAmount ?? 0 },
    recurring,
  };
}

/** Completed donations per currency, in the currency itself, the largest in INR first. */
async function byCurrency(db: Database): Promise<CurrencyTotal[]> {
  const inr = sql<string>`sum(${netInr})`;
  const rows = await db
    .select({ currency: donations.currency, amount: sql<string>`sum(${donations.amount} - ${donations.refundedAmount})`.mapWith(Number), count: count() })
    .from(donations)
    .where(completed)
    .groupBy(donations.currency)
    .orderBy(desc(inr), donations.currency);
  return rows;
}

interface DailyRow extends Record<string, unknown> {
  date: string;
  count: number | string;
  amount_inr: number | string;
}

/**
 * One entry per organisation day of the period, oldest first, zero-filled. Donations are put in 24-hour bins
 * counted from the period's first midnight (+05:30) with date_bin: intervals only, no time zone name, so PGlite
 * needs no time zone database and the server's TimeZone setting changes nothing.
 */
async function daily(db: Database, from: string, days: number): Promise<DailyDonations[]> {
  const start = organisationDayStart(from).toISOString();
  const end = organisationDayEnd(addDays(from, days - 1)).toISOString();
  const result = await db.execute<DailyRow>(sql`
    select to_char(${from}::date + series.i, 'YYYY-MM-DD') as date,
           coalesce(per_day.count, 0)::int as count,
           coalesce(per_day.amount_inr, 0)::text as amount_inr
    from generate_series(0, ${days - 1}::int) as series(i)
    left join (
      select date_bin(interval '24 hours', ${donations.createdAt}, ${start}::timestamptz) as bin,
             count(*) as count,
             sum(${donations.amountInr} - ${donations.refundedInr}) as amount_inr
      from ${donations}
      where ${donations.status} = 'completed'
        and ${donations.createdAt} >= ${start}::timestamptz
        and ${donations.createdAt} < ${end}::timestamptz
      group by 1
    ) as per_day on per_day.bin = ${start}::timestamptz + series.i * interval '24 hours'
    order by series.i`);
  return rowsOf<DailyRow>(result).map((row) => ({ date: row.date, count: Number(row.count), amount_inr: Number(row.amount_inr) }));
}

/**
 * The campaigns that show the most raised (the public figure: online plus what staff entered as raised offline),
 * drafts left out; ties: the older campaign first. The online part is the shown figure less the offline one, which
 * the donation, renewal, refund and form statements keep equal to the donations' own sum (campaign-figures.test.ts).
 */
async function topCampaigns(db: Database): Promise<TopCampaign[]> {
  const rows = await db
    .select({
      id: campaigns.id,
      title: campaigns.title,
      targetAmount: campaigns.targetAmount,
      raisedAmount: campaigns.raisedAmount,
      offlineAmount: campaigns.offlineAmount,
      donationCount: campaigns.donationCount,
    })
    .from(campaigns)
    .where(ne(campaigns.status, 'draft'))
    .orderBy(desc(campaigns.raisedAmount), campaigns.id)
    .limit(TOP_CAMPAIGNS);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    raised_amount: row.raisedAmount,
    amount_inr: Math.max(0, Math.round((row.raisedAmount - row.offlineAmount) * 100) / 100),
    offline_amount: row.offlineAmount,
    donation_count: row.donationCount,
    target_amount: row.targetAmount,
  }));
}

/** Raised offline over the campaigns the public can see. */
async function offlineTotal(db: Database): Promise<number> {
  const [row] = await db
    .select({ amount: sql<string>`coalesce(sum(${campaigns.offlineAmount}), 0)`.mapWith(Number) })
    .from(campaigns)
    .where(ne(campaigns.status, 'draft'));
  return row?.amount ?? 0;
}

/**
 * The newest archive in backup_runs by made_at (a restore records its archive's own time, so restoring an old
 * archive does not pass for a recent backup), and whether it is older than BACKUP_WARN_DAYS
 * (docs/decisions/042-backups.md).
 */
export async function backupStatus(db: Database, warnAfterDays: number, now: Date): Promise<BackupStatus> {
  const [row] = await db
    .select({ madeAt: backupRuns.madeAt, archiveBytes: backupRuns.archiveBytes, source: backupRuns.source })
    .from(backupRuns)
    .orderBy(desc(backupRuns.madeAt), desc(backupRuns.id))
    .limit(1);
  const last = row ? { made_at: row.madeAt.toISOString(), archive_bytes: Number(row.archiveBytes), source: row.source } : null;
  return { last, warn_after_days: warnAfterDays, overdue: isBackupOverdue(last?.made_at ?? null, warnAfterDays, now) };
}

const NO_FILTERS = { q: '', from: '', to: '', campaign: null, country: '', currency: '', type: null, status: null, partner: '' } as const;

/** `backupWarnDays`: BACKUP_WARN_DAYS (config.backupWarnDays). */
export async function loadDashboard(db: Database, period: DashboardPeriod, now: Date, backupWarnDays: number): Promise<AdminDashboard> {
  const to = organisationCalendar(now).today;
  const days = DASHBOARD_PERIOD_DAYS[period];
  const from = addDays(to, -(days - 1));
  // Independent reads: on PostgreSQL they run side by side on the pool; PGlite queues them on its one connection.
  const [totalsPart, dailyPart, top, recent, backup] = await Promise.all([
    totals(db, now),
    daily(db, from, days),
    topCampaigns(db),
    listDonations(db, NO_FILTERS, { page: 1, limit: RECENT_DONATIONS }),
    backupStatus(db, backupWarnDays, now),
  ]);
  return {
    period,
    from,
    to,
    totals: totalsPart,
    daily: dailyPart,
    top_campaigns: top,
    recent_donations: recent.map(adminDonationJson),
    backup,
  };
}
