import { useEffect, useId, useMemo, useRef, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  ATTEMPTS_PAGE_TEXTS,
  COUNTRIES,
  EMPTY_DONATION_FILTERS,
  hasDonationFilters,
  type AdminDonationDetail,
  type AdminRefund,
  type AttemptFilters,
  type DonationFilters as DonationFilterValues,
} from '@charity/domain';
import {
  AdminPageHeader,
  AttemptsTable,
  DonationDetailDialog,
  DonationFilters,
  DonationsTable,
  Pagination,
  PartnerReportTable,
  RefundDialog,
} from '@charity/ui';
import { useAdminAttemptsStore, useAdminDonationsStore } from '../features/admin-donations/stores';
import { useAdminPartnersStore } from '../features/admin-partners/stores';
import {
  attemptsViewFromSearch,
  attemptsViewSearch,
  donationsListKey,
  donationsTabFromSearch,
  donationsViewFromSearch,
  donationsViewSearch,
  partnersViewSearch,
  type DonationsTab,
  type DonationsView,
} from '../features/admin-donations/url';
import { saveFile } from '../lib/save-file';
import { useDocumentTitle } from '../lib/use-document-title';

export const DONATIONS_PAGE_TEXT = {
  title: 'Donations',
  description: 'Every donation, newest first. Filter, open one for its details and receipt, or export the filtered list as CSV.',
  pagesLabel: 'Donation pages',
  attemptPagesLabel: 'Payment attempt pages',
  /** The partner report's tab (docs/decisions/031-partner-report.md). */
  tabPartners: 'Partners',
} as const;

