import { describe, expect, it } from 'vitest';
import { FIELD_MAX_LENGTHS, tooLongMessage } from './field-limits';
import { EMAIL_MAX_LENGTH } from './validation/email';

describe('FIELD_MAX_LENGTHS', () => {
  it('keeps the lengths the API has always accepted', () => {
    expect(FIELD_MAX_LENGTHS.donor).toEqual({
      full_name: 100,
      email: 254,
      mobile: 20,
      pan_number: 10,
      country: 100,
      country_code: 2,
      state: 100,
      city: 100,
      address: 500,
      pincode: 20,
    });
    expect(FIELD_MAX_LENGTHS.contact).toEqual({ name: 100, email: 254, phone: 20, subject: 50, message: 5000 });
    expect(FIELD_MAX_LENGTHS.campaign).toEqual({ title: 200, description: 10_000, category: 50 });
    expect(FIELD_MAX_LENGTHS.event).toEqual({ title: 200, description: 10_000, location: 200, impact: 2_000 });
  });

  it("takes every email limit from the email rule's own (RFC 5321)", () => {
    expect(FIELD_MAX_LENGTHS.donor.email).toBe(EMAIL_MAX_LENGTH);
    expect(FIELD_MAX_LENGTHS.contact.email).toBe(EMAIL_MAX_LENGTH);
  });
});

describe('tooLongMessage', () => {
  it('names the field and its limit, grouped by thousands', () => {
    expect(tooLongMessage('Address', 500)).toBe('Address must be at most 500 characters long.');
    expect(tooLongMessage('Message', 5000)).toBe('Message must be at most 5,000 characters long.');
  });
});
