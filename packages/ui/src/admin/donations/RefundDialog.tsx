import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import {
  REFUND_MESSAGES,
  REFUND_NOTE_LABELS,
  REFUND_REASON_MAX_LENGTH,
  formatMinor,
  parseRefundAmount,
  refundNoteKind,
  refundRequestError,
  refundableMinor,
  type AdminDonationDetail,
  type RefundNoteKind,
} from '@charity/domain';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { FormField, Input, Textarea } from '../../components/FormField';

export const REFUND_DIALOG_TEXT = {
  title: 'Refund donation',
  choice: 'How much to refund',
  full: 'Full refund',
  part: 'Part of it',
  reason: 'Reason',
  submit: 'Refund',
  busy: 'Refunding...',
  cancel: 'Cancel',
} as const;

/** What the dialog needs of the donation's detail. */
export type RefundDialogDonation = Pick<
  AdminDonationDetail,
  'id' | 'currency' | 'status' | 'amount_minor' | 'refunded_minor' | 'refund_pending_minor' | 'donor_name' | 'receipt_number'
>;

export interface RefundRequest {
  /** In the donation currency's minor unit (paise, cents); at most what is left to refund. */
  amount_minor: number;
  /** Trimmed; kept for staff. */
  reason: string;
}

/** 'Refund donation #45 from Meera Iyer'; 'Refund donation #45' when the donor gave no name. */
export function refundDialogTitle(donation: Pick<RefundDialogDonation, 'id' | 'donor_name'>): string {
  const name = donation.donor_name?.trim();
  return `${REFUND_DIALOG_TEXT.title} #${donation.id}${name ? ` from ${name}` : ''}`;
}

/** 'Left to refund: ₹1,000 of ₹1,500' (what succeeded and what is in flight are both taken off). */
export function refundLeftText(donation: Pick<RefundDialogDonation, 'currency' | 'amount_minor' | 'refunded_minor' | 'refund_pending_minor'>): string {
  return `Left to refund: ${formatMinor(refundableMinor(donation), donation.currency)} of ${formatMinor(donation.amount_minor, donation.currency)}`;
}

/** 'Amount to refund (INR)'. */
export function refundAmountLabel(currency: string): string {
  return `Amount to refund (${currency.trim().toUpperCase()})`;
}

/** The submit button: 'Refund ₹1,500', or 'Refund' while the amount typed is not an amount. */
export function refundButtonText(amountMinor: number | null, currency: string): string {
  return amountMinor === null || amountMinor <= 0
    ? REFUND_DIALOG_TEXT.submit
    : `${REFUND_DIALOG_TEXT.submit} ${formatMinor(amountMinor, currency)}`;
}

/**
 * The reason's hint: the reason stays with staff; the donor gets the note the refund issues (a cancellation note when
 * nothing of the donation would be left, a credit note otherwise) for the receipt.
 */
export function refundReasonHint(kind: RefundNoteKind, receiptNumber: string | null): string {
  const note = REFUND_NOTE_LABELS[kind].toLowerCase();
  const receipt = receiptNumber ? ` for receipt ${receiptNumber}` : '';
  return `Kept for staff. The donor is mailed a ${note}${receipt}.`;
}

/** refundReasonHint with the receipt number kept on one line (it would otherwise break at its hyphens). */
function ReasonHint({ kind, receiptNumber }: { kind: RefundNoteKind; receiptNumber: string | null }) {
  if (!receiptNumber) return <>{refundReasonHint(kind, null)}</>;
  const text = refundReasonHint(kind, receiptNumber);
  const at = text.lastIndexOf(receiptNumber);
  return (
    <>
      {text.slice(0, at)}
      <span className="cs-refund-dialog__nowrap">{receiptNumber}</span>
      {text.slice(at + receiptNumber.length)}
    </>
  );
}

