import type { KyInstance } from 'ky';
import { ADMIN_ATTEMPTS_PAGE_SIZE, ATTEMPT_OUTCOMES, type AdminPaymentAttempt, type AttemptFilters, type AttemptSummary } from '@charity/domain';
import { isRecord, readPageInfo, replyData, replyList, type PageInfo } from '../../../lib/api/replies';

// The "Failed attempts" tab of /admin/donations (docs/decisions/023-payment-attempts-for-staff.md): GET
// /api/admin/payment-attempts. Silent for the global toast: the store shows its own 'Failed to load payment attempts'.

export interface AdminAttemptPage extends PageInfo {
  attempts: AdminPaymentAttempt[];
  summary: AttemptSummary | null;
}

/** The list query: the non-empty filters (q, then outcome), then page and limit. */
export function attemptListParams(filters: AttemptFilters, page: number, limit = ADMIN_ATTEMPTS_PAGE_SIZE): Record<string, string> {
  return {
    ...(filters.q ? { q: filters.q } : {}),
    ...(filters.outcome ? { outcome: filters.outcome } : {}),
    page: String(page),
    limit: String(limit),
  };
}

function readSummary(value: unknown): AttemptSummary | null {
  if (!isRecord(value) || !isRecord(value.counts) || !Array.isArray(value.top_addresses)) return null;
  const counts = value.counts;
  if (!ATTEMPT_OUTCOMES.every((outcome) => typeof counts[outcome] === 'number')) return null;
  return {
    counts: Object.fromEntries(ATTEMPT_OUTCOMES.map((outcome) => [outcome, counts[outcome] as number])) as AttemptSummary['counts'],
    top_addresses: value.top_addresses.filter(
      (item): item is AttemptSummary['top_addresses'][number] =>
        isRecord(item) && typeof item.client_ip === 'string' && typeof item.failures === 'number' && typeof item.limit_reached === 'boolean',
    ),
  };
}

export function parseAttemptPage(body: unknown, requestedPage: number): AdminAttemptPage {
  const data = replyData(body, 'payment attempts');
  const attempts = replyList(data, 'attempts', 'payment attempts').filter(
    (item): item is AdminPaymentAttempt => isRecord(item) && typeof item.key === 'string' && (ATTEMPT_OUTCOMES as readonly unknown[]).includes(item.outcome),
  );
  return { attempts, summary: readSummary(data.summary), ...readPageInfo(body, requestedPage, attempts.length) };
}

/** GET /api/admin/payment-attempts with the search and outcome. */
export async function fetchPaymentAttempts(client: KyInstance, filters: AttemptFilters, page: number, signal?: AbortSignal): Promise<AdminAttemptPage> {
  const body = await client
    .get('admin/payment-attempts', { searchParams: attemptListParams(filters, page), signal, context: { silent: true } })
    .json<unknown>();
  return parseAttemptPage(body, page);
}
