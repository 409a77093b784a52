import type { ReactNode } from 'react';
import { ADMIN_NAV, activeAdminNav } from '@charity/domain';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { cn } from '../../lib/cn';
import { useLink } from '../../lib/link';
import { LogOutIcon } from '../../events/icons';
import type { AdminHeaderUser } from '../shared/types';

export const ADMIN_LAYOUT_TEXT = {
  navLabel: 'Admin',
  signedInAs: 'Signed in as',
  logout: 'Logout',
  loggingOut: 'Logging out...',
} as const;

export interface AdminLayoutProps {
  user: AdminHeaderUser | null | undefined;
  /** The current route's path: its navigation link gets aria-current="page" (domain activeAdminNav). */
  currentPath: string;
  onLogout: () => void;
  /** 'Logging out...' on a disabled Logout button while the sign-out call runs. */
  loggingOut?: boolean;
  /** /admin/events keeps the spec's own header with its Logout; two buttons of one name on a screen confuse. */
  hideLogout?: boolean;
  /** The page: its own container, <h1> and content. The site's Layout already renders <main>. */
  children: ReactNode;
  className?: string;
}

/** The name shown for the signed-in user, with welcomeLine's fallbacks: full name, else username, else none. */
function displayName(user: AdminHeaderUser | null | undefined): string {
  return user?.full_name?.trim() || (typeof user?.username === 'string' ? user.username.trim() : '');
}

/**
 * The shell of every signed-in admin screen (docs/decisions/005-admin-console.md): the admin navigation (Dashboard,
 * Campaigns, Events, Donations, Monthly gifts, Tax year, Messages, Settings), the user's name and role, and Logout.
 * The links wrap onto more lines rather than scroll out of sight; from 768px they sit beside the user.
 */
export function AdminLayout({ user, currentPath, onLogout, loggingOut = false, hideLogout = false, children, className }: AdminLayoutProps) {
  const Link = useLink();
  const active = activeAdminNav(currentPath);
  const name = displayName(user);
  const role = user?.role?.trim();

  return (
    <div className={cn('cs-console', className)}>
      <div className="cs-console__bar">
        <div className="cs-container cs-console__bar-inner">
          <nav className="cs-console__nav" aria-label={ADMIN_LAYOUT_TEXT.navLabel}>
            <ul className="cs-console__nav-list">
              {ADMIN_NAV.map((item) => {
                const current = item.to === active?.to;
                return (
                  <li key={item.to}>
                    <Link
                      href={item.to}
                      className={cn('cs-console__nav-link', current && 'cs-console__nav-link--current')}
                      aria-current={current ? 'page' : undefined}
                    >
                      {item.label}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
          {name || role || !hideLogout ? (
            <div className="cs-console__account">
              {name || role ? (
                <p className="cs-console__user">
                  <span className="cs-visually-hidden">{ADMIN_LAYOUT_TEXT.signedInAs} </span>
                  {name ? <span className="cs-console__user-name">{name}</span> : null}{' '}
                  {role ? (
                    <Badge tone="neutral" className="cs-console__user-role">
                      {role}
                    </Badge>
                  ) : null}
                </p>
              ) : null}
              {hideLogout ? null : (
                <Button
                  variant="outline"
                  icon={<LogOutIcon size={18} />}
                  onClick={onLogout}
                  loading={loggingOut}
                  loadingText={ADMIN_LAYOUT_TEXT.loggingOut}
                >
                  {ADMIN_LAYOUT_TEXT.logout}
                </Button>
              )}
            </div>
          ) : null}
        </div>
      </div>
      <div className="cs-console__content">{children}</div>
    </div>
  );
}
