import {
  ATTEMPT_ABANDONED_AFTER_MS,
  ATTEMPT_BURST_WINDOW_MS,
  ATTEMPT_OUTCOMES,
  ATTEMPT_TOP_ADDRESSES_COUNT,
  ATTEMPT_TOP_ADDRESSES_HOURS,
  attemptReasonText,
  CARD_DECLINE_CODES,
  type AdminPaymentAttempt,
  type AttemptOutcome,
  type AttemptSummary,
} from '@charity/domain';
import { sql, type SQL } from 'drizzle-orm';
import { escapeLike } from '../campaigns/repository.js';
import type { Database } from '../db/open.js';
import { CARD_TESTING_LIMIT } from '../donations/repository/attempts.js';
import { rowsOf } from './sql-rows.js';

// The payment attempts staff can see (docs/decisions/023-payment-attempts-for-staff.md): attempts that did not become
// donations (declined, failed, authentication abandoned) and the requests the card-testing limit refused, newest first,
// each with how busy its address was, and the summary of outcomes and the busiest addresses.

export interface AttemptListFilters {
  q: string;
  outcome: AttemptOutcome | null;
}

const declineCodes = sql.raw(`(${CARD_DECLINE_CODES.map((code) => `'${code}'`).join(', ')})`);

/**
 * Every row the list can show, as one SQL relation: attempts without a donation that failed, or that waited on the
 * donor longer than ATTEMPT_ABANDONED_AFTER_MS, and the refused requests. An attempt still in progress (younger) is
 * not a failure yet, and one that succeeded is the reconciler's to turn into a donation.
 */
function attemptRows(now: Date): SQL {
  const abandonedBefore = new Date(now.getTime() - ATTEMPT_ABANDONED_AFTER_MS).toISOString();
  return sql`
    select 'attempt-' || a.id as key, a.created_at,
      case
        when a.status = 'failed' and (f.decline_code is not null or coalesce(f.code, a.last_error_code) in ${declineCodes}) then 'declined'
        when a.status = 'failed' then 'failed'
        else 'abandoned'
      end as outcome,
      a.donation_data->'donor'->>'full_name' as donor_name,
      a.donation_data->'donor'->>'email' as donor_email,
      a.amount, a.currency, c.title as campaign_title, a.payment_intent_id,
      coalesce(f.code, a.last_error_code) as code, f.decline_code, a.client_ip
    from payment_attempts a
    left join campaigns c on c.id = a.campaign_id
    left join lateral (
      select pf.code, pf.decline_code from payment_failures pf
      where pf.payment_intent_id = a.payment_intent_id order by pf.created_at desc, pf.id desc limit 1
    ) f on true
    where (a.status = 'failed' or (a.status in ('created', 'requires_action') and a.created_at < ${abandonedBefore}::timestamptz))
      and not exists (select 1 from donations d where d.payment_intent_id = a.payment_intent_id)
    union all
    select 'blocked-' || b.id, b.created_at, 'blocked', null, b.email, null, null, null, null, null, null, b.client_ip
    from blocked_payment_requests b`;
}

function searchCondition(q: string): SQL {
  return q ? sql`r.donor_email ilike ${`%${escapeLike(q)}%`}` : sql`true`;
}

