/** Donation details, payload and pre-payment checks (spec §3 "Donation payload", §4 wizard, §5). */
import { amountDecimalsMessage, hasAcceptedDecimals, minimumDonationMessage, minimumDonation } from '../amounts';
import {
  DONATION_SOURCE,
  DEFAULT_DONATION_TYPE,
  isDonationType,
  type DonationType,
} from '../constants';
import { getCountry, isIndianState } from '../countries';
import { isRecord, text, toNumber } from '../internal/values';
import { isValidEmail, isValidEmailStrict } from './email';
import { PAN_MESSAGE, isValidPan, normalisePan } from './pan';
import { normalisePhone, validatePhone } from './phone';
import { normalisePostalCode, validatePostalCode } from './postal';

/** The wizard's step-2 form. */
export interface DonationDetails {
  full_name: string;
  email: string;
  mobile: string;
  pan_number: string;
  country_code: string;
  state: string;
  city: string;
  address: string;
  pincode: string;
  /** Ticked "Show my first name…": the donor's first name and amount may appear among a campaign's supporters. */
  show_first_name?: boolean;
}

export type DonationDetailsField = Exclude<keyof DonationDetails, 'show_first_name'>;
export type DonationDetailsErrors = Partial<Record<DonationDetailsField, string>>;

export const EMPTY_DONATION_DETAILS: DonationDetails = {
  full_name: '',
  email: '',
  mobile: '',
  pan_number: '',
  country_code: 'IN',
  state: '',
  city: '',
  address: '',
  pincode: '',
};

export const DONOR_NAME_MIN_LENGTH = 2;
export const ADDRESS_MIN_LENGTH = 10;

export const DONATION_VALIDATION_MESSAGES = {
  fullNameRequired: 'Full name is required',
  fullNameTooShort: 'Name must be at least 2 characters',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  mobileRequired: 'Mobile number is required',
  addressRequired: 'Address is required',
  addressTooShort: 'Address must be at least 10 characters',
  indianStateRequired: 'Please select your state',
  stateRequired: 'State/Province is required',
  cityRequired: 'City is required',
  countryInvalid: 'Please select a valid country',
  amountNotPositive: 'Donation amount must be greater than 0',
  pan: PAN_MESSAGE,
  // Server-side (strict) checks only:
  payloadInvalid: 'Invalid donation payload',
  donorRequired: 'Donor details are required',
  countryMismatch: 'Country does not match country code',
  panIndiaOnly: 'PAN is only accepted for donations from India',
  isAnonymousInvalid: 'is_anonymous must be true or false',
  showFirstNameInvalid: 'show_first_name must be true or false',
  currencyRequired: 'Currency is required',
  donationTypeInvalid: 'Donation type must be one_time or monthly',
  campaignIdInvalid: 'Campaign id must be a positive whole number or null',
  sourceInvalid: "Source must be 'website'",
} as const;

const M = DONATION_VALIDATION_MESSAGES;

/** 'Currency must be INR for India'. */
export function currencyMismatchMessage(currency: string, countryName: string): string {
  return `Currency must be ${currency} for ${countryName}`;
}

interface DonorFields {
  full_name: unknown;
  email: unknown;
  mobile: unknown;
  pan_number: unknown;
  state: unknown;
  city: unknown;
  address: unknown;
  pincode: unknown;
}

type DonorErrors = Partial<Record<keyof DonorFields, string>>;

/** The per-field rules shared by the wizard's step 2 and the server-side check. */
function donorErrors(donor: DonorFields, countryCode: string, strictEmail: boolean): DonorErrors {
  const errors: DonorErrors = {};
  const isIndia = getCountry(countryCode)?.code === 'IN';

  const name = text(donor.full_name);
  if (name === '') errors.full_name = M.fullNameRequired;
  else if (name.length < DONOR_NAME_MIN_LENGTH) errors.full_name = M.fullNameTooShort;

  const email = text(donor.email);
  if (email === '') errors.email = M.emailRequired;
  else if (!(strictEmail ? isValidEmailStrict(email) : isValidEmail(email))) errors.email = M.emailInvalid;

  const mobileError = validatePhone(countryCode, text(donor.mobile));
  if (mobileError) errors.mobile = mobileError;

  const address = text(donor.address);
  if (address === '') errors.address = M.addressRequired;
  else if (address.length < ADDRESS_MIN_LENGTH) errors.address = M.addressTooShort;

  const state = text(donor.state);
  if (isIndia) {
    if (!isIndianState(state)) errors.state = M.indianStateRequired;
  } else if (state === '') {
    errors.state = M.stateRequired;
  }

  if (text(donor.city) === '') errors.city = M.cityRequired;

  const postalError = validatePostalCode(countryCode, text(donor.pincode));
  if (postalError) errors.pincode = postalError;

  return errors;
}

