import { describe, expect, it } from 'vitest';
import {
  buildDonationPayload,
  validateDonationDetails,
  validateDonationPayload,
  validateDonationPayloadStrict,
  type DonationDetails,
  type DonationPayload,
} from './donation';

const india: DonationDetails = {
  full_name: 'Priya Sharma',
  email: 'priya@example.com',
  mobile: '98765 43210',
  pan_number: '',
  country_code: 'IN',
  state: 'Karnataka',
  city: 'Bengaluru',
  address: '42, 2nd Cross, Indiranagar',
  pincode: '560038',
};

const usa: DonationDetails = {
  full_name: 'John Doe',
  email: 'john@example.com',
  mobile: '(555) 123-4567',
  pan_number: '',
  country_code: 'US',
  state: 'California',
  city: 'San Francisco',
  address: '1 Market Street, Suite 100',
  pincode: '94105',
};

describe('validateDonationDetails', () => {
  it('accepts valid Indian and US details', () => {
    expect(validateDonationDetails(india, 'IN')).toEqual({});
    expect(validateDonationDetails(usa, 'US')).toEqual({});
  });

  it('defaults the country to details.country_code', () => {
    expect(validateDonationDetails(usa)).toEqual({});
  });

  it.each<[Partial<DonationDetails>, Partial<Record<keyof DonationDetails, string>>]>([
    [{ full_name: '' }, { full_name: 'Full name is required' }],
    [{ full_name: '  ' }, { full_name: 'Full name is required' }],
    [{ full_name: 'P' }, { full_name: 'Name must be at least 2 characters' }],
    [{ full_name: 'Pr' }, {}],
    [{ email: '' }, { email: 'Email is required' }],
    [{ email: 'priya@example' }, { email: 'Please enter a valid email address' }],
    [{ email: 'priya@-example.com' }, { email: 'Please enter a valid email address' }],
    [{ mobile: '' }, { mobile: 'Mobile number is required' }],
    [{ mobile: '5876543210' }, { mobile: 'Please enter a valid 10-digit mobile number starting with 6, 7, 8, or 9' }],
    [{ address: '' }, { address: 'Address is required' }],
    [{ address: '123456789' }, { address: 'Address must be at least 10 characters' }],
    [{ address: '  123456789  ' }, { address: 'Address must be at least 10 characters' }],
    [{ address: '1234567890' }, {}],
    [{ state: '' }, { state: 'Please select your state' }],
    [{ state: 'Bavaria' }, { state: 'Please select your state' }],
    [{ state: ' Tamil Nadu ' }, {}],
    [{ city: ' ' }, { city: 'City is required' }],
    [{ pincode: '' }, { pincode: 'PIN code is required' }],
    [{ pincode: '012345' }, { pincode: 'Please enter a valid 6-digit PIN code' }],
    [{ pan_number: 'ABCDE1234' }, { pan_number: 'Please enter a valid PAN (e.g., ABCDE1234F)' }],
    [{ pan_number: ' abcde1234f ' }, {}],
    [{ pan_number: 'ABCDE1234F' }, {}],
  ])('India %j → %j', (change, expected) => {
    expect(validateDonationDetails({ ...india, ...change }, 'IN')).toEqual(expected);
  });

  it.each<[Partial<DonationDetails>, Partial<Record<keyof DonationDetails, string>>]>([
    [{ state: '' }, { state: 'State/Province is required' }],
    [{ state: 'Any Free Text' }, {}],
    [{ pan_number: 'not a pan' }, {}],
    [{ mobile: '555-1234' }, { mobile: 'Please enter a valid phone number (e.g., (555) 123-4567)' }],
    [{ pincode: '' }, { pincode: 'Postal code is required' }],
    [{ pincode: '9410' }, { pincode: 'Please enter a valid ZIP code (e.g., 12345 or 12345-6789)' }],
  ])('US %j → %j', (change, expected) => {
    expect(validateDonationDetails({ ...usa, ...change }, 'US')).toEqual(expected);
  });

  it('applies the rules of the country passed in', () => {
    const uk = { ...usa, country_code: 'GB', mobile: '07123 456789', pincode: 'SW1A 1AA', state: 'England' };
    expect(validateDonationDetails(uk, 'GB')).toEqual({});
    expect(validateDonationDetails(uk, 'US')).toEqual({
      mobile: 'Please enter a valid phone number (e.g., (555) 123-4567)',
      pincode: 'Please enter a valid ZIP code (e.g., 12345 or 12345-6789)',
    });
  });

  it('rejects an unknown country', () => {
    expect(validateDonationDetails({ ...usa, country_code: 'XX' }).country_code).toBe('Please select a valid country');
  });
});

