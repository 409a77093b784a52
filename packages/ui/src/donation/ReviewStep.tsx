import { useState, type FormEvent } from 'react';
import {
  DONATION_MESSAGES,
  DONATION_TYPE_LABELS,
  buildDonationPayload,
  formatDonationAmount,
  getCountry,
  normalisePan,
  postalCodeLabel,
  stateLabel,
  validateDonationPayload,
  type DonationDetails,
  type DonationPayload,
} from '@charity/domain';
import { cn } from '../lib/cn';
import { StepActions } from './step-parts';
import { chosenAmount, currencyOf, type AmountStepValue } from './wizard-value';

export interface DonationCampaignRef {
  id: number;
  title: string;
  /** The campaign page's slug (/campaigns/{slug}), when known: the thank-you shares that page. */
  slug?: string | null;
}

export interface ReviewStepProps {
  amount: AmountStepValue;
  details: DonationDetails;
  /** The campaign chosen on the page, if any. */
  campaign?: DonationCampaignRef | null;
  onBack: () => void;
  /** Called with the built, pre-checked payload; the wizard then moves to the payment step. */
  onConfirm: (payload: DonationPayload) => void;
  className?: string;
}

/**
 * Step 3: everything the donor entered, then 'Proceed to Payment', which builds the donation payload
 * (buildDonationPayload) and runs the pre-payment check (validateDonationPayload). A failing check shows its message;
 * anything unexpected while preparing shows 'Please check all fields and try again.'.
 */
export function ReviewStep({ amount, details, campaign, onBack, onConfirm, className }: ReviewStepProps) {
  const [error, setError] = useState<string | null>(null);
  const country = getCountry(amount.countryCode);
  const currency = currencyOf(amount.countryCode);
  const value = chosenAmount(amount);
  const pan = normalisePan(details.pan_number);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    let payload: DonationPayload;
    try {
      payload = buildDonationPayload({
        details: { ...details, country_code: amount.countryCode },
        amount: value,
        countryCode: amount.countryCode,
        currency,
        donationType: amount.donationType,
        campaignId: campaign?.id ?? null,
      });
    } catch {
      setError(DONATION_MESSAGES.preparationError);
      return;
    }
    const problem = validateDonationPayload(payload);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    onConfirm(payload);
  }

  const rows: [string, string][] = [
    ['Amount', Number.isFinite(value) ? formatDonationAmount(value, currency) : '—'],
    ['Frequency', DONATION_TYPE_LABELS[amount.donationType]],
    ...(campaign ? ([['Campaign', campaign.title]] as [string, string][]) : []),
    ['Country', country?.name ?? amount.countryCode],
    ['Full Name', details.full_name.trim()],
    ['Email Address', details.email.trim().toLowerCase()],
    ['Mobile Number', details.mobile.trim()],
    ['Address', details.address.trim()],
    [stateLabel(amount.countryCode), details.state.trim()],
    ['City', details.city.trim()],
    [postalCodeLabel(amount.countryCode), details.pincode.trim().toUpperCase()],
    ...(country?.code === 'IN' && pan !== '' ? ([['PAN Number', pan]] as [string, string][]) : []),
    ...(campaign && details.show_first_name === true
      ? ([['Among supporters', 'Your first name and amount are shown']] as [string, string][])
      : []),
  ];

  return (
    <form className={cn('cs-donation-step', 'cs-review-step', className)} noValidate onSubmit={handleSubmit}>
      <dl className="cs-review-step__list">
        {rows.map(([term, description]) => (
          <div key={term} className="cs-review-step__row">
            <dt className="cs-review-step__term">{term}</dt>
            <dd className="cs-review-step__value">{description}</dd>
          </div>
        ))}
      </dl>
      {country?.tax_benefit && country.tax_section ? (
        <p className="cs-review-step__note">
          Donations from {country.name} are eligible for tax benefits under section {country.tax_section}.
        </p>
      ) : null}
      <StepActions error={error} onBack={onBack} continueLabel="Proceed to Payment" />
    </form>
  );
}
