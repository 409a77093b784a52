/** Impact text for a donation (spec §2 'Your Impact', §9 conversion rates and tiers). */

import { currencyColumn, currencyFacts } from './currencies';

/** Approximate INR per unit of each currency (the currency table's inrRate column). DKK ≈ 12 is our own figure. */
export const INR_RATES: Readonly<Record<string, number>> = currencyColumn('inrRate');

export const IMPACT_TEXTS = {
  healthcareAndEducation3Months: 'Healthcare and education for 3 months',
  healthcareAndEducation2Months: 'Healthcare and education for 2 months',
  healthcare1Month: 'Healthcare for 1 month',
  basicHealthcare2Weeks: 'Basic healthcare for 2 weeks',
  basicCare1Week: 'Basic care for 1 week',
  essentialSupplies: 'Essential supplies and care',
} as const;

/** Tiers by INR equivalent, highest first: the first whose minimum is reached applies. */
export const IMPACT_TIERS: ReadonlyArray<{ minInr: number; text: string }> = [
  { minInr: 10000, text: IMPACT_TEXTS.healthcareAndEducation3Months },
  { minInr: 5000, text: IMPACT_TEXTS.healthcareAndEducation2Months },
  { minInr: 2000, text: IMPACT_TEXTS.healthcare1Month },
  { minInr: 1000, text: IMPACT_TEXTS.basicHealthcare2Weeks },
  { minInr: 500, text: IMPACT_TEXTS.basicCare1Week },
];

/** The amount in approximate INR. Unknown currencies are treated as INR (rate 1); non-finite amounts give 0. */
export function toInr(amount: number, currency: string): number {
  if (!Number.isFinite(amount)) return 0;
  const rate = currencyFacts(currency)?.inrRate ?? 1;
  return amount * rate;
}

/** What a donation provides, by its INR equivalent (e.g. 12 USD = 996 INR → 'Basic care for 1 week'). */
export function impactText(amount: number, currency: string): string {
  const inr = toInr(amount, currency);
  return IMPACT_TIERS.find((tier) => inr >= tier.minInr)?.text ?? IMPACT_TEXTS.essentialSupplies;
}

/** The 'Your Impact' examples on /donate (amounts in INR). */
export const IMPACT_EXAMPLES: ReadonlyArray<{ amount: number; currency: 'INR'; text: string }> = [
  { amount: 50, currency: 'INR', text: 'basic care for 1 day' },
  { amount: 200, currency: 'INR', text: 'basic care for 1 week' },
  { amount: 1000, currency: 'INR', text: 'healthcare for 1 month' },
];
