import { Fragment, useId } from 'react';
import { DEFAULT_FOOTER_ORGANISATION, type SocialLink } from '../lib/defaults';
import { useLink } from '../lib/link';
import { DEFAULT_NAV_ITEMS, telHref, type NavItem } from './Header';
import { HeartIcon, MailIcon, MapPinIcon, PhoneIcon, SocialIcon } from './icons';

export type { SocialLink };

export interface FooterOrganisation {
  name: string;
  description?: string;
  email: string;
  phone: string;
  address: string;
  /** e.g. 'Registration No. 602 of 2019'. */
  registration: string;
  /** e.g. ['12A', '80G']. */
  taxApprovals: readonly string[];
  /** Five networks, e.g. the domain's `social_links`; each link's accessible name is its label. */
  socials: readonly SocialLink[];
}

export interface FooterProps {
  organisation?: FooterOrganisation;
  /** Quick links; defaults to the public navigation plus Donate. */
  links?: readonly NavItem[];
}

const DEFAULT_ORGANISATION: FooterOrganisation = DEFAULT_FOOTER_ORGANISATION;

const DEFAULT_LINKS: readonly NavItem[] = [...DEFAULT_NAV_ITEMS, { label: 'Donate', href: '/donate' }];

function formatList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** Line-break opportunities before each dot only (<wbr>). */
function breaksBeforeDots(text: string) {
  return text.split(/(?=\.)/).map((part, index) => (
    <Fragment key={index}>
      {index > 0 ? <wbr /> : null}
      {part}
    </Fragment>
  ));
}

/**
 * The address in two parts, 'contact@' and 'brightbeginnings.org.in', each kept whole on its line when it fits, so a
 * narrow column wraps it after the @ instead of mid-word; a part wider than the column breaks before a dot. What a
 * copy picks up is the address unchanged.
 */
function breakableEmail(email: string) {
  const at = email.lastIndexOf('@');
  if (at < 0) return breaksBeforeDots(email);
  return (
    <>
      <span className="cs-footer__email-part">{breaksBeforeDots(email.slice(0, at + 1))}</span>
      <wbr />
      <span className="cs-footer__email-part">{breaksBeforeDots(email.slice(at + 1))}</span>
    </>
  );
}

export function Footer({ organisation = DEFAULT_ORGANISATION, links = DEFAULT_LINKS }: FooterProps) {
  const Link = useLink();
  const id = useId();
  const year = new Date().getFullYear();
  return (
    <footer className="cs-footer">
      <div className="cs-container cs-footer__grid">
        <div className="cs-footer__brand">
          <p className="cs-footer__name">
            <HeartIcon size={20} />
            {organisation.name}
          </p>
          {organisation.description ? <p className="cs-footer__description">{organisation.description}</p> : null}
        </div>
        <nav className="cs-footer__section" aria-labelledby={`${id}-quick-links`}>
          <h2 id={`${id}-quick-links`} className="cs-footer__heading">
            Quick Links
          </h2>
          <ul className="cs-footer__list">
            {links.map((item) => (
              <li key={item.href}>
                <Link href={item.href} className="cs-footer__link">
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <section className="cs-footer__section" aria-labelledby={`${id}-contact`}>
          <h2 id={`${id}-contact`} className="cs-footer__heading">
            Contact Us
          </h2>
          <address className="cs-footer__contact">
            <p className="cs-footer__contact-item">
              <MapPinIcon size={18} />
              <span>{organisation.address}</span>
            </p>
            <p className="cs-footer__contact-item">
              <PhoneIcon size={18} />
              <a href={telHref(organisation.phone)} className="cs-footer__link">
                <span className="cs-visually-hidden">Phone: </span>
                {organisation.phone}
              </a>
            </p>
            <p className="cs-footer__contact-item">
              <MailIcon size={18} />
              {/* Named in one piece: the address's parts are drawn as separate boxes, which a name taken from the
                  content may split with a space ('contact@ brightbeginnings.org.in'). */}
              <a
                href={`mailto:${organisation.email}`}
                className="cs-footer__link cs-footer__email"
                aria-label={`Email: ${organisation.email}`}
              >
                {breakableEmail(organisation.email)}
              </a>
            </p>
          </address>
        </section>
        <section className="cs-footer__section" aria-labelledby={`${id}-social`}>
          <h2 id={`${id}-social`} className="cs-footer__heading">
            Follow Us
          </h2>
          <ul className="cs-footer__socials">
            {organisation.socials.map((social) => (
              <li key={social.href}>
                <a
                  href={social.href}
                  className="cs-footer__social"
                  aria-label={social.label}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  <SocialIcon name={social.network ?? social.label} />
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <div className="cs-footer__legal">
        <div className="cs-container cs-footer__legal-inner">
          <p>{organisation.registration}</p>
          {organisation.taxApprovals.length > 0 ? (
            <p>Tax approvals: {formatList(organisation.taxApprovals)}</p>
          ) : null}
          <p>
            © {year} {organisation.name}. All rights reserved.
          </p>
        </div>
      </div>
    </footer>
  );
}
