import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { ROUTES } from '@charity/domain';
import { AdminLayout, Spinner } from '@charity/ui';
import { useAdminLogout } from '../features/auth/hooks/use-admin-logout';
import { useAuthStore } from '../features/auth/stores/auth-store';
import '../styles/admin.css';

/**
 * The layout route of every signed-in screen: the admin navigation, the user and Logout around the page.
 * /admin/events keeps the spec's own header with its Logout, so the shell hides its own there
 * (docs/decisions/005-admin-console.md). Pages load on demand inside the shell, which stays while they do.
 */
export default function AdminShell() {
  const { pathname } = useLocation();
  const user = useAuthStore((s) => s.user);
  const { loggingOut, logout } = useAdminLogout();
  const onEventsPage = pathname.replace(/\/+$/, '') === ROUTES.adminEvents;

  return (
    <AdminLayout user={user} currentPath={pathname} onLogout={() => void logout()} loggingOut={loggingOut} hideLogout={onEventsPage}>
      <Suspense fallback={<Spinner label="Loading..." />}>
        <Outlet />
      </Suspense>
    </AdminLayout>
  );
}
