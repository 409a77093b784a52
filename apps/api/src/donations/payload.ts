import {
  buildDonationPayload,
  DONATION_VALIDATION_MESSAGES,
  currencyFacts,
  FIELD_MAX_LENGTHS,
  tooLongMessage,
  toInr,
  toMinorUnits,
  validateDonationPayloadStrict,
} from '@charity/domain';
import type { RecordedDonationData } from '../db/schema.js';
import { cleanText } from '../routes/shared.js';

// The donation_data a browser sends, read the way the server trusts it: text cleaned, every rule of the wizard
// checked again with the domain's validateDonationPayloadStrict, then normalised with the domain's own
// buildDonationPayload, so what is recorded is exactly what the wizard would have built from the same input.

const DONOR_TEXT_FIELDS = ['full_name', 'email', 'mobile', 'pan_number', 'country', 'country_code', 'state', 'city', 'address', 'pincode'] as const;
type DonorTextField = (typeof DONOR_TEXT_FIELDS)[number];

/** Longest values stored: the domain's one table of field lengths (the receipt prints all of them). */
export const DONOR_MAX_LENGTHS: Record<DonorTextField, number> = FIELD_MAX_LENGTHS.donor;

const LABELS: Record<DonorTextField, string> = {
  full_name: 'Full name',
  email: 'Email',
  mobile: 'Mobile number',
  pan_number: 'PAN',
  country: 'Country',
  country_code: 'Country code',
  state: 'State',
  city: 'City',
  address: 'Address',
  pincode: 'Postal code',
};

export const DONATION_DATA_MESSAGES = {
  required: DONATION_VALIDATION_MESSAGES.payloadInvalid,
  tooLong: (field: DonorTextField) => tooLongMessage(LABELS[field], DONOR_MAX_LENGTHS[field]),
} as const;

export type DonationDataResult = { ok: true; data: RecordedDonationData } | { ok: false; errors: Record<string, string> };

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Validates and normalises an untrusted donation_data. Errors are keyed by dotted field ('donor.email',
 * 'amount'), one message per field (the first), in the domain's field order.
 */
export function readDonationData(raw: unknown): DonationDataResult {
  if (!isRecord(raw)) return { ok: false, errors: { donation_data: DONATION_DATA_MESSAGES.required } };

  const errors: Record<string, string> = {};
  let cleaned: Record<string, unknown> = raw;
  if (isRecord(raw.donor)) {
    const donor: Record<string, unknown> = { ...raw.donor };
    for (const field of DONOR_TEXT_FIELDS) {
      const value = donor[field];
      if (typeof value !== 'string') continue;
      // Control characters could break a mail header or a PDF line; they never belong in a name or address.
      donor[field] = cleanText(value, { singleLine: true });
      if ((donor[field] as string).length > DONOR_MAX_LENGTHS[field]) errors[`donor.${field}`] = DONATION_DATA_MESSAGES.tooLong(field);
    }
    cleaned = { ...raw, donor };
  }

  for (const { field, message } of validateDonationPayloadStrict(cleaned)) {
    const key = field === '' ? 'donation_data' : field;
    errors[key] ??= message;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const donor = cleaned.donor as Record<string, unknown>;
  const str = (value: unknown) => (typeof value === 'string' ? value : '');
  const payload = buildDonationPayload({
    details: {
      full_name: str(donor.full_name),
      email: str(donor.email),
      mobile: str(donor.mobile),
      pan_number: str(donor.pan_number),
      country_code: str(donor.country_code),
      state: str(donor.state),
      city: str(donor.city),
      address: str(donor.address),
      pincode: str(donor.pincode),
      show_first_name: donor.show_first_name === true,
    },
    amount: cleaned.amount as number,
    currency: str(cleaned.currency),
    donationType: cleaned.donation_type as RecordedDonationData['donation_type'],
    campaignId: (cleaned.campaign_id as number | null | undefined) ?? null,
  });
  // buildDonationPayload starts every donor as not anonymous (the wizard has no such choice yet); a payload
  // that says otherwise was checked to be a boolean above.
  return { ok: true, data: { ...payload, donor: { ...payload.donor, is_anonymous: donor.is_anonymous === true } } };
}

/** The amount in the currency's minor unit, as the provider charges it. */
export function amountMinorOf(data: Pick<RecordedDonationData, 'amount' | 'currency'>): number {
  return toMinorUnits(data.amount, data.currency);
}

/**
 * The amount in INR at the domain's fixed rates (INR_RATES), to the paisa: what campaign totals (kept in INR)
 * and the statistics add up. A currency without a rate cannot get here: validation accepts only the countries'
 * own currencies, which all have one.
 */
export function amountInrOf(data: Pick<RecordedDonationData, 'amount' | 'currency'>): number {
  if (!currencyFacts(data.currency)) throw new Error(`No INR rate for ${data.currency}`);
  return Math.round(toInr(data.amount, data.currency) * 100) / 100;
}

/** JSON with object keys sorted at every level: two payloads compare equal whatever order their keys came in. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (isRecord(value)) {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
