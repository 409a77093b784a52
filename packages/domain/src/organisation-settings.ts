import { isCalendarDay } from './admin/donations';
import { isValidPan } from './validation/pan';

/**
 * The organisation's legal and tax details (docs/decisions/026-organisation-settings.md): what an 80G receipt, a
 * credit note, an annual statement and Form 10BD need, kept by staff on /admin/settings. Every save is a new
 * version; a receipt freezes the version in force when it was issued, so a later change never rewrites it.
 *
 * Dates are calendar days 'YYYY-MM-DD' (the organisation's calendar), or null when not known.
 */
export interface OrganisationSettings {
  legal_name: string;
  address: {
    line1: string;
    line2: string;
    city: string;
    state: string;
    pincode: string;
    country: string;
  };
  /** The organisation's own PAN (ten characters, e.g. AABTB1234C). */
  pan: string;
  /** As registered with the Registrar, e.g. '602 of 2019'. */
  registration_number: string;
  registration_date: string | null;
  /** Registration under section 12A/12AB: its unique registration number (URN) and the date it was granted. */
  twelve_a_number: string;
  twelve_a_date: string | null;
  /** Approval under section 80G(5): its URN (printed on receipts, reported in Form 10BD) and its validity. */
  eighty_g_number: string;
  /** The date the 80G approval was issued (Form 10BD's 'Date of Issuance of Unique Registration Number'). */
  eighty_g_date: string | null;
  eighty_g_valid_from: string | null;
  eighty_g_valid_until: string | null;
  signatory_name: string;
  signatory_title: string;
  /** Printed at the foot of every receipt, note and statement (e.g. the registered office, a thank-you). */
  receipt_footer: string;
}

export type OrganisationSettingsField =
  | 'legal_name'
  | 'address.line1'
  | 'address.line2'
  | 'address.city'
  | 'address.state'
  | 'address.pincode'
  | 'address.country'
  | 'pan'
  | 'registration_number'
  | 'registration_date'
  | 'twelve_a_number'
  | 'twelve_a_date'
  | 'eighty_g_number'
  | 'eighty_g_date'
  | 'eighty_g_valid_from'
  | 'eighty_g_valid_until'
  | 'signatory_name'
  | 'signatory_title'
  | 'receipt_footer';

export type OrganisationSettingsErrors = Partial<Record<OrganisationSettingsField, string>>;

/** One saved version of the settings. `is_demo`: the seed's made-up values, never to be printed as real. */
export interface OrganisationSettingsVersion {
  version: number;
  settings: OrganisationSettings;
  is_demo: boolean;
  created_at: string;
  created_by: string | null;
}

export const ORGANISATION_SETTINGS_LIMITS = {
  legal_name: 200,
  address_line: 200,
  city: 100,
  state: 100,
  pincode: 20,
  country: 100,
  registration_number: 100,
  /** Form 10BD allows a URN of at most 100 characters. */
  urn: 100,
  signatory_name: 120,
  signatory_title: 120,
  receipt_footer: 500,
} as const;

export const ORGANISATION_SETTINGS_MESSAGES = {
  legalNameRequired: 'Enter the organisation’s legal name',
  addressRequired: 'Enter the registered address',
  cityRequired: 'Enter the city',
  stateRequired: 'Enter the state',
  pincodeInvalid: 'Enter a 6-digit PIN code',
  countryRequired: 'Enter the country',
  panInvalid: 'Enter the organisation’s PAN as 10 characters, e.g. AABTB1234C',
  panIndividual: 'This PAN belongs to an individual (4th letter P): enter the organisation’s own PAN',
  registrationRequired: 'Enter the registration number',
  twelveARequired: 'Enter the 12A registration number',
  eightyGRequired: 'Enter the 80G approval number',
  urnInvalid: 'Use capital letters and digits only, up to 100 characters',
  urnNotPan: 'An approval number begins with the organisation’s PAN',
  dateInvalid: 'Enter a date as YYYY-MM-DD',
  dateInFuture: 'This date cannot be in the future',
  validUntilBeforeFrom: 'The approval must end after it begins',
  validFromRequired: 'Enter the date the 80G approval is valid from',
  signatoryNameRequired: 'Enter the name of the person who signs receipts',
  signatoryTitleRequired: 'Enter the signatory’s title',
  tooLong: (max: number) => `Use at most ${max} characters`,
  saved: 'Organisation details saved. Receipts issued from now on use them.',
  unchanged: 'Nothing has changed.',
  demoWarning: 'These are demonstration values. Replace them with your organisation’s real details before issuing receipts.',
  /** Printed on a receipt or note drawn from the demonstration values, so they are never taken for real ones. */
  demoDocument: 'Demonstration details: not valid for tax purposes',
} as const;

