import type { Meta, StoryObj } from '@storybook/react-vite';
import { createContext, useContext, useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Button, Header, LinkProvider, type UiLinkProps } from '@charity/ui';
import { componentDocs } from './support/docs';

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));

const meta = {
  title: 'Layout/Header',
  component: Header,
  args: {
    currentPath: '/',
    organisation: { name: "Children's Charity", phone: '+91 98765 43210', email: 'info@example.org' },
  },
  parameters: {
    layout: 'fullscreen',
    docs: componentDocs({
      summary: 'The site header: logo, navigation, contact bar and the mobile menu; hides on scroll down.',
      usage: `<Header currentPath={location.pathname} organisation={organisation} />`,
      a11y: [
        'A skip link to `#main` comes first; the current page\'s link has `aria-current="page"`.',
        'The mobile menu button has `aria-expanded`/`aria-controls`; Escape closes the menu and returns focus to the button.',
        'Hiding on scroll never hides the header while something in it has focus.',
      ],
    }),
  },
  // A tall page under the header so scrolling is real; #main is the skip link's target.
  decorators: [
    (Story) => (
      <>
        <Story />
        <main id="main" tabIndex={-1} style={{ minHeight: '300vh', padding: '1.5rem', fontFamily: 'system-ui' }}>
          <h1>Page content</h1>
          <p>Scroll down to hide the header, scroll up to bring it back.</p>
        </main>
      </>
    ),
  ],
  beforeEach: () => {
    window.scrollTo(0, 0);
    return () => window.scrollTo(0, 0);
  },
} satisfies Meta<typeof Header>;
export default meta;
type Story = StoryObj<typeof meta>;

const MOBILE = { viewport: { value: 'mobile2', isRotated: false } };

/** Desktop (1200px): contact bar, inline navigation, Donate; no menu button. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(window.innerWidth).toBeGreaterThanOrEqual(768);
    const header = canvas.getByRole('banner');
    const nav = within(header).getByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    await expect(links.map((link) => link.textContent)).toEqual(['Home', 'About', 'Campaigns', 'Events', 'Contact']);
    await expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/',
      '/about',
      '/campaigns',
      '/events',
      '/contact',
    ]);
    await expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    await expect(within(nav).getByRole('link', { name: 'About' })).not.toHaveAttribute('aria-current');
    await expect(within(header).getByRole('link', { name: 'Donate' })).toHaveAttribute('href', '/donate');
    // Contact bar from 768px up.
    await expect(within(header).getByRole('link', { name: 'Phone: +91 98765 43210' })).toHaveAttribute(
      'href',
      'tel:+919876543210',
    );
    await expect(within(header).getByRole('link', { name: 'Email: info@example.org' })).toHaveAttribute(
      'href',
      'mailto:info@example.org',
    );
    await expect(header.querySelector('.cs-header__menu-button')).not.toBeVisible();
    await expect(getComputedStyle(header).position).toBe('sticky');
  },
};

export const CurrentPage: Story = {
  args: { currentPath: '/events' },
  play: async ({ canvas }) => {
    const nav = canvas.getByRole('navigation', { name: 'Main' });
    await expect(within(nav).getByRole('link', { name: 'Events' })).toHaveAttribute('aria-current', 'page');
    await expect(within(nav).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  },
};

/** A detail page inside a section marks the section link as current location, not as the page. */
export const CurrentSection: Story = {
  args: { currentPath: '/campaigns/42' },
  play: async ({ canvas }) => {
    const nav = canvas.getByRole('navigation', { name: 'Main' });
    await expect(within(nav).getByRole('link', { name: 'Campaigns' })).toHaveAttribute('aria-current', 'true');
  },
};

export const SkipLink: Story = {
  play: async ({ canvas }) => {
    const skip = canvas.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toHaveAttribute('href', '#main');
    await userEvent.tab();
    await expect(skip).toHaveFocus();
    await expect(skip.getBoundingClientRect().width).toBeGreaterThan(50);
  },
};

/** Scrolling down past 100px slides the header away; scrolling up brings it back. */
export const HiddenAfterScroll: Story = {
  play: async ({ canvas }) => {
    const header = canvas.getByRole('banner');
    await expect(header).toHaveAttribute('data-hidden', 'false');
    window.scrollTo(0, 80);
    await nextFrame();
    await expect(header).toHaveAttribute('data-hidden', 'false'); // not yet past 100px
    window.scrollTo(0, 400);
    await waitFor(() => expect(header).toHaveAttribute('data-hidden', 'true'));
    await waitFor(() => expect(header.getBoundingClientRect().bottom).toBeLessThanOrEqual(1));
    window.scrollTo(0, 300);
    await waitFor(() => expect(header).toHaveAttribute('data-hidden', 'false'));
    await waitFor(() => expect(header.getBoundingClientRect().top).toBe(0));
    window.scrollTo(0, 600);
    await waitFor(() => expect(header).toHaveAttribute('data-hidden', 'true'));
  },
};

/** Keyboard focus inside the header keeps it on screen, even when the page scrolls down. */
export const StaysVisibleWithKeyboardFocus: Story = {
  play: async ({ canvas }) => {
    const header = canvas.getByRole('banner');
    await userEvent.tab();
    await userEvent.tab();
    await expect(header.contains(document.activeElement)).toBe(true);
    window.scrollTo(0, 500);
    await waitFor(() => expect(window.scrollY).toBe(500));
    await nextFrame();
    await expect(header).toHaveAttribute('data-hidden', 'false');
  },
};