describe('buildDonationPayload', () => {
  it('builds the spec payload for India', () => {
    const payload = buildDonationPayload({
      details: {
        ...india,
        full_name: '  Priya Sharma ',
        email: ' Priya.Sharma@Example.COM ',
        mobile: ' +91 98765-43210 ',
        pan_number: ' abcde1234f ',
        city: ' Bengaluru ',
      },
      amount: 1000,
      currency: 'INR',
      countryCode: 'IN',
      donationType: 'monthly',
      campaignId: 7,
    });
    expect(payload).toEqual({
      donor: {
        full_name: 'Priya Sharma',
        email: 'priya.sharma@example.com',
        mobile: '+919876543210',
        pan_number: 'ABCDE1234F',
        country: 'India',
        country_code: 'IN',
        state: 'Karnataka',
        city: 'Bengaluru',
        address: '42, 2nd Cross, Indiranagar',
        pincode: '560038',
        is_anonymous: false,
      },
      amount: 1000,
      currency: 'INR',
      donation_type: 'monthly',
      campaign_id: 7,
      source: 'website',
    });
  });

  it('sends PAN as null when empty', () => {
    expect(buildDonationPayload({ details: india, amount: 500, countryCode: 'IN' }).donor.pan_number).toBeNull();
    expect(buildDonationPayload({ details: { ...india, pan_number: '   ' }, amount: 500 }).donor.pan_number).toBeNull();
  });

  it('sends PAN as null outside India', () => {
    expect(buildDonationPayload({ details: { ...usa, pan_number: 'ABCDE1234F' }, amount: 5, countryCode: 'US' }).donor.pan_number).toBeNull();
  });

  it('defaults: country currency, one_time, campaign null, source website, numeric amount', () => {
    const payload = buildDonationPayload({ details: usa, amount: '25' });
    expect(payload.currency).toBe('USD');
    expect(payload.donation_type).toBe('one_time');
    expect(payload.campaign_id).toBeNull();
    expect(payload.source).toBe('website');
    expect(payload.amount).toBe(25);
    expect(payload.donor.country).toBe('United States');
    expect(payload.donor.is_anonymous).toBe(false);
  });

  it.each([
    [null, null],
    [undefined, null],
    ['', null],
    ['12', 12],
    [0, null],
    [-3, null],
    [2.5, null],
    ['abc', null],
  ])('campaign id %j → %j', (campaignId, expected) => {
    expect(buildDonationPayload({ details: india, amount: 100, campaignId }).campaign_id).toBe(expected);
  });

  it('uppercases the postal code and the country code', () => {
    const payload = buildDonationPayload({
      details: { ...usa, country_code: 'ca', pincode: ' k1a 0a6 ' },
      amount: 10,
    });
    expect(payload.donor.pincode).toBe('K1A 0A6');
    expect(payload.donor.country_code).toBe('CA');
    expect(payload.donor.country).toBe('Canada');
    expect(payload.currency).toBe('CAD');
  });
});

