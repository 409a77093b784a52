/** What the login page's failure banner says (spec §8 "Login"). */
import { AUTH_MESSAGES } from './messages';
import type { RequestFailure } from './http';

/**
 * The banner after a failed sign-in: the server's message when it replied (e.g. 'Invalid credentials', or the
 * too-many-attempts message), else 'Login failed'; without a reply (network fault, time-out, an unreadable
 * answer) 'An error occurred during login. Please try again.'.
 */
export function loginFailureMessage(failure: RequestFailure): string {
  if (failure.kind === 'response') {
    const message = typeof failure.message === 'string' ? failure.message.trim() : '';
    return message || AUTH_MESSAGES.loginFailed;
  }
  return AUTH_MESSAGES.loginError;
}
