import { useId, type ReactNode } from 'react';
import {
  ADMIN_CONSOLE_MESSAGES,
  donationSourceText,
  donationTypeLabel,
  MAIL_STATUS_LABELS,
  REFUND_MESSAGES,
  REFUND_NOTE_LABELS,
  REFUND_STATUS_LABELS,
  formatCurrency,
  formatMinor,
  refundableMinor,
  type AdminDonationDetail,
  type AdminRefund,
  type MailStatus,
  type RefundStatus,
} from '@charity/domain';
import { Badge, type BadgeTone } from '../../components/Badge';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { EmptyState } from '../../components/EmptyState';
import { Skeleton, SkeletonGroup } from '../../components/Skeleton';
import { MailIcon } from '../../components/icons';
import { DownloadIcon } from '../shared/icons';
import type { AdminRecordsStatus } from '../shared/types';
import { DonationStatusBadge } from '../shared/status-badges';
import { NotGiven } from './NotGiven';
import { donationCampaignText, inrEquivalentText } from './donation-text';
import { formatAdminDateTime } from '../shared/format';

export const DONATION_DETAIL_TEXT = {
  title: 'Donation',
  loading: 'Loading donation...',
  loadFailed: ADMIN_CONSOLE_MESSAGES.donationLoadFailed,
  retry: 'Try again',
  donor: 'Donor',
  payment: 'Payment',
  receipt: 'Receipt',
  name: 'Name',
  email: 'E-mail',
  mobile: 'Mobile',
  pan: 'PAN',
  address: 'Address',
  country: 'Country',
  anonymous: 'Anonymous',
  anonymousNote: 'Asked to stay anonymous: the name is never shown on public pages.',
  amount: 'Amount',
  currency: 'Currency',
  amountInr: 'Amount in INR',
  type: 'Type',
  campaign: 'Campaign',
  status: 'Status',
  paymentIntent: 'Payment intent ID',
  paymentMethod: 'Payment method ID',
  source: 'Source',
  date: 'Date',
  receiptNumber: 'Receipt number',
  issued: 'Issued',
  mailStatus: 'Mail status',
  noReceipt: 'No receipt has been issued yet.',
  resend: 'Resend receipt',
  sending: 'Sending...',
  downloadReceipt: 'Download receipt (PDF)',
  downloadingReceipt: 'Downloading...',
  /** Why 'Resend receipt' is unavailable (the API's own wording for the same refusals). */
  onlyCompleted: 'Only completed donations have receipts.',
  noEmail: 'This donation has no donor e-mail address.',
  refund: 'Refund',
  refunded: 'Refunded',
  refundPending: 'Refund pending',
  refunds: 'Refunds',
  refundDate: 'Date',
  refundBy: 'Requested by',
  refundAtProvider: 'At the payment provider',
  refundReason: 'Reason',
  refundFailure: 'Why it failed',
  note: 'Note',
  noteMailStatus: 'Note mail status',
  downloadNote: 'Download note (PDF)',
} as const;

/** A refund's status badge: green refunded, amber pending, red failed, grey cancelled. */
const REFUND_TONES: Readonly<Record<RefundStatus, BadgeTone>> = {
  succeeded: 'green',
  pending: 'yellow',
  failed: 'red',
  canceled: 'grey',
};

/** 'Donation #42'; 'Donation' while the id is unknown. */
export function donationDialogTitle(id: number | null | undefined): string {
  return id === null || id === undefined ? DONATION_DETAIL_TEXT.title : `${DONATION_DETAIL_TEXT.title} #${id}`;
}

/** Why the receipt cannot be sent again, or null when it can: a completed donation whose donor gave an e-mail. */
export function resendBlockedReason(donation: Pick<AdminDonationDetail, 'status' | 'donor_email'>): string | null {
  if (donation.status !== 'completed') return DONATION_DETAIL_TEXT.onlyCompleted;
  if (!donation.donor_email) return DONATION_DETAIL_TEXT.noEmail;
  return null;
}

