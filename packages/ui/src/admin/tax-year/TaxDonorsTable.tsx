import { useId, useState } from 'react';
import { formatNumber, type StatementMailStatus, type TaxYearDonor } from '@charity/domain';
import { Badge, type BadgeTone } from '../../components/Badge';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { cn } from '../../lib/cn';
import {
  DONORS_TABLE_TEXT,
  acknowledgementText,
  filterText,
  inrText,
  mailStatusLabel,
  mailedAtText,
  refundedText,
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
  className,
}: TaxDonorsTableProps) {
  const id = useId();
  const [filter, setFilter] = useState<TaxDonorsFilter>(defaultFilter);
  const withoutPan = donors.filter((donor) => donor.pan === null);
  const shown = filter === 'without_pan' ? withoutPan : donors;
  const caption = DONORS_TABLE_TEXT.caption(financialYear);

  return (
    <div className={cn('cs-tax-donors', className)}>
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
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function DonorRow({
  donor,
  busy,
  onDownloadStatement,
  onDownloadCertificate,
}: {
  donor: TaxYearDonor;
  busy: boolean;
  onDownloadStatement: (donor: TaxYearDonor) => void;
  onDownloadCertificate: (donor: TaxYearDonor) => void;
}) {
  const statementAt = donor.statement ? mailedAtText(donor.statement.sent_at) : null;
  const certificateAt = donor.certificate ? mailedAtText(donor.certificate.sent_at) : null;
  return (
    <tr className={donor.pan === null ? 'cs-tax-donors__row--no-pan' : undefined} aria-busy={busy || undefined}>
      <th scope="row" className="cs-tax-donors__donor">
        <span className="cs-tax-donors__name">{donor.name}</span>
        <span className="cs-tax-donors__email">{donor.email}</span>
      </th>
      <td className="cs-tax-donors__pan">
        {donor.pan ?? <span className="cs-tax-donors__no-pan">{DONORS_TABLE_TEXT.noPan}</span>}
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
