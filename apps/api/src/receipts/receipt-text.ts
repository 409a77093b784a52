import {
  eightyGValidOn,
  FIELD_MAX_LENGTHS,
  formatCurrency,
  formatOrganisationAddress,
  formatSettingsDate,
  isValidPan,
  normalisePan,
  ORGANISATION,
  ORGANISATION_SETTINGS_MESSAGES,
  organisationDate,
  organisationDay,
  toMinorUnits,
  type Organisation,
  type OrganisationSettingsVersion,
} from '@charity/domain';
import { currencyName, rupeesInWords } from './amount-words.js';

// What a donation receipt says, shared by the PDF (pdf.ts) and the mail (receipt-mail.ts) so the two never
// disagree. Pure: no database, no clock, no I/O.

export interface ReceiptInput {
  receiptNumber: string;
  issuedAt: Date;
  donation: {
    id: number;
    amount: number;
    currency: string;
    /** The amount in INR when the donation was in another currency (null when unknown). */
    amountInr: number | null;
    donationType: 'one_time' | 'monthly';
    paymentIntentId: string;
    createdAt: Date;
    campaignTitle: string | null;
  };
  donor: {
    fullName: string;
    email: string;
    mobile: string;
    panNumber: string | null;
    address: string;
    city: string;
    state: string;
    pincode: string;
    country: string;
    countryCode: string;
  };
  organisation: {
    name: string;
    address: string;
    email: string;
    phone: string;
    /** 'Registration No. 602 of 2019' */
    registration: string;
    /** ['12A', '80G'] */
    taxApprovals: string[];
    /** The 80G approval (unique registration) number, printed on Indian donors' receipts when known. */
    eightyGNumber?: string;
    // Frozen from the organisation settings in force at issue (docs/decisions/026-organisation-settings.md). Absent
    // on receipts issued before the settings existed: those are drawn as they always were.
    /** The settings version the receipt froze (0: nothing saved, the demonstration values). */
    settingsVersion?: number;
    /** The settings were the seed's demonstration values: the receipt says it is not valid for tax purposes. */
    isDemo?: boolean;
    legalName?: string;
    /** The organisation's own PAN. */
    pan?: string;
    twelveANumber?: string;
    twelveADate?: string | null;
    eightyGDate?: string | null;
    eightyGValidFrom?: string | null;
    eightyGValidUntil?: string | null;
    signatoryName?: string;
    signatoryTitle?: string;
    footer?: string;
  };
}

/** The organisation block of a receipt from the organisation info (the built-in ORGANISATION by default). */
export function receiptOrganisation(organisation: Organisation = ORGANISATION): ReceiptInput['organisation'] {
  return {
    name: organisation.name,
    address: formatOrganisationAddress(organisation.address),
    email: organisation.email,
    phone: organisation.phones.main,
    registration: organisation.registration,
    taxApprovals: [...organisation.tax_approvals],
  };
}

/**
 * The organisation block of a receipt from the settings version in force (legal name, address, PAN, registration,
 * 12A and 80G approvals, signatory, footer) and the organisation's contact details (kept on the organisation row).
 */
export function receiptOrganisationFromSettings(
  version: OrganisationSettingsVersion,
  contact: { email: string; phone: string } = { email: ORGANISATION.email, phone: ORGANISATION.phones.main },
): ReceiptInput['organisation'] {
  const s = version.settings;
  return {
    name: s.legal_name,
    address: formatOrganisationAddress(s.address),
    email: contact.email,
    phone: contact.phone,
    registration: `Registration No. ${s.registration_number}`,
    taxApprovals: ['12A', '80G'],
    eightyGNumber: s.eighty_g_number,
    settingsVersion: version.version,
    isDemo: version.is_demo,
    legalName: s.legal_name,
    pan: s.pan,
    twelveANumber: s.twelve_a_number,
    twelveADate: s.twelve_a_date,
    eightyGDate: s.eighty_g_date,
    eightyGValidFrom: s.eighty_g_valid_from,
    eightyGValidUntil: s.eighty_g_valid_until,
    signatoryName: s.signatory_name,
    signatoryTitle: s.signatory_title,
    footer: s.receipt_footer,
  };
}

/** The sentence Indian donors' receipts carry (Income-tax Act, 1961, section 80G). */
export const EIGHTY_G_ELIGIBILITY = 'This donation is eligible for deduction under Section 80G of the Income-tax Act, 1961.';

export const GENERAL_DONATION = 'General donation';

// Control characters (C0, DEL, C1), line and paragraph separators, zero-width and bidirectional formatting
// characters. PDFKit would draw some as missing-glyph boxes, break lines on others, or (bidi overrides) let a
// name display reversed; in a mail they could disguise text. They never belong in a name or an address.
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]/g;

/**
 * Text typed by a donor (or staff), made safe for one line of a receipt: unsafe characters become spaces,
 * whitespace runs collapse, and the result is cut to `max` characters (with '…') so that nothing can push the
 * receipt off its page.
 */