interface RawRow {
  key: string;
  created_at: Date | string;
  outcome: AttemptOutcome;
  donor_name: string | null;
  donor_email: string | null;
  amount: string | number | null;
  currency: string | null;
  campaign_title: string | null;
  payment_intent_id: string | null;
  code: string | null;
  decline_code: string | null;
  client_ip: string;
  address_attempts: string | number;
  address_limit_reached: boolean;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** One page of the list, newest first (the key breaks ties, so pages never repeat or skip a row). */
export async function listAttempts(
  db: Database,
  filters: AttemptListFilters,
  { page, limit, now = new Date() }: { page: number; limit: number; now?: Date },
): Promise<AdminPaymentAttempt[]> {
  const burst = `${ATTEMPT_BURST_WINDOW_MS} milliseconds`;
  const window = `${CARD_TESTING_LIMIT.windowMs} milliseconds`;
  const result = await db.execute(sql`
    with r as (${attemptRows(now)})
    select r.*,
      (select count(*) from payment_attempts x
        where x.client_ip = r.client_ip and x.created_at > r.created_at - ${burst}::interval and x.created_at <= r.created_at)
      + (select count(*) from blocked_payment_requests y
        where y.client_ip = r.client_ip and y.created_at > r.created_at - ${burst}::interval and y.created_at <= r.created_at)
        as address_attempts,
      (r.outcome = 'blocked'
        or exists (select 1 from blocked_payment_requests y
          where y.client_ip = r.client_ip and y.created_at between r.created_at - ${burst}::interval and r.created_at + ${burst}::interval)
        or (select count(*) from payment_failures z
          where z.client_ip = r.client_ip and z.created_at between r.created_at - ${window}::interval and r.created_at + ${window}::interval)
          >= ${CARD_TESTING_LIMIT.maxFailures}) as address_limit_reached
    from r
    where ${searchCondition(filters.q)} and ${filters.outcome ? sql`r.outcome = ${filters.outcome}` : sql`true`}
    order by r.created_at desc, r.key desc
    limit ${limit} offset ${(page - 1) * limit}`);
  return rowsOf<RawRow>(result).map((row) => ({
    key: row.key,
    created_at: iso(row.created_at),
    outcome: row.outcome,
    donor_name: row.donor_name,
    donor_email: row.donor_email,
    amount: row.amount === null ? null : Number(row.amount),
    currency: row.currency,
    campaign_title: row.campaign_title,
    payment_intent_id: row.payment_intent_id,
    reason: { code: row.code, decline_code: row.decline_code, text: attemptReasonText(row.outcome, row.code, row.decline_code) },
    client_ip: row.client_ip,
    address_attempts_last_hour: Number(row.address_attempts),
    address_limit_reached: row.address_limit_reached === true,
  }));
}

/** Counts per outcome of the rows the search matches, and the addresses with the most failures in the last 24 hours. */
export async function summariseAttempts(db: Database, filters: Pick<AttemptListFilters, 'q'>, now = new Date()): Promise<AttemptSummary> {
  const since = new Date(now.getTime() - ATTEMPT_TOP_ADDRESSES_HOURS * 3_600_000).toISOString();
  const window = `${CARD_TESTING_LIMIT.windowMs} milliseconds`;
  const [countsResult, addressesResult] = await Promise.all([
    db.execute(sql`with r as (${attemptRows(now)}) select r.outcome, count(*) as n from r where ${searchCondition(filters.q)} group by r.outcome`),
    db.execute(sql`
      with f as (
        select client_ip, created_at, false as blocked from payment_failures where created_at > ${since}::timestamptz
        union all
        select client_ip, created_at, true from blocked_payment_requests where created_at > ${since}::timestamptz
      )
      select f.client_ip, count(*) as failures,
        bool_or(f.blocked) or exists (
          select 1 from payment_failures z1 where z1.client_ip = f.client_ip and z1.created_at > ${since}::timestamptz
            and (select count(*) from payment_failures z2 where z2.client_ip = z1.client_ip
                 and z2.created_at between z1.created_at and z1.created_at + ${window}::interval) >= ${CARD_TESTING_LIMIT.maxFailures}
        ) as limit_reached
      from f group by f.client_ip
      order by failures desc, f.client_ip
      limit ${ATTEMPT_TOP_ADDRESSES_COUNT}`),
  ]);
  const counts = Object.fromEntries(ATTEMPT_OUTCOMES.map((outcome) => [outcome, 0])) as Record<AttemptOutcome, number>;
  for (const row of rowsOf<{ outcome: AttemptOutcome; n: string | number }>(countsResult)) counts[row.outcome] = Number(row.n);
  return {
    counts,
    top_addresses: rowsOf<{ client_ip: string; failures: string | number; limit_reached: boolean }>(addressesResult).map((row) => ({
      client_ip: row.client_ip,
      failures: Number(row.failures),
      limit_reached: row.limit_reached === true,
    })),
  };
}
