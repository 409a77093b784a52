import { describe, expect, it } from 'vitest';
import {
  COUNTRIES,
  DEFAULT_COUNTRY_CODE,
  DONATION_FORM_COUNTRIES,
  FALLBACK_MIN_DONATION,
  GLOBE_ICON,
  INDIAN_STATES,
  INTERNATIONAL_GRID_COUNTRIES,
  countryFlag,
  getCountry,
  isIndianState,
  isSupportedCountry,
  postalCodeLabel,
  stateLabel,
} from './countries';

describe('COUNTRIES', () => {
  it('lists India first (the default), then the grid countries, then GB, DE, DK', () => {
    expect(COUNTRIES.map((c) => c.code)).toEqual(['IN', 'US', 'EU', 'CA', 'AU', 'SG', 'MY', 'GB', 'DE', 'DK']);
    expect(DEFAULT_COUNTRY_CODE).toBe('IN');
    expect(COUNTRIES[0]?.code).toBe(DEFAULT_COUNTRY_CODE);
  });

  it('offers all ten in the donation form and seven in the international grid', () => {
    expect(DONATION_FORM_COUNTRIES).toHaveLength(10);
    expect(INTERNATIONAL_GRID_COUNTRIES.map((c) => c.code)).toEqual(['IN', 'US', 'EU', 'CA', 'AU', 'SG', 'MY']);
  });

  it.each([
    ['IN', 'India', 'INR', '₹', 50, true, '80G', '🇮🇳'],
    ['US', 'United States', 'USD', '$', 1, false, null, '🇺🇸'],
    ['EU', 'European Union', 'EUR', '€', 1, false, null, '🇪🇺'],
    ['CA', 'Canada', 'CAD', 'C$', 1, false, null, '🇨🇦'],
    ['AU', 'Australia', 'AUD', 'A$', 1, false, null, '🇦🇺'],
    ['SG', 'Singapore', 'SGD', 'S$', 1, false, null, '🇸🇬'],
    ['MY', 'Malaysia', 'MYR', 'RM', 1, false, null, '🇲🇾'],
    ['GB', 'United Kingdom', 'GBP', '£', 1, false, null, null],
    ['DE', 'Germany', 'EUR', '€', 1, false, null, null],
    ['DK', 'Denmark', 'DKK', 'kr', 1, false, null, null],
  ])('%s', (code, name, currency, symbol, min, tax, section, flag) => {
    const c = getCountry(code);
    expect(c).toMatchObject({ code, name, currency, currency_symbol: symbol, min_donation: min, tax_benefit: tax, tax_section: section, flag });
    expect(c?.address_format).toEqual(['address', 'city', 'state', 'pincode']);
    expect(c?.phone_validation).toBeInstanceOf(RegExp);
    expect(c?.postal_validation).toBeInstanceOf(RegExp);
  });

  it('looks codes up case-insensitively and returns undefined for unknown ones', () => {
    expect(getCountry(' in ')?.name).toBe('India');
    expect(getCountry('XX')).toBeUndefined();
    expect(getCountry('')).toBeUndefined();
    expect(getCountry(null)).toBeUndefined();
    expect(getCountry(undefined)).toBeUndefined();
    expect(isSupportedCountry('dk')).toBe(true);
    expect(isSupportedCountry('FR')).toBe(false);
  });

  it('uses the globe for countries without a flag', () => {
    expect(countryFlag('IN')).toBe('🇮🇳');
    expect(countryFlag('GB')).toBe(GLOBE_ICON);
    expect(countryFlag('XX')).toBe(GLOBE_ICON);
  });

  it('falls back to a minimum of 10', () => {
    expect(FALLBACK_MIN_DONATION).toBe(10);
  });

  it.each([
    ['IN', 'PIN Code', 'State'],
    ['US', 'ZIP Code', 'State'],
    ['GB', 'Postcode', 'State/Province'],
    ['AU', 'Postcode', 'State'],
    ['CA', 'Postal Code', 'Province'],
    ['DE', 'Postal Code', 'State/Province'],
    ['XX', 'Postal Code', 'State/Province'],
  ])('%s labels: %s, %s', (code, postal, state) => {
    expect(postalCodeLabel(code)).toBe(postal);
    expect(stateLabel(code)).toBe(state);
  });
});

describe('INDIAN_STATES', () => {
  it('has the 36 states and union territories, unique and sorted', () => {
    expect(INDIAN_STATES).toHaveLength(36);
    expect(new Set(INDIAN_STATES).size).toBe(36);
    expect([...INDIAN_STATES].sort((a, b) => a.localeCompare(b, 'en'))).toEqual(INDIAN_STATES);
  });

  it.each(['Telangana', 'Ladakh', 'Dadra and Nagar Haveli and Daman and Diu', 'Puducherry', 'Odisha', 'Uttarakhand', 'Delhi', 'Jammu and Kashmir'])(
    'includes %s',
    (name) => {
      expect(isIndianState(name)).toBe(true);
    },
  );

  it.each(['Orissa', 'Pondicherry', 'Uttaranchal', 'Daman and Diu', 'Dadra and Nagar Haveli', 'karnataka', '', 'Bavaria'])('does not include %j', (name) => {
    expect(isIndianState(name)).toBe(false);
  });

  it('accepts surrounding spaces', () => {
    expect(isIndianState('  Kerala ')).toBe(true);
    expect(isIndianState(null)).toBe(false);
  });
});