describe('validateDonationPayload (pre-payment check)', () => {
  const good = buildDonationPayload({ details: india, amount: 1000, countryCode: 'IN' });
  const withDonor = (change: Partial<DonationPayload['donor']>): DonationPayload => ({ ...good, donor: { ...good.donor, ...change } });

  it('passes a good payload', () => {
    expect(validateDonationPayload(good)).toBeNull();
  });

  it.each<[string, DonationPayload, string]>([
    ['no name', withDonor({ full_name: ' ' }), 'Full name is required'],
    ['no email', withDonor({ email: '' }), 'Email is required'],
    ['bad email', withDonor({ email: 'priya@example' }), 'Please enter a valid email address'],
    ['no mobile', withDonor({ mobile: '' }), 'Mobile number is required'],
    ['zero amount', { ...good, amount: 0 }, 'Donation amount must be greater than 0'],
    ['negative amount', { ...good, amount: -1 }, 'Donation amount must be greater than 0'],
    ['NaN amount', { ...good, amount: Number.NaN }, 'Donation amount must be greater than 0'],
    ['no address', withDonor({ address: '' }), 'Address is required'],
  ])('%s → %j', (_label, payload, message) => {
    expect(validateDonationPayload(payload)).toBe(message);
  });

  it('returns the first failure in spec order', () => {
    expect(validateDonationPayload({ ...withDonor({ full_name: '', email: '', address: '' }), amount: 0 })).toBe('Full name is required');
    expect(validateDonationPayload({ ...withDonor({ mobile: '', address: '' }), amount: 0 })).toBe('Mobile number is required');
    expect(validateDonationPayload({ ...withDonor({ address: '' }), amount: 0 })).toBe('Donation amount must be greater than 0');
  });
});

