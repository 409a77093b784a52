import { DEFAULT_COUNTRY_CODE, DONATION_FORM_COUNTRIES, validateAmount } from '@charity/domain';
import { readThemeColour } from './theme';

// The embed page's query (set by widget.js from the partner's data attributes), read defensively: a partner's typo
// must never produce an error page, so every bad value is simply ignored and the wizard's default is used.

export interface EmbedParams {
  campaignId: number | null;
  /** The country whose currency the query asked for (the wizard picks currency by country). */
  countryCode: string | null;
  /** Amounts the query suggested that meet the country's minimum, in the order given (at most six). */
  amounts: number[];
  /** '#rgb' or '#rrggbb' only: it goes into a CSS custom property. */
  theme: string | null;
  locale: string | null;
}

const MAX_AMOUNTS = 6;

/** The first country of the form with this currency (India for INR: the charity's home comes first). */
export function countryForCurrency(raw: string | null): string | null {
  const currency = raw?.trim().toUpperCase() ?? '';
  if (!/^[A-Z]{3}$/.test(currency)) return null;
  const home = DONATION_FORM_COUNTRIES.find((c) => c.code === DEFAULT_COUNTRY_CODE);
  if (home?.currency === currency) return home.code;
  return DONATION_FORM_COUNTRIES.find((c) => c.currency === currency)?.code ?? null;
}

export function readTheme(raw: string | null): string | null {
  return readThemeColour(raw);
}

export function readLocale(raw: string | null): string | null {
  const value = raw?.trim() ?? '';
  if (value === '' || value.length > 35) return null;
  try {
    return Intl.getCanonicalLocales(value)[0] ?? null;
  } catch {
    return null;
  }
}

export function readAmounts(raw: string | null, countryCode: string): number[] {
  const amounts: number[] = [];
  for (const part of (raw ?? '').split(',')) {
    const text = part.trim();
    if (!/^\d{1,7}(?:\.\d{1,2})?$/.test(text)) continue;
    const amount = Number(text);
    if (validateAmount(amount, countryCode) !== null || amounts.includes(amount)) continue;
    amounts.push(amount);
    if (amounts.length === MAX_AMOUNTS) break;
  }
  return amounts;
}

export function readEmbedParams(search: string): EmbedParams {
  const query = new URLSearchParams(search);
  const campaignText = query.get('campaign')?.trim() ?? '';
  const campaignId = /^[1-9]\d{0,8}$/.test(campaignText) ? Number(campaignText) : null;
  const countryCode = countryForCurrency(query.get('currency'));
  return {
    campaignId,
    countryCode,
    amounts: readAmounts(query.get('amounts'), countryCode ?? DEFAULT_COUNTRY_CODE),
    theme: readTheme(query.get('theme')),
    locale: readLocale(query.get('locale')),
  };
}

/**
 * The wizard's first amount from the partner's suggestions: the first one, selected. The partner's amounts are the
 * quick-amount buttons of step 1 (DonationWizard presetAmounts), so it is always one of them.
 */
export function initialAmountChoice(amounts: number[]): { selectedAmount: number; customAmount: string } | null {
  const first = amounts[0];
  if (first === undefined) return null;
  return { selectedAmount: first, customAmount: '' };
}

/**
 * The query as far as it changes the page's first render, as one text: two addresses with the same key draw the same
 * markup (the order of the query's fields, an unknown field, a bad value ignored, the partner all change nothing). The
 * API keeps its server renders by it and marks the markup with it (data-embed-params); the page hydrates only markup
 * whose key is its own (hydration.ts). Only letters, digits and `#.,-=;` can be in it: safe in an attribute.
 */
export function embedParamsKey(params: EmbedParams): string {
  return [
    `campaign=${params.campaignId ?? ''}`,
    `country=${params.countryCode ?? ''}`,
    `amounts=${params.amounts.join(',')}`,
    `theme=${params.theme ?? ''}`,
    `locale=${params.locale ?? ''}`,
  ].join(';');
}
