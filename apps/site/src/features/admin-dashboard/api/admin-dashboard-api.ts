import type { KyInstance } from 'ky';
import type { AdminDashboard, DashboardPeriod } from '@charity/domain';
import { isRecord, replyData } from '../../../lib/api/replies';

/**
 * GET /api/admin/dashboard?period=… (docs/decisions/005-admin-console.md). Silent: the dashboard shows its own
 * 'Failed to load dashboard' toast and error state. The bearer token is added by the client; a 401 ends the session
 * there.
 */
export async function fetchDashboard(client: KyInstance, period: DashboardPeriod, signal?: AbortSignal): Promise<AdminDashboard> {
  const body = await client.get('admin/dashboard', { searchParams: { period }, signal, context: { silent: true } }).json<unknown>();
  return parseDashboard(body);
}

/** The reply's data, checked for the parts every dashboard piece reads; anything else throws. */
export function parseDashboard(body: unknown): AdminDashboard {
  const data = replyData(body, 'dashboard');
  const { totals, daily, top_campaigns: top, recent_donations: recent } = data;
  if (!isRecord(totals) || !Array.isArray(totals.by_currency) || !isRecord(totals.this_month) || !isRecord(totals.last_month)) {
    throw new TypeError('The dashboard reply has no totals');
  }
  if (!Array.isArray(daily) || !Array.isArray(top) || !Array.isArray(recent)) throw new TypeError('The dashboard reply is incomplete');
  // The backup line must never say a backup exists when none is recorded: without a readable status, no dashboard.
  const { backup } = data;
  if (!isRecord(backup) || typeof backup.overdue !== 'boolean' || !(backup.last === null || (isRecord(backup.last) && typeof backup.last.made_at === 'string'))) {
    throw new TypeError('The dashboard reply has no backup status');
  }
  return data as unknown as AdminDashboard;
}
