import {
  ADMIN_SEARCH_MAX_LENGTH,
  ATTEMPT_OUTCOMES,
  donationFilterQuery,
  donationFiltersFromSearch,
  type AttemptFilters,
  type AttemptOutcome,
  type DonationFilters,
} from '@charity/domain';

// /admin/donations keeps its state in the URL, so a filtered list, a page of it, or one donation's detail can be
// bookmarked, shared with a colleague and restored by Back: ?q=asha&status=completed&page=2&donation=42.

export interface DonationsView {
  filters: DonationFilters;
  /** From 1. */
  page: number;
  /** The donation whose detail is open, or null. */
  donation: number | null;
}

function positiveInteger(value: string | null): number | null {
  if (value === null || !/^\d{1,9}$/.test(value.trim())) return null;
  const n = Number(value);
  return n >= 1 ? n : null;
}

export function donationsViewFromSearch(params: URLSearchParams): DonationsView {
  return {
    filters: donationFiltersFromSearch(params),
    page: positiveInteger(params.get('page')) ?? 1,
    donation: positiveInteger(params.get('donation')),
  };
}

/** The query of a view: the filters in their fixed order, then page (only past the first) and the open donation. */
export function donationsViewSearch(view: DonationsView): URLSearchParams {
  const params = new URLSearchParams(donationFilterQuery(view.filters));
  if (view.page > 1) params.set('page', String(view.page));
  if (view.donation !== null) params.set('donation', String(view.donation));
  return params;
}

/** A key that changes exactly when the list to show changes (not when a detail opens or closes). */
export function donationsListKey(view: Pick<DonationsView, 'filters' | 'page'>): string {
  return donationsViewSearch({ ...view, donation: null }).toString();
}

// The "Failed attempts" tab has a URL of its own: ?tab=attempts&q=asha&outcome=declined&page=2. Each tab keeps only its
// own filters, so switching tabs starts the other one unfiltered, and Back returns to the tab and filters left.

// The "Partners" tab (docs/decisions/031-partner-report.md) is ?tab=partners: the partner report has no filters on
// screen, so its URL is the tab alone.

export type DonationsTab = 'donations' | 'attempts' | 'partners';

export function donationsTabFromSearch(params: URLSearchParams): DonationsTab {
  const tab = params.get('tab');
  return tab === 'attempts' || tab === 'partners' ? tab : 'donations';
}

/** The partners tab's query. */
export function partnersViewSearch(): URLSearchParams {
  return new URLSearchParams({ tab: 'partners' });
}

export interface AttemptsView {
  filters: AttemptFilters;
  page: number;
}

export function attemptsViewFromSearch(params: URLSearchParams): AttemptsView {
  const outcome = params.get('outcome')?.trim().toLowerCase() ?? '';
  return {
    filters: {
      q: (params.get('q') ?? '').trim().slice(0, ADMIN_SEARCH_MAX_LENGTH),
      outcome: (ATTEMPT_OUTCOMES as readonly string[]).includes(outcome) ? (outcome as AttemptOutcome) : '',
    },
    page: positiveInteger(params.get('page')) ?? 1,
  };
}

/** The attempts tab's query: tab, then the non-empty filters, then page (only past the first). */
export function attemptsViewSearch(view: AttemptsView): URLSearchParams {
  const params = new URLSearchParams({ tab: 'attempts' });
  if (view.filters.q) params.set('q', view.filters.q);
  if (view.filters.outcome) params.set('outcome', view.filters.outcome);
  if (view.page > 1) params.set('page', String(view.page));
  return params;
}
