import { useId } from 'react';
import {
  TAX_YEAR_MESSAGES,
  form10bdDueDay,
  formatNumber,
  type CertificateUploadResult,
  type TaxYearDonor,
  type TaxYearSummary,
} from '@charity/domain';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { Select } from '../../components/Select';
import { Spinner } from '../../components/Spinner';
import { cn } from '../../lib/cn';
import type { AdminConsoleStatus } from '../shared/types';
import { CertificateUploadForm } from './CertificateUploadForm';
import { CertificateUploadResultList } from './CertificateUploadResultList';
import { TaxDonorsTable, type TaxDonorsFilter } from './TaxDonorsTable';
import {
  TAX_YEAR_TEXT,
  approvalText,
  approvalWarnings,
  certificatesNote,
  donorsAndAmountText,
  financialYearOptionLabel,
  form10bdDueText,
  inrText,
  statementsNote,
} from './tax-year-text';

/** The screen's four actions: one runs at a time. */
export type TaxYearAction = 'export' | 'statements' | 'upload' | 'certificates';

/** The outcome of the last action, shown in the section of its button: the server's sentence. */
export interface TaxYearMessage {
  action: TaxYearAction;
  tone: 'success' | 'error';
  text: string;
}

export interface TaxYearPanelProps {
  /** The years staff can pick, newest first (domain financialYearsUpTo). */
  years: readonly string[];
  /** The year shown ('2026-27'). */
  year: string;
  onYearChange: (year: string) => void;
  status: AdminConsoleStatus;
  /** The year's summary once loaded; null while loading or after a failure. */
  summary: TaxYearSummary | null;
  /** Why the year could not be shown ('That financial year has not begun yet.'), with 'Try again'. */
  loadError?: string | null;
  onRetry: () => void;
  /** The action running: its button waits, the others are disabled. */
  busy: TaxYearAction | null;
  /** The last action's outcome. An upload's refusal is shown under the ZIP field, the others in their section. */
  message: TaxYearMessage | null;
  /** What became of each file of the last ZIP uploaded. */
  uploadResult: CertificateUploadResult | null;
  /** The donor (by email) whose PDF is being fetched. */
  downloadingEmail?: string | null;
  /** The donors list first shown: all, or those without a PAN. */
  defaultDonorFilter?: TaxDonorsFilter;
  onExport: () => void;
  onMailStatements: () => void;
  onUpload: (file: File) => void;
  onSendCertificates: () => void;
  onDownloadStatement: (donor: TaxYearDonor) => void;
  onDownloadCertificate: (donor: TaxYearDonor) => void;
  /** 'Add PAN for …' in the donors table: the PAN a donor sent, for the page to record (TaxDonorsTable). */
  onSavePan: (email: string, pan: string) => void;
  /** The donor (by email) whose PAN is being saved. */
  savingPanEmail?: string | null;
  /** The server's refusal of the PAN last saved, shown in its dialog. */
  panError?: string | null;
  /** The PAN dialog was closed without saving. */
  onPanDialogClose?: () => void;
  className?: string;
}

/**
 * /admin/tax-year (docs/decisions/027-tax-year.md): for the chosen Indian financial year, the Form 10BD due date, the
 * 80G approval on file (with what to fix before filing), the figures of the donations eligible under 80G (net of
 * refunds, with and without PAN), exporting Form 10BD, mailing the annual statements, uploading the Form 10BE
 * certificates' ZIP with what became of each file, sending the certificates, and the donors one by one (recording
 * the PAN a donor sent). Props in, callbacks out: the page fetches.
 */
