import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { AdminLayout, AdminPageHeader, LinkProvider, type UiLinkProps } from '@charity/ui';
import { ADMIN_USER, DESKTOP_1280, PHONE_375, fitsWindow } from './support/admin-fixtures-console';
import { componentDocs } from './support/docs';

const NAV_LABELS = ['Dashboard', 'Campaigns', 'Events', 'Donations', 'Monthly gifts', 'Tax year', 'Messages', 'Settings'];

const meta = {
  title: 'Admin/Shell/AdminLayout',
  component: AdminLayout,
  parameters: {
    docs: componentDocs({
      summary: 'The admin console frame: side navigation, signed-in user, logout and the page content.',
      usage: `<AdminLayout user={user} currentPath={location.pathname} onLogout={logout}>
  <AdminPageHeader title="Dashboard" />
</AdminLayout>`,
      a11y: [
        'The navigation is a labelled `<nav>`; the current page\'s link has `aria-current="page"`.',
        'Links render through `LinkProvider`, so the router keeps focus handling consistent.',
      ],
    }),
  },
  args: {
    user: ADMIN_USER,
    currentPath: '/admin',
    onLogout: fn(),
    children: (
      <div className="cs-container">
        <AdminPageHeader title="Dashboard" description="Donations, campaigns and messages at a glance." />
      </div>
    ),
  },
} satisfies Meta<typeof AdminLayout>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The Admin navigation in the domain's order, the current screen marked, the user's name and role, and Logout. */
export const Dashboard: Story = {
  play: async ({ canvas, args }) => {
    const nav = canvas.getByRole('navigation', { name: 'Admin' });
    const links = within(nav).getAllByRole('link');
    await expect(links.map((link) => link.textContent)).toEqual(NAV_LABELS);
    await expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/admin',
      '/admin/campaigns',
      '/admin/events',
      '/admin/donations',
      '/admin/recurring',
      '/admin/tax-year',
      '/admin/messages',
      '/admin/settings',
    ]);
    await expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    await expect(links.filter((link) => link.hasAttribute('aria-current'))).toHaveLength(1);

    await expect(canvas.getByText('Asha Rao')).toBeVisible();
    await expect(canvas.getByText('admin')).toHaveClass('cs-badge');
    await expect(canvas.getByText('Asha Rao').parentElement).toHaveTextContent('Signed in as Asha Rao admin');
    await expect(canvas.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    await userEvent.click(canvas.getByRole('button', { name: 'Logout' }));
    await expect(args.onLogout).toHaveBeenCalledOnce();
  },
};

