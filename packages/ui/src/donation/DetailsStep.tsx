import { useId, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import {
  DONATION_MESSAGES,
  INDIAN_STATES,
  getCountry,
  postalCodeLabel,
  stateLabel,
  validateDonationDetails,
  type DonationDetails,
  type DonationDetailsErrors,
  type DonationDetailsField,
} from '@charity/domain';
import { FormField, Input, Textarea } from '../components/FormField';
import { Select } from '../components/Select';
import { cn } from '../lib/cn';
import { StepActions } from './step-parts';

export interface DetailsStepProps {
  /** The country chosen in step 1; it decides the phone, state and postal-code rules. */
  countryCode: string;
  value: DonationDetails;
  onChange: (value: DonationDetails) => void;
  onBack: () => void;
  /** Continue, called only when every field is valid. */
  onContinue: (value: DonationDetails) => void;
  /**
   * A campaign is chosen: offer "Show my first name and amount among this campaign's supporters" (unticked; the
   * campaign page names only those who tick it, campaign-page.ts supporterFirstName).
   */
  campaignChosen?: boolean;
  className?: string;
}

/** Fields in screen order: the first invalid one receives focus. */
const FIELD_ORDER: readonly DonationDetailsField[] = [
  'full_name',
  'email',
  'mobile',
  'address',
  'state',
  'city',
  'pincode',
  'pan_number',
];

const STATE_OPTIONS = INDIAN_STATES.map((state) => ({ value: state, label: state }));

/**
 * Step 2 (spec §5 "Donation details"): the donor's name, email, mobile and address in the chosen country's format
 * (India: a state from the list of 36 and an optional PAN). Continue validates with the domain's
 * validateDonationDetails; each message sits under its field (aria-describedby) and clears when that field is
 * edited, and focus moves to the first invalid field.
 */
export function DetailsStep({ countryCode, value, onChange, onBack, onContinue, campaignChosen = false, className }: DetailsStepProps) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<DonationDetailsErrors>({});
  const [stepError, setStepError] = useState<string | null>(null);
  const isIndia = getCountry(countryCode)?.code === 'IN';
  const fieldId = (field: DonationDetailsField) => `${id}-${field}`;

  function update(field: DonationDetailsField, text: string) {
    onChange({ ...value, [field]: text, country_code: countryCode });
    setStepError(null);
    // A field's error clears as soon as the donor edits that field (spec §5).
    setErrors((current) => {
      if (!current[field]) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const details = { ...value, country_code: countryCode };
    const found = validateDonationDetails(details, countryCode);
    const first = FIELD_ORDER.find((field) => found[field]);
    if (first || found.country_code) {
      // Rendered first, so the focused field already carries aria-invalid and its message when announced.
      flushSync(() => {
        setErrors(found);
        setStepError(DONATION_MESSAGES.stepInvalid);
      });
      if (first) formRef.current?.querySelector<HTMLElement>(`#${CSS.escape(fieldId(first))}`)?.focus();
      return;
    }
    setErrors({});
    onContinue(details);
  }

  const text = (field: DonationDetailsField) => ({
    value: value[field],
    onChange: (event: { target: { value: string } }) => update(field, event.target.value),
  });

  return (
    <form
      ref={formRef}
      className={cn('cs-donation-step', 'cs-details-step', className)}
      noValidate
      onSubmit={handleSubmit}
    >
      <p className="cs-details-step__country">
        Donating from <strong>{getCountry(countryCode)?.name ?? countryCode}</strong>
      </p>
      <FormField label="Full Name" required id={fieldId('full_name')} error={errors.full_name}>
        <Input name="full_name" autoComplete="name" {...text('full_name')} />
      </FormField>
      <div className="cs-donation-step__row">
        <FormField label="Email Address" required id={fieldId('email')} error={errors.email}>
          <Input type="email" name="email" autoComplete="email" inputMode="email" {...text('email')} />
        </FormField>
        <FormField label="Mobile Number" required id={fieldId('mobile')} error={errors.mobile}>
          <Input type="tel" name="mobile" autoComplete="tel" inputMode="tel" {...text('mobile')} />
        </FormField>
      </div>
      <FormField label="Address" required id={fieldId('address')} error={errors.address}>
        <Textarea name="address" rows={3} autoComplete="street-address" {...text('address')} />
      </FormField>
      <div className="cs-donation-step__row">
        {isIndia ? (
          <Select
            label={stateLabel(countryCode)}
            required
            id={fieldId('state')}
            name="state"
            options={STATE_OPTIONS}
            placeholder="Select your state"
            value={value.state}
            onValueChange={(state) => update('state', state)}
            error={errors.state}
          />
        ) : (
          <FormField label={stateLabel(countryCode)} required id={fieldId('state')} error={errors.state}>
            <Input name="state" autoComplete="address-level1" {...text('state')} />
          </FormField>
        )}
        <FormField label="City" required id={fieldId('city')} error={errors.city}>
          <Input name="city" autoComplete="address-level2" {...text('city')} />
        </FormField>
      </div>
      <div className="cs-donation-step__row">
        <FormField label={postalCodeLabel(countryCode)} required id={fieldId('pincode')} error={errors.pincode}>
          <Input name="pincode" autoComplete="postal-code" {...text('pincode')} />
        </FormField>
        {isIndia ? (
          <FormField
            label={
              <>
                PAN Number <span className="cs-donation-step__optional">(optional)</span>
              </>
            }
            hint="For your 80G tax receipt, e.g. ABCDE1234F"
            id={fieldId('pan_number')}
            error={errors.pan_number}
          >
            <Input name="pan_number" autoComplete="off" autoCapitalize="characters" {...text('pan_number')} />
          </FormField>
        ) : null}
      </div>
      {campaignChosen ? (
        <label className="cs-checkbox cs-details-step__supporter">
          <input
            type="checkbox"
            className="cs-checkbox__input"
            name="show_first_name"
            checked={value.show_first_name === true}
            onChange={(event) => onChange({ ...value, show_first_name: event.target.checked, country_code: countryCode })}
          />
          <span className="cs-checkbox__label">Show my first name and amount among this campaign&apos;s supporters</span>
        </label>
      ) : null}
      <StepActions error={stepError} onBack={onBack} continueLabel="Continue" />
    </form>
  );
}
