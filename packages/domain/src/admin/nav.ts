/**
 * The admin area's navigation (docs/decisions/005-admin-console.md): every signed-in screen shares it, in this order.
 */
export const ADMIN_NAV = [
  { label: 'Dashboard', to: '/admin' },
  { label: 'Campaigns', to: '/admin/campaigns' },
  { label: 'Events', to: '/admin/events' },
  { label: 'Donations', to: '/admin/donations' },
  { label: 'Monthly gifts', to: '/admin/recurring' },
  { label: 'Tax year', to: '/admin/tax-year' },
  { label: 'Messages', to: '/admin/messages' },
  { label: 'Settings', to: '/admin/settings' },
] as const;

export type AdminNavItem = (typeof ADMIN_NAV)[number];

/** The nav item a path belongs to: '/admin' only for the dashboard itself, the others also for sub-paths. */
export function activeAdminNav(pathname: string): AdminNavItem | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/admin') return ADMIN_NAV[0];
  return ADMIN_NAV.find((item) => item.to !== '/admin' && (path === item.to || path.startsWith(`${item.to}/`))) ?? null;
}

// The organisation's clock (ORGANISATION_UTC_OFFSET_MINUTES, organisationDay) lives in ../organisation-time.ts.
