import { describe, expect, it } from 'vitest';
import {
  DEMO_ORGANISATION_SETTINGS,
  eightyGValidOn,
  formatSettingsDate,
  normaliseOrganisationSettings,
  ORGANISATION_SETTINGS_LIMITS,
  ORGANISATION_SETTINGS_MESSAGES as M,
  type OrganisationSettings,
  validateOrganisationSettings,
} from './organisation-settings';

const TODAY = '2026-05-01';

/** The demo values with some fields changed (the address merged, not replaced). */
function settings(overrides: Partial<Omit<OrganisationSettings, 'address'>> & { address?: Partial<OrganisationSettings['address']> } = {}): OrganisationSettings {
  const { address, ...rest } = overrides;
  return { ...DEMO_ORGANISATION_SETTINGS, ...rest, address: { ...DEMO_ORGANISATION_SETTINGS.address, ...address } };
}

const errorsOf = (overrides: Parameters<typeof settings>[0], today = TODAY) => validateOrganisationSettings(settings(overrides), today);

describe('validateOrganisationSettings', () => {
  it('accepts the demonstration values, and normalising them changes nothing', () => {
    expect(validateOrganisationSettings(DEMO_ORGANISATION_SETTINGS, TODAY)).toEqual({});
    expect(normaliseOrganisationSettings(DEMO_ORGANISATION_SETTINGS)).toEqual(DEMO_ORGANISATION_SETTINGS);
  });

  it('names each empty required field in its own words', () => {
    const empty = normaliseOrganisationSettings({
      legal_name: ' ',
      address: { line1: '', line2: '', city: '', state: '', pincode: '', country: '' },
      pan: '',
      registration_number: '',
      registration_date: '',
      twelve_a_number: '',
      twelve_a_date: null,
      eighty_g_number: '',
      eighty_g_date: null,
      eighty_g_valid_from: ' ',
      eighty_g_valid_until: null,
      signatory_name: '',
      signatory_title: '',
      receipt_footer: '',
    });
    expect(validateOrganisationSettings(empty, TODAY)).toEqual({
      legal_name: M.legalNameRequired,
      'address.line1': M.addressRequired,
      'address.city': M.cityRequired,
      'address.state': M.stateRequired,
      'address.pincode': M.pincodeInvalid,
      'address.country': M.countryRequired,
      pan: M.panInvalid,
      registration_number: M.registrationRequired,
      twelve_a_number: M.twelveARequired,
      eighty_g_number: M.eightyGRequired,
      eighty_g_valid_from: M.validFromRequired,
      signatory_name: M.signatoryNameRequired,
      signatory_title: M.signatoryTitleRequired,
    });
  });

  it('lists errors in the form’s order (the first is the reply’s message)', () => {
    const keys = Object.keys(errorsOf({ legal_name: '', pan: 'x', eighty_g_number: '', signatory_title: '', address: { city: '' } }));
    expect(keys).toEqual(['legal_name', 'address.city', 'pan', 'eighty_g_number', 'signatory_title']);
  });

  it('refuses a PAN that is not 10 characters of the right form, and an individual’s PAN (4th letter P)', () => {
    for (const pan of ['AABTB1234', 'AABTB1234CC', '1ABTB1234C', 'AABTBX234C', 'AABTB12345', 'aabtb1234c']) {
      expect(errorsOf({ pan }).pan, pan).toBe(M.panInvalid);
    }
    expect(errorsOf({ pan: 'ABCPE1234F', twelve_a_number: 'ABCPE1234FE20214', eighty_g_number: 'ABCPE1234FF20214' })).toEqual({ pan: M.panIndividual });
    // A company (C), a firm (F) and an association of persons (A) are organisations.
    for (const pan of ['AABCB1234C', 'AABFB1234C', 'AABAB1234C']) {
      expect(errorsOf({ pan, twelve_a_number: `${pan}E20214`, eighty_g_number: `${pan}F20214` }), pan).toEqual({});
    }
  });

  it('wants approval numbers of capital letters and digits that begin with the organisation’s PAN', () => {
    expect(errorsOf({ eighty_g_number: 'AABTC9999ZF20214' })).toEqual({ eighty_g_number: M.urnNotPan });
    expect(errorsOf({ twelve_a_number: 'ZZBTB1234CE20214' })).toEqual({ twelve_a_number: M.urnNotPan });
    expect(errorsOf({ eighty_g_number: 'AABTB1234C/F/2021' })).toEqual({ eighty_g_number: M.urnInvalid });
    expect(errorsOf({ eighty_g_number: 'aabtb1234cf20214' })).toEqual({ eighty_g_number: M.urnInvalid });
    expect(errorsOf({ eighty_g_number: `AABTB1234C${'9'.repeat(90)}` })).toEqual({});
    expect(errorsOf({ eighty_g_number: `AABTB1234C${'9'.repeat(91)}` })).toEqual({ eighty_g_number: M.urnInvalid });
    // With a PAN that is itself wrong, only the PAN is flagged: the numbers cannot be compared with it.
    expect(errorsOf({ pan: 'NOTAPAN' })).toEqual({ pan: M.panInvalid });
  });

  it('refuses impossible calendar days and days written another way', () => {
    for (const day of ['2026-02-30', '2025-02-29', '2026-13-01', '2026-00-10', '2026-4-1', '01/04/2026', '2026-04-01T00:00:00Z']) {
      expect(errorsOf({ registration_date: day }).registration_date, day).toBe(M.dateInvalid);
      expect(errorsOf({ twelve_a_date: day }).twelve_a_date, day).toBe(M.dateInvalid);
      expect(errorsOf({ eighty_g_date: day }).eighty_g_date, day).toBe(M.dateInvalid);
      expect(errorsOf({ eighty_g_valid_from: day }).eighty_g_valid_from, day).toBe(M.dateInvalid);
      expect(errorsOf({ eighty_g_valid_until: day }).eighty_g_valid_until, day).toBe(M.dateInvalid);
    }
    // 29 February of a leap year is a day.
    expect(errorsOf({ registration_date: '2024-02-29' })).toEqual({});
  });

  it('refuses dates that have not happened yet (today is fine); the approval’s validity may lie ahead', () => {
    expect(errorsOf({ registration_date: '2026-05-02' })).toEqual({ registration_date: M.dateInFuture });
    expect(errorsOf({ twelve_a_date: '2027-01-01' })).toEqual({ twelve_a_date: M.dateInFuture });
    expect(errorsOf({ eighty_g_date: '2026-05-02' })).toEqual({ eighty_g_date: M.dateInFuture });
    expect(errorsOf({ registration_date: TODAY, twelve_a_date: TODAY, eighty_g_date: TODAY })).toEqual({});
    expect(errorsOf({ eighty_g_valid_from: '2027-04-01', eighty_g_valid_until: '2032-03-31' })).toEqual({});
    // Optional dates may be left out; the validity's start may not.
    expect(errorsOf({ registration_date: null, twelve_a_date: null, eighty_g_date: null, eighty_g_valid_until: null })).toEqual({});
    expect(errorsOf({ eighty_g_valid_from: null })).toEqual({ eighty_g_valid_from: M.validFromRequired });
  });

  it('wants the approval to end after it begins', () => {
    expect(errorsOf({ eighty_g_valid_from: '2022-04-01', eighty_g_valid_until: '2022-04-01' })).toEqual({ eighty_g_valid_until: M.validUntilBeforeFrom });
    expect(errorsOf({ eighty_g_valid_from: '2022-04-01', eighty_g_valid_until: '2022-03-31' })).toEqual({ eighty_g_valid_until: M.validUntilBeforeFrom });
    expect(errorsOf({ eighty_g_valid_from: '2022-04-01', eighty_g_valid_until: '2022-04-02' })).toEqual({});
    // A start that is not a day is flagged on its own: the end is not compared with it.
    expect(errorsOf({ eighty_g_valid_from: '2022-02-30', eighty_g_valid_until: '2020-01-01' })).toEqual({ eighty_g_valid_from: M.dateInvalid });
  });

  it('wants a 6-digit PIN code that does not begin with 0', () => {
    for (const pincode of ['56003', '5600381', '060038', '56 0038', 'ABCDEF']) {
      expect(errorsOf({ address: { pincode } })['address.pincode'], pincode).toBe(M.pincodeInvalid);
    }
    expect(errorsOf({ address: { pincode: '110001' } })).toEqual({});
  });

  it('caps every text at its limit, counting characters rather than UTF-16 units', () => {
    const L = ORGANISATION_SETTINGS_LIMITS;
    const cases: Array<[Parameters<typeof settings>[0], string, number]> = [
      [{ legal_name: 'L'.repeat(L.legal_name + 1) }, 'legal_name', L.legal_name],
      [{ address: { line1: 'A'.repeat(L.address_line + 1) } }, 'address.line1', L.address_line],
      [{ address: { line2: 'A'.repeat(L.address_line + 1) } }, 'address.line2', L.address_line],
      [{ address: { city: 'C'.repeat(L.city + 1) } }, 'address.city', L.city],
      [{ address: { state: 'S'.repeat(L.state + 1) } }, 'address.state', L.state],
      [{ address: { country: 'I'.repeat(L.country + 1) } }, 'address.country', L.country],
      [{ registration_number: 'R'.repeat(L.registration_number + 1) }, 'registration_number', L.registration_number],
      [{ signatory_name: 'N'.repeat(L.signatory_name + 1) }, 'signatory_name', L.signatory_name],
      [{ signatory_title: 'T'.repeat(L.signatory_title + 1) }, 'signatory_title', L.signatory_title],
      [{ receipt_footer: 'F'.repeat(L.receipt_footer + 1) }, 'receipt_footer', L.receipt_footer],
    ];
    for (const [overrides, field, max] of cases) {
      expect(errorsOf(overrides), field).toEqual({ [field]: M.tooLong(max) });
    }
    expect(M.tooLong(200)).toBe('Use at most 200 characters');
    // 200 characters outside the Basic Multilingual Plane are 400 UTF-16 units, and still allowed.
    expect(errorsOf({ legal_name: '😀'.repeat(L.legal_name) })).toEqual({});
    expect(errorsOf({ receipt_footer: '', address: { line2: '' } })).toEqual({});
  });
});

