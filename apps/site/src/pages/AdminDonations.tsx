import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { COUNTRIES, EMPTY_DONATION_FILTERS, hasDonationFilters, type DonationFilters as DonationFilterValues } from '@charity/domain';
import { AdminPageHeader, DonationDetailDialog, DonationFilters, DonationsTable, Pagination } from '@charity/ui';
import { useAdminDonationsStore } from '../features/admin-donations/stores';
import { donationsListKey, donationsViewFromSearch, donationsViewSearch, type DonationsView } from '../features/admin-donations/url';
import { saveFile } from '../lib/save-file';
import { useDocumentTitle } from '../lib/use-document-title';

export const DONATIONS_PAGE_TEXT = {
  title: 'Donations',
  description: 'Every donation, newest first. Filter, open one for its details and receipt, or export the filtered list as CSV.',
  pagesLabel: 'Donation pages',
} as const;

// The filter's choices come from the domain: the countries donors pick from, and their currencies (INR first).
const COUNTRY_OPTIONS = COUNTRIES.map(({ code, name }) => ({ code, name }));
const CURRENCY_OPTIONS = [...new Set(COUNTRIES.map((country) => country.currency))];

/**
 * /admin/donations (docs/decisions/005-admin-console.md): filters, page and the open donation live in the URL
 * (features/admin-donations/url).
 */
export default function AdminDonationsPage() {
  useDocumentTitle(DONATIONS_PAGE_TEXT.title);
  const [searchParams, setSearchParams] = useSearchParams();
  const view = useMemo(() => donationsViewFromSearch(searchParams), [searchParams]);
  const listKey = donationsListKey(view);

  const donations = useAdminDonationsStore((s) => s.donations);
  const summary = useAdminDonationsStore((s) => s.summary);
  const status = useAdminDonationsStore((s) => s.status);
  const totalPages = useAdminDonationsStore((s) => s.totalPages);
  const detail = useAdminDonationsStore((s) => s.detail);
  const resending = useAdminDonationsStore((s) => s.resending);
  const exporting = useAdminDonationsStore((s) => s.exporting);
  const campaignOptions = useAdminDonationsStore((s) => s.campaignOptions);
  const { load, reload, openDetail, closeDetail, resendReceipt, exportCsv, loadCampaignOptions, reset } = useAdminDonationsStore.getState();

  useEffect(() => {
    void loadCampaignOptions();
    return reset;
  }, [loadCampaignOptions, reset]);

  // The list follows the URL's filters and page (typed, linked, or restored by Back), not the open detail.
  useEffect(() => {
    const { filters, page } = donationsViewFromSearch(new URLSearchParams(listKey));
    void load(filters, page);
  }, [listKey, load]);

  useEffect(() => {
    if (view.donation === null) closeDetail();
    else void openDetail(view.donation);
  }, [view.donation, openDetail, closeDetail]);

  /** A new filter or page is a new history entry (Back undoes it); opening and closing a detail is not. */
  function show(next: Partial<DonationsView>, replace = false) {
    setSearchParams(donationsViewSearch({ ...view, ...next }), { replace });
  }

  function changeFilters(filters: DonationFilterValues) {
    show({ filters, page: 1, donation: null });
  }

  async function exportList() {
    const download = await exportCsv(view.filters);
    if (download) saveFile(download.blob, download.fileName);
  }

  return (
    <div className="cs-container cs-admin-page">
      <AdminPageHeader title={DONATIONS_PAGE_TEXT.title} description={DONATIONS_PAGE_TEXT.description} />
      <div className="cs-admin-page__sections">
        <DonationFilters
          value={view.filters}
          campaigns={campaignOptions}
          countries={COUNTRY_OPTIONS}
          currencies={CURRENCY_OPTIONS}
          onChange={changeFilters}
          onClear={() => changeFilters({ ...EMPTY_DONATION_FILTERS })}
          onExport={() => void exportList()}
          exporting={exporting}
        />
        <DonationsTable
          donations={donations}
          summary={summary}
          status={status}
          filtered={hasDonationFilters(view.filters)}
          onSelect={(donation) => show({ donation: donation.id }, true)}
          onRetry={() => void reload()}
          footer={<Pagination page={view.page} totalPages={totalPages} onPageChange={(page) => show({ page, donation: null })} label={DONATIONS_PAGE_TEXT.pagesLabel} />}
        />
      </div>
      <DonationDetailDialog
        open={view.donation !== null}
        donation={detail.donation}
        status={detail.status}
        donationId={view.donation}
        resending={resending}
        onResendReceipt={(donation) => void resendReceipt(donation.id)}
        onOpenChange={(open) => {
          if (!open) show({ donation: null }, true);
        }}
        onRetry={() => {
          if (view.donation !== null) void openDetail(view.donation);
        }}
      />
    </div>
  );
}
