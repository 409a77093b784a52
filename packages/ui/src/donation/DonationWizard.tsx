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
import { ReceiptNote } from './ReceiptNote';
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
  /** The operator's ceiling for step 1's check (GET payments/config's max_amount; see AmountStep). */
  amountCeiling?: number;
  /**
   * Step 1 names the campaign ('Donating to: {title}'): for a page without a banner of its own (the partner widget's
   * frame). Off by default: /donate's banner names it above the wizard.
   */
  nameCampaign?: boolean;
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
 * Your Details'), so keyboard users continue from there and screen readers announce it. The reset after a success
 * (thank-you → step 1, the app's timer) is no step the donor took: it keeps the donation's receipt as a note above
 * step 1 (value.lastDonation), focuses that note only when focus was on the thank-you it removed, and otherwise leaves
 * focus where the donor put it.
 */
export function DonationWizard({
  value,
  onChange,
  campaign,
  renderPayment,
  paymentState = 'input',
  headingLevel = 3,
  presetAmounts = null,
  amountCeiling,
  nameCampaign = false,
  className,
}: DonationWizardProps) {
  const headingId = useId();
  const sectionRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const noteRef = useRef<HTMLParagraphElement>(null);
  // The payment step needs the payload the review built; without one (state restored oddly) the review shows.
  const step: WizardStep = value.step === 4 && !value.payload ? 3 : value.step;
  const shown = useRef({ step, paymentState });
  // Whether the donor's focus is in the wizard, kept as it moves: once the reset has removed a focused thank-you, the
  // browser has already put focus on <body>, so the moment itself cannot tell.
  const focusInside = useRef(false);
  const Heading = `h${headingLevel}` as 'h3';
  const total = DONATION_WIZARD_STEPS.length;
  const lastDonation = value.lastDonation ?? null;

  useEffect(() => {
    const track = (event: Event) => {
      focusInside.current = event.target instanceof Node && Boolean(sectionRef.current?.contains(event.target));
    };
    focusInside.current = Boolean(sectionRef.current?.contains(document.activeElement));
    // A click on plain text elsewhere moves no focus but is the donor moving on all the same.
    document.addEventListener('focusin', track);
    document.addEventListener('pointerdown', track);
    return () => {
      document.removeEventListener('focusin', track);
      document.removeEventListener('pointerdown', track);
    };
  }, []);

  // Focus only follows a change of step, never the first render: a page load must not jump into the form.
  useEffect(() => {
    const before = shown.current;
    shown.current = { step, paymentState };
    if (before.step === step) return;
    const resetting = step === 1 && before.step === 4 && before.paymentState === 'success';
    if (!resetting) headingRef.current?.focus();
    else if (focusInside.current) (noteRef.current ?? headingRef.current)?.focus();
  }, [step, paymentState]);

  const goTo = (step: WizardStep, patch: Partial<DonationWizardValue> = {}) => onChange({ ...value, ...patch, step });
  const back = () => goTo(previousWizardStep(step));

  let body: ReactNode;
  switch (step) {
    case 1:
      body = (
        <>
          {lastDonation ? (
            <ReceiptNote
              donation={lastDonation}
              titleRef={noteRef}
              onDismiss={() => {
                onChange({ ...value, lastDonation: null });
                // The button goes with the note: focus stays in the step rather than falling to the page.
                headingRef.current?.focus();
              }}
            />
          ) : null}
          <AmountStep
            value={value}
            onChange={(amount) =>
              onChange({ ...value, ...amount, details: detailsForCountry(value.details, amount.countryCode) })
            }
            onContinue={() => goTo(nextWizardStep(1, true))}
            presetAmounts={presetAmounts}
            amountCeiling={amountCeiling}
            campaignTitle={nameCampaign ? (campaign?.title ?? null) : null}
          />
        </>
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
          campaignChosen={Boolean(campaign)}
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
    <section ref={sectionRef} className={cn('cs-donation', className)} aria-labelledby={headingId}>
      <StepIndicator current={step} />
      <Heading id={headingId} ref={headingRef} tabIndex={-1} className="cs-donation__heading">
        <span className="cs-visually-hidden">{`Step ${step} of ${total}: `}</span>
        {STEP_TITLES[step]}
      </Heading>
      {body}
    </section>
  );
}