describe('normaliseOrganisationSettings', () => {
  it('trims every text, uppercases the PAN and approval numbers without their spaces, and turns blank dates into null', () => {
    const input = {
      ...DEMO_ORGANISATION_SETTINGS,
      legal_name: '  Bright Beginnings Foundation \n',
      address: { line1: ' 42, 2nd Cross ', line2: '  ', city: ' Bengaluru', state: 'Karnataka ', pincode: ' 560038 ', country: ' India ' },
      pan: ' aabtb 1234c ',
      registration_number: ' 602 of 2019 ',
      registration_date: '  ',
      twelve_a_number: 'aabtb1234c e20214',
      twelve_a_date: ' 2022-03-28 ',
      eighty_g_number: '\taabtb1234cf20214 ',
      eighty_g_date: '',
      eighty_g_valid_from: ' 2022-04-01',
      eighty_g_valid_until: '',
      signatory_name: ' Anita Rao ',
      signatory_title: ' Managing Trustee ',
      receipt_footer: '  Thank you.  ',
    };
    expect(normaliseOrganisationSettings(input)).toEqual({
      legal_name: 'Bright Beginnings Foundation',
      address: { line1: '42, 2nd Cross', line2: '', city: 'Bengaluru', state: 'Karnataka', pincode: '560038', country: 'India' },
      pan: 'AABTB1234C',
      registration_number: '602 of 2019',
      registration_date: null,
      twelve_a_number: 'AABTB1234CE20214',
      twelve_a_date: '2022-03-28',
      eighty_g_number: 'AABTB1234CF20214',
      eighty_g_date: null,
      eighty_g_valid_from: '2022-04-01',
      eighty_g_valid_until: null,
      signatory_name: 'Anita Rao',
      signatory_title: 'Managing Trustee',
      receipt_footer: 'Thank you.',
    });
    expect(validateOrganisationSettings(normaliseOrganisationSettings(input), TODAY)).toEqual({});
  });

  it('treats missing values (a client that sent less) as empty rather than failing', () => {
    const partial = { legal_name: 'X' } as unknown as OrganisationSettings;
    const normalised = normaliseOrganisationSettings(partial);
    expect(normalised.address).toEqual({ line1: '', line2: '', city: '', state: '', pincode: '', country: '' });
    expect(normalised.pan).toBe('');
    expect(normalised.eighty_g_valid_from).toBeNull();
    expect(Object.keys(validateOrganisationSettings(normalised, TODAY))).toContain('pan');
  });
});

