import { describe, expect, it } from 'vitest';
import { CONTACT_SUBJECTS, buildContactPayload, isValidContactPhone, validateContact, type ContactForm } from './contact';

const valid: ContactForm = {
  name: 'Asha Rao',
  email: 'asha@example.com',
  phone: '',
  subject: 'volunteer',
  message: 'I would like to help on weekends.',
};

describe('CONTACT_SUBJECTS', () => {
  it('offers donation, volunteer, general and other with labels', () => {
    expect(CONTACT_SUBJECTS.map((s) => s.value)).toEqual(['donation', 'volunteer', 'general', 'other']);
    for (const s of CONTACT_SUBJECTS) expect(s.label.length).toBeGreaterThan(0);
  });
});

describe('validateContact', () => {
  it('accepts a valid message', () => {
    expect(validateContact(valid)).toEqual({});
  });

  it.each<[Partial<ContactForm>, Partial<Record<keyof ContactForm, string>>]>([
    [{ name: '' }, { name: 'Name is required' }],
    [{ name: '   ' }, { name: 'Name is required' }],
    [{ name: 'A' }, { name: 'Name must be at least 2 characters' }],
    [{ name: ' A ' }, { name: 'Name must be at least 2 characters' }],
    [{ name: 'Al' }, {}],
    [{ email: '' }, { email: 'Email is required' }],
    [{ email: 'asha@example' }, { email: 'Please enter a valid email' }],
    [{ email: '  asha@example.com  ' }, {}],
    [{ phone: '12345' }, { phone: 'Please enter a valid mobile number' }],
    [{ phone: '98765abcde' }, { phone: 'Please enter a valid mobile number' }],
    [{ phone: '1234567890123456' }, { phone: 'Please enter a valid mobile number' }],
    [{ phone: '+91 98765 43210' }, {}],
    [{ phone: '(555) 123-4567' }, {}],
    [{ phone: '   ' }, {}],
    [{ phone: null }, {}],
    [{ subject: '' }, { subject: 'Please select a subject' }],
    [{ subject: 'spam' }, { subject: 'Please select a subject' }],
    [{ message: '' }, { message: 'Message is required' }],
    [{ message: '123456789' }, { message: 'Message must be at least 10 characters' }],
    [{ message: '   123456789   ' }, { message: 'Message must be at least 10 characters' }],
    [{ message: '1234567890' }, {}],
  ])('%j → %j', (change, expected) => {
    expect(validateContact({ ...valid, ...change })).toEqual(expected);
  });

  it('reports every failing field at once', () => {
    expect(validateContact({ name: '', email: '', phone: '1', subject: '', message: '' })).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      phone: 'Please enter a valid mobile number',
      subject: 'Please select a subject',
      message: 'Message is required',
    });
  });
});

describe('isValidContactPhone', () => {
  it.each([
    ['9876543210', true],
    ['+44 7123 456789', true],
    ['12345678', true],
    ['1234567', false],
    ['+1234567890123456', false],
  ])('%j → %s', (value, expected) => {
    expect(isValidContactPhone(value)).toBe(expected);
  });
});

describe('buildContactPayload', () => {
  it('trims, lowercases the email and sends a missing phone as null', () => {
    expect(
      buildContactPayload({ name: ' Asha ', email: ' Asha@Example.COM ', phone: '  ', subject: 'donation', message: '  Hello there!  ' }),
    ).toEqual({ name: 'Asha', email: 'asha@example.com', phone: null, subject: 'donation', message: 'Hello there!' });
  });

  it('keeps a given phone, trimmed', () => {
    expect(buildContactPayload({ ...valid, phone: ' +91 98765 43210 ' }).phone).toBe('+91 98765 43210');
  });
});
