/**
 * Supported donor countries (spec §3 "Country config", §9).
 *
 * `phone_validation` is matched against the number after spaces, dashes, parentheses and dots
 * have been removed (see validation/phone.ts); `postal_validation` against the trimmed value.
 */
import { CURRENCIES, type CurrencyCode } from './currencies';

export interface CountryConfig {
  /** ISO 3166-1 alpha-2 code, plus the pseudo-code EU for the euro area as a whole. */
  code: string;
  name: string;
  /** ISO 4217 currency code, a row of the currency table (currencies.ts). */
  currency: string;
  /** The table's symbol for `currency`, on the config for the screens that show it beside an amount. */
  currency_symbol: string;
  /** Whether donors from this country get a tax benefit (only India: section 80G). */
  tax_benefit: boolean;
  /** The tax section label, e.g. '80G' for India; null elsewhere. */
  tax_section: string | null;
  min_donation: number;
  /** The address fields asked for, in display order (keys of DonationDetails). */
  address_format: string[];
  phone_validation: RegExp;
  postal_validation: RegExp;
  /** Flag emoji for the 'International Donations Welcome' grid; null means "show a globe". */
  flag: string | null;
}

export const DEFAULT_COUNTRY_CODE = 'IN';

/** Minimum donation used when no country config is found (spec §9). */
export const FALLBACK_MIN_DONATION = 10;

/** Shown in place of a flag for countries without one (spec §2: "otherwise a globe"). */
export const GLOBE_ICON = '🌐';

const ADDRESS_FORMAT = ['address', 'city', 'state', 'pincode'];
/** 8 to 15 digits with an optional leading +: the rule for every country without its own. */
export const GENERIC_PHONE_PATTERN = /^\+?\d{8,15}$/;
/** At least 3 characters: the postal rule for every country without its own. */
export const GENERIC_POSTAL_PATTERN = /^.{3,}$/u;

/** A country's currency and its symbol, both from the currency table (currencies.ts). */
function currencyOf(code: CurrencyCode): Pick<CountryConfig, 'currency' | 'currency_symbol'> {
  return { currency: code, currency_symbol: CURRENCIES[code].symbol };
}

export const COUNTRIES: CountryConfig[] = [
  {
    code: 'IN',
    name: 'India',
    ...currencyOf('INR'),
    tax_benefit: true,
    tax_section: '80G',
    min_donation: 50,
    address_format: [...ADDRESS_FORMAT],
    // 10 digits starting 6-9, optionally preceded by +91, 91 or a trunk 0.
    phone_validation: /^(?:\+?91|0)?[6-9]\d{9}$/,
    postal_validation: /^[1-9]\d{5}$/,
    flag: '🇮🇳',
  },
  {
    code: 'US',
    name: 'United States',
    ...currencyOf('USD'),
    tax_benefit: false,
    tax_section: null,
    min_donation: 1,
    address_format: [...ADDRESS_FORMAT],
    phone_validation: /^(?:\+?1)?\d{10}$/,
    postal_validation: /^\d{5}(?:-\d{4})?$/,
    flag: '🇺🇸',
  },
  {
    code: 'EU',
    name: 'European Union',
    ...currencyOf('EUR'),
    tax_benefit: false,
    tax_section: null,
    min_donation: 1,
    address_format: [...ADDRESS_FORMAT],
    phone_validation: GENERIC_PHONE_PATTERN,
    postal_validation: /^[A-Z0-9](?:[A-Z0-9 -]{1,8})[A-Z0-9]$/i,
    flag: '🇪🇺',
  },
  {
    code: 'CA',
    name: 'Canada',
    ...currencyOf('CAD'),
    tax_benefit: false,
    tax_section: null,
    min_donation: 1,
    address_format: [...ADDRESS_FORMAT],
    phone_validation: /^(?:\+?1)?\d{10}$/,
    // Canada Post letters: no D, F, I, O, Q, U anywhere; no W or Z in first position.
    postal_validation: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/i,
    flag: '🇨🇦',
  },
  {
    code: 'AU',
    name: 'Australia',
    ...currencyOf('AUD'),
    tax_benefit: false,
    tax_section: null,
    min_donation: 1,
    address_format: [...ADDRESS_FORMAT],
    phone_validation: /^(?:\+61|0)[2-9]\d{8}$/,
    postal_validation: /^\d{4}$/,
    flag: '🇦🇺',
  },
  {
    code: 'SG',
    name: 'Singapore',
    ...currencyOf('SGD'),
    tax_benefit: false,
    tax_section: null,
    min_donation: 1,
    address_format: [...ADDRESS_FORMAT],
    phone_validation: /^(?:\+65)?[689]\d{7}$/,
    postal_validation: /^\d{6}$/,
    flag: '🇸🇬',
  },
  {
    code: 'MY',
    name: 'Malaysia',
    ...currencyOf('MYR'),
    tax_benefit: false,
    tax_section: null,
    min_donation: 1,
    address_format: [...ADDRESS_FORMAT],
    phone_validation: /^(?:\+60|0)\d{8,9}$/,
    postal_validation: /^\d{5}$/,
    flag: '🇲🇾',
  },
  {
    code: 'GB',
    name: 'United Kingdom',
    ...currencyOf('GBP'),
    tax_benefit: false,
    tax_section: null,
    min_donation: 1,
    address_format: [...ADDRESS_FORMAT],
    phone_validation: /^(?:\+44|0)\d{9,10}$/,
    // The usual UK postcode pattern (outward code, optional space, inward code), plus GIR 0AA.
    postal_validation: /^(?:[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}|GIR ?0AA)$/i,
    flag: null,
  },
  {
    code: 'DE',
    name: 'Germany',
    ...currencyOf('EUR'),
    tax_benefit: false,
    tax_section: null,
    min_donation: 1,
    address_format: [...ADDRESS_FORMAT],
    phone_validation: GENERIC_PHONE_PATTERN,
    postal_validation: /^\d{5}$/,
    flag: null,
  },
  {
    code: 'DK',
    name: 'Denmark',
    ...currencyOf('DKK'),
    tax_benefit: false,
    tax_section: null,
    min_donation: 1,
    address_format: [...ADDRESS_FORMAT],
    phone_validation: GENERIC_PHONE_PATTERN,
    postal_validation: /^\d{4}$/,
    flag: null,
  },
];

