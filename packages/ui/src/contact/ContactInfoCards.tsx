import { useId } from 'react';
import { telHref } from '../components/Header';
import { SectionIcon } from '../about/icons';
import { cn } from '../lib/cn';
import { DEFAULT_CONTACT_DETAILS, type ContactDetails } from './defaults';

export type { ContactDetails };

export interface ContactInfoCardsProps {
  details?: ContactDetails;
  /** Heading of the group; hidden visually by default because the three card titles speak for themselves. */
  heading?: string;
  showHeading?: boolean;
  className?: string;
}

/** The three ways to reach the organisation (spec §2 "Contact"): phone, email and address, as cards. */
export function ContactInfoCards({
  details = DEFAULT_CONTACT_DETAILS,
  heading = 'Ways to Reach Us',
  showHeading = false,
  className,
}: ContactInfoCardsProps) {
  const id = useId();
  return (
    <section className={cn('cs-container', 'cs-contact-cards', className)} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className={showHeading ? 'cs-section__title' : 'cs-visually-hidden'}>
        {heading}
      </h2>
      <ul className="cs-contact-cards__list">
        <li className="cs-contact-card">
          <span className="cs-contact-card__icon">
            <SectionIcon name="phone" />
          </span>
          <h3 className="cs-contact-card__title">Call Us</h3>
          <a className="cs-contact-card__link" href={telHref(details.phone)}>
            {details.phone}
          </a>
          <p className="cs-contact-card__note">{details.phoneHours}</p>
        </li>
        <li className="cs-contact-card">
          <span className="cs-contact-card__icon">
            <SectionIcon name="mail" />
          </span>
          <h3 className="cs-contact-card__title">Email Us</h3>
          <a className="cs-contact-card__link" href={`mailto:${details.email}`}>
            {details.email}
          </a>
          <p className="cs-contact-card__note">We reply within {details.replyWithinHours} hours</p>
        </li>
        <li className="cs-contact-card">
          <span className="cs-contact-card__icon">
            <SectionIcon name="map-pin" />
          </span>
          <h3 className="cs-contact-card__title">Visit Us</h3>
          <address className="cs-contact-card__address">{details.address}</address>
        </li>
      </ul>
    </section>
  );
}
