import { FOCUS_SLIDESHOW_MS } from '@charity/domain';
import { useId } from 'react';
import { cn } from '../lib/cn';
import type { FeatureItem } from './FeatureGrid';
import { FOCUS_AREAS } from './home-content';
import { SectionHeading } from './SectionHeading';
import { Slideshow, type Slide } from './Slideshow';

export interface FocusSectionProps {
  slides: readonly Slide[];
  /** The section's id: the hero's scroll-down button moves here. */
  id?: string;
  intervalMs?: number;
  title?: string;
  description?: string;
  areas?: readonly FeatureItem[];
  slideshowLabel?: string;
  autoplay?: boolean;
  reducedMotion?: boolean;
  className?: string;
}

/** The three focus areas (Education, Health, Food) beside their own slideshow. */
export function FocusSection({
  slides,
  id = 'focus-areas',
  intervalMs = FOCUS_SLIDESHOW_MS,
  title = 'Our Focus Areas',
  description = 'Three things every child needs to thrive. We work on all three together, because each one makes the others possible.',
  areas = FOCUS_AREAS,
  slideshowLabel = 'Our focus areas in pictures',
  autoplay,
  reducedMotion,
  className,
}: FocusSectionProps) {
  const headingId = useId();
  return (
    // tabIndex -1: the scroll-down button moves focus here without making the section a tab stop.
    <section id={id} tabIndex={-1} aria-labelledby={headingId} className={cn('cs-marketing-section cs-focus', className)}>
      <div className="cs-container">
        <SectionHeading id={headingId} title={title} description={description} />
        <div className="cs-focus__inner">
          <ul className="cs-focus__areas">
            {areas.map((area) => (
              <li key={area.title} className="cs-focus__area">
                {area.icon ? <span className="cs-feature__icon">{area.icon}</span> : null}
                <div>
                  <h3 className="cs-feature__title">{area.title}</h3>
                  <p className="cs-feature__description">{area.description}</p>
                </div>
              </li>
            ))}
          </ul>
          <div className="cs-focus__media">
            <Slideshow
              slides={slides}
              label={slideshowLabel}
              intervalMs={intervalMs}
              autoplay={autoplay}
              reducedMotion={reducedMotion}
              priority={false}
            />
          </div>
        </div>
      </div>
    </section>
  );
}