export function TaxYearPanel({
  years,
  year,
  onYearChange,
  status,
  summary,
  loadError = null,
  onRetry,
  busy,
  message,
  uploadResult,
  downloadingEmail = null,
  defaultDonorFilter,
  onExport,
  onMailStatements,
  onUpload,
  onSendCertificates,
  onDownloadStatement,
  onDownloadCertificate,
  onSavePan,
  savingPanEmail = null,
  panError = null,
  onPanDialogClose,
  className,
}: TaxYearPanelProps) {
  const id = useId();
  // A year typed into the address but older than the list is still offered, so the select shows what is on screen.
  const options = (years.includes(year) ? years : [year, ...years]).map((value) => ({ value, label: financialYearOptionLabel(value) }));

  let body;
  if (status === 'error') {
    body = (
      <EmptyState
        title={loadError ?? TAX_YEAR_MESSAGES.invalidYear}
        actions={<Button onClick={onRetry}>{TAX_YEAR_TEXT.retry}</Button>}
      />
    );
  } else if (status === 'loading' || !summary) {
    body = <Spinner label={TAX_YEAR_TEXT.loading} />;
  } else {
    body = (
      <YearBody
        summary={summary}
        busy={busy}
        message={message}
        uploadResult={uploadResult}
        downloadingEmail={downloadingEmail}
        defaultDonorFilter={defaultDonorFilter}
        onExport={onExport}
        onMailStatements={onMailStatements}
        onUpload={onUpload}
        onSendCertificates={onSendCertificates}
        onDownloadStatement={onDownloadStatement}
        onDownloadCertificate={onDownloadCertificate}
        onSavePan={onSavePan}
        savingPanEmail={savingPanEmail}
        panError={panError}
        onPanDialogClose={onPanDialogClose}
      />
    );
  }

  return (
    <div className={cn('cs-tax-year', className)} aria-busy={status === 'loading' || undefined}>
      <div className="cs-tax-year__bar">
        <Select
          id={`${id}-year`}
          label={TAX_YEAR_TEXT.year}
          options={options}
          value={year}
          disabled={busy !== null}
          onValueChange={(next) => {
            if (next !== year) onYearChange(next);
          }}
          className="cs-tax-year__select"
        />
        <p className="cs-tax-year__due">{form10bdDueText(summary?.form_10bd_due ?? form10bdDueDay(year))}</p>
      </div>
      {body}
    </div>
  );
}

type YearBodyProps = Pick<
  TaxYearPanelProps,
  | 'busy'
  | 'message'
  | 'uploadResult'
  | 'downloadingEmail'
  | 'defaultDonorFilter'
  | 'onExport'
  | 'onMailStatements'
  | 'onUpload'
  | 'onSendCertificates'
  | 'onDownloadStatement'
  | 'onDownloadCertificate'
  | 'onSavePan'
  | 'savingPanEmail'
  | 'panError'
  | 'onPanDialogClose'
> & { summary: TaxYearSummary };

