/** Admin login form (spec §5 "Login"). */

export const PASSWORD_MIN_LENGTH = 6;

export const LOGIN_MESSAGES = {
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 6 characters',
} as const;

export interface LoginForm {
  username: string;
  password: string;
}

export type LoginErrors = Partial<Record<'username' | 'password', string>>;

/**
 * Errors per field; an empty object when the form is valid.
 * The username is trimmed for the check; the password is checked as typed (spaces count).
 */
export function validateLogin(form: LoginForm): LoginErrors {
  const errors: LoginErrors = {};
  if ((form.username ?? '').trim() === '') errors.username = LOGIN_MESSAGES.usernameRequired;
  const password = form.password ?? '';
  if (password === '') errors.password = LOGIN_MESSAGES.passwordRequired;
  else if (password.length < PASSWORD_MIN_LENGTH) errors.password = LOGIN_MESSAGES.passwordTooShort;
  return errors;
}