const TABS: ReadonlyArray<{ tab: DonationsTab; label: string }> = [
  { tab: 'donations', label: ATTEMPTS_PAGE_TEXTS.tabDonations },
  { tab: 'attempts', label: ATTEMPTS_PAGE_TEXTS.tabAttempts },
  { tab: 'partners', label: DONATIONS_PAGE_TEXT.tabPartners },
];

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
  const tab = donationsTabFromSearch(searchParams);
  const id = useId();
  const tabRefs = useRef<Partial<Record<DonationsTab, HTMLButtonElement | null>>>({});

  /** A new tab is a new history entry, starting unfiltered (Back returns to the tab and filters left). */
  function selectTab(next: DonationsTab) {
    if (next === tab) return;
    setSearchParams(
      next === 'attempts' ? attemptsViewSearch({ filters: { q: '', outcome: '' }, page: 1 })
      : next === 'partners' ? partnersViewSearch()
      : new URLSearchParams(),
    );
  }

  /** Arrow keys, Home and End move between the tabs and show the one focused (automatic activation). */
  function handleTabKey(event: KeyboardEvent<HTMLDivElement>) {
    const index = TABS.findIndex((entry) => entry.tab === tab);
    const last = TABS.length - 1;
    const next =
      event.key === 'ArrowRight' ? (index === last ? 0 : index + 1)
      : event.key === 'ArrowLeft' ? (index === 0 ? last : index - 1)
      : event.key === 'Home' ? 0
      : event.key === 'End' ? last
      : null;
    if (next === null) return;
    event.preventDefault();
    const target = TABS[next]!.tab;
    tabRefs.current[target]?.focus();
    selectTab(target);
  }

  return (
    <div className="cs-container cs-admin-page">
      <AdminPageHeader title={DONATIONS_PAGE_TEXT.title} description={DONATIONS_PAGE_TEXT.description} />
      <div className="cs-inbox__tabs cs-admin-page__tabs" role="tablist" aria-label={ATTEMPTS_PAGE_TEXTS.tabs} onKeyDown={handleTabKey}>
        {TABS.map((entry) => (
          <button
            key={entry.tab}
            ref={(element) => {
              tabRefs.current[entry.tab] = element;
            }}
            id={`${id}-tab-${entry.tab}`}
            type="button"
            role="tab"
            className="cs-inbox__tab"
            aria-selected={entry.tab === tab}
            aria-controls={`${id}-panel`}
            tabIndex={entry.tab === tab ? 0 : -1}
            onClick={() => selectTab(entry.tab)}
          >
            {entry.label}
          </button>
        ))}
      </div>
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-tab-${tab}`} className="cs-admin-page__tabpanel">
        {tab === 'attempts' ? <AttemptsPanel /> : tab === 'partners' ? <PartnersPanel /> : <DonationsPanel />}
      </div>
    </div>
  );
}

/** The donations list as it always was: filters, table, pages and the open donation, all in the URL. */
function DonationsPanel() {
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
  const partnerOptions = useAdminDonationsStore((s) => s.partnerOptions);
  const downloadingReceipt = useAdminDonationsStore((s) => s.downloadingReceipt);
  const refundDialog = useAdminDonationsStore((s) => s.refundDialog);
  const {
    load,
    reload,
    openDetail,
    closeDetail,
    resendReceipt,
    exportCsv,
    loadCampaignOptions,
    loadPartnerOptions,
    reset,
    openRefund,
    closeRefund,
    submitRefund,
    downloadNote,
    downloadReceipt,
  } = useAdminDonationsStore.getState();

  useEffect(() => {
    void loadCampaignOptions();
    void loadPartnerOptions();
    return reset;
  }, [loadCampaignOptions, loadPartnerOptions, reset]);

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

  async function saveNote(refund: AdminRefund) {
    const download = await downloadNote(refund);
    if (download) saveFile(download.blob, download.fileName);
  }

  async function saveReceipt(donation: AdminDonationDetail) {
    const download = await downloadReceipt(donation);
    if (download) saveFile(download.blob, download.fileName);
  }

  return (
    <>
      <div className="cs-admin-page__sections">
        <DonationFilters
          value={view.filters}
          campaigns={campaignOptions}
          countries={COUNTRY_OPTIONS}
          currencies={CURRENCY_OPTIONS}
          partners={partnerOptions}
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
        onRefund={() => openRefund()}
        onDownloadNote={(refund) => void saveNote(refund)}
        onDownloadReceipt={(donation) => void saveReceipt(donation)}
        downloadingReceipt={downloadingReceipt}
      />
      {detail.donation ? (
        <RefundDialog
          open={refundDialog.open}
          donation={detail.donation}
          submitting={refundDialog.submitting}
          error={refundDialog.error}
          onSubmit={(request) => {
            if (detail.donation) void submitRefund(detail.donation.id, request);
          }}
          onOpenChange={(open) => {
            if (!open) closeRefund();
          }}
        />
      ) : null}
    </>
  );
}

/** The payments that did not become donations (docs/decisions/023-payment-attempts-for-staff.md): search, outcome and page in the URL. */
function AttemptsPanel() {
  const [searchParams, setSearchParams] = useSearchParams();
  const key = attemptsViewSearch(attemptsViewFromSearch(searchParams)).toString();
  const view = useMemo(() => attemptsViewFromSearch(new URLSearchParams(key)), [key]);

  const attempts = useAdminAttemptsStore((s) => s.attempts);
  const summary = useAdminAttemptsStore((s) => s.summary);
  const status = useAdminAttemptsStore((s) => s.status);
  const totalPages = useAdminAttemptsStore((s) => s.totalPages);
  const { load, reload, reset } = useAdminAttemptsStore.getState();

  useEffect(() => reset, [reset]);
  useEffect(() => {
    void load(view.filters, view.page);
  }, [view, load]);

  function changeFilters(filters: AttemptFilters) {
    setSearchParams(attemptsViewSearch({ filters, page: 1 }));
  }

  return (
    <div className="cs-admin-page__sections">
      <p className="cs-admin-page__note">{ATTEMPTS_PAGE_TEXTS.retention}</p>
      <AttemptsTable
        attempts={attempts}
        summary={summary}
        status={status}
        filters={view.filters}
        onFiltersChange={changeFilters}
        onRetry={() => void reload()}
        footer={
          <Pagination
            page={view.page}
            totalPages={totalPages}
            onPageChange={(page) => setSearchParams(attemptsViewSearch({ ...view, page }))}
            label={DONATIONS_PAGE_TEXT.attemptPagesLabel}
          />
        }
      />
    </div>
  );
}

/** The partner report (docs/decisions/031-partner-report.md): per partner, month and currency, and its CSV. */
function PartnersPanel() {
  const rows = useAdminPartnersStore((s) => s.rows);
  const timeZone = useAdminPartnersStore((s) => s.timeZone);
  const status = useAdminPartnersStore((s) => s.status);
  const downloading = useAdminPartnersStore((s) => s.downloading);
  const { load, downloadCsv, reset } = useAdminPartnersStore.getState();

  useEffect(() => {
    void load();
    return reset;
  }, [load, reset]);

  async function saveCsv() {
    const download = await downloadCsv();
    if (download) saveFile(download.blob, download.fileName);
  }

  return (
    <div className="cs-admin-page__sections">
      <PartnerReportTable
        rows={rows}
        status={status}
        timeZone={timeZone}
        onRetry={() => void load()}
        onDownloadCsv={() => void saveCsv()}
        downloading={downloading}
      />
    </div>
  );
}
