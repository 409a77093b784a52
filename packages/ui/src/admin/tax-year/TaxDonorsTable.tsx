import { useEffect, useId, useRef, useState } from 'react';
import { formatNumber, type StatementMailStatus, type TaxYearDonor } from '@charity/domain';
import { Badge, type BadgeTone } from '../../components/Badge';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { cn } from '../../lib/cn';
import { AddPanDialog } from './AddPanDialog';
import {
  ADD_PAN_TEXT,
  DONORS_TABLE_TEXT,
  acknowledgementText,
  filterText,
  inrText,
  mailStatusLabel,
  mailedAtText,
  refundedText,
  taxDonorLabel,
} from './tax-year-text';

export type TaxDonorsFilter = 'all' | 'without_pan';

export interface TaxDonorsTableProps {
  /** The financial year the donors gave in ('2026-27'): names the table. */
  financialYear: string;
  donors: readonly TaxYearDonor[];
  /** The list shown first; the donor can switch with the two buttons above the table. */
  defaultFilter?: TaxDonorsFilter;
  /** The donor (by email) whose PDF is being fetched: their buttons wait. */
  busyEmail?: string | null;
  /** 'Statement (PDF)': the donor's annual statement of the year, for staff. */
  onDownloadStatement: (donor: TaxYearDonor) => void;
  /** 'Certificate (PDF)', shown once their Form 10BE certificate is uploaded. */
  onDownloadCertificate: (donor: TaxYearDonor) => void;
  /**
   * 'Add PAN for …' on each donor without one opens a dialog; a valid PAN (trimmed, uppercased) comes out here and the
   * page records it. The dialog closes once the donors passed in give that donor a PAN.
   */
  onSavePan: (email: string, pan: string) => void;
  /** The donor (by email) whose PAN is being saved: their dialog waits. */
  savingPanEmail?: string | null;
  /** The server's refusal of the PAN last saved, shown in the open dialog. */
  panError?: string | null;
  /** The dialog was closed without saving (Cancel, Escape): the page may forget its refusal. */
  onPanDialogClose?: () => void;
  className?: string;
}

const MAIL_TONES: Readonly<Record<StatementMailStatus, BadgeTone>> = {
  sent: 'green',
  queued: 'yellow',
  pending: 'yellow',
  failed: 'red',
  stored: 'blue',
};

function MailBadge({ status }: { status: StatementMailStatus }) {
  return <Badge tone={MAIL_TONES[status] ?? 'neutral'}>{mailStatusLabel(status)}</Badge>;
}

/** A value the donor does not have: a dash to the eye, 'None' to a screen reader. */
function None() {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="cs-visually-hidden">{DONORS_TABLE_TEXT.none}</span>
    </>
  );
}

/**
 * The year's eligible donors (Indian donors, net of refunds), one row each: PAN (or 'No PAN — ask the donor',
 * highlighted), donations, net amount, where their annual statement and Form 10BE certificate stand, and their PDFs.
 * 'Without PAN' narrows the list to the donors staff must chase. Cells wrap, so the table fits beside the admin
 * navigation at 1280 px; on a phone it scrolls sideways inside a named, keyboard-focusable region.
 */
