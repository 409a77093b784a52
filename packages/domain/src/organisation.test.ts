import { describe, expect, it } from 'vitest';
import { ORGANISATION, formatOrganisationAddress } from './organisation';
import { isValidEmailStrict } from './validation/email';
import { isValidContactPhone } from './validation/contact';
import { validatePostalCode } from './validation/postal';
import { isIndianState } from './countries';

describe('ORGANISATION', () => {
  it('has the fixed facts', () => {
    expect(ORGANISATION.name).toBe('Bright Beginnings Foundation');
    expect(ORGANISATION.email).toBe('contact@brightbeginnings.org.in');
    expect(ORGANISATION.registration).toBe('Registration No. 602 of 2019');
    expect(ORGANISATION.tax_approvals).toEqual(['12A', '80G']);
    expect(ORGANISATION.reply_within_hours).toBe(24);
  });

  it('passes its own validation rules', () => {
    expect(isValidEmailStrict(ORGANISATION.email)).toBe(true);
    expect(isValidContactPhone(ORGANISATION.phones.main)).toBe(true);
    expect(isValidContactPhone(ORGANISATION.phones.emergency_hotline)).toBe(true);
    expect(validatePostalCode('IN', ORGANISATION.address.pincode)).toBeNull();
    expect(isIndianState(ORGANISATION.address.state)).toBe(true);
  });

  it('keeps the spec office hours', () => {
    expect(ORGANISATION.office_hours).toEqual([
      { days: 'Monday - Friday', hours: '9:00 AM - 6:00 PM' },
      { days: 'Saturday', hours: '10:00 AM - 4:00 PM' },
      { days: 'Sunday', hours: 'Closed' },
    ]);
  });

  it('links five social networks over https', () => {
    expect(ORGANISATION.social_links.map((l) => l.network)).toEqual(['facebook', 'instagram', 'x', 'linkedin', 'youtube']);
    for (const link of ORGANISATION.social_links) expect(link.href).toMatch(/^https:\/\//);
  });

  it('formats the address on one line', () => {
    expect(formatOrganisationAddress()).toBe('42, 2nd Cross, 5th Main Road, Indiranagar 1st Stage, Bengaluru, Karnataka 560038, India');
  });
});