const REASON_MESSAGES: ReadonlySet<string> = new Set([
  REFUND_MESSAGES.reasonRequired,
  REFUND_MESSAGES.reasonTooShort,
  REFUND_MESSAGES.reasonTooLong,
]);
const DONATION_MESSAGES: ReadonlySet<string> = new Set([REFUND_MESSAGES.notCompleted, REFUND_MESSAGES.nothingLeft]);

interface Problems {
  /** About the donation itself (not completed, nothing left): shown in the alert. */
  form: string | null;
  amount: string | null;
  reason: string | null;
}

const NO_PROBLEMS: Problems = { form: null, amount: null, reason: null };

/**
 * Every field's problem at once, in the domain's words (refundRequestError answers only the first): the amount's,
 * then the reason's checked as if the amount were the (always valid) remainder.
 */
export function refundProblems(
  request: { amount_minor: number | null; reason: string; amountText?: string },
  donation: RefundDialogDonation,
): Problems {
  const first = refundRequestError({ amount_minor: request.amount_minor, reason: request.reason }, donation);
  if (first === null) return NO_PROBLEMS;
  if (DONATION_MESSAGES.has(first)) return { ...NO_PROBLEMS, form: first };
  if (REASON_MESSAGES.has(first)) return { ...NO_PROBLEMS, reason: first };
  const amount = request.amountText !== undefined && request.amountText.trim() === '' ? REFUND_MESSAGES.amountRequired : first;
  const reason = refundRequestError({ amount_minor: refundableMinor(donation), reason: request.reason }, donation);
  return { form: null, amount, reason };
}

export interface RefundDialogProps {
  open: boolean;
  donation: RefundDialogDonation;
  /** The refund is being sent: 'Refunding...', nothing else can be pressed, Escape does not close. */
  submitting: boolean;
  /** The API's refusal (e.g. the provider refused), shown in an alert inside the dialog. */
  error: string | null;
  /** Called only with a request that passes the domain's refundRequestError. */
  onSubmit: (request: RefundRequest) => void;
  onOpenChange: (open: boolean) => void;
}

/** Single-line fields whose Enter the browser already handles (or that are not text). */
const SINGLE_LINE_SKIP = new Set(['button', 'submit', 'reset', 'checkbox', 'radio', 'file', 'image', 'hidden']);

/**
 * Staff refund a donation, in full (what is left of it) or in part, with a reason kept for staff. The amount typed is
 * read with the domain's parseRefundAmount and the whole request checked with refundRequestError before anything is
 * sent: each problem sits under its field (aria-invalid, aria-describedby) and focus goes to the first one.
 */
