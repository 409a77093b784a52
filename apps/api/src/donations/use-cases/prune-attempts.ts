import { ATTEMPT_RETENTION_DAYS } from '@charity/domain';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/open.js';
import { rowsOf } from '../../admin/sql-rows.js';

// Use case: forget the payments that did not become donations once ATTEMPT_RETENTION_DAYS old
// (docs/decisions/023-payment-attempts-for-staff.md): their attempts, their payment_failures rows and the requests the
// card-testing limit refused. An attempt a donation or a monthly gift points to is never deleted (nor one that
// succeeded: its donation may still be owed), and neither are the failures of an intent that has a donation.

export interface PrunedAttempts {
  attempts: number;
  failures: number;
  blocked: number;
}

export async function pruneAttempts(db: Database, now = new Date()): Promise<PrunedAttempts> {
  const cutoff = new Date(now.getTime() - ATTEMPT_RETENTION_DAYS * 24 * 3_600_000).toISOString();
  const result = await db.execute(sql`
    with gone_attempts as (
      delete from payment_attempts a
      where a.created_at < ${cutoff}::timestamptz and a.status <> 'succeeded'
        and not exists (select 1 from donations d where d.payment_intent_id = a.payment_intent_id or d.payment_attempt_id = a.id)
        and not exists (select 1 from recurring_gifts g where g.payment_attempt_id = a.id)
      returning a.id
    ), gone_failures as (
      delete from payment_failures f
      where f.created_at < ${cutoff}::timestamptz
        and not exists (select 1 from donations d where d.payment_intent_id = f.payment_intent_id)
      returning f.id
    ), gone_blocked as (
      delete from blocked_payment_requests b where b.created_at < ${cutoff}::timestamptz returning b.id
    )
    select (select count(*) from gone_attempts) as attempts, (select count(*) from gone_failures) as failures,
           (select count(*) from gone_blocked) as blocked`);
  const [row] = rowsOf<{ attempts: string | number; failures: string | number; blocked: string | number }>(result);
  return { attempts: Number(row?.attempts ?? 0), failures: Number(row?.failures ?? 0), blocked: Number(row?.blocked ?? 0) };
}
