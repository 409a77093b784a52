import { formatEventDate } from '@charity/domain';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { EventStatusBadge } from './EventStatusBadge';
import { CalendarIcon, PinIcon, SparkIcon } from './icons';

export interface EventDetailsEvent {
  title: string;
  description: string;
  status: string | null | undefined;
  date?: string | null;
  location?: string | null;
  impact?: string | null;
}

export interface EventDetailsProps {
  event: EventDetailsEvent;
  /** Heading level of the title, to fit the page outline. */
  headingLevel?: 2 | 3;
  /** Under the facts, e.g. the gallery. */
  children?: ReactNode;
  className?: string;
}

/** The selected event: title, status badge, description, then date, location and impact when known. */
export function EventDetails({ event, headingLevel = 2, children, className }: EventDetailsProps) {
  const Heading = `h${headingLevel}` as const;
  const date = formatEventDate(event.date);
  const facts: { label: string; value: string; icon: ReactNode }[] = [];
  if (date) facts.push({ label: 'Date', value: date, icon: <CalendarIcon size={18} /> });
  if (event.location) facts.push({ label: 'Location', value: event.location, icon: <PinIcon size={18} /> });
  if (event.impact) facts.push({ label: 'Impact', value: event.impact, icon: <SparkIcon size={18} /> });

  return (
    <article className={cn('cs-event-details', className)}>
      <div className="cs-event-details__header">
        <Heading className="cs-event-details__title">{event.title}</Heading>
        <EventStatusBadge status={event.status} />
      </div>
      {event.description ? <p className="cs-event-details__description">{event.description}</p> : null}
      {facts.length > 0 ? (
        <dl className="cs-event-details__facts">
          {facts.map((fact) => (
            <div key={fact.label} className="cs-event-details__fact">
              <dt>
                <span className="cs-event-details__icon">{fact.icon}</span>
                {fact.label}
              </dt>
              <dd>{fact.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {children}
    </article>
  );
}
