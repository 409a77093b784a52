import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { AdminGiftList, AdminPageHeader, Button, EmptyState, Pagination, Spinner, StaffCancelGiftDialog } from '@charity/ui';
import type { GiftListQuery } from '../features/admin-recurring/api/admin-recurring-api';
import { useAdminRecurringStore } from '../features/admin-recurring/stores';
import { ADMIN_RECURRING_MESSAGES } from '../features/admin-recurring/stores/admin-recurring-store';
import { giftsViewFromSearch, giftsViewSearch } from '../features/admin-recurring/url';
import { useDocumentTitle } from '../lib/use-document-title';

export const RECURRING_PAGE_TEXT = {
  title: 'Monthly gifts',
  description: 'Every monthly gift and where it stands. Resend a donor their management link, or cancel a gift; amounts and emails are the donor’s to change.',
  pagesLabel: 'Monthly gift pages',
  loading: 'Loading monthly gifts...',
  retry: 'Try again',
} as const;

/**
 * /admin/recurring (docs/decisions/022-monthly-gifts.md): the staff list of monthly gifts with its totals; status,
 * search and page live in the URL (features/admin-recurring/url), like /admin/donations.
 */
export default function AdminRecurringPage() {
  useDocumentTitle(RECURRING_PAGE_TEXT.title);
  const [searchParams, setSearchParams] = useSearchParams();
  const view = useMemo(() => giftsViewFromSearch(searchParams), [searchParams]);
  const listKey = giftsViewSearch(view).toString();

  const gifts = useAdminRecurringStore((s) => s.gifts);
  const totals = useAdminRecurringStore((s) => s.totals);
  const status = useAdminRecurringStore((s) => s.status);
  const totalPages = useAdminRecurringStore((s) => s.totalPages);
  const busyId = useAdminRecurringStore((s) => s.busyId);
  const cancelling = useAdminRecurringStore((s) => s.cancelling);
  const cancelBusy = useAdminRecurringStore((s) => s.cancelBusy);
  const cancelError = useAdminRecurringStore((s) => s.cancelError);
  const { load, reload, askCancel, closeCancel, confirmCancel, resendLink, reset } = useAdminRecurringStore.getState();

  useEffect(() => reset, [reset]);

  // The list follows the URL (typed, linked, or restored by Back).
  useEffect(() => {
    void load(giftsViewFromSearch(new URLSearchParams(listKey)));
  }, [listKey, load]);

  /** A new filter or page is a new history entry: Back undoes it. */
  function show(next: Partial<GiftListQuery>) {
    setSearchParams(giftsViewSearch({ ...view, ...next }));
  }

  let list;
  if (status === 'error') {
    list = (
      <EmptyState
        title={ADMIN_RECURRING_MESSAGES.loadFailed}
        actions={<Button onClick={() => void reload()}>{RECURRING_PAGE_TEXT.retry}</Button>}
      />
    );
  } else if (status === 'loading' && gifts.length === 0) {
    list = <Spinner label={RECURRING_PAGE_TEXT.loading} />;
  } else {
    list = (
      <AdminGiftList
        gifts={gifts}
        totals={totals}
        status={view.status}
        search={view.search}
        busyId={busyId}
        onStatusChange={(next) => show({ status: next, page: 1 })}
        onSearchChange={(next) => show({ search: next, page: 1 })}
        onCancel={(gift) => askCancel(gift)}
        onResendLink={(gift) => void resendLink(gift)}
        footer={<Pagination page={view.page} totalPages={totalPages} onPageChange={(page) => show({ page })} label={RECURRING_PAGE_TEXT.pagesLabel} />}
      />
    );
  }

  return (
    <div className="cs-container cs-admin-page">
      <AdminPageHeader title={RECURRING_PAGE_TEXT.title} description={RECURRING_PAGE_TEXT.description} />
      <div className="cs-admin-page__sections" aria-busy={status === 'loading' || undefined}>
        {list}
      </div>
      <StaffCancelGiftDialog
        gift={cancelling}
        busy={cancelBusy}
        error={cancelError}
        onOpenChange={(open) => {
          if (!open) closeCancel();
        }}
        onConfirm={(reason) => void confirmCancel(reason)}
      />
    </div>
  );
}
