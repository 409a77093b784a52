import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { cn } from '../lib/cn';
import { DEFAULT_HEADER_ORGANISATION, HEADER_HIDE_SCROLL_PX, MOBILE_BREAKPOINT_PX } from '../lib/defaults';
import { useLink } from '../lib/link';
import { currentness } from '../lib/paths';
import { ButtonLink } from './Button';
import { CloseIcon, HeartIcon, MailIcon, MenuIcon, PhoneIcon } from './icons';

export interface NavItem {
  label: string;
  href: string;
}

/** The public navigation of the spec; the Donate call to action is separate. */
export const DEFAULT_NAV_ITEMS: readonly NavItem[] = [
  { label: 'Home', href: '/' },
  { label: 'About', href: '/about' },
  { label: 'Campaigns', href: '/campaigns' },
  { label: 'Events', href: '/events' },
  { label: 'Contact', href: '/contact' },
];

export interface HeaderOrganisation {
  name: string;
  phone: string;
  email: string;
}

export interface HeaderProps {
  /** The current route's path; the matching link gets aria-current="page", a change closes the drawer. */
  currentPath: string;
  navItems?: readonly NavItem[];
  donateHref?: string;
  organisation?: HeaderOrganisation;
}

const DEFAULT_ORGANISATION: HeaderOrganisation = DEFAULT_HEADER_ORGANISATION;

export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, '')}`;
}

/**
 * Site header: skip link, contact bar (768px and up), brand, navigation, Donate, and a menu drawer below 768px.
 * Sticky; slides away when the page scrolls down past 100px and returns on scroll up, but never while the
 * drawer is open or keyboard focus is inside it.
 */
export function Header({
  currentPath,
  navItems = DEFAULT_NAV_ITEMS,
  donateHref = '/donate',
  organisation = DEFAULT_ORGANISATION,
}: HeaderProps) {
  const Link = useLink();
  const drawerId = useId();
  const rootRef = useRef<HTMLElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const drawerRef = useRef<HTMLDivElement>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const [hidden, setHidden] = useState(false);

  // A new route closes the drawer (React's "adjust state when a prop changes" pattern, no effect needed).
  const [seenPath, setSeenPath] = useState(currentPath);
  if (seenPath !== currentPath) {
    setSeenPath(currentPath);
    setMenuOpen(false);
  }

  const menuOpenRef = useRef(menuOpen);
  useEffect(() => {
    menuOpenRef.current = menuOpen;
  }, [menuOpen]);

  // Hide on scroll down, show on scroll up.
  useEffect(() => {
    let lastY = window.scrollY;
    const onScroll = () => {
      const y = Math.max(0, window.scrollY);
      const root = rootRef.current;
      const active = document.activeElement;
      const keyboardFocusInside = !!root && !!active && root.contains(active) && active.matches(':focus-visible');
      if (y <= HEADER_HIDE_SCROLL_PX || y < lastY) setHidden(false);
      else if (y > lastY && !menuOpenRef.current && !keyboardFocusInside) setHidden(true);
      lastY = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  // Growing past the breakpoint closes the drawer: the inline navigation takes over.
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(`(min-width: ${MOBILE_BREAKPOINT_PX}px)`);
    const onChange = () => {
      if (query.matches) setMenuOpen(false);
    };
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  // Opening moves focus into the drawer; closing hands it back to the menu button if it would be lost.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (menuOpen) {
      drawerRef.current?.querySelector<HTMLElement>('a[href], button')?.focus();
    } else if (wasOpen.current) {
      const active = document.activeElement;
      if (!active || active === document.body) menuButtonRef.current?.focus();
    }
    wasOpen.current = menuOpen;
  }, [menuOpen]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape' && menuOpen) {
      event.stopPropagation();
      setMenuOpen(false);
      menuButtonRef.current?.focus();
    }
  };

  const renderLinks = (place: 'bar' | 'drawer') =>
    navItems.map((item) => {
      const current = currentness(item.href, currentPath);
      return (
        <li key={item.href}>
          <Link
            href={item.href}
            className={cn('cs-header__link', current && 'cs-header__link--current')}
            aria-current={current}
            onClick={place === 'drawer' ? () => setMenuOpen(false) : undefined}
          >
            {item.label}
          </Link>
        </li>
      );
    });

  return (
    <header
      ref={rootRef}
      className={cn('cs-header', hidden && 'cs-header--hidden')}
      data-hidden={hidden ? 'true' : 'false'}
      onFocus={() => setHidden(false)}
      onKeyDown={onKeyDown}
    >
      <a href="#main" className="cs-skip-link">
        Skip to main content
      </a>
      <div className="cs-header__contact-bar">
        <div className="cs-container cs-header__contact-inner">
          <a href={telHref(organisation.phone)} className="cs-header__contact-link">
            <PhoneIcon size={16} />
            <span className="cs-visually-hidden">Phone: </span>
            {organisation.phone}
          </a>
          <a href={`mailto:${organisation.email}`} className="cs-header__contact-link">
            <MailIcon size={16} />
            <span className="cs-visually-hidden">Email: </span>
            {organisation.email}
          </a>
        </div>
      </div>
      <div className="cs-header__bar">
        <div className="cs-container cs-header__bar-inner">
          <Link href="/" className="cs-header__brand">
            <span className="cs-header__logo" aria-hidden="true">
              <HeartIcon size={20} />
            </span>
            <span className="cs-header__name">{organisation.name}</span>
          </Link>
          <nav aria-label="Main" className="cs-header__nav">
            <ul className="cs-header__list">{renderLinks('bar')}</ul>
          </nav>
          <div className="cs-header__actions">
            <ButtonLink
              href={donateHref}
              size="sm"
              className="cs-header__donate"
              icon={<HeartIcon size={16} />}
              aria-current={currentness(donateHref, currentPath) === 'page' ? 'page' : undefined}
            >
              Donate
            </ButtonLink>
            <button
              ref={menuButtonRef}
              type="button"
              className="cs-header__menu-button"
              aria-expanded={menuOpen}
              aria-controls={drawerId}
              onClick={() => setMenuOpen((open) => !open)}
            >
              {menuOpen ? <CloseIcon /> : <MenuIcon />}
              <span className="cs-visually-hidden">Menu</span>
            </button>
          </div>
        </div>
      </div>
      <div id={drawerId} ref={drawerRef} className="cs-header__drawer" hidden={!menuOpen}>
        <nav aria-label="Main" className="cs-container">
          <ul className="cs-header__drawer-list">{renderLinks('drawer')}</ul>
        </nav>
      </div>
    </header>
  );
}