/**
 * Step-2 check. Errors per field; an empty object when valid. `countryCode` defaults to
 * details.country_code. PAN is optional and checked for India only (trimmed, case-insensitive:
 * it is uppercased in the payload).
 */
export function validateDonationDetails(details: DonationDetails, countryCode?: string): DonationDetailsErrors {
  const code = text(countryCode ?? details.country_code).toUpperCase();
  const errors: DonationDetailsErrors = donorErrors(details, code, true);
  if (!getCountry(code)) errors.country_code = M.countryInvalid;
  const pan = normalisePan(details.pan_number);
  if (code === 'IN' && pan !== '' && !isValidPan(pan)) errors.pan_number = M.pan;
  return errors;
}

export interface DonorPayload {
  full_name: string;
  email: string;
  mobile: string;
  pan_number: string | null;
  country: string;
  country_code: string;
  state: string;
  city: string;
  address: string;
  pincode: string;
  is_anonymous: boolean;
  /** Present (true) only when the donor agreed to be named among the campaign's supporters (campaign-page.ts). */
  show_first_name?: true;
}

/** The donation_data sent to the payment and save endpoints. */
export interface DonationPayload {
  donor: DonorPayload;
  amount: number;
  currency: string;
  donation_type: DonationType;
  campaign_id: number | null;
  source: typeof DONATION_SOURCE;
}

export interface BuildDonationPayloadInput {
  details: DonationDetails;
  amount: number | string;
  /** Defaults to the country's currency. */
  currency?: string;
  /** Defaults to details.country_code. */
  countryCode?: string;
  /** Defaults to 'one_time'. */
  donationType?: DonationType;
  /** A selected campaign; anything that is not a positive whole number becomes null. */
  campaignId?: number | string | null;
}

