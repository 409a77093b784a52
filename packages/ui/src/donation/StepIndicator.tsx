import { DONATION_WIZARD_STEPS, type WizardStep } from '@charity/domain';
import { cn } from '../lib/cn';
import { CheckIcon } from '../components/icons';

export interface StepIndicatorProps {
  /** The step shown now (1-4). */
  current: WizardStep;
  /** Accessible name of the list. */
  label?: string;
  className?: string;
}

/**
 * The wizard's progress: Amount, Details, Review, Payment. The current step carries aria-current="step"; each item
 * also says in words whether it is done, current or to come, so the state is never told by colour alone.
 */
export function StepIndicator({ current, label = 'Donation steps', className }: StepIndicatorProps) {
  const total = DONATION_WIZARD_STEPS.length;
  return (
    <nav aria-label={label} className={cn('cs-step-indicator', className)}>
      <ol className="cs-step-indicator__list">
        {DONATION_WIZARD_STEPS.map(({ step, label: stepLabel }) => {
          const state = step < current ? 'done' : step === current ? 'current' : 'upcoming';
          return (
            <li
              key={step}
              className={cn('cs-step-indicator__item', `cs-step-indicator__item--${state}`)}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className="cs-step-indicator__marker" aria-hidden="true">
                {state === 'done' ? <CheckIcon size={16} /> : step}
              </span>
              <span className="cs-step-indicator__label">
                <span className="cs-visually-hidden">{`Step ${step} of ${total}: `}</span>
                {stepLabel}
                {state === 'done' ? <span className="cs-visually-hidden"> (completed)</span> : null}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
