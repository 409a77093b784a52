import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { financialYearsUpTo, type TaxYearDonor } from '@charity/domain';
import { AdminPageHeader, TaxYearPanel } from '@charity/ui';
import type { TaxYearDownload } from '../features/admin-tax-year/api/admin-tax-year-api';
import { useAdminTaxYearStore } from '../features/admin-tax-year/stores';
import { FIRST_TAX_YEAR, taxYearFromSearch, taxYearSearch } from '../features/admin-tax-year/url';
import { saveFile } from '../lib/save-file';
import { useDocumentTitle } from '../lib/use-document-title';

export const TAX_YEAR_PAGE_TEXT = {
  title: 'Tax year',
  description:
    'For a financial year (April to March): the donations eligible under 80G, Form 10BD to file by 31 May, the donors’ annual statements and their Form 10BE certificates.',
} as const;

/**
 * /admin/tax-year (docs/decisions/027-tax-year.md): this financial year unless the address names another
 * (?year=2025-26, features/admin-tax-year/url), so a reload or Back keeps it.
 */
export default function AdminTaxYearPage() {
  useDocumentTitle(TAX_YEAR_PAGE_TEXT.title);
  const [searchParams, setSearchParams] = useSearchParams();
  // One clock for the page's life: the list of years and the default year do not move under staff's feet.
  const [now] = useState(() => new Date());
  const year = taxYearFromSearch(searchParams, now);
  const years = useMemo(() => financialYearsUpTo(now, FIRST_TAX_YEAR), [now]);

  const summary = useAdminTaxYearStore((s) => s.summary);
  const status = useAdminTaxYearStore((s) => s.status);
  const loadError = useAdminTaxYearStore((s) => s.loadError);
  const busy = useAdminTaxYearStore((s) => s.busy);
  const message = useAdminTaxYearStore((s) => s.message);
  const uploadResult = useAdminTaxYearStore((s) => s.uploadResult);
  const downloadingEmail = useAdminTaxYearStore((s) => s.downloadingEmail);
  const savingPanEmail = useAdminTaxYearStore((s) => s.savingPanEmail);
  const panError = useAdminTaxYearStore((s) => s.panError);
  const {
    load,
    reload,
    exportCsv,
    mailStatements,
    uploadCertificates,
    sendCertificates,
    downloadStatement,
    downloadCertificate,
    savePan,
    clearPanError,
    reset,
  } = useAdminTaxYearStore.getState();

  useEffect(() => reset, [reset]);

  // The year follows the address (typed, linked, or restored by Back).
  useEffect(() => {
    void load(year);
  }, [year, load]);

  async function save(download: Promise<TaxYearDownload | null>) {
    const file = await download;
    if (file) saveFile(file.blob, file.fileName);
  }

  return (
    <div className="cs-container cs-admin-page">
      <AdminPageHeader title={TAX_YEAR_PAGE_TEXT.title} description={TAX_YEAR_PAGE_TEXT.description} />
      <div className="cs-admin-page__sections">
        <TaxYearPanel
          // A new year starts with the donors list on 'All donors'.
          key={year}
          years={years}
          year={year}
          onYearChange={(next) => setSearchParams(taxYearSearch(next))}
          status={status}
          summary={summary}
          loadError={loadError}
          onRetry={() => void reload()}
          busy={busy}
          message={message}
          uploadResult={uploadResult}
          downloadingEmail={downloadingEmail}
          onExport={() => void save(exportCsv())}
          onMailStatements={() => void mailStatements()}
          onUpload={(file) => void uploadCertificates(file)}
          onSendCertificates={() => void sendCertificates()}
          onDownloadStatement={(donor: TaxYearDonor) => void save(downloadStatement(donor))}
          onDownloadCertificate={(donor: TaxYearDonor) => void save(downloadCertificate(donor))}
          onSavePan={(email, pan) => void savePan(email, pan)}
          savingPanEmail={savingPanEmail}
          panError={panError}
          onPanDialogClose={clearPanError}
        />
      </div>
    </div>
  );
}
