import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { ROUTES } from '@charity/domain';
import { Spinner } from '@charity/ui';
import { useAuthStore } from '../stores/auth-store';
import { decideGuard } from './guard-decision';
import { useMsSinceAuthResolved } from './use-auth-resolved';

// Loaded with the first signed-in screen, not with every public page (the bundle budget of /: the dialog, its form
// and the auth service would otherwise ride in the shared chunk).
const SessionWatch = lazy(() => import('./SessionWatch').then((module) => ({ default: module.SessionWatch })));

/**
 * Signed-in only: others go to /login, which remembers where they were heading. A session that ends on the screen
 * (a 401, its time up) keeps the screen with a sign-in dialog over it instead (decision 037).
 */
export function ProtectedRoute({ children }: { children?: ReactNode }) {
  const location = useLocation();
  const isInitialised = useAuthStore((s) => s.isInitialised);
  const isAuthenticated = useAuthStore((s) => s.isAuthenticated);
  const isLoading = useAuthStore((s) => s.isLoading);
  const sessionEnded = useAuthStore((s) => s.sessionEnded);
  const elapsedMs = useMsSinceAuthResolved(isInitialised);

  const decision = decideGuard({ access: 'signed-in', isInitialised, isAuthenticated, isLoading, elapsedMs, sessionEnded });
  if (decision === 'wait') return <Spinner label="Loading..." />;
  if (decision === 'redirect') return <Navigate to={ROUTES.login} replace state={{ from: location }} />;
  return (
    <>
      <Suspense fallback={null}>
        <SessionWatch />
      </Suspense>
      {children ?? <Outlet />}
    </>
  );
}
