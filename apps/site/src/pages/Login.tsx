import { useState } from 'react';
import { AUTH_MESSAGES } from '@charity/domain';
import { LoginForm, type LoginCredentials } from '@charity/ui';
import { authService } from '../features/auth/api';
import { useDocumentTitle } from '../lib/use-document-title';
import { showToast } from '../lib/toast';

/**
 * /login (spec section 2): the sign-in card. On success the session is stored and GuestOnlyRoute, which wraps
 * this page, sees the signed-in state and replaces the history entry with the remembered page (else
 * /admin/events); the page itself does not navigate, so there is exactly one navigation.
 */
export default function LoginPage() {
  useDocumentTitle('Admin Login');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function signIn(credentials: LoginCredentials) {
    setBusy(true);
    setError(null);
    const result = await authService.login(credentials);
    if (result.success) {
      showToast('success', AUTH_MESSAGES.loginSuccess);
      return;
    }
    setBusy(false);
    setError(result.message);
  }

  return <LoginForm onSubmit={signIn} busy={busy} error={error} />;
}