/** A sub-path marks its section: /admin/donations/128 is under Donations. */
export const DonationDetailPath: Story = {
  args: { currentPath: '/admin/donations/128' },
  play: async ({ canvas }) => {
    const nav = canvas.getByRole('navigation', { name: 'Admin' });
    await expect(within(nav).getByRole('link', { name: 'Donations' })).toHaveAttribute('aria-current', 'page');
    await expect(within(nav).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  },
};

/** A path outside the console marks nothing. */
export const NoCurrentSection: Story = {
  args: { currentPath: '/admin-help' },
  play: async ({ canvas }) => {
    const nav = canvas.getByRole('navigation', { name: 'Admin' });
    await expect(within(nav).getAllByRole('link').filter((link) => link.hasAttribute('aria-current'))).toHaveLength(0);
  },
};

export const LoggingOut: Story = {
  args: { loggingOut: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Logging out...' })).toBeDisabled();
  },
};

/** /admin/events keeps the spec's header with its own Logout, so the shell shows none. */
export const EventsPageHidesLogout: Story = {
  args: { currentPath: '/admin/events', hideLogout: true },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button', { name: 'Logout' })).toBeNull();
    await expect(canvas.getByRole('link', { name: 'Events' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByText('Asha Rao')).toBeVisible();
  },
};

/** welcomeLine's fallbacks: the username stands in for a missing full name. */
export const UsernameOnly: Story = {
  args: { user: { full_name: '  ', username: 'admin', role: 'admin' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Signed in as', { exact: false }).parentElement).toHaveTextContent('Signed in as admin admin');
  },
};

/** No user yet (the session is still loading): no name, Logout still there. */
export const NoUser: Story = {
  args: { user: null },
  play: async ({ canvas }) => {
    await expect(canvas.queryByText('Signed in as', { exact: false })).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Logout' })).toBeEnabled();
  },
};

const onNavigate = fn();

function RouterLink({ href, onClick, ...rest }: UiLinkProps) {
  return (
    <a
      {...rest}
      href={href}
      data-router-link=""
      onClick={(event) => {
        onClick?.(event);
        event.preventDefault();
        onNavigate(href);
      }}
    />
  );
}

/** Links go through the app's LinkProvider (the site's router), never a bare page load. */
export const RoutesThroughLinkProvider: Story = {
  render: (args) => (
    <LinkProvider component={RouterLink}>
      <AdminLayout {...args} />
    </LinkProvider>
  ),
  play: async ({ canvas }) => {
    onNavigate.mockClear();
    const messages = canvas.getByRole('link', { name: 'Messages' });
    await expect(messages).toHaveAttribute('data-router-link');
    await userEvent.click(messages);
    await expect(onNavigate).toHaveBeenCalledOnce();
    await expect(onNavigate).toHaveBeenCalledWith('/admin/messages');
  },
};

/** Keyboard: every link and Logout in order, each with a visible focus ring. */
export const KeyboardFocus: Story = {
  play: async ({ canvas }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: 'Dashboard' })).toHaveFocus();
    for (const label of NAV_LABELS.slice(1)) {
      await userEvent.tab();
      await expect(canvas.getByRole('link', { name: label })).toHaveFocus();
    }
    const focused = document.activeElement as HTMLElement;
    await expect(getComputedStyle(focused).outlineStyle).toBe('solid');
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Logout' })).toHaveFocus();
  },
};

/**
 * 375 px: the links wrap onto more lines, so every screen is in view (a sideways-scrolling row hid 'Donations' and
 * 'Messages' off-screen with no hint, issue 20).
 */
export const Phone: Story = {
  ...PHONE_375,
  args: { currentPath: '/admin/messages' },
  play: async ({ canvas }) => {
    await expect(window.innerWidth).toBe(375);
    const nav = canvas.getByRole('navigation', { name: 'Admin' });
    const links = within(nav).getAllByRole('link');
    await expect(new Set(links.map((link) => link.getBoundingClientRect().top)).size).toBeGreaterThan(1);
    await expect(nav.scrollWidth).toBe(nav.clientWidth);
    for (const link of links) {
      const box = link.getBoundingClientRect();
      await expect(box.left).toBeGreaterThanOrEqual(0);
      await expect(box.right).toBeLessThanOrEqual(375);
    }
    await expect(fitsWindow()).toBe(true);
    await expect(canvas.getByRole('button', { name: 'Logout' })).toBeVisible();
  },
};

/** 1280 px: one top bar, the links and the user with Logout on the same line. */
export const Desktop: Story = {
  ...DESKTOP_1280,
  play: async ({ canvas }) => {
    await expect(window.innerWidth).toBe(1280);
    const nav = canvas.getByRole('navigation', { name: 'Admin' });
    await expect(nav.scrollWidth).toBeLessThanOrEqual(nav.clientWidth);
    const logout = canvas.getByRole('button', { name: 'Logout' }).getBoundingClientRect();
    const dashboard = within(nav).getByRole('link', { name: 'Dashboard' }).getBoundingClientRect();
    await expect(Math.abs(logout.top + logout.height / 2 - (dashboard.top + dashboard.height / 2))).toBeLessThan(4);
    await expect(fitsWindow()).toBe(true);
  },
};
