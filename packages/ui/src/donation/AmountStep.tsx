import { useId, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import {
  CUSTOM_AMOUNT_STEP,
  DONATION_FORM_COUNTRIES,
  DONATION_MESSAGES,
  DONATION_TYPES,
  DONATION_TYPE_LABELS,
  amountSelectionForCountry,
  currencyMinorUnits,
  customAmountMin,
  formatCurrency,
  getCountry,
  impactText,
  quickAmounts,
  validateAmount,
  type DonationType,
} from '@charity/domain';
import { FormField, Input } from '../components/FormField';
import { Select } from '../components/Select';
import { cn } from '../lib/cn';
import { DONATING_TO } from './campaign-text';
import { StepActions } from './step-parts';
import { chosenAmount, currencyOf, type AmountStepValue } from './wizard-value';

export interface AmountStepProps {
  value: AmountStepValue;
  /** Every change. A country change already carries the new country's second quick amount and no custom amount. */
  onChange: (value: AmountStepValue) => void;
  /**
   * Continue, called only when the amount passes the server's own rule (validateAmount): at least the country
   * minimum, no more decimals than the currency has, at most the largest donation accepted online in it.
   */
  onContinue: (value: AmountStepValue) => void;
  /**
   * A partner's own quick amounts (the donate widget's data-amounts), offered while the donor's currency is theirs;
   * another country's currency falls back to its usual amounts. Values below the minimum are the caller's to drop.
   */
  presetAmounts?: AmountPresets | null;
  /**
   * The operator's lower cap on any donation (the API's PAYMENT_MAX_AMOUNT, sent by GET payments/config as max_amount),
   * in whole units of the chosen currency: the largest accepted is largestAcceptedAmount(currency, amountCeiling), as
   * create-intent decides. None: the currency table's figure.
   */
  amountCeiling?: number;
  /**
   * The campaign the gift goes to, named at the top of the step ('Donating to: {title}', the /donate banner's words):
   * for pages that show no banner of their own, like the partner widget's frame. /donate names it in its banner.
   */
  campaignTitle?: string | null;
  className?: string;
}

export interface AmountPresets {
  currency: string;
  amounts: readonly number[];
}

const COUNTRY_OPTIONS = DONATION_FORM_COUNTRIES.map((c) => ({ value: c.code, label: `${c.name} (${c.currency})` }));

/**
 * Step 1 (spec §4, §5 "Amount", §9): country, a quick amount or a custom one, one-time or monthly, and what the
 * amount provides. Continue checks the amount as the server will (validateAmount, in the chosen country's currency):
 * the minimum ('Minimum donation amount is ₹50'), the decimals the currency accepts (said, never rounded) and the
 * largest donation accepted online, so a gift the server would refuse stops here, before any card is typed. The
 * message also appears when such a custom amount is left, and clears as soon as the amount changes.
 */
export function AmountStep({ value, onChange, onContinue, presetAmounts = null, amountCeiling, campaignTitle = null, className }: AmountStepProps) {
  const id = useId();
  const customRef = useRef<HTMLInputElement>(null);
  const firstAmountRef = useRef<HTMLInputElement>(null);
  const [amountError, setAmountError] = useState<string | null>(null);
  const [stepError, setStepError] = useState<string | null>(null);

  const country = getCountry(value.countryCode);
  const currency = currencyOf(value.countryCode);
  const symbol = country?.currency_symbol ?? '';
  const amounts =
    presetAmounts && presetAmounts.amounts.length > 0 && presetAmounts.currency === currency ? presetAmounts.amounts : quickAmounts(currency);
  const amount = chosenAmount(value);
  const usingCustom = value.customAmount.trim() !== '';
  const check = amountCeiling === undefined ? {} : { ceiling: amountCeiling };

  function change(next: AmountStepValue) {
    setAmountError(null);
    setStepError(null);
    onChange(next);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = validateAmount(amount, value.countryCode, check);
    if (problem) {
      flushSync(() => {
        setAmountError(problem);
        setStepError(DONATION_MESSAGES.stepInvalid);
      });
      (usingCustom ? customRef.current : firstAmountRef.current)?.focus();
      return;
    }
    onContinue(value);
  }

  return (
    <form className={cn('cs-donation-step', 'cs-amount-step', className)} noValidate onSubmit={handleSubmit}>
      {campaignTitle ? (
        <p className="cs-selected-campaign cs-selected-campaign__text cs-amount-step__campaign">
          {DONATING_TO} <strong className="cs-selected-campaign__title">{campaignTitle}</strong>
        </p>
      ) : null}
      <Select
        label="Country"
        id={`${id}-country`}
        options={COUNTRY_OPTIONS}
        value={value.countryCode}
        onValueChange={(code) => {
          if (code === value.countryCode) return;
          change({ ...value, countryCode: code, ...amountSelectionForCountry(code) });
        }}
      />

      <fieldset className="cs-donation-fieldset">
        <legend className="cs-donation-fieldset__legend">Select amount</legend>
        <div className="cs-amount-step__options">
          {amounts.map((option, index) => (
            <label key={option} className="cs-choice cs-choice--amount">
              <input
                ref={index === 0 ? firstAmountRef : undefined}
                type="radio"
                className="cs-choice__input"
                name={`${id}-amount`}
                value={option}
                checked={!usingCustom && value.selectedAmount === option}
                onChange={() => change({ ...value, selectedAmount: option, customAmount: '' })}
              />
              <span className="cs-choice__box">{formatCurrency(option, currency)}</span>
            </label>
          ))}
        </div>
      </fieldset>

      <FormField label={`Custom amount (${symbol || currency})`} id={`${id}-custom`} error={amountError}>
        <Input
          ref={customRef}
          type="number"
          // Phones offer a decimal point only where the currency has decimals to type.
          inputMode={currencyMinorUnits(currency) > 0 ? 'decimal' : 'numeric'}
          name="customAmount"
          min={customAmountMin(value.countryCode)}
          step={CUSTOM_AMOUNT_STEP}
          value={value.customAmount}
          onChange={(event) => change({ ...value, customAmount: event.target.value })}
          onBlur={() => {
            if (usingCustom) setAmountError(validateAmount(value.customAmount, value.countryCode, check));
          }}
        />
      </FormField>

      <fieldset className="cs-donation-fieldset">
        <legend className="cs-donation-fieldset__legend">Donation frequency</legend>
        <div className="cs-amount-step__options">
          {DONATION_TYPES.map((type: DonationType) => (
            <label key={type} className="cs-choice">
              <input
                type="radio"
                className="cs-choice__input"
                name={`${id}-type`}
                value={type}
                checked={value.donationType === type}
                onChange={() => change({ ...value, donationType: type })}
              />
              <span className="cs-choice__box">{DONATION_TYPE_LABELS[type]}</span>
            </label>
          ))}
        </div>
      </fieldset>

      {Number.isFinite(amount) && amount > 0 ? (
        <p className="cs-amount-step__impact">
          <span className="cs-amount-step__impact-label">Your impact:</span> {impactText(amount, currency)}
        </p>
      ) : null}

      <StepActions error={stepError} continueLabel="Continue" />
    </form>
  );
}