export function RefundDialog({ open, donation, submitting, error, onSubmit, onOpenChange }: RefundDialogProps) {
  const id = useId();
  const formId = `${id}-form`;
  const legendId = `${id}-legend`;
  const amountId = `${id}-amount`;
  const reasonId = `${id}-reason`;
  const formRef = useRef<HTMLFormElement>(null);
  const [mode, setMode] = useState<'full' | 'part'>('full');
  const [amountText, setAmountText] = useState('');
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<Problems>(NO_PROBLEMS);
  // Each opening starts from a full refund and blank fields (adjusting state while rendering, not in an effect).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setMode('full');
      setAmountText('');
      setReason('');
      setProblems(NO_PROBLEMS);
    }
  }

  const { currency } = donation;
  const left = refundableMinor(donation);
  const amountMinor = mode === 'full' ? left : parseRefundAmount(amountText, currency);
  // The note this refund would issue: a cancellation note once nothing of the donation is left.
  const noteKind = refundNoteKind({
    amount_minor: donation.amount_minor,
    refunded_minor: donation.refunded_minor + donation.refund_pending_minor + (amountMinor ?? 0),
  });
  const alert = problems.form ?? error;

  function focusField(fieldId: string) {
    formRef.current?.querySelector<HTMLElement>(`#${CSS.escape(fieldId)}`)?.focus();
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const found = refundProblems({ amount_minor: amountMinor, reason, amountText: mode === 'part' ? amountText : undefined }, donation);
    if (found.form || found.amount || found.reason) {
      // Rendered first, so the focused field already carries aria-invalid and its message when announced.
      flushSync(() => setProblems(found));
      if (found.amount) focusField(amountId);
      else if (found.reason) focusField(reasonId);
      return;
    }
    setProblems(NO_PROBLEMS);
    onSubmit({ amount_minor: amountMinor as number, reason: reason.trim() });
  }

  // The submit button sits in the dialog's footer, tied to the form by form=; Enter in the amount asks the form for
  // its own submission rather than relying on the browser finding that button (as ChangeAmountDialog does).
  function handleKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    const target = event.target;
    if (event.key !== 'Enter' || event.defaultPrevented || event.nativeEvent.isComposing) return;
    if (!(target instanceof HTMLInputElement) || SINGLE_LINE_SKIP.has(target.type)) return;
    event.preventDefault();
    formRef.current?.requestSubmit();
  }

  function choose(next: 'full' | 'part') {
    setMode(next);
    setProblems((current) => (current.amount || current.form ? { ...current, amount: null, form: null } : current));
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && submitting) return;
        onOpenChange(next);
      }}
      size="2xl"
      // A click beside the dialog must not throw away a reason half written.
      closeOnOutsideClick={false}
      title={refundDialogTitle(donation)}
      description={refundLeftText(donation)}
      footer={
        <>
          <Button variant="ghost" onClick={() => onOpenChange(false)} disabled={submitting}>
            {REFUND_DIALOG_TEXT.cancel}
          </Button>
          <Button type="submit" form={formId} variant="danger" loading={submitting} loadingText={REFUND_DIALOG_TEXT.busy}>
            {refundButtonText(amountMinor, currency)}
          </Button>
        </>
      }
    >
      <form
        ref={formRef}
        id={formId}
        className="cs-refund-dialog"
        noValidate
        onSubmit={handleSubmit}
        onKeyDown={handleKeyDown}
        aria-busy={submitting || undefined}
      >
        {alert ? (
          <div role="alert" className="cs-admin-alert">
            {alert}
          </div>
        ) : null}
        <fieldset className="cs-donation-fieldset" role="radiogroup" aria-labelledby={legendId}>
          <legend id={legendId} className="cs-donation-fieldset__legend">
            {REFUND_DIALOG_TEXT.choice}
          </legend>
          <div className="cs-refund-dialog__options">
            {(['full', 'part'] as const).map((option) => (
              <label key={option} className="cs-choice">
                <input
                  type="radio"
                  className="cs-choice__input"
                  name={`${id}-mode`}
                  value={option}
                  checked={mode === option}
                  disabled={submitting}
                  onChange={() => choose(option)}
                />
                <span className="cs-choice__box">{option === 'full' ? REFUND_DIALOG_TEXT.full : REFUND_DIALOG_TEXT.part}</span>
              </label>
            ))}
          </div>
        </fieldset>
        {mode === 'part' ? (
          <FormField
            id={amountId}
            label={refundAmountLabel(currency)}
            hint={`At most ${formatMinor(left, currency)}.`}
            error={problems.amount}
            required
          >
            <Input
              name="amount"
              inputMode="decimal"
              autoComplete="off"
              value={amountText}
              // While sending the field turns read-only rather than disabled, so keyboard focus stays where it was.
              readOnly={submitting}
              onChange={(event) => {
                setAmountText(event.target.value);
                setProblems((current) => (current.amount ? { ...current, amount: null } : current));
              }}
            />
          </FormField>
        ) : null}
        <FormField id={reasonId} label={REFUND_DIALOG_TEXT.reason} hint={<ReasonHint kind={noteKind} receiptNumber={donation.receipt_number} />} error={problems.reason} required>
          <Textarea
            name="reason"
            rows={3}
            maxLength={REFUND_REASON_MAX_LENGTH}
            value={reason}
            readOnly={submitting}
            onChange={(event) => {
              setReason(event.target.value);
              setProblems((current) => (current.reason ? { ...current, reason: null } : current));
            }}
          />
        </FormField>
      </form>
    </Dialog>
  );
}
