import { ADMIN_SEARCH_MAX_LENGTH, LISTED_GIFT_STATUSES, type ListedGiftStatus } from '@charity/domain';
import type { GiftListQuery } from './api/admin-recurring-api';

// /admin/recurring keeps its filters in the URL, like /admin/donations, so a filtered list or a page of it can be
// bookmarked, shared with a colleague and restored by Back: ?status=past_due&search=asha&page=2.

const isListedStatus = (value: string): value is ListedGiftStatus => (LISTED_GIFT_STATUSES as readonly string[]).includes(value);

function positiveInteger(value: string | null): number | null {
  if (value === null || !/^\d{1,9}$/.test(value.trim())) return null;
  const n = Number(value);
  return n >= 1 ? n : null;
}

/** The view a query asks for; an unknown status is no filter, a page that is no whole number is page 1. */
export function giftsViewFromSearch(params: URLSearchParams): GiftListQuery {
  const status = params.get('status') ?? '';
  return {
    status: isListedStatus(status) ? status : '',
    search: (params.get('search') ?? '').trim().slice(0, ADMIN_SEARCH_MAX_LENGTH),
    page: positiveInteger(params.get('page')) ?? 1,
  };
}

/** The query of a view: status and search when set, then the page past the first. */
export function giftsViewSearch(view: GiftListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (view.status) params.set('status', view.status);
  if (view.search) params.set('search', view.search);
  if (view.page > 1) params.set('page', String(view.page));
  return params;
}
