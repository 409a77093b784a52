import { describe, expect, it } from 'vitest';
import { loginFailureMessage } from './login-failure';

describe('loginFailureMessage (spec §8 Login)', () => {
  it('shows the server message when it replied with one', () => {
    expect(loginFailureMessage({ kind: 'response', status: 401, message: 'Invalid credentials' })).toBe('Invalid credentials');
    expect(
      loginFailureMessage({ kind: 'response', status: 429, message: 'Too many failed sign-in attempts. Please try again in 15 minutes.' }),
    ).toBe('Too many failed sign-in attempts. Please try again in 15 minutes.');
  });

  it("falls back to 'Login failed' for a reply without a message", () => {
    expect(loginFailureMessage({ kind: 'response', status: 500 })).toBe('Login failed');
    expect(loginFailureMessage({ kind: 'response', status: 400, message: '  ' })).toBe('Login failed');
    expect(loginFailureMessage({ kind: 'response', status: 502, message: null })).toBe('Login failed');
  });

  it.each([[{ kind: 'network' } as const], [{ kind: 'timeout' } as const], [{ kind: 'other', message: 'JSON parse' } as const]])(
    "says 'An error occurred during login. Please try again.' without a usable reply (%j)",
    (failure) => {
      expect(loginFailureMessage(failure)).toBe('An error occurred during login. Please try again.');
    },
  );
});