/** Every country offered in the donation form's country select (all ten, India first). */
export const DONATION_FORM_COUNTRIES: CountryConfig[] = COUNTRIES;

const GRID_CODES = ['IN', 'US', 'EU', 'CA', 'AU', 'SG', 'MY'];

/** The seven countries of the 'International Donations Welcome' grid, in display order. */
export const INTERNATIONAL_GRID_COUNTRIES: CountryConfig[] = COUNTRIES.filter((c) => GRID_CODES.includes(c.code));

/** The config for a country code (case-insensitive, surrounding spaces ignored); undefined if unknown. */
export function getCountry(code: string | null | undefined): CountryConfig | undefined {
  if (typeof code !== 'string') return undefined;
  const wanted = code.trim().toUpperCase();
  return COUNTRIES.find((c) => c.code === wanted);
}

/** True when the code names one of the supported countries. */
export function isSupportedCountry(code: string | null | undefined): boolean {
  return getCountry(code) !== undefined;
}

/** The flag to show for a country: its emoji, else the globe. */
export function countryFlag(code: string | null | undefined): string {
  return getCountry(code)?.flag ?? GLOBE_ICON;
}

/** The 28 states and 8 union territories of India (official short names), sorted alphabetically. */
export const INDIAN_STATES: readonly string[] = [
  'Andaman and Nicobar Islands',
  'Andhra Pradesh',
  'Arunachal Pradesh',
  'Assam',
  'Bihar',
  'Chandigarh',
  'Chhattisgarh',
  'Dadra and Nagar Haveli and Daman and Diu',
  'Delhi',
  'Goa',
  'Gujarat',
  'Haryana',
  'Himachal Pradesh',
  'Jammu and Kashmir',
  'Jharkhand',
  'Karnataka',
  'Kerala',
  'Ladakh',
  'Lakshadweep',
  'Madhya Pradesh',
  'Maharashtra',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Odisha',
  'Puducherry',
  'Punjab',
  'Rajasthan',
  'Sikkim',
  'Tamil Nadu',
  'Telangana',
  'Tripura',
  'Uttar Pradesh',
  'Uttarakhand',
  'West Bengal',
];

/** Exact (trimmed) match against INDIAN_STATES. */
export function isIndianState(value: string | null | undefined): boolean {
  return typeof value === 'string' && INDIAN_STATES.includes(value.trim());
}

/** Label of the postal-code field for a country: 'PIN Code' (IN), 'ZIP Code' (US), 'Postcode' (GB, AU), else 'Postal Code'. */
export function postalCodeLabel(countryCode: string | null | undefined): string {
  switch (getCountry(countryCode)?.code) {
    case 'IN':
      return 'PIN Code';
    case 'US':
      return 'ZIP Code';
    case 'GB':
    case 'AU':
      return 'Postcode';
    default:
      return 'Postal Code';
  }
}

/** Label of the state field: 'State' for IN, US and AU, 'Province' for CA, else 'State/Province'. */
export function stateLabel(countryCode: string | null | undefined): string {
  switch (getCountry(countryCode)?.code) {
    case 'IN':
    case 'US':
    case 'AU':
      return 'State';
    case 'CA':
      return 'Province';
    default:
      return 'State/Province';
  }
}