describe('eightyGValidOn', () => {
  const approval = { eighty_g_valid_from: '2022-04-01', eighty_g_valid_until: '2027-03-31' };

  it('covers the days from its start to its end, both included', () => {
    expect(eightyGValidOn(approval, '2022-03-31')).toBe(false);
    expect(eightyGValidOn(approval, '2022-04-01')).toBe(true);
    expect(eightyGValidOn(approval, '2025-01-15')).toBe(true);
    expect(eightyGValidOn(approval, '2027-03-31')).toBe(true);
    expect(eightyGValidOn(approval, '2027-04-01')).toBe(false);
  });

  it('has no end when none is known, and covers nothing without a start', () => {
    expect(eightyGValidOn({ eighty_g_valid_from: '2022-04-01', eighty_g_valid_until: null }, '2099-12-31')).toBe(true);
    expect(eightyGValidOn({ eighty_g_valid_from: null, eighty_g_valid_until: '2027-03-31' }, '2025-01-15')).toBe(false);
    expect(eightyGValidOn({ eighty_g_valid_from: null, eighty_g_valid_until: null }, '2025-01-15')).toBe(false);
  });
});

describe('formatSettingsDate', () => {
  it('says a day as receipts do, and nothing for a missing or impossible one', () => {
    expect(formatSettingsDate('2022-05-12')).toBe('12 May 2022');
    expect(formatSettingsDate('2022-03-01')).toBe('1 March 2022');
    expect(formatSettingsDate('2027-12-31')).toBe('31 December 2027');
    expect(formatSettingsDate(null)).toBe('');
    expect(formatSettingsDate('2026-02-30')).toBe('');
  });
});

describe('DEMO_ORGANISATION_SETTINGS', () => {
  it('is a trust’s PAN (4th letter T) with approval numbers that begin with it', () => {
    const demo = DEMO_ORGANISATION_SETTINGS;
    expect(demo.pan[3]).toBe('T');
    expect(demo.twelve_a_number.startsWith(demo.pan)).toBe(true);
    expect(demo.eighty_g_number.startsWith(demo.pan)).toBe(true);
    expect(demo.registration_number).toBe('602 of 2019');
  });
});
