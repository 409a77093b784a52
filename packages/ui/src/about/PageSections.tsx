import { useId, type ReactNode } from 'react';
import { cn } from '../lib/cn';

export interface PageHeroProps {
  /** The page's one h1. */
  title: ReactNode;
  /** A short line above the title (e.g. 'Who we are'). */
  eyebrow?: ReactNode;
  /** The introduction under the title. */
  lead?: ReactNode;
  /** Buttons or links under the lead. */
  children?: ReactNode;
  className?: string;
}

/**
 * The top of an inner page: eyebrow, h1, lead and actions on a warm band. A plain <header> (no landmark inside
 * <main>), so its name never clashes with the footer's regions.
 */
export function PageHero({ title, eyebrow, lead, children, className }: PageHeroProps) {
  return (
    <header className={cn('cs-page-hero', className)}>
      <div className="cs-container cs-page-hero__inner">
        {eyebrow ? <p className="cs-page-hero__eyebrow">{eyebrow}</p> : null}
        <h1 className="cs-page-hero__title">{title}</h1>
        {lead ? <p className="cs-page-hero__lead">{lead}</p> : null}
        {children ? <div className="cs-page-hero__actions">{children}</div> : null}
      </div>
    </header>
  );
}

export interface PageSectionProps {
  /** The section's h2; it also names the section (a region landmark). */
  title: ReactNode;
  /** Text under the title. */
  intro?: ReactNode;
  /** 'alt' puts the section on the cream surface, to separate neighbours. */
  tone?: 'default' | 'alt';
  /** Keep the title for assistive technology only. */
  hideTitle?: boolean;
  id?: string;
  children?: ReactNode;
  className?: string;
}

/** A page section with an h2 title, optional intro and any content, inside the page container. */
export function PageSection({ title, intro, tone = 'default', hideTitle, id, children, className }: PageSectionProps) {
  const generated = useId();
  const headingId = `${id ?? generated}-title`;
  return (
    <section
      id={id}
      className={cn('cs-section', tone === 'alt' && 'cs-section--alt', className)}
      aria-labelledby={headingId}
    >
      <div className="cs-container">
        <div className={cn('cs-section__header', hideTitle && !intro && 'cs-section__header--empty')}>
          <h2 id={headingId} className={hideTitle ? 'cs-visually-hidden' : 'cs-section__title'}>
            {title}
          </h2>
          {intro ? <p className="cs-section__intro">{intro}</p> : null}
        </div>
        {children}
      </div>
    </section>
  );
}