export function receiptText(value: string | null | undefined, max = 200): string {
  if (typeof value !== 'string') return '';
  const line = value.replace(UNSAFE_CHARACTERS, ' ').replace(/\s+/g, ' ').trim();
  const characters = Array.from(line); // by code point, so an emoji or accented letter is never cut in half
  return characters.length > max ? `${characters.slice(0, max - 1).join('').trimEnd()}…` : line;
}

/**
 * Limits for each field on a receipt. The donor's fields are the lengths the API accepts (the domain's one table,
 * FIELD_MAX_LENGTHS), so a receipt prints everything that was accepted, wrapped, never cut
 * (docs/decisions/020-one-table-per-fact.md); the rest keep a receipt on one page for any realistic input. Longer
 * text (only possible for rows written before these limits) is cut with '…'.
 */
const DONOR = FIELD_MAX_LENGTHS.donor;
const LIMITS = {
  name: DONOR.full_name,
  email: DONOR.email,
  address: DONOR.address,
  city: DONOR.city,
  state: DONOR.state,
  country: DONOR.country,
  pincode: DONOR.pincode,
  title: 200,
  reference: 100,
  number: 60,
};

/** Everything a receipt shows, already cleaned and formatted. */
export interface ReceiptFacts {
  receiptNumber: string;
  receiptDate: string;
  donationDate: string;
  organisation: {
    name: string;
    address: string;
    email: string;
    phone: string;
    registration: string;
    /** 'Tax approvals: 12A, 80G (Income-tax Act, 1961)' on receipts issued before the settings; else ''. */
    approvals: string;
    /** 'PAN: AABTB1234C', or '' (receipts issued before the settings). */
    pan: string;
    /** '12A registration: AABTB1234CE20214', or ''. */
    twelveA: string;
  };
  donor: { name: string; email: string; addressLines: string[] };
  /** '₹1,000' or '₹1,000.50' (decimals only when the amount has them). */
  amountFigures: string;
  /** 'Rupees One Thousand Only' for INR; null for other currencies. */
  amountWords: string | null;
  /** 'US Dollars (USD)'. */
  currency: string;
  /** '₹4,150' for a donation in another currency whose INR value is known; else null. */
  amountInr: string | null;
  donationType: 'One-time' | 'Monthly';
  purpose: string;
  paymentReference: string;
  /** The Section 80G lines for Indian donors (eligibility, approval number, PAN or the request for it); null otherwise. */
  eightyG: { eligibility: string; approvalNumber: string | null; pan: string | null; panRequest: string | null } | null;
  /** Who signs for the organisation (receipts issued with the settings); null before them. */
  signatory: { name: string; title: string } | null;
  /** The settings' footer text, or ''. */
  footer: string;
  /** The demonstration notice when the receipt froze the seed's made-up details; else null. */
  demoNotice: string | null;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** '2 January 2024': the calendar date in the organisation's time, where it issues its receipts. */
export function formatReceiptDate(date: Date): string {
  const { year, month, day } = organisationDate(date);
  return `${day} ${MONTHS[month - 1]!} ${year}`;
}

/**
 * An amount in figures with its currency symbol, grouped by formatCurrency (Indian grouping for INR). Whole
 * amounts have no decimals, as everywhere on the site; an amount with paise or cents keeps them, because a receipt
 * must state exactly what was paid ('₹1,000.50').
 */
export function formatReceiptAmount(amount: number, currency: string): string {
  const minor = Math.abs(toMinorUnits(amount, currency));
  const whole = Math.floor(minor / 100);
  const fraction = minor % 100;
  const sign = amount < 0 && minor > 0 ? '-' : '';
  return `${sign}${formatCurrency(whole, currency)}${fraction === 0 ? '' : `.${String(fraction).padStart(2, '0')}`}`;
}

function assertValidDate(value: Date, field: string): void {
  if (!(value instanceof Date) || Number.isNaN(value.getTime())) throw new TypeError(`Receipt ${field} must be a valid date`);
}

/**
 * Checks the input and works out every line of the receipt. Throws a TypeError or RangeError naming the problem
 * when the input cannot make a truthful receipt (no receipt number, an invalid date, an amount that is not a
 * positive number).
 */
export function receiptFacts(input: ReceiptInput): ReceiptFacts {
  const { donation, donor } = input;
  const receiptNumber = receiptText(input.receiptNumber, LIMITS.number);
  if (receiptNumber === '') throw new TypeError('Receipt number is required');
  assertValidDate(input.issuedAt, 'issuedAt');
  assertValidDate(donation.createdAt, 'donation.createdAt');
  if (!Number.isFinite(donation.amount) || donation.amount <= 0) {
    throw new RangeError(`Receipt amount must be a positive number, got ${String(donation.amount)}`);
  }
  const currencyCode = receiptText(donation.currency, 3).toUpperCase();
  if (!/^[A-Z]{3}$/.test(currencyCode)) throw new TypeError(`Receipt currency must be an ISO 4217 code, got '${donation.currency}'`);

  // Empty organisation fields fall back to the built-in organisation info: a receipt without the registration
  // number or the approvals is not a valid receipt.
  const defaults = receiptOrganisation();
  const org = input.organisation;
  const pick = (value: string | undefined, fallback: string, max = 200) => receiptText(value, max) || fallback;
  const approvalsList = (org.taxApprovals.length > 0 ? org.taxApprovals : defaults.taxApprovals).map((a) => receiptText(a, 20)).filter(Boolean);
  // Receipts issued with the organisation settings (settingsVersion set) state the PAN, the 12A and 80G numbers
  // themselves; earlier receipts keep their 'Tax approvals' line.
  const fromSettings = typeof org.settingsVersion === 'number';
  const orgPan = receiptText(org.pan, 10);
  const twelveANumber = receiptText(org.twelveANumber, 100);
  const organisation = {
    name: pick(org.legalName ?? org.name, pick(org.name, defaults.name)),
    address: pick(org.address, defaults.address, 300),
    email: pick(org.email, defaults.email),
    phone: pick(org.phone, defaults.phone),
    registration: pick(org.registration, defaults.registration),
    approvals: !fromSettings && approvalsList.length > 0 ? `Tax approvals: ${approvalsList.join(', ')} (Income-tax Act, 1961)` : '',
    pan: fromSettings && orgPan ? `PAN: ${orgPan}` : '',
    twelveA: fromSettings && twelveANumber ? `12A registration: ${twelveANumber}` : '',
  };

  const cityLine = [receiptText(donor.city, LIMITS.city), [receiptText(donor.state, LIMITS.state), receiptText(donor.pincode, LIMITS.pincode)].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  const addressLines = [receiptText(donor.address, LIMITS.address), cityLine, receiptText(donor.country, LIMITS.country)].filter(Boolean);

  const isIndianDonor = receiptText(donor.countryCode, 2).toUpperCase() === 'IN';
  // With the settings, a receipt promises the deduction only for a gift made on a day the 80G approval covers;
  // before them, the organisation's list of approvals decided.
  const has80G = fromSettings
    ? eightyGValidOn({ eighty_g_valid_from: org.eightyGValidFrom ?? null, eighty_g_valid_until: org.eightyGValidUntil ?? null }, organisationDay(donation.createdAt))
    : approvalsList.some((a) => a.toUpperCase() === '80G');
  let eightyG: ReceiptFacts['eightyG'] = null;
  if (isIndianDonor && has80G) {
    // The server validated the PAN already; one that is not a valid PAN here is treated as missing rather than
    // printed on a tax document.
    const pan = normalisePan(donor.panNumber);
    const validPan = isValidPan(pan) ? pan : null;
    const approvalNumber = receiptText(org.eightyGNumber, 100);
    eightyG = {
      eligibility: EIGHTY_G_ELIGIBILITY,
      approvalNumber: approvalNumber === '' ? null : fromSettings ? eightyGApprovalLine(approvalNumber, org) : `80G approval number: ${approvalNumber}`,
      pan: validPan ? `PAN: ${validPan}` : null,
      panRequest: validPan
        ? null
        : `PAN not provided. The deduction under Section 80G needs the donor's PAN: please send it to ${organisation.email}, quoting receipt number ${receiptNumber}.`,
    };
  }

  const amountInr =
    currencyCode !== 'INR' && donation.amountInr !== null && Number.isFinite(donation.amountInr) && donation.amountInr > 0
      ? formatReceiptAmount(donation.amountInr, 'INR')
      : null;

  return {
    receiptNumber,
    receiptDate: formatReceiptDate(input.issuedAt),
    donationDate: formatReceiptDate(donation.createdAt),
    organisation,
    donor: { name: receiptText(donor.fullName, LIMITS.name), email: receiptText(donor.email, LIMITS.email), addressLines },
    amountFigures: formatReceiptAmount(donation.amount, currencyCode),
    amountWords: currencyCode === 'INR' ? rupeesInWords(donation.amount) : null,
    currency: `${currencyName(currencyCode)} (${currencyCode})`,
    amountInr,
    donationType: donation.donationType === 'monthly' ? 'Monthly' : 'One-time',
    purpose: receiptText(donation.campaignTitle, LIMITS.title) || GENERAL_DONATION,
    paymentReference: receiptText(donation.paymentIntentId, LIMITS.reference),
    eightyG,
    signatory: fromSettings && receiptText(org.signatoryName) ? { name: receiptText(org.signatoryName, 120), title: receiptText(org.signatoryTitle, 120) } : null,
    footer: fromSettings ? receiptText(org.footer, 500) : '',
    demoNotice: fromSettings && org.isDemo === true ? ORGANISATION_SETTINGS_MESSAGES.demoDocument : null,
  };
}

/** '80G approval (URN): AABTB1234CF20214 dated 28 March 2022, valid from 1 April 2022 to 31 March 2027'. */
function eightyGApprovalLine(urn: string, org: ReceiptInput['organisation']): string {
  const issued = formatSettingsDate(org.eightyGDate ?? null);
  const from = formatSettingsDate(org.eightyGValidFrom ?? null);
  const until = formatSettingsDate(org.eightyGValidUntil ?? null);
  const validity = from && until ? `, valid from ${from} to ${until}` : from ? `, valid from ${from}` : '';
  return `80G approval (URN): ${urn}${issued ? ` dated ${issued}` : ''}${validity}`;
}
