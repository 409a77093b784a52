import { describe, expect, it } from 'vitest';
import { contactErrorMessage, contactFieldErrors } from './contact-response';

describe('contactErrorMessage', () => {
  it('shows the server message of an error reply', () => {
    expect(contactErrorMessage({ kind: 'response', status: 400, message: 'Please enter a valid email' })).toBe(
      'Please enter a valid email',
    );
    expect(contactErrorMessage({ kind: 'response', status: 429, message: '  Too many messages  ' })).toBe('Too many messages');
  });

  it('falls back to the contact failure text when the reply has no message', () => {
    expect(contactErrorMessage({ kind: 'response', status: 500 })).toBe('Failed to send message. Please try again.');
    expect(contactErrorMessage({ kind: 'response', status: 502, message: '   ' })).toBe(
      'Failed to send message. Please try again.',
    );
    expect(contactErrorMessage({ kind: 'response', status: 503, message: null })).toBe(
      'Failed to send message. Please try again.',
    );
  });

  it('uses the contact failure text for time-outs, network faults and anything else', () => {
    expect(contactErrorMessage({ kind: 'timeout' })).toBe('Failed to send message. Please try again.');
    expect(contactErrorMessage({ kind: 'network' })).toBe('Failed to send message. Please try again.');
    // A technical message (e.g. a JSON parse error) is never shown to the visitor.
    expect(contactErrorMessage({ kind: 'other', message: 'Unexpected token < in JSON' })).toBe(
      'Failed to send message. Please try again.',
    );
  });
});

describe('contactFieldErrors', () => {
  it('keeps the five form fields with text messages', () => {
    expect(
      contactFieldErrors({
        success: false,
        message: 'Validation failed',
        errors: { name: 'Name is required', email: ' Please enter a valid email ', subject: 'Please select a subject' },
      }),
    ).toEqual({ name: 'Name is required', email: 'Please enter a valid email', subject: 'Please select a subject' });
  });

  it('drops unknown keys, empty and non-text values', () => {
    expect(
      contactFieldErrors({ errors: { password: 'x', phone: '', message: 42, __proto__: { name: 'polluted' } } }),
    ).toEqual({});
  });

  it('answers an empty object for bodies without usable errors', () => {
    for (const body of [undefined, null, 'text', 42, {}, { errors: null }, { errors: 'Name is required' }, { errors: ['a'] }]) {
      expect(contactFieldErrors(body)).toEqual({});
    }
  });
});