const URN = /^[A-Z0-9]{1,100}$/;
const PINCODE = /^[1-9][0-9]{5}$/;

/** Trims every text and uppercases the PAN and approval numbers: what is stored and compared. */
export function normaliseOrganisationSettings(input: OrganisationSettings): OrganisationSettings {
  const text = (v: string | null | undefined) => (typeof v === 'string' ? v.trim() : '');
  const day = (v: string | null | undefined) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
  const code = (v: string | null | undefined) => text(v).toUpperCase().replace(/\s+/g, '');
  return {
    legal_name: text(input.legal_name),
    address: {
      line1: text(input.address?.line1),
      line2: text(input.address?.line2),
      city: text(input.address?.city),
      state: text(input.address?.state),
      pincode: text(input.address?.pincode),
      country: text(input.address?.country),
    },
    pan: code(input.pan),
    registration_number: text(input.registration_number),
    registration_date: day(input.registration_date),
    twelve_a_number: code(input.twelve_a_number),
    twelve_a_date: day(input.twelve_a_date),
    eighty_g_number: code(input.eighty_g_number),
    eighty_g_date: day(input.eighty_g_date),
    eighty_g_valid_from: day(input.eighty_g_valid_from),
    eighty_g_valid_until: day(input.eighty_g_valid_until),
    signatory_name: text(input.signatory_name),
    signatory_title: text(input.signatory_title),
    receipt_footer: text(input.receipt_footer),
  };
}

/**
 * Every problem with a (normalised) settings form, in the words staff see under each field; empty when it can be
 * saved. `today` ('YYYY-MM-DD', the organisation's) bounds the dates that must have happened already. The API runs
 * the same function on what it receives.
 */
