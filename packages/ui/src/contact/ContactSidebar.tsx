import { useId } from 'react';
import type { OfficeHours as OfficeHoursEntry } from '@charity/domain';
import { telHref } from '../components/Header';
import { SocialIcon } from '../components/icons';
import { SectionIcon } from '../about/icons';
import type { SocialLink } from '../lib/defaults';
import { cn } from '../lib/cn';
import { DEFAULT_EMERGENCY_HOTLINE, DEFAULT_OFFICE_HOURS, DEFAULT_SOCIAL_LINKS } from './defaults';

export interface OfficeHoursProps {
  /** Rows such as { days: 'Monday - Friday', hours: '9:00 AM - 6:00 PM' }. */
  hours?: readonly OfficeHoursEntry[];
  heading?: string;
  className?: string;
}

/** Opening hours as a description list: days are the terms, hours their values. */
export function OfficeHours({ hours = DEFAULT_OFFICE_HOURS, heading = 'Office Hours', className }: OfficeHoursProps) {
  const id = useId();
  return (
    <section className={cn('cs-contact-panel', className)} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="cs-contact-panel__title">
        <SectionIcon name="clock" size={22} />
        {heading}
      </h2>
      <dl className="cs-office-hours">
        {hours.map((row) => (
          <div key={row.days} className="cs-office-hours__row">
            <dt className="cs-office-hours__days">{row.days}</dt>
            <dd className="cs-office-hours__hours">{row.hours}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export interface EmergencyHotlineProps {
  /** The organisation's emergency number, shown as a tel: link. */
  hotline?: string;
  className?: string;
}

/**
 * The emergency hotline note. It also points to India's national emergency number 112, because a child in
 * immediate danger needs the police or an ambulance before a charity's phone line.
 */
export function EmergencyHotline({ hotline = DEFAULT_EMERGENCY_HOTLINE, className }: EmergencyHotlineProps) {
  const id = useId();
  return (
    <section className={cn('cs-contact-panel', 'cs-contact-panel--emergency', className)} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="cs-contact-panel__title">
        <SectionIcon name="alert" size={22} />
        Emergency Hotline
      </h2>
      <p className="cs-contact-panel__text">
        For urgent concerns about a child&apos;s safety or wellbeing, call our emergency hotline:{' '}
        <a className="cs-contact-panel__phone" href={telHref(hotline)}>
          {hotline}
        </a>
      </p>
      <p className="cs-contact-panel__text cs-contact-panel__text--small">
        If a child is in immediate danger, call 112, India&apos;s national emergency number.
      </p>
    </section>
  );
}

export interface SocialLinksProps {
  /** The five networks; each link's accessible name is its label. */
  links?: readonly SocialLink[];
  heading?: string;
  className?: string;
}

/** Links to the organisation's social networks, each an icon button named by its network. */
export function SocialLinks({ links = DEFAULT_SOCIAL_LINKS, heading = 'Connect With Us', className }: SocialLinksProps) {
  const id = useId();
  return (
    <section className={cn('cs-contact-panel', className)} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="cs-contact-panel__title">
        {heading}
      </h2>
      <ul className="cs-social-links">
        {links.map((link) => (
          <li key={link.href}>
            <a
              className="cs-social-links__link"
              href={link.href}
              aria-label={`${link.label} (opens in a new tab)`}
              target="_blank"
              rel="noopener noreferrer"
            >
              <SocialIcon name={link.network ?? link.label} size={22} />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