export function TaxDonorsTable({
  financialYear,
  donors,
  defaultFilter = 'all',
  busyEmail = null,
  onDownloadStatement,
  onDownloadCertificate,
  onSavePan,
  savingPanEmail = null,
  panError = null,
  onPanDialogClose,
  className,
}: TaxDonorsTableProps) {
  const id = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const [filter, setFilter] = useState<TaxDonorsFilter>(defaultFilter);
  const withoutPan = donors.filter((donor) => donor.pan === null);
  const shown = filter === 'without_pan' ? withoutPan : donors;
  const caption = DONORS_TABLE_TEXT.caption(financialYear);

  // The donor whose 'Add PAN' dialog is open. Once the donors passed in give them a PAN (the page recorded it), the
  // dialog closes and focus goes to their row: the button that opened it is gone.
  const [panFor, setPanFor] = useState<TaxYearDonor | null>(null);
  const [focusEmail, setFocusEmail] = useState<string | null>(null);
  if (panFor !== null && !withoutPan.some((donor) => donor.email === panFor.email)) {
    setPanFor(null);
    setFocusEmail(panFor.email);
  }
  useEffect(() => {
    if (focusEmail === null) return;
    // After the dialog's own return of focus (it finds its opener gone), on the next task.
    const timer = setTimeout(() => {
      setFocusEmail(null);
      const root = rootRef.current;
      const row = root?.querySelector<HTMLElement>(`th[data-email="${CSS.escape(focusEmail)}"]`);
      // Listed 'Without PAN', the donor has left the list: the table, or the filter once nobody is left.
      (row ?? root?.querySelector<HTMLElement>('.cs-tax-donors__scroll') ?? root?.querySelector<HTMLElement>('[aria-pressed="true"]'))?.focus();
    }, 0);
    return () => clearTimeout(timer);
  }, [focusEmail]);

  return (
    <div ref={rootRef} className={cn('cs-tax-donors', className)}>
      <div className="cs-tax-donors__filter" role="group" aria-label={DONORS_TABLE_TEXT.filterLabel}>
        <button
          type="button"
          className="cs-tax-donors__toggle"
          aria-pressed={filter === 'all'}
          onClick={() => setFilter('all')}
        >
          {filterText(DONORS_TABLE_TEXT.all, donors.length)}
        </button>
        <button
          type="button"
          className="cs-tax-donors__toggle"
          aria-pressed={filter === 'without_pan'}
          aria-describedby={`${id}-hint`}
          onClick={() => setFilter('without_pan')}
        >
          {filterText(DONORS_TABLE_TEXT.withoutPan, withoutPan.length)}
        </button>
      </div>
      <p id={`${id}-hint`} className="cs-tax-donors__hint">
        {DONORS_TABLE_TEXT.withoutPanHint}
      </p>
      {shown.length === 0 ? (
        <EmptyState title={DONORS_TABLE_TEXT.emptyWithoutPan} headingLevel={3} />
      ) : (
        <div className="cs-tax-donors__scroll" tabIndex={0} role="region" aria-label={caption}>
          <table className="cs-tax-donors__table">
            <caption className="cs-visually-hidden">{caption}</caption>
            <thead>
              <tr>
                <th scope="col">{DONORS_TABLE_TEXT.columnDonor}</th>
                <th scope="col">{DONORS_TABLE_TEXT.columnPan}</th>
                <th scope="col" className="cs-tax-donors__number">
                  {DONORS_TABLE_TEXT.columnDonations}
                </th>
                <th scope="col" className="cs-tax-donors__number">
                  {DONORS_TABLE_TEXT.columnNet}
                </th>
                <th scope="col">{DONORS_TABLE_TEXT.columnStatement}</th>
                <th scope="col">{DONORS_TABLE_TEXT.columnCertificate}</th>
                <th scope="col">
                  <span className="cs-visually-hidden">{DONORS_TABLE_TEXT.columnActions}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((donor) => (
                <DonorRow
                  key={donor.email}
                  donor={donor}
                  busy={busyEmail === donor.email}
                  onDownloadStatement={onDownloadStatement}
                  onDownloadCertificate={onDownloadCertificate}
                  onAddPan={setPanFor}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {panFor ? (
        <AddPanDialog
          open
          donor={panFor}
          financialYear={financialYear}
          saving={savingPanEmail === panFor.email}
          error={panError}
          onSave={(pan) => onSavePan(panFor.email, pan)}
          onOpenChange={(open) => {
            if (open) return;
            setPanFor(null);
            onPanDialogClose?.();
          }}
        />
      ) : null}
    </div>
  );
}

function DonorRow({
  donor,
  busy,
  onDownloadStatement,
  onDownloadCertificate,
  onAddPan,
}: {
  donor: TaxYearDonor;
  busy: boolean;
  onDownloadStatement: (donor: TaxYearDonor) => void;
  onDownloadCertificate: (donor: TaxYearDonor) => void;
  onAddPan: (donor: TaxYearDonor) => void;
}) {
  const statementAt = donor.statement ? mailedAtText(donor.statement.sent_at) : null;
  const certificateAt = donor.certificate ? mailedAtText(donor.certificate.sent_at) : null;
  return (
    <tr className={donor.pan === null ? 'cs-tax-donors__row--no-pan' : undefined} aria-busy={busy || undefined}>
      {/* Focusable from script only: where focus goes once the donor's PAN is recorded. */}
      <th scope="row" className="cs-tax-donors__donor" tabIndex={-1} data-email={donor.email}>
        <span className="cs-tax-donors__name">{donor.name}</span>
        <span className="cs-tax-donors__email">{donor.email}</span>
      </th>
      <td className="cs-tax-donors__pan">
        {donor.pan ?? (
          <>
            <span className="cs-tax-donors__no-pan">{DONORS_TABLE_TEXT.noPan}</span>
            <Button variant="outline" size="sm" className="cs-tax-donors__add-pan" onClick={() => onAddPan(donor)}>
              {ADD_PAN_TEXT.button}
              <span className="cs-visually-hidden"> for {taxDonorLabel(donor)}</span>
            </Button>
          </>
        )}
      </td>
      <td className="cs-tax-donors__number">{formatNumber(donor.donations)}</td>
      <td className="cs-tax-donors__number">
        <span className="cs-tax-donors__amount">{inrText(donor.net_inr_minor)}</span>
        {donor.refunded_inr_minor > 0 ? <span className="cs-tax-donors__note">{refundedText(donor)}</span> : null}
      </td>
      <td>
        {donor.statement ? (
          <>
            <MailBadge status={donor.statement.mail_status} />
            {statementAt ? <span className="cs-tax-donors__note">{statementAt}</span> : null}
          </>
        ) : (
          <Badge tone="grey">{DONORS_TABLE_TEXT.notSent}</Badge>
        )}
      </td>
      <td>
        {donor.certificate ? (
          <>
            {donor.certificate.mail_status ? (
              <MailBadge status={donor.certificate.mail_status} />
            ) : (
              <Badge tone="blue">{DONORS_TABLE_TEXT.uploaded}</Badge>
            )}
            <span className="cs-tax-donors__note">{acknowledgementText(donor.certificate.acknowledgement_number)}</span>
            {certificateAt ? <span className="cs-tax-donors__note">{certificateAt}</span> : null}
          </>
        ) : donor.pan === null ? (
          <None />
        ) : (
          <Badge tone="grey">{DONORS_TABLE_TEXT.notUploaded}</Badge>
        )}
      </td>
      <td>
        <div className="cs-tax-donors__actions">
          <Button variant="outline" size="sm" disabled={busy} onClick={() => onDownloadStatement(donor)}>
            {DONORS_TABLE_TEXT.statementPdf}
            <span className="cs-visually-hidden"> of {donor.name}</span>
          </Button>
          {donor.certificate ? (
            <Button variant="outline" size="sm" disabled={busy} onClick={() => onDownloadCertificate(donor)}>
              {DONORS_TABLE_TEXT.certificatePdf}
              <span className="cs-visually-hidden"> of {donor.name}</span>
            </Button>
          ) : null}
        </div>
      </td>
    </tr>
  );
}
