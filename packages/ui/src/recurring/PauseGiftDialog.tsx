import { useId, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { PAUSE_MONTHS, RECURRING_MESSAGES, type PauseMonths } from '@charity/domain';
import { Button } from '../components/Button';
import { Dialog } from '../components/Dialog';
import { cn } from '../lib/cn';

export const PAUSE_GIFT_TEXT = {
  title: 'Pause your monthly gift',
  description: 'Nothing is charged while your gift is paused. It starts again by itself when the pause ends.',
  legend: 'Pause for',
  submit: 'Pause gift',
  busy: 'Pausing...',
  keep: 'Keep my gift going',
} as const;

/** '1 month', '2 months', '3 months'. */
export function pauseMonthsLabel(months: number): string {
  return months === 1 ? '1 month' : `${months} months`;
}

export interface PauseGiftDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The pause is being saved: 'Pausing...', nothing else can be pressed, Escape does not close. */
  busy: boolean;
  /** The server's refusal or failure, shown in an alert above the choices. */
  error: string | null;
  /** Called with the chosen length of the pause. */
  onSubmit: (months: PauseMonths) => void;
}

/**
 * The donor pauses a monthly gift for one, two or three months (the domain's PAUSE_MONTHS), as real radio buttons
 * drawn as tiles. Nothing is chosen at first, so the length is picked on purpose; 'Pause gift' without a choice
 * says so next to the choices.
 */
export function PauseGiftDialog({ open, onOpenChange, busy, error, onSubmit }: PauseGiftDialogProps) {
  const formId = useId();
  const legendId = `${formId}-legend`;
  const problemId = `${formId}-problem`;
  const firstRef = useRef<HTMLInputElement>(null);
  const [months, setMonths] = useState<PauseMonths | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setMonths(null);
      setProblem(null);
    }
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (months === null) {
      flushSync(() => setProblem(RECURRING_MESSAGES.pauseMonthsInvalid));
      firstRef.current?.focus();
      return;
    }
    setProblem(null);
    onSubmit(months);
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && busy) return;
        onOpenChange(next);
      }}
      size="md"
      title={PAUSE_GIFT_TEXT.title}
      description={PAUSE_GIFT_TEXT.description}
      footer={
        <>
          <Button variant="ghost" onClick={() => onOpenChange(false)} disabled={busy}>
            {PAUSE_GIFT_TEXT.keep}
          </Button>
          <Button type="submit" form={formId} loading={busy} loadingText={PAUSE_GIFT_TEXT.busy}>
            {PAUSE_GIFT_TEXT.submit}
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
        <fieldset
          className={cn('cs-donation-fieldset', 'cs-gift-pause', problem && 'cs-gift-pause--invalid')}
          role="radiogroup"
          aria-labelledby={legendId}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? problemId : undefined}
        >
          <legend id={legendId} className="cs-donation-fieldset__legend">
            {PAUSE_GIFT_TEXT.legend}
          </legend>
          <div className="cs-gift-pause__options">
            {PAUSE_MONTHS.map((option, index) => (
              <label key={option} className="cs-choice">
                <input
                  ref={index === 0 ? firstRef : undefined}
                  type="radio"
                  className="cs-choice__input"
                  name={`${formId}-months`}
                  value={option}
                  checked={months === option}
                  disabled={busy}
                  onChange={() => {
                    setMonths(option);
                    setProblem(null);
                  }}
                />
                <span className="cs-choice__box">{pauseMonthsLabel(option)}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="cs-field__error-region" aria-live="polite">
          {problem ? (
            <p id={problemId} className="cs-field__error">
              {problem}
            </p>
          ) : null}
        </div>
      </form>
    </Dialog>
  );
}
