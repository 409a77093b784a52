import { amountSelectionForCountry, getCountry } from '@charity/domain';
import type { AmountPresets, DonationController, DonationWizardValue } from '@charity/ui';
import { initialAmountChoice, type EmbedParams } from './params';

// What the embed page's first render shows for its query: the wizard's value (the partner's country and first
// amount) and the quick amounts. The same in the browser (main.tsx) and in the server's render (server-render.tsx), so
// the server's markup is the browser's first render and React can hydrate it.

export interface EmbedFirstRender {
  /** The wizard's value before the donor has done anything, or null when the query changes nothing. */
  value: DonationWizardValue | null;
  /** The partner's quick amounts in their currency, or null for the country's own. */
  presetAmounts: AmountPresets | null;
}

export function embedFirstRender(params: EmbedParams, initial: DonationWizardValue): EmbedFirstRender {
  const countryCode = params.countryCode ?? initial.countryCode;
  const currency = getCountry(countryCode)?.currency ?? 'INR';
  const choice = initialAmountChoice(params.amounts) ?? (params.countryCode ? amountSelectionForCountry(countryCode) : null);
  const presetAmounts = params.amounts.length > 0 ? { currency, amounts: params.amounts } : null;
  if (!params.countryCode && !choice) return { value: null, presetAmounts };
  return {
    value: { ...initial, countryCode, ...(choice ?? {}), details: { ...initial.details, country_code: countryCode } },
    presetAmounts,
  };
}

/**
 * Makes `value` the store's initial state as well as its current one, and returns how to undo the former.
 *
 * React reads a store's initial state (useSyncExternalStore's server snapshot: the controller's getInitialState) when
 * it renders on the server and again while it hydrates, and the site's store starts at 1000 INR. For the partner's
 * amounts to be in the server's markup and in the hydrating render alike, both read this value. The browser calls it
 * once (the store is the embed page's alone); the server calls it per render, one at a time, and undoes it after.
 */
export function startWizardAt(store: DonationController, value: DonationWizardValue, { current }: { current: boolean }): () => void {
  const original = store.getInitialState;
  const primed = { ...original(), value };
  if (current) store.getState().setValue(value);
  store.getInitialState = () => primed;
  return () => {
    store.getInitialState = original;
  };
}
