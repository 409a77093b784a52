import type { ReactNode, Ref } from 'react';
import { Button } from '../components/Button';

export interface StepActionsProps {
  /** The step-level message ('Please fill all required fields correctly'); announced as it appears. */
  error?: string | null;
  onBack?: () => void;
  backLabel?: string;
  /** Label of the submit button. */
  continueLabel: ReactNode;
  continueRef?: Ref<HTMLButtonElement>;
}

/**
 * The bottom of a wizard step: an alert region (present from the start, so a message put in it is announced) and
 * Back / Continue. Continue is the form's submit button, so Enter in any field continues too.
 */
export function StepActions({ error, onBack, backLabel = 'Back', continueLabel, continueRef }: StepActionsProps) {
  return (
    <>
      <div className="cs-donation__alert-region" role="alert">
        {error ? <p className="cs-donation__alert">{error}</p> : null}
      </div>
      <div className="cs-donation__actions">
        {onBack ? (
          <Button variant="outline" onClick={onBack}>
            {backLabel}
          </Button>
        ) : null}
        <Button ref={continueRef} type="submit" className="cs-donation__continue">
          {continueLabel}
        </Button>
      </div>
    </>
  );
}