/**
 * Why the donation cannot be refunded (the domain's wording), or null when something is left to refund: only a
 * completed donation can be, and only while refunds that succeeded or are in flight leave something of it.
 */
export function refundBlockedReason(
  donation: Pick<AdminDonationDetail, 'status' | 'amount_minor' | 'refunded_minor' | 'refund_pending_minor'>,
): string | null {
  if (donation.status === 'refunded') return REFUND_MESSAGES.nothingLeft;
  if (donation.status !== 'completed') return REFUND_MESSAGES.notCompleted;
  return refundableMinor(donation) === 0 ? REFUND_MESSAGES.nothingLeft : null;
}

/** '₹500 of ₹1,500': what refunds gave back of the donation. */
export function refundedOfText(donation: Pick<AdminDonationDetail, 'currency' | 'amount_minor' | 'refunded_minor'>): string {
  return `${formatMinor(donation.refunded_minor, donation.currency)} of ${formatMinor(donation.amount_minor, donation.currency)}`;
}

/** 'Staff: priya@example.org', or 'At the payment provider' for a refund made there. */
export function refundRequestedByText(refund: Pick<AdminRefund, 'source' | 'requested_by'>): string {
  if (refund.source === 'provider') return DONATION_DETAIL_TEXT.refundAtProvider;
  return refund.requested_by ? `Staff: ${refund.requested_by}` : 'Staff';
}

/** 'Credit note BBF/CN/2026-27/000001'. */
export function refundNoteText(note: NonNullable<AdminRefund['note']>): string {
  return `${REFUND_NOTE_LABELS[note.kind]} ${note.number}`;
}

export interface DonationDetailDialogProps {
  open: boolean;
  donation: AdminDonationDetail | null;
  status: AdminRecordsStatus;
  /** The id being loaded, so the title reads 'Donation #42' before the details arrive (a linked ?donation=42). */
  donationId?: number | null;
  resending: boolean;
  onResendReceipt: (donation: AdminDonationDetail) => void;
  onOpenChange: (open: boolean) => void;
  /** 'Try again' after a failed load. */
  onRetry?: () => void;
  /** Shows 'Refund' beside 'Resend receipt' (disabled, with the reason, when nothing can be refunded). */
  onRefund?: (donation: AdminDonationDetail) => void;
  /** A refund's 'Download note (PDF)': its credit or cancellation note. */
  onDownloadNote?: (refund: AdminRefund) => void;
  /** 'Download receipt (PDF)' beside 'Resend receipt', shown once the donation has a receipt. */
  onDownloadReceipt?: (donation: AdminDonationDetail) => void;
  /** The receipt's PDF is being fetched: its button waits. */
  downloadingReceipt?: boolean;
}

/**
 * One donation for staff: donor, payment (with the payment intent id to find it at the payment provider)
 * and receipt, with 'Download receipt (PDF)' (once issued) and 'Resend receipt'. Loading and failure are shown inside
 * the dialog.
 */
