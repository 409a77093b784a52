import { describe, expect, it } from 'vitest';
import { PASSWORD_MIN_LENGTH, validateLogin } from './login';

describe('validateLogin', () => {
  it.each([
    [{ username: 'admin', password: 'secret' }, {}],
    [{ username: 'admin', password: 'secret123' }, {}],
    [{ username: '', password: 'secret' }, { username: 'Username is required' }],
    [{ username: '   ', password: 'secret' }, { username: 'Username is required' }],
    [{ username: 'admin', password: '' }, { password: 'Password is required' }],
    [{ username: 'admin', password: '12345' }, { password: 'Password must be at least 6 characters' }],
    [{ username: 'admin', password: '123456' }, {}],
    [{ username: 'admin', password: '     ' }, { password: 'Password must be at least 6 characters' }],
    [{ username: '', password: '' }, { username: 'Username is required', password: 'Password is required' }],
  ])('%j → %j', (form, expected) => {
    expect(validateLogin(form)).toEqual(expected);
  });

  it('requires 6 characters', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(6);
  });
});