function campaignIdOrNull(value: unknown): number | null {
  const n = toNumber(value);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/**
 * The spec's donation payload: text trimmed, email lowercased, mobile without spaces/dashes/
 * parentheses/dots, PAN uppercased (null when empty or the country is not India), postal code
 * uppercased, country = the country's name, is_anonymous false, source 'website'.
 */
export function buildDonationPayload(input: BuildDonationPayloadInput): DonationPayload {
  const { details } = input;
  const countryCode = text(input.countryCode ?? details.country_code).toUpperCase();
  const country = getCountry(countryCode);
  const pan = normalisePan(details.pan_number);
  return {
    donor: {
      full_name: text(details.full_name),
      email: text(details.email).toLowerCase(),
      mobile: normalisePhone(text(details.mobile)),
      pan_number: countryCode === 'IN' && pan !== '' ? pan : null,
      country: country?.name ?? countryCode,
      country_code: countryCode,
      state: text(details.state),
      city: text(details.city),
      address: text(details.address),
      pincode: normalisePostalCode(details.pincode),
      is_anonymous: false,
      // Only when ticked, so the spec's payload is unchanged for everyone else.
      ...(details.show_first_name === true && campaignIdOrNull(input.campaignId) !== null ? { show_first_name: true as const } : {}),
    },
    amount: toNumber(input.amount),
    currency: text(input.currency ?? country?.currency ?? '').toUpperCase(),
    donation_type: input.donationType ?? DEFAULT_DONATION_TYPE,
    campaign_id: campaignIdOrNull(input.campaignId),
    source: DONATION_SOURCE,
  };
}

/**
 * The client's pre-payment check on a built payload: the first failing message of
 * 'Full name is required', 'Email is required', 'Please enter a valid email address',
 * 'Mobile number is required', 'Donation amount must be greater than 0', 'Address is required';
 * null when all pass.
 */
export function validateDonationPayload(payload: DonationPayload): string | null {
  const donor: Partial<DonorPayload> = isRecord(payload.donor) ? payload.donor : {};
  if (text(donor.full_name) === '') return M.fullNameRequired;
  const email = text(donor.email);
  if (email === '') return M.emailRequired;
  if (!isValidEmail(email)) return M.emailInvalid;
  if (text(donor.mobile) === '') return M.mobileRequired;
  const amount = toNumber(payload.amount);
  if (!Number.isFinite(amount) || amount <= 0) return M.amountNotPositive;
  if (text(donor.address) === '') return M.addressRequired;
  return null;
}

/** The currency an amount's decimals are judged in: the payload's, else the country's (a missing one is refused apart). */
function decimalsCurrency(currency: unknown, countryCurrency: string | undefined): string {
  return typeof currency === 'string' && currency.trim() !== '' ? currency : (countryCurrency ?? 'INR');
}

export interface DonationFieldError {
  /** Dotted path of the failing field, e.g. 'donor.email', 'amount'; '' for the payload itself. */
  field: string;
  message: string;
}

/**
 * Full server-side check of an untrusted donation payload: every donor rule of the wizard
 * (strict email check), known country and matching country name, India-only uppercase PAN,
 * amount > 0 with at most 2 decimals and at least the country minimum, currency equal to the
 * country's currency, donation type, campaign id and source. Returns every failure, in field
 * order; an empty array when the payload is acceptable.
 */
export function validateDonationPayloadStrict(payload: unknown): DonationFieldError[] {
  if (!isRecord(payload)) return [{ field: '', message: M.payloadInvalid }];
  const errors: DonationFieldError[] = [];
  const add = (field: string, message: string): void => {
    errors.push({ field, message });
  };

  const donor = payload.donor;
  const countryCode = isRecord(donor) ? text(donor.country_code).toUpperCase() : '';
  const country = getCountry(countryCode);

  if (!isRecord(donor)) {
    add('donor', M.donorRequired);
  } else {
    const fieldErrors = donorErrors(
      {
        full_name: donor.full_name,
        email: donor.email,
        mobile: donor.mobile,
        pan_number: donor.pan_number,
        state: donor.state,
        city: donor.city,
        address: donor.address,
        pincode: donor.pincode,
      },
      countryCode,
      true,
    );
    const order: (keyof DonorFields)[] = ['full_name', 'email', 'mobile'];
    for (const key of order) {
      const message = fieldErrors[key];
      if (message) add(`donor.${key}`, message);
    }
    if (!country) add('donor.country_code', M.countryInvalid);
    else if (donor.country !== undefined && donor.country !== null && text(donor.country) !== country.name) {
      add('donor.country', M.countryMismatch);
    }
    for (const key of ['state', 'city', 'address', 'pincode'] as const) {
      const message = fieldErrors[key];
      if (message) add(`donor.${key}`, message);
    }
    const pan = donor.pan_number;
    if (pan !== undefined && pan !== null && !(typeof pan === 'string' && pan.trim() === '')) {
      if (countryCode !== 'IN') add('donor.pan_number', M.panIndiaOnly);
      else if (typeof pan !== 'string' || !isValidPan(pan.trim())) add('donor.pan_number', M.pan);
    }
    if (donor.show_first_name !== undefined && typeof donor.show_first_name !== 'boolean') {
      add('donor.show_first_name', M.showFirstNameInvalid);
    }
    if (donor.is_anonymous !== undefined && typeof donor.is_anonymous !== 'boolean') {
      add('donor.is_anonymous', M.isAnonymousInvalid);
    }
  }

  const amount = typeof payload.amount === 'number' ? payload.amount : Number.NaN;
  if (!Number.isFinite(amount) || amount <= 0) add('amount', M.amountNotPositive);
  // One rule with the wizard's step 1 (amounts.ts): the currency's own decimals, said the same way.
  else if (!hasAcceptedDecimals(amount, decimalsCurrency(payload.currency, country?.currency))) {
    add('amount', amountDecimalsMessage(decimalsCurrency(payload.currency, country?.currency)));
  }
  else if (country && amount < minimumDonation(country.code)) add('amount', minimumDonationMessage(country.code));

  const currency = text(payload.currency).toUpperCase();
  if (currency === '') add('currency', M.currencyRequired);
  else if (country && currency !== country.currency) add('currency', currencyMismatchMessage(country.currency, country.name));

  if (!isDonationType(payload.donation_type)) add('donation_type', M.donationTypeInvalid);

  const campaignId = payload.campaign_id;
  if (campaignId !== undefined && campaignId !== null) {
    if (typeof campaignId !== 'number' || !Number.isSafeInteger(campaignId) || campaignId <= 0) {
      add('campaign_id', M.campaignIdInvalid);
    }
  }

  if (payload.source !== DONATION_SOURCE) add('source', M.sourceInvalid);

  return errors;
}
