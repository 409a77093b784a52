import { Button } from '../../components/Button';
import { cn } from '../../lib/cn';
import { LogOutIcon, PlusIcon } from '../../events/icons';
import type { AdminHeaderUser } from '../shared/types';

export const ADMIN_HEADER_TEXT = {
  title: 'Events Management',
  addEvent: 'Add Event',
  logout: 'Logout',
  loggingOut: 'Logging out...',
} as const;

/** 'Welcome, Asha Rao (admin)'; the username stands in for a missing full name, and the role is left out when unknown. */
export function welcomeLine(user: AdminHeaderUser | null | undefined): string {
  const name = user?.full_name?.trim() || (typeof user?.username === 'string' ? user.username.trim() : '');
  const role = user?.role?.trim();
  if (!name) return 'Welcome';
  return role ? `Welcome, ${name} (${role})` : `Welcome, ${name}`;
}

export interface AdminEventsHeaderProps {
  user: AdminHeaderUser | null | undefined;
  onAddEvent: () => void;
  onLogout: () => void;
  loggingOut?: boolean;
  className?: string;
}

/** The top of /admin/events: 'Events Management', the welcome line, 'Add Event' and 'Logout'. */
export function AdminEventsHeader({ user, onAddEvent, onLogout, loggingOut = false, className }: AdminEventsHeaderProps) {
  return (
    <header className={cn('cs-admin-header', className)}>
      <div>
        <h1 className="cs-admin-header__title">{ADMIN_HEADER_TEXT.title}</h1>
        <p className="cs-admin-header__welcome">{welcomeLine(user)}</p>
      </div>
      <div className="cs-admin-header__actions">
        <Button icon={<PlusIcon size={18} />} onClick={onAddEvent}>
          {ADMIN_HEADER_TEXT.addEvent}
        </Button>
        <Button
          variant="outline"
          icon={<LogOutIcon size={18} />}
          onClick={onLogout}
          loading={loggingOut}
          loadingText={ADMIN_HEADER_TEXT.loggingOut}
        >
          {ADMIN_HEADER_TEXT.logout}
        </Button>
      </div>
    </header>
  );
}
