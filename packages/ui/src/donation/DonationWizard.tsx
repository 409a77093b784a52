import { useEffect, useId, useRef, type ReactNode } from 'react';
import {
  DONATION_MESSAGES,
  DONATION_WIZARD_STEPS,
  nextWizardStep,
  previousWizardStep,
  type DonationPayload,
  type PaymentPanelState,
  type WizardStep,
} from '@charity/domain';
import { cn } from '../lib/cn';
import { AmountStep, type AmountPresets } from './AmountStep';
import { DetailsStep } from './DetailsStep';
import { ReviewStep, type DonationCampaignRef } from './ReviewStep';
import { StepIndicator } from './StepIndicator';
import { detailsForCountry, type DonationWizardValue } from './wizard-value';

export interface DonationWizardPaymentControls {
  /** Back to the review step. */
  onBack: () => void;
}

export interface DonationWizardProps {
  /** The wizard's state, kept by the app (a store), so a reset or a success can change it from outside. */
  value: DonationWizardValue;
  onChange: (value: DonationWizardValue) => void;
  /** The campaign chosen on the page; it goes into the payload as campaign_id. */
  campaign?: DonationCampaignRef | null;
  /**
   * Step 4's content: the app wires the payment panel (Stripe or the sandbox, API calls) around the payload the
   * review built.
   */
  renderPayment: (payload: DonationPayload, controls: DonationWizardPaymentControls) => ReactNode;
  /**
   * The payment panel's state, when the app tracks it: 'Form validated! Now complete payment…' is shown while the
   * payment is still to be made (input, processing), not beside its result.
   */
  paymentState?: PaymentPanelState;
  /** Level of the step headings; 3 suits a page whose section heading is an h2. */
  headingLevel?: 2 | 3 | 4;
  /** A partner's quick amounts for step 1 (see AmountStep). */
  presetAmounts?: AmountPresets | null;
  className?: string;
}

const STEP_TITLES: Record<WizardStep, string> = {
  1: 'Choose Amount',
  2: 'Your Details',
  3: 'Review Your Donation',
  4: 'Payment',
};

/**
 * The four-step donation wizard (spec §4): Amount → Details → Review → Payment. Continue advances only when the
 * step validates; Back goes one step down. On every step change focus moves to the new step's heading ('Step 2 of 4:
 * Your Details'), so keyboard users continue from there and screen readers announce it.
 */
export function DonationWizard({
  value,
  onChange,
  campaign,
  renderPayment,
  paymentState = 'input',
  headingLevel = 3,
  presetAmounts = null,
  className,
}: DonationWizardProps) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The payment step needs the payload the review built; without one (state restored oddly) the review shows.
  const step: WizardStep = value.step === 4 && !value.payload ? 3 : value.step;
  const shownStep = useRef(step);
  const Heading = `h${headingLevel}` as 'h3';
  const total = DONATION_WIZARD_STEPS.length;

  // Focus only follows a change of step, never the first render: a page load must not jump into the form.
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    headingRef.current?.focus();
  }, [step]);

  const goTo = (step: WizardStep, patch: Partial<DonationWizardValue> = {}) => onChange({ ...value, ...patch, step });
  const back = () => goTo(previousWizardStep(step));

  let body: ReactNode;
  switch (step) {
    case 1:
      body = (
        <AmountStep
          value={value}
          onChange={(amount) =>
            onChange({ ...value, ...amount, details: detailsForCountry(value.details, amount.countryCode) })
          }
          onContinue={() => goTo(nextWizardStep(1, true))}
          presetAmounts={presetAmounts}
        />
      );
      break;
    case 2:
      body = (
        <DetailsStep
          countryCode={value.countryCode}
          value={value.details}
          onChange={(details) => onChange({ ...value, details })}
          onBack={back}
          onContinue={(details) => goTo(nextWizardStep(2, true), { details })}
        />
      );
      break;
    case 3:
      body = (
        <ReviewStep
          amount={value}
          details={value.details}
          campaign={campaign ?? null}
          onBack={back}
          onConfirm={(payload) => goTo(nextWizardStep(3, true), { payload })}
        />
      );
      break;
    default:
      body = value.payload ? (
        <>
          {paymentState === 'input' || paymentState === 'processing' ? (
            <p className="cs-donation__notice" role="status">
              {DONATION_MESSAGES.formValidated}
            </p>
          ) : null}
          {renderPayment(value.payload, { onBack: () => goTo(3, { payload: null }) })}
        </>
      ) : null;
  }

  return (
    <section className={cn('cs-donation', className)} aria-labelledby={headingId}>
      <StepIndicator current={step} />
      <Heading id={headingId} ref={headingRef} tabIndex={-1} className="cs-donation__heading">
        <span className="cs-visually-hidden">{`Step ${step} of ${total}: `}</span>
        {STEP_TITLES[step]}
      </Heading>
      {body}
    </section>
  );
}
