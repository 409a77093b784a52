import type { KyInstance } from 'ky';
import { GIFT_STATUSES, type ListedGiftStatus } from '@charity/domain';
import type { AdminGift, AdminGiftTotals } from '@charity/domain/contract';
import { isRecord, replyData, replyList, type PageInfo } from '../../../lib/api/replies';

// The staff's monthly-gift calls (docs/decisions/022-monthly-gifts.md). All silent for the global toast: the page
// shows its own ('Failed to load monthly gifts', the server's refusal…). The bearer token is added by the client.
// Staff list, cancel and resend the link; nothing here changes an amount or an email.

export interface GiftListQuery {
  status: '' | ListedGiftStatus;
  search: string;
  /** From 1. */
  page: number;
}

export interface AdminGiftPage extends PageInfo {
  gifts: AdminGift[];
  totals: AdminGiftTotals;
}

export const EMPTY_GIFT_TOTALS: AdminGiftTotals = { active: 0, monthly_amount_inr: 0, gained_this_month: 0, lost_this_month: 0 };

const giftPath = (id: number) => `admin/recurring/${encodeURIComponent(String(id))}`;

/** The list query: only what is set, then the page. */
export function giftListParams({ status, search, page }: GiftListQuery): Record<string, string> {
  return { ...(status ? { status } : {}), ...(search ? { search } : {}), page: String(page) };
}

const count = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : 0);

/** `data.gifts`, `data.totals` and `data.pagination` of GET /api/admin/recurring; throws when there is no list. */
export function parseGiftPage(body: unknown, requestedPage: number): AdminGiftPage {
  const data = replyData(body, 'monthly gifts');
  const gifts = replyList(data, 'gifts', 'monthly gifts').filter(
    (item): item is AdminGift => isRecord(item) && typeof item.id === 'number' && (GIFT_STATUSES as readonly unknown[]).includes(item.status),
  );
  const totals = isRecord(data.totals)
    ? {
        active: count(data.totals.active),
        monthly_amount_inr: count(data.totals.monthly_amount_inr),
        gained_this_month: count(data.totals.gained_this_month),
        lost_this_month: count(data.totals.lost_this_month),
      }
    : EMPTY_GIFT_TOTALS;
  const paging = isRecord(data.pagination) ? data.pagination : {};
  const currentPage = Math.max(1, Number.isInteger(paging.current_page) ? (paging.current_page as number) : requestedPage);
  return {
    gifts,
    totals,
    currentPage,
    totalPages: Number.isInteger(paging.total_pages) ? (paging.total_pages as number) : gifts.length > 0 ? currentPage : 0,
    total: Number.isInteger(paging.total) ? (paging.total as number) : gifts.length,
  };
}

/** GET /api/admin/recurring?status=&search=&page=. */
export async function fetchAdminGifts(client: KyInstance, query: GiftListQuery, signal?: AbortSignal): Promise<AdminGiftPage> {
  const body = await client
    .get('admin/recurring', { searchParams: giftListParams(query), signal, context: { silent: true } })
    .json<unknown>();
  return parseGiftPage(body, query.page);
}

const messageOf = (body: unknown): string | null =>
  isRecord(body) && typeof body.message === 'string' && body.message.trim() !== '' ? body.message : null;

/** POST /api/admin/recurring/{id}/cancel {reason}: the server's sentence ('Gift cancelled. The donor has been told…'). */
export async function cancelAdminGift(client: KyInstance, id: number, reason: string | null): Promise<string | null> {
  return messageOf(await client.post(`${giftPath(id)}/cancel`, { json: { reason }, context: { silent: true } }).json<unknown>());
}

/** POST /api/admin/recurring/{id}/resend-link: a new management link mailed to the donor's address on file. */
export async function resendGiftLink(client: KyInstance, id: number): Promise<string | null> {
  return messageOf(await client.post(`${giftPath(id)}/resend-link`, { json: {}, context: { silent: true } }).json<unknown>());
}