export function DonationDetailDialog({
  open,
  donation,
  status,
  donationId,
  resending,
  onResendReceipt,
  onOpenChange,
  onRetry,
  onRefund,
  onDownloadNote,
  onDownloadReceipt,
  downloadingReceipt = false,
}: DonationDetailDialogProps) {
  const id = useId();
  const reasonId = `${id}-resend-reason`;
  const refundReasonId = `${id}-refund-reason`;
  const ready = status === 'ready' && donation !== null;
  const blocked = ready ? resendBlockedReason(donation) : null;
  const refundBlocked = ready && onRefund ? refundBlockedReason(donation) : null;

  let body: ReactNode;
  if (status === 'error') {
    body = (
      <EmptyState
        headingLevel={3}
        title={DONATION_DETAIL_TEXT.loadFailed}
        actions={onRetry ? <Button onClick={onRetry}>{DONATION_DETAIL_TEXT.retry}</Button> : undefined}
      />
    );
  } else if (!ready) {
    body = (
      <div className="cs-donation-detail">
        <SkeletonGroup label={DONATION_DETAIL_TEXT.loading}>
          {Array.from({ length: 3 }, (_, i) => (
            <div key={i} className="cs-donation-detail__section">
              <Skeleton shape="text" width="30%" height="1.25em" />
              <Skeleton shape="text" width="80%" />
              <Skeleton shape="text" width="65%" />
            </div>
          ))}
        </SkeletonGroup>
      </div>
    );
  } else {
    body = (
      <DonationDetails
        donation={donation}
        blockedReason={blocked}
        reasonId={reasonId}
        refundBlockedReason={refundBlocked}
        refundReasonId={refundReasonId}
        onDownloadNote={onDownloadNote}
      />
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="2xl"
      title={donationDialogTitle(donation?.id ?? donationId)}
      footer={
        ready ? (
          <>
            {onRefund ? (
              <Button
                variant="outline"
                onClick={() => onRefund(donation)}
                disabled={refundBlocked !== null}
                aria-describedby={refundBlocked ? refundReasonId : undefined}
              >
                {DONATION_DETAIL_TEXT.refund}
              </Button>
            ) : null}
            {onDownloadReceipt && donation.receipt ? (
              <Button
                variant="outline"
                icon={<DownloadIcon size={18} />}
                onClick={() => onDownloadReceipt(donation)}
                loading={downloadingReceipt}
                loadingText={DONATION_DETAIL_TEXT.downloadingReceipt}
              >
                {DONATION_DETAIL_TEXT.downloadReceipt}
              </Button>
            ) : null}
            <Button
              icon={<MailIcon size={18} />}
              onClick={() => onResendReceipt(donation)}
              disabled={blocked !== null}
              loading={resending}
              loadingText={DONATION_DETAIL_TEXT.sending}
              aria-describedby={blocked ? reasonId : undefined}
            >
              {DONATION_DETAIL_TEXT.resend}
            </Button>
          </>
        ) : undefined
      }
    >
      {body}
    </Dialog>
  );
}

function Field({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="cs-donation-detail__field">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function orNotGiven(value: string | null | undefined): ReactNode {
  return value ? value : <NotGiven />;
}

function mailStatusText(status: string | null): ReactNode {
  if (!status) return <NotGiven label="Not recorded" />;
  return Object.hasOwn(MAIL_STATUS_LABELS, status) ? MAIL_STATUS_LABELS[status as MailStatus] : status;
}

interface DonationDetailsProps {
  donation: AdminDonationDetail;
  blockedReason: string | null;
  reasonId: string;
  /** Why 'Refund' is disabled (null when it is enabled or not offered), shown under the payment. */
  refundBlockedReason: string | null;
  refundReasonId: string;
  onDownloadNote?: (refund: AdminRefund) => void;
}

function DonationDetails({ donation, blockedReason, reasonId, refundBlockedReason, refundReasonId, onDownloadNote }: DonationDetailsProps) {
  const id = useId();
  const address = [donation.donor_address, donation.donor_city, donation.donor_state, donation.donor_pincode].filter(
    (line): line is string => Boolean(line && line.trim()),
  );
  const code = donation.donor_country_code ? `(${donation.donor_country_code})` : null;
  const country = [donation.donor_country, code].filter(Boolean).join(' ');
  const inr = inrEquivalentText(donation);
  const receiptNumber = donation.receipt?.number ?? donation.receipt_number;
  return (
    <div className="cs-donation-detail">
      <section className="cs-donation-detail__section" aria-labelledby={`${id}-donor`}>
        <h3 id={`${id}-donor`} className="cs-donation-detail__heading">
          {DONATION_DETAIL_TEXT.donor}
        </h3>
        <dl className="cs-donation-detail__list">
          <Field term={DONATION_DETAIL_TEXT.name}>
            <span className="cs-donation-detail__name">
              {orNotGiven(donation.donor_name)}
              {donation.is_anonymous ? <Badge tone="grey">{DONATION_DETAIL_TEXT.anonymous}</Badge> : null}
            </span>
            {donation.is_anonymous ? <span className="cs-donation-detail__note">{DONATION_DETAIL_TEXT.anonymousNote}</span> : null}
          </Field>
          <Field term={DONATION_DETAIL_TEXT.email}>
            {donation.donor_email ? (
              <a className="cs-donation-detail__link" href={`mailto:${donation.donor_email}`}>
                {donation.donor_email}
              </a>
            ) : (
              <NotGiven />
            )}
          </Field>
          <Field term={DONATION_DETAIL_TEXT.mobile}>{orNotGiven(donation.donor_mobile)}</Field>
          <Field term={DONATION_DETAIL_TEXT.pan}>
            <span className="cs-donation-detail__code">{orNotGiven(donation.donor_pan)}</span>
          </Field>
          <Field term={DONATION_DETAIL_TEXT.address}>
            {address.length > 0 ? <span className="cs-donation-detail__address">{address.join('\n')}</span> : <NotGiven />}
          </Field>
          <Field term={DONATION_DETAIL_TEXT.country}>{orNotGiven(country)}</Field>
        </dl>
      </section>

      <section className="cs-donation-detail__section" aria-labelledby={`${id}-payment`}>
        <h3 id={`${id}-payment`} className="cs-donation-detail__heading">
          {DONATION_DETAIL_TEXT.payment}
        </h3>
        <dl className="cs-donation-detail__list">
          <Field term={DONATION_DETAIL_TEXT.amount}>{formatCurrency(donation.amount, donation.currency)}</Field>
          {donation.refunded_minor > 0 ? <Field term={DONATION_DETAIL_TEXT.refunded}>{refundedOfText(donation)}</Field> : null}
          {donation.refund_pending_minor > 0 ? (
            <Field term={DONATION_DETAIL_TEXT.refundPending}>{formatMinor(donation.refund_pending_minor, donation.currency)}</Field>
          ) : null}
          <Field term={DONATION_DETAIL_TEXT.currency}>{donation.currency.toUpperCase()}</Field>
          {inr ? <Field term={DONATION_DETAIL_TEXT.amountInr}>{inr}</Field> : null}
          <Field term={DONATION_DETAIL_TEXT.type}>{donationTypeLabel(donation)}</Field>
          <Field term={DONATION_DETAIL_TEXT.campaign}>{donationCampaignText(donation)}</Field>
          <Field term={DONATION_DETAIL_TEXT.status}>
            <DonationStatusBadge status={donation.status} />
          </Field>
          <Field term={DONATION_DETAIL_TEXT.paymentIntent}>
            <span className="cs-donation-detail__code">{orNotGiven(donation.payment_intent_id)}</span>
          </Field>
          <Field term={DONATION_DETAIL_TEXT.paymentMethod}>
            <span className="cs-donation-detail__code">{orNotGiven(donation.payment_method_id)}</span>
          </Field>
          {/* 'Website', or 'Widget: <partner origin>' for a gift made through a partner's widget (the domain's reading). */}
          <Field term={DONATION_DETAIL_TEXT.source}>{donationSourceText(donation)}</Field>
          <Field term={DONATION_DETAIL_TEXT.date}>
            <time dateTime={donation.created_at}>{formatAdminDateTime(donation.created_at) ?? donation.created_at}</time>
          </Field>
        </dl>
        {refundBlockedReason ? (
          <p id={refundReasonId} className="cs-donation-detail__note">
            {refundBlockedReason}
          </p>
        ) : null}
      </section>

      <section className="cs-donation-detail__section" aria-labelledby={`${id}-receipt`}>
        <h3 id={`${id}-receipt`} className="cs-donation-detail__heading">
          {DONATION_DETAIL_TEXT.receipt}
        </h3>
        {receiptNumber ? (
          <dl className="cs-donation-detail__list">
            <Field term={DONATION_DETAIL_TEXT.receiptNumber}>
              <span className="cs-donation-detail__code">{receiptNumber}</span>
            </Field>
            <Field term={DONATION_DETAIL_TEXT.issued}>
              {donation.receipt ? (
                <time dateTime={donation.receipt.issued_at}>
                  {formatAdminDateTime(donation.receipt.issued_at) ?? donation.receipt.issued_at}
                </time>
              ) : (
                <NotGiven label="Not recorded" />
              )}
            </Field>
            <Field term={DONATION_DETAIL_TEXT.mailStatus}>{mailStatusText(donation.receipt?.mail_status ?? null)}</Field>
          </dl>
        ) : (
          <p className="cs-donation-detail__empty">{DONATION_DETAIL_TEXT.noReceipt}</p>
        )}
        {blockedReason ? (
          <p id={reasonId} className="cs-donation-detail__note">
            {blockedReason}
          </p>
        ) : null}
      </section>

      {donation.refunds.length > 0 ? (
        <section className="cs-donation-detail__section" aria-labelledby={`${id}-refunds`}>
          <h3 id={`${id}-refunds`} className="cs-donation-detail__heading">
            {DONATION_DETAIL_TEXT.refunds}
          </h3>
          <ul className="cs-donation-refunds">
            {donation.refunds.map((refund) => (
              <RefundItem key={refund.id} refund={refund} onDownloadNote={onDownloadNote} />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

/** One refund of the donation: amount and status, when, who asked, why, and the note it issued. */
function RefundItem({ refund, onDownloadNote }: { refund: AdminRefund; onDownloadNote?: (refund: AdminRefund) => void }) {
  const id = useId();
  const { note } = refund;
  return (
    <li className="cs-donation-refund" aria-labelledby={`${id}-title`}>
      <div className="cs-donation-refund__head">
        <h4 id={`${id}-title`} className="cs-donation-refund__title">
          {formatMinor(refund.amount_minor, refund.currency)}
        </h4>
        <Badge tone={REFUND_TONES[refund.status] ?? 'neutral'}>{REFUND_STATUS_LABELS[refund.status] ?? refund.status}</Badge>
      </div>
      <dl className="cs-donation-detail__list">
        <Field term={DONATION_DETAIL_TEXT.refundDate}>
          <time dateTime={refund.created_at}>{formatAdminDateTime(refund.created_at) ?? refund.created_at}</time>
        </Field>
        <Field term={DONATION_DETAIL_TEXT.refundBy}>{refundRequestedByText(refund)}</Field>
        <Field term={DONATION_DETAIL_TEXT.refundReason}>{orNotGiven(refund.reason)}</Field>
        {refund.status === 'failed' ? (
          <Field term={DONATION_DETAIL_TEXT.refundFailure}>{orNotGiven(refund.failure_reason)}</Field>
        ) : null}
        {note ? (
          <>
            <Field term={DONATION_DETAIL_TEXT.note}>
              {REFUND_NOTE_LABELS[note.kind]} <span className="cs-donation-detail__code cs-donation-refund__number">{note.number}</span>
            </Field>
            <Field term={DONATION_DETAIL_TEXT.noteMailStatus}>{mailStatusText(note.mail_status)}</Field>
          </>
        ) : null}
      </dl>
      {note && onDownloadNote ? (
        <div className="cs-donation-refund__actions">
          <Button variant="outline" size="sm" icon={<DownloadIcon size={16} />} onClick={() => onDownloadNote(refund)}>
            {DONATION_DETAIL_TEXT.downloadNote}
            <span className="cs-visually-hidden"> {refundNoteText(note)}</span>
          </Button>
        </div>
      ) : null}
    </li>
  );
}