export function validateOrganisationSettings(settings: OrganisationSettings, today: string): OrganisationSettingsErrors {
  const m = ORGANISATION_SETTINGS_MESSAGES;
  const L = ORGANISATION_SETTINGS_LIMITS;
  const errors: OrganisationSettingsErrors = {};
  const required = (field: OrganisationSettingsField, value: string, message: string, max: number) => {
    if (value === '') errors[field] = message;
    else if (Array.from(value).length > max) errors[field] = m.tooLong(max);
  };
  const optional = (field: OrganisationSettingsField, value: string, max: number) => {
    if (Array.from(value).length > max) errors[field] = m.tooLong(max);
  };
  const pastDay = (field: OrganisationSettingsField, value: string | null) => {
    if (value === null) return;
    if (!isCalendarDay(value)) errors[field] = m.dateInvalid;
    else if (value > today) errors[field] = m.dateInFuture;
  };
  const urn = (field: OrganisationSettingsField, value: string, message: string) => {
    if (value === '') errors[field] = message;
    else if (!URN.test(value)) errors[field] = m.urnInvalid;
    else if (isValidPan(settings.pan) && !value.startsWith(settings.pan)) errors[field] = m.urnNotPan;
  };

  required('legal_name', settings.legal_name, m.legalNameRequired, L.legal_name);
  required('address.line1', settings.address.line1, m.addressRequired, L.address_line);
  optional('address.line2', settings.address.line2, L.address_line);
  required('address.city', settings.address.city, m.cityRequired, L.city);
  required('address.state', settings.address.state, m.stateRequired, L.state);
  if (!PINCODE.test(settings.address.pincode)) errors['address.pincode'] = m.pincodeInvalid;
  required('address.country', settings.address.country, m.countryRequired, L.country);

  if (!isValidPan(settings.pan)) errors.pan = m.panInvalid;
  else if (settings.pan[3] === 'P') errors.pan = m.panIndividual;

  required('registration_number', settings.registration_number, m.registrationRequired, L.registration_number);
  pastDay('registration_date', settings.registration_date);
  urn('twelve_a_number', settings.twelve_a_number, m.twelveARequired);
  pastDay('twelve_a_date', settings.twelve_a_date);
  urn('eighty_g_number', settings.eighty_g_number, m.eightyGRequired);
  pastDay('eighty_g_date', settings.eighty_g_date);

  if (settings.eighty_g_valid_from === null) errors.eighty_g_valid_from = m.validFromRequired;
  else if (!isCalendarDay(settings.eighty_g_valid_from)) errors.eighty_g_valid_from = m.dateInvalid;
  if (settings.eighty_g_valid_until !== null) {
    if (!isCalendarDay(settings.eighty_g_valid_until)) errors.eighty_g_valid_until = m.dateInvalid;
    else if (settings.eighty_g_valid_from !== null && isCalendarDay(settings.eighty_g_valid_from) && settings.eighty_g_valid_until <= settings.eighty_g_valid_from) {
      errors.eighty_g_valid_until = m.validUntilBeforeFrom;
    }
  }

  required('signatory_name', settings.signatory_name, m.signatoryNameRequired, L.signatory_name);
  required('signatory_title', settings.signatory_title, m.signatoryTitleRequired, L.signatory_title);
  optional('receipt_footer', settings.receipt_footer, L.receipt_footer);
  return errors;
}

/** Whether the 80G approval covers `day` ('YYYY-MM-DD'): a receipt says 80G only for a gift inside its validity. */
export function eightyGValidOn(settings: Pick<OrganisationSettings, 'eighty_g_valid_from' | 'eighty_g_valid_until'>, day: string): boolean {
  if (settings.eighty_g_valid_from === null || day < settings.eighty_g_valid_from) return false;
  return settings.eighty_g_valid_until === null || day <= settings.eighty_g_valid_until;
}

/** '12 May 2022' for '2022-05-12' (receipts, statements and the settings screen say dates the same way). */
export function formatSettingsDate(day: string | null): string {
  if (day === null || !isCalendarDay(day)) return '';
  const [y, mo, d] = day.split('-').map(Number) as [number, number, number];
  const month = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'][mo - 1];
  return `${d} ${month} ${y}`;
}

/**
 * The seed's values (marked is_demo): plausible, not real. The PAN has a trust's 4th letter (T) and the approval
 * numbers begin with it, as the income-tax portal's URNs do; the registration is the spec's (602 of 2019).
 */
export const DEMO_ORGANISATION_SETTINGS: OrganisationSettings = {
  legal_name: 'Bright Beginnings Foundation',
  address: {
    line1: '42, 2nd Cross, 5th Main Road',
    line2: 'Indiranagar 1st Stage',
    city: 'Bengaluru',
    state: 'Karnataka',
    pincode: '560038',
    country: 'India',
  },
  pan: 'AABTB1234C',
  registration_number: '602 of 2019',
  registration_date: '2019-08-14',
  twelve_a_number: 'AABTB1234CE20214',
  twelve_a_date: '2022-03-28',
  eighty_g_number: 'AABTB1234CF20214',
  eighty_g_date: '2022-03-28',
  eighty_g_valid_from: '2022-04-01',
  eighty_g_valid_until: '2027-03-31',
  signatory_name: 'Anita Rao',
  signatory_title: 'Managing Trustee',
  receipt_footer: 'Bright Beginnings Foundation is a registered charitable trust. Thank you for standing beside children and their families.',
};
