import { useId, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { CANCEL_REASON_MAX_LENGTH, RECURRING_MESSAGES } from '@charity/domain';
import { Button } from '../components/Button';
import { Dialog } from '../components/Dialog';
import { FormField, Textarea } from '../components/FormField';

export const CANCEL_GIFT_TEXT = {
  title: 'Cancel your monthly gift?',
  description: 'Your monthly gift will stop. Nothing more will be charged.',
  reason: 'Would you tell us why? (optional)',
  reasonHint: `Up to ${CANCEL_REASON_MAX_LENGTH} characters.`,
  confirm: 'Cancel my monthly gift',
  busy: 'Cancelling...',
  keep: 'Keep my gift',
} as const;

/** The reason as sent: trimmed, null when empty. */
export function cancelReasonValue(text: string): string | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed;
}

export interface CancelGiftDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The cancellation is being saved: 'Cancelling...', nothing else can be pressed, Escape does not close. */
  busy: boolean;
  /** The server's refusal or failure, shown in an alert above the reason. */
  error: string | null;
  /** Called with the donor's reason, trimmed, or null when none was given. */
  onConfirm: (reason: string | null) => void;
}

/**
 * The donor ends a monthly gift: what happens in one sentence, an optional reason (at most the domain's
 * CANCEL_REASON_MAX_LENGTH characters), 'Cancel my monthly gift' (danger) and 'Keep my gift'. The reason field takes
 * focus first, and Enter there adds a line, so nothing is cancelled by a stray key.
 */
export function CancelGiftDialog({ open, onOpenChange, busy, error, onConfirm }: CancelGiftDialogProps) {
  const formId = useId();
  const fieldId = `${formId}-reason`;
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setReason('');
      setProblem(null);
    }
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
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
      size="lg"
      title={CANCEL_GIFT_TEXT.title}
      description={CANCEL_GIFT_TEXT.description}
      footer={
        <>
          <Button variant="ghost" onClick={() => onOpenChange(false)} disabled={busy}>
            {CANCEL_GIFT_TEXT.keep}
          </Button>
          <Button type="submit" form={formId} variant="danger" loading={busy} loadingText={CANCEL_GIFT_TEXT.busy}>
            {CANCEL_GIFT_TEXT.confirm}
          </Button>
        </>
      }
    >
      <form id={formId} className="cs-gift-dialog__form" noValidate onSubmit={handleSubmit} aria-busy={busy || undefined}>
        {error ? (
          <div role="alert" className="cs-gift-alert">
            {error}
          </div>
        ) : null}
        <FormField id={fieldId} label={CANCEL_GIFT_TEXT.reason} hint={CANCEL_GIFT_TEXT.reasonHint} error={problem}>
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