/** Below 768px: no inline navigation or contact bar; the menu button opens the drawer. */
export const Mobile: Story = {
  globals: MOBILE,
  play: async ({ canvas }) => {
    await expect(window.innerWidth).toBeLessThan(768);
    const header = canvas.getByRole('banner');
    // The inline navigation and the contact bar are not rendered visibly at this width.
    await expect(within(header).queryByRole('navigation', { name: 'Main' })).toBeNull();
    await expect(within(header).getByRole('link', { name: 'Phone: +91 98765 43210', hidden: true })).not.toBeVisible();
    await expect(within(header).getByRole('link', { name: 'Donate' })).toBeVisible();
    const menu = within(header).getByRole('button', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
  },
};

/** Opening moves focus into the drawer; Escape closes it and returns focus to the menu button. */
export const MobileDrawerOpen: Story = {
  globals: MOBILE,
  args: { currentPath: '/about' },
  play: async ({ canvas }) => {
    const header = canvas.getByRole('banner');
    const menu = within(header).getByRole('button', { name: 'Menu' });
    await userEvent.click(menu);
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    const drawer = document.getElementById(menu.getAttribute('aria-controls') ?? '') as HTMLElement;
    await waitFor(() => expect(drawer).toBeVisible());
    const nav = within(drawer).getByRole('navigation', { name: 'Main' });
    await waitFor(() => expect(within(nav).getByRole('link', { name: 'Home' })).toHaveFocus());
    await expect(within(nav).getByRole('link', { name: 'About' })).toHaveAttribute('aria-current', 'page');
    await expect(within(nav).getAllByRole('link')).toHaveLength(5);

    await userEvent.keyboard('{Escape}');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(drawer).not.toBeVisible();
    await expect(menu).toHaveFocus();

    // Reopen for the visual state of this story; the button toggles it.
    await userEvent.click(menu);
    await waitFor(() => expect(drawer).toBeVisible());
  },
};

/** The drawer keeps the header on screen while the page scrolls. */
export const MobileStaysVisibleWhileMenuOpen: Story = {
  globals: MOBILE,
  play: async ({ canvas }) => {
    const header = canvas.getByRole('banner');
    await userEvent.click(within(header).getByRole('button', { name: 'Menu' }));
    // Take focus out of the header so only the open drawer is holding it on screen.
    await waitFor(() => expect(header.contains(document.activeElement)).toBe(true));
    (document.activeElement as HTMLElement).blur();
    window.scrollTo(0, 600);
    await waitFor(() => expect(window.scrollY).toBe(600));
    await nextFrame();
    await expect(header).toHaveAttribute('data-hidden', 'false');
  },
};

// A stand-in router: links and a "browser back" button change the current path held in state.
const NavigateContext = createContext<(href: string) => void>(() => {});

function RouterLink({ href, onClick, ...props }: UiLinkProps) {
  const navigate = useContext(NavigateContext);
  return (
    <a
      {...props}
      href={href}
      onClick={(event) => {
        onClick?.(event);
        event.preventDefault();
        navigate(href);
      }}
    />
  );
}

function RoutedHeader() {
  const [path, setPath] = useState('/');
  return (
    <NavigateContext.Provider value={setPath}>
      <LinkProvider component={RouterLink}>
        <Header currentPath={path} />
        <div style={{ padding: '1rem', fontFamily: 'system-ui' }}>
          <p>
            Current path: <output aria-label="Current path">{path}</output>
          </p>
          <Button variant="outline" size="sm" onClick={() => setPath('/events')}>
            Simulate browser navigation to /events
          </Button>
        </div>
      </LinkProvider>
    </NavigateContext.Provider>
  );
}

/** A change of currentPath (here from outside the header, like the browser's back button) closes the drawer. */
export const MobileDrawerClosesOnRouteChange: Story = {
  globals: MOBILE,
  render: () => <RoutedHeader />,
  play: async ({ canvas }) => {
    const menu = canvas.getByRole('button', { name: 'Menu' });
    await userEvent.click(menu);
    await expect(menu).toHaveAttribute('aria-expanded', 'true');

    await userEvent.click(canvas.getByRole('button', { name: 'Simulate browser navigation to /events' }));
    await expect(canvas.getByRole('status', { name: 'Current path' })).toHaveTextContent('/events');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.queryByRole('navigation', { name: 'Main' })).toBeNull();

    // Following a link in the drawer navigates and closes it as well.
    await userEvent.click(menu);
    const nav = await canvas.findByRole('navigation', { name: 'Main' });
    await expect(within(nav).getByRole('link', { name: 'Events' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(within(nav).getByRole('link', { name: 'Contact' }));
    await expect(canvas.getByRole('status', { name: 'Current path' })).toHaveTextContent('/contact');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
  },
};

export const CustomNavItems: Story = {
  args: {
    currentPath: '/admin/events',
    navItems: [
      { label: 'Home', href: '/' },
      { label: 'Events Management', href: '/admin/events' },
    ],
    donateHref: '/donate?campaign=3',
  },
  play: async ({ canvas }) => {
    const nav = canvas.getByRole('navigation', { name: 'Main' });
    await expect(within(nav).getAllByRole('link')).toHaveLength(2);
    await expect(within(nav).getByRole('link', { name: 'Events Management' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(canvas.getByRole('link', { name: 'Donate' })).toHaveAttribute('href', '/donate?campaign=3');
  },
};