function YearBody({
  summary,
  busy,
  message,
  uploadResult,
  downloadingEmail,
  defaultDonorFilter,
  onExport,
  onMailStatements,
  onUpload,
  onSendCertificates,
  onDownloadStatement,
  onDownloadCertificate,
  onSavePan,
  savingPanEmail,
  panError,
  onPanDialogClose,
}: YearBodyProps) {
  const id = useId();
  const warnings = approvalWarnings(summary);
  const running = busy !== null;
  const outcome = (actions: readonly TaxYearAction[]) => (message && actions.includes(message.action) ? message : null);
  const filingOutcome = outcome(['export', 'statements']);
  const uploadError = message?.action === 'upload' && message.tone === 'error' ? message.text : null;
  // An upload's refusal belongs under its field; its success, like sending, is said once in the section.
  const certificateOutcome = uploadError ? null : outcome(['upload', 'certificates']);

  return (
    <>
      <div className="cs-tax-year__approval">
        <p className="cs-tax-year__approval-line">
          <span className="cs-tax-year__approval-label">{TAX_YEAR_TEXT.approvalLabel}:</span> {approvalText(summary.approval)}
        </p>
        {warnings.map((warning) => (
          <p key={warning} className="cs-tax-year__warning">
            {warning}
          </p>
        ))}
      </div>

      {summary.eligible.donations === 0 ? (
        <EmptyState title={TAX_YEAR_MESSAGES.noDonations} />
      ) : (
        <>
          <section aria-label={TAX_YEAR_TEXT.figures}>
            <dl className="cs-console-totals__grid cs-tax-year__tiles">
              <Tile label={TAX_YEAR_TEXT.eligibleDonors} value={formatNumber(summary.eligible.donors)} />
              <Tile label={TAX_YEAR_TEXT.donations} value={formatNumber(summary.eligible.donations)} />
              <Tile label={TAX_YEAR_TEXT.net} value={inrText(summary.eligible.net_inr_minor)} />
              <Tile label={TAX_YEAR_TEXT.refunded} value={inrText(summary.eligible.refunded_inr_minor)} />
              <Tile label={TAX_YEAR_TEXT.withPan} value={donorsAndAmountText(summary.with_pan)} compact />
              <Tile
                label={TAX_YEAR_TEXT.withoutPan}
                value={donorsAndAmountText(summary.without_pan)}
                compact
                warn={summary.without_pan.donors > 0}
              />
              <Tile label={TAX_YEAR_TEXT.statements} value={formatNumber(summary.statements.sent)} note={statementsNote(summary.statements)} />
              <Tile label={TAX_YEAR_TEXT.certificates} value={formatNumber(summary.certificates.uploaded)} note={certificatesNote(summary.certificates)} />
            </dl>
          </section>

          <section className="cs-tax-year__section" aria-labelledby={`${id}-filing`}>
            <h2 id={`${id}-filing`} className="cs-tax-year__heading">
              {TAX_YEAR_TEXT.filingHeading}
            </h2>
            <p className="cs-tax-year__lead">{TAX_YEAR_TEXT.filingLead}</p>
            <div className="cs-tax-year__actions">
              <Button loading={busy === 'export'} loadingText={TAX_YEAR_TEXT.exporting} disabled={running} onClick={onExport}>
                {TAX_YEAR_TEXT.exportCsv}
              </Button>
              <Button
                variant="outline"
                loading={busy === 'statements'}
                loadingText={TAX_YEAR_TEXT.mailing}
                disabled={running}
                onClick={onMailStatements}
              >
                {TAX_YEAR_TEXT.mailStatements}
              </Button>
            </div>
            <Outcome message={filingOutcome} />
          </section>

          <section className="cs-tax-year__section" aria-labelledby={`${id}-certificates`}>
            <h2 id={`${id}-certificates`} className="cs-tax-year__heading">
              {TAX_YEAR_TEXT.certificatesHeading}
            </h2>
            <p className="cs-tax-year__lead">{TAX_YEAR_TEXT.certificatesLead}</p>
            <CertificateUploadForm
              uploading={busy === 'upload'}
              disabled={running && busy !== 'upload'}
              error={uploadError}
              onUpload={onUpload}
            />
            {uploadResult ? <CertificateUploadResultList result={uploadResult} /> : null}
            <div className="cs-tax-year__actions">
              <Button
                variant="outline"
                loading={busy === 'certificates'}
                loadingText={TAX_YEAR_TEXT.sending}
                disabled={running}
                onClick={onSendCertificates}
              >
                {TAX_YEAR_TEXT.sendCertificates}
              </Button>
            </div>
            <Outcome message={certificateOutcome} />
          </section>

          <section className="cs-tax-year__section" aria-labelledby={`${id}-donors`}>
            <h2 id={`${id}-donors`} className="cs-tax-year__heading">
              {TAX_YEAR_TEXT.donorsHeading}
            </h2>
            <TaxDonorsTable
              financialYear={summary.financial_year}
              donors={summary.donors}
              defaultFilter={defaultDonorFilter}
              busyEmail={downloadingEmail}
              onDownloadStatement={onDownloadStatement}
              onDownloadCertificate={onDownloadCertificate}
              onSavePan={onSavePan}
              savingPanEmail={savingPanEmail}
              panError={panError}
              onPanDialogClose={onPanDialogClose}
            />
          </section>
        </>
      )}
    </>
  );
}

function Tile({ label, value, note, compact = false, warn = false }: { label: string; value: string; note?: string; compact?: boolean; warn?: boolean }) {
  return (
    <div className={cn('cs-console-tile', warn && 'cs-tax-year__tile--warn')}>
      <dt className="cs-console-tile__label">{label}</dt>
      <dd className={cn('cs-console-tile__value', compact && 'cs-tax-year__tile-value--compact')}>{value}</dd>
      {note ? <dd className="cs-console-tile__note">{note}</dd> : null}
    </div>
  );
}

/**
 * A section's outcome: a success in a status region that is always present (so it is announced when it arrives), a
 * refusal in an alert.
 */
function Outcome({ message }: { message: TaxYearMessage | null }) {
  return (
    <>
      <div role="status" className="cs-tax-year__status">
        {message?.tone === 'success' ? <p className="cs-tax-year__notice">{message.text}</p> : null}
      </div>
      {message?.tone === 'error' ? (
        <p role="alert" className="cs-tax-year__alert">
          {message.text}
        </p>
      ) : null}
    </>
  );
}
