import { useId, type ReactNode } from 'react';
import { ButtonLink } from '../components/Button';
import { cn } from '../lib/cn';

export const EVENTS_TEXT = {
  heroTitle: 'Our Events',
  heroLead: 'See the drives, camps and celebrations where our community comes together for children and their families.',
  closingTitle: 'Be Part of Our Next Event',
  getInvolved: 'Get Involved',
  supportMission: 'Support Our Mission',
} as const;

export interface EventsHeroProps {
  /** The page's one h1 (it contains 'Events'). */
  title?: ReactNode;
  lead?: ReactNode;
  className?: string;
}

/** The top of the public events page. A plain <header> inside <main>, so it adds no landmark of its own. */
export function EventsHero({ title = EVENTS_TEXT.heroTitle, lead = EVENTS_TEXT.heroLead, className }: EventsHeroProps) {
  return (
    <header className={cn('cs-events-hero', className)}>
      <div className="cs-container">
        <h1 className="cs-events-hero__title">{title}</h1>
        {lead ? <p className="cs-events-hero__lead">{lead}</p> : null}
      </div>
    </header>
  );
}

export interface EventsClosingProps {
  title?: ReactNode;
  contactHref?: string;
  donateHref?: string;
  className?: string;
}

/** The closing links of the events page: 'Get Involved' (/contact) and 'Support Our Mission' (/donate). */
export function EventsClosing({
  title = EVENTS_TEXT.closingTitle,
  contactHref = '/contact',
  donateHref = '/donate',
  className,
}: EventsClosingProps) {
  const headingId = useId();
  return (
    <section className={cn('cs-events-closing', className)} aria-labelledby={headingId}>
      <div className="cs-container cs-events-closing__inner">
        <h2 id={headingId} className="cs-events-closing__title">
          {title}
        </h2>
        <div className="cs-events-closing__actions">
          <ButtonLink href={contactHref} variant="secondary" size="lg">
            {EVENTS_TEXT.getInvolved}
          </ButtonLink>
          <ButtonLink href={donateHref} variant="outline" size="lg">
            {EVENTS_TEXT.supportMission}
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
