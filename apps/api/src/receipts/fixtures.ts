import { DEMO_ORGANISATION_SETTINGS, type OrganisationSettingsVersion } from '@charity/domain';
import { receiptOrganisation, receiptOrganisationFromSettings, type ReceiptInput } from './receipt-text.js';

// Receipt inputs for the receipt tests (not used by the app).

/** Settings staff saved (version 3, not the demo): the demo's values, approved 1 April 2022 to 31 March 2027. */
export const SAVED_SETTINGS: OrganisationSettingsVersion = {
  version: 3,
  settings: DEMO_ORGANISATION_SETTINGS,
  is_demo: false,
  created_at: '2025-01-10T05:00:00.000Z',
  created_by: 'admin',
};

/** The organisation block of a receipt issued before the organisation settings existed (no settingsVersion). */
export function legacyOrganisation(overrides: Partial<ReceiptInput['organisation']> = {}): ReceiptInput['organisation'] {
  return { ...receiptOrganisation(), ...overrides };
}

type Overrides = {
  receiptNumber?: string;
  issuedAt?: Date;
  donation?: Partial<ReceiptInput['donation']>;
  donor?: Partial<ReceiptInput['donor']>;
  organisation?: Partial<ReceiptInput['organisation']>;
  /** A receipt frozen before the organisation settings existed (its organisation block from legacyOrganisation). */
  legacy?: boolean;
};

/** An Indian donor giving ₹1,000 once to a campaign, with a PAN; the organisation as SAVED_SETTINGS says. */
export function indianReceipt(overrides: Overrides = {}): ReceiptInput {
  return {
    receiptNumber: overrides.receiptNumber ?? 'BBF-2025-000042',
    issuedAt: overrides.issuedAt ?? new Date('2025-03-14T09:15:00Z'),
    donation: {
      id: 42,
      amount: 1000,
      currency: 'INR',
      amountInr: 1000,
      donationType: 'one_time',
      paymentIntentId: 'pi_3QxTestIntent0042',
      createdAt: new Date('2025-03-14T09:14:30Z'),
      campaignTitle: 'Winter Warmth for 500 Children',
      ...overrides.donation,
    },
    donor: {
      fullName: 'Asha Rao',
      email: 'asha.rao@example.in',
      mobile: '+919845012345',
      panNumber: 'ABCDE1234F',
      address: '12, 3rd Main Road, Jayanagar 4th Block',
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560011',
      country: 'India',
      countryCode: 'IN',
      ...overrides.donor,
    },
    organisation: overrides.legacy
      ? legacyOrganisation(overrides.organisation)
      : { ...receiptOrganisationFromSettings(SAVED_SETTINGS), ...overrides.organisation },
  };
}

/** A donor from the United States giving $50 a month, no campaign. */
export function usReceipt(overrides: Overrides = {}): ReceiptInput {
  return indianReceipt({
    ...overrides,
    donation: { amount: 50, currency: 'USD', amountInr: 4150, donationType: 'monthly', campaignTitle: null, ...overrides.donation },
    donor: {
      fullName: 'John Smith',
      email: 'john.smith@example.com',
      mobile: '+12025550123',
      panNumber: null,
      address: '1600 Pennsylvania Avenue NW',
      city: 'Washington',
      state: 'DC',
      pincode: '20500',
      country: 'United States',
      countryCode: 'US',
      ...overrides.donor,
    },
  });
}
