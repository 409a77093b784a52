import {
  addDays,
  CAMPAIGN_ANALYTICS_PERIOD_DAYS,
  organisationCalendar,
  organisationDayEnd,
  organisationDayStart,
  type CampaignAnalyticsPeriod,
} from '@charity/domain';
import { and, count, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/open.js';
import { donations } from '../db/schema.js';

// GET /api/campaigns/{id}/analytics: a campaign's completed donations per day of the period. Days are the
// organisation's calendar days (packages/domain/src/organisation-time.ts), the same days the dashboard, the
// receipts and the admin filters count: a donation made at 00:30 in Pune belongs to that Pune day, not to the UTC
// day before it.

export const ANALYTICS_PERIODS = CAMPAIGN_ANALYTICS_PERIOD_DAYS;
export type AnalyticsPeriod = CampaignAnalyticsPeriod;

export interface AnalyticsDay {
  /** Organisation calendar day, YYYY-MM-DD. */
  date: string;
  amount: number;
  count: number;
}

export interface CampaignAnalytics {
  period: AnalyticsPeriod;
  from: string;
  to: string;
  total_amount: number;
  donation_count: number;
  days: AnalyticsDay[];
}

/**
 * Whole organisation days, today included (30d is today and the 29 days before it), every day present, oldest
 * first. Donations are placed by the number of whole days since the period's first midnight (+05:30): intervals
 * only, no time zone name, so PGlite needs no time zone database and the server's TimeZone setting changes nothing.
 */
export async function campaignAnalytics(
  db: Database,
  campaignId: number,
  period: AnalyticsPeriod,
  now: Date = new Date(),
): Promise<CampaignAnalytics> {
  const to = organisationCalendar(now).today;
  const length = ANALYTICS_PERIODS[period];
  const from = addDays(to, -(length - 1));
  const start = organisationDayStart(from);
  const dayIndex = sql<number>`floor(extract(epoch from (${donations.createdAt} - ${start.toISOString()}::timestamptz)) / 86400)::int`;
  const rows = await db
    .select({ index: dayIndex, amount: sql<string>`sum(${donations.amount})`, count: count() })
    .from(donations)
    .where(
      and(
        eq(donations.campaignId, campaignId),
        eq(donations.status, 'completed'),
        gte(donations.createdAt, start),
        lt(donations.createdAt, organisationDayEnd(to)),
      ),
    )
    // By position: the day's expression carries a bound parameter, and PostgreSQL treats each copy as another one.
    .groupBy(sql`1`);
  const byIndex = new Map(rows.map((row) => [Number(row.index), row]));
  const days: AnalyticsDay[] = [];
  for (let index = 0; index < length; index += 1) {
    const row = byIndex.get(index);
    days.push({ date: addDays(from, index), amount: row ? Number(row.amount) : 0, count: row?.count ?? 0 });
  }
  return {
    period,
    from,
    to,
    // Summed in cents so many small amounts do not drift (0.1 + 0.2).
    total_amount: days.reduce((sum, day) => sum + Math.round(day.amount * 100), 0) / 100,
    donation_count: days.reduce((sum, day) => sum + day.count, 0),
    days,
  };
}