describe('validateDonationPayloadStrict (server side)', () => {
  const good = buildDonationPayload({ details: india, amount: 1000, countryCode: 'IN', campaignId: 3 });

  it('accepts payloads built from valid details', () => {
    expect(validateDonationPayloadStrict(good)).toEqual([]);
    expect(validateDonationPayloadStrict(buildDonationPayload({ details: usa, amount: 1 }))).toEqual([]);
    expect(validateDonationPayloadStrict(JSON.parse(JSON.stringify(good)))).toEqual([]);
  });

  it.each([null, 'x', 42, []])('rejects a non-object payload %j', (payload) => {
    expect(validateDonationPayloadStrict(payload)).toEqual([{ field: '', message: 'Invalid donation payload' }]);
  });

  it('requires the donor', () => {
    expect(validateDonationPayloadStrict({ ...good, donor: undefined })).toEqual([{ field: 'donor', message: 'Donor details are required' }]);
  });

  it.each<[string, Record<string, unknown>, { field: string; message: string }[]]>([
    ['short name', { donor: { ...good.donor, full_name: 'P' } }, [{ field: 'donor.full_name', message: 'Name must be at least 2 characters' }]],
    ['strict email', { donor: { ...good.donor, email: 'a@exa_mple.com' } }, [{ field: 'donor.email', message: 'Please enter a valid email address' }]],
    [
      'mobile per country',
      { donor: { ...good.donor, mobile: '12345' } },
      [{ field: 'donor.mobile', message: 'Please enter a valid 10-digit mobile number starting with 6, 7, 8, or 9' }],
    ],
    ['unknown country', { donor: { ...good.donor, country_code: 'XX', country: 'Nowhere' } }, [{ field: 'donor.country_code', message: 'Please select a valid country' }]],
    ['country name mismatch', { donor: { ...good.donor, country: 'Indonesia' } }, [{ field: 'donor.country', message: 'Country does not match country code' }]],
    ['state not in list', { donor: { ...good.donor, state: 'Texas' } }, [{ field: 'donor.state', message: 'Please select your state' }]],
    ['no city', { donor: { ...good.donor, city: '' } }, [{ field: 'donor.city', message: 'City is required' }]],
    ['short address', { donor: { ...good.donor, address: 'Short' } }, [{ field: 'donor.address', message: 'Address must be at least 10 characters' }]],
    ['bad PIN', { donor: { ...good.donor, pincode: '060038' } }, [{ field: 'donor.pincode', message: 'Please enter a valid 6-digit PIN code' }]],
    ['lowercase PAN', { donor: { ...good.donor, pan_number: 'abcde1234f' } }, [{ field: 'donor.pan_number', message: 'Please enter a valid PAN (e.g., ABCDE1234F)' }]],
    ['non-string PAN', { donor: { ...good.donor, pan_number: 123 } }, [{ field: 'donor.pan_number', message: 'Please enter a valid PAN (e.g., ABCDE1234F)' }]],
    ['is_anonymous not boolean', { donor: { ...good.donor, is_anonymous: 'no' } }, [{ field: 'donor.is_anonymous', message: 'is_anonymous must be true or false' }]],
    ['amount 0', { amount: 0 }, [{ field: 'amount', message: 'Donation amount must be greater than 0' }]],
    ['amount as string', { amount: '1000' }, [{ field: 'amount', message: 'Donation amount must be greater than 0' }]],
    ['amount below minimum', { amount: 49 }, [{ field: 'amount', message: 'Minimum donation amount is ₹50' }]],
    ['amount with 3 decimals', { amount: 50.005 }, [{ field: 'amount', message: 'Please enter an amount in whole rupees or with up to 2 decimals' }]],
    ['show_first_name not boolean', { donor: { ...good.donor, show_first_name: 'yes' } }, [{ field: 'donor.show_first_name', message: 'show_first_name must be true or false' }]],
    ['missing currency', { currency: '' }, [{ field: 'currency', message: 'Currency is required' }]],
    ['wrong currency', { currency: 'USD' }, [{ field: 'currency', message: 'Currency must be INR for India' }]],
    ['donation type', { donation_type: 'weekly' }, [{ field: 'donation_type', message: 'Donation type must be one_time or monthly' }]],
    ['campaign id 0', { campaign_id: 0 }, [{ field: 'campaign_id', message: 'Campaign id must be a positive whole number or null' }]],
    ['campaign id string', { campaign_id: '3' }, [{ field: 'campaign_id', message: 'Campaign id must be a positive whole number or null' }]],
    ['source', { source: 'app' }, [{ field: 'source', message: "Source must be 'website'" }]],
  ])('%s', (_label, change, expected) => {
    expect(validateDonationPayloadStrict({ ...good, ...change })).toEqual(expected);
  });

  it('accepts amount 50.25, campaign id null and a missing is_anonymous', () => {
    const { is_anonymous: _omit, ...donor } = good.donor;
    expect(validateDonationPayloadStrict({ ...good, donor, amount: 50.25, campaign_id: null })).toEqual([]);
  });

  it('rejects a PAN from outside India', () => {
    const us = buildDonationPayload({ details: usa, amount: 10 });
    expect(validateDonationPayloadStrict({ ...us, donor: { ...us.donor, pan_number: 'ABCDE1234F' } })).toEqual([
      { field: 'donor.pan_number', message: 'PAN is only accepted for donations from India' },
    ]);
  });

  it('applies the minimum and currency of the donor country', () => {
    const us = buildDonationPayload({ details: usa, amount: 0.99 });
    expect(validateDonationPayloadStrict(us)).toEqual([{ field: 'amount', message: 'Minimum donation amount is $1' }]);
    expect(validateDonationPayloadStrict({ ...us, amount: 1, currency: 'INR' })).toEqual([
      { field: 'currency', message: 'Currency must be USD for United States' },
    ]);
  });

  it('lists every failure in field order', () => {
    const errors = validateDonationPayloadStrict({
      donor: { ...good.donor, full_name: '', email: '', mobile: '' },
      amount: -1,
      currency: 'INR',
      donation_type: 'x',
      campaign_id: null,
      source: 'website',
    });
    expect(errors.map((e) => e.field)).toEqual(['donor.full_name', 'donor.email', 'donor.mobile', 'amount', 'donation_type']);
    expect(errors.map((e) => e.message)).toEqual([
      'Full name is required',
      'Email is required',
      'Mobile number is required',
      'Donation amount must be greater than 0',
      'Donation type must be one_time or monthly',
    ]);
  });
});
