import { useId, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { CANCEL_REASON_MAX_LENGTH, RECURRING_MESSAGES, formatCurrency } from '@charity/domain';
import { Button } from '../components/Button';
import { Dialog } from '../components/Dialog';
import { FormField, Textarea } from '../components/FormField';
import { cancelReasonValue } from './CancelGiftDialog';
import { GIFT_SUMMARY_TEXT } from './GiftSummary';
import type { AdminGiftRecord } from './types';

export const STAFF_CANCEL_GIFT_TEXT = {
  description: 'The donor is told by email. This cannot be undone.',
  reason: 'Reason (optional)',
  reasonHint: `Up to ${CANCEL_REASON_MAX_LENGTH} characters.`,
  confirm: 'Cancel gift',
  busy: 'Cancelling...',
  keep: 'Keep gift',
} as const;

/** 'Cancel the monthly gift of Asha Rao?' */
export function staffCancelGiftTitle(donorName: string): string {
  return `Cancel the monthly gift of ${donorName}?`;
}

export interface StaffCancelGiftDialogProps {
  /** The gift to cancel; null closes the dialog. */
  gift: AdminGiftRecord | null;
  /** The cancellation is being saved: 'Cancelling...', nothing else can be pressed, Escape does not close. */
  busy: boolean;
  /** The server's refusal or failure, shown in an alert above the reason. */
  error: string | null;
  /** 'Keep gift', Escape or Close: called with false (the site then sets gift to null). */
  onOpenChange: (open: boolean) => void;
  /** Called with the staff member's reason, trimmed, or null when none was given. */
  onConfirm: (reason: string | null) => void;
}

/**
 * Staff end a donor's monthly gift from the admin list: whose gift and how much, what follows (the donor is told by
 * email; it cannot be undone), an optional reason, 'Cancel gift' (danger) and 'Keep gift'. Nothing about the gift can
 * be edited here or anywhere else in the console.
 */
export function StaffCancelGiftDialog({ gift, busy, error, onOpenChange, onConfirm }: StaffCancelGiftDialogProps) {
  const formId = useId();
  const fieldId = `${formId}-reason`;
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const open = gift !== null;
  // Each opening starts from a blank reason (adjusting state while rendering, not in an effect).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setReason('');
      setProblem(null);
    }
  }
  // The last gift shown, so the title keeps its donor's name while the dialog closes.
  const [shown, setShown] = useState<AdminGiftRecord | null>(gift);
  if (gift !== null && gift !== shown) setShown(gift);
  const current = gift ?? shown;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !gift) return;
    const value = cancelReasonValue(reason);
    if (value !== null && value.length > CANCEL_REASON_MAX_LENGTH) {
      flushSync(() => setProblem(RECURRING_MESSAGES.reasonTooLong));
      fieldRef.current?.focus();
      return;
    }
    setProblem(null);
    onConfirm(value);
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && busy) return;
        onOpenChange(next);
      }}
      size="md"
      title={staffCancelGiftTitle(current?.donor_name ?? '')}
      description={STAFF_CANCEL_GIFT_TEXT.description}
      footer={
        <>
          <Button variant="ghost" onClick={() => onOpenChange(false)} disabled={busy}>
            {STAFF_CANCEL_GIFT_TEXT.keep}
          </Button>
          <Button type="submit" form={formId} variant="danger" loading={busy} loadingText={STAFF_CANCEL_GIFT_TEXT.busy}>
            {STAFF_CANCEL_GIFT_TEXT.confirm}
          </Button>
        </>
      }
    >
      <form id={formId} className="cs-gift-dialog__form" noValidate onSubmit={handleSubmit} aria-busy={busy || undefined}>
        {current ? (
          <p className="cs-gift-dialog__gift">
            {current.donor_email} · {formatCurrency(current.amount, current.currency)} {GIFT_SUMMARY_TEXT.perMonth}
          </p>
        ) : null}
        {error ? (
          <div role="alert" className="cs-gift-alert">
            {error}
          </div>
        ) : null}
        <FormField id={fieldId} label={STAFF_CANCEL_GIFT_TEXT.reason} hint={STAFF_CANCEL_GIFT_TEXT.reasonHint} error={problem}>
          <Textarea
            ref={fieldRef}
            name="reason"
            rows={3}
            maxLength={CANCEL_REASON_MAX_LENGTH}
            value={reason}
            readOnly={busy}
            onChange={(event) => {
              setReason(event.target.value);
              setProblem(null);
            }}
          />
        </FormField>
      </form>
    </Dialog>
  );
}
