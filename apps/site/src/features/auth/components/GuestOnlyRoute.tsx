import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { Spinner } from '@charity/ui';
import { useAuthStore } from '../stores/auth-store';
import { decideGuard, redirectAfterLogin } from './guard-decision';
import { useMsSinceAuthResolved } from './use-auth-resolved';

/** Signed-out only (/login): a signed-in visitor goes to the remembered page, else /admin/events. */
export function GuestOnlyRoute({ children }: { children?: ReactNode }) {
  const location = useLocation();
  const isInitialised = useAuthStore((s) => s.isInitialised);
  const isAuthenticated = useAuthStore((s) => s.isAuthenticated);
  const isLoading = useAuthStore((s) => s.isLoading);
  const elapsedMs = useMsSinceAuthResolved(isInitialised);

  const decision = decideGuard({ access: 'signed-out', isInitialised, isAuthenticated, isLoading, elapsedMs });
  if (decision === 'wait') return <Spinner label="Loading..." />;
  if (decision === 'redirect') return <Navigate to={redirectAfterLogin(location.state)} replace />;
  return children ?? <Outlet />;
}
