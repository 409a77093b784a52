import { receiptOrganisation, type ReceiptInput } from './receipt-text.js';

// Receipt inputs for the receipt tests (not used by the app).

type Overrides = {
  receiptNumber?: string;
  issuedAt?: Date;
  donation?: Partial<ReceiptInput['donation']>;
  donor?: Partial<ReceiptInput['donor']>;
  organisation?: Partial<ReceiptInput['organisation']>;
};

/** An Indian donor giving ₹1,000 once to a campaign, with a PAN. */
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
    organisation: { ...receiptOrganisation(), ...overrides.organisation },
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
