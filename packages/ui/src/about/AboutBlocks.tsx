import { useId, type ReactNode } from 'react';
import { ButtonLink } from '../components/Button';
import { cn } from '../lib/cn';
import { SectionIcon, type SectionIconName } from './icons';

export interface AboutStatement {
  /** e.g. 'Our Mission'. */
  title: string;
  text: ReactNode;
  icon?: SectionIconName;
}

export interface AboutStatementsProps {
  /** Usually two: mission and vision. Each title is an h2, so they read as sections of the page. */
  statements: readonly AboutStatement[];
  className?: string;
}

/** Mission and vision side by side (stacked below 768px), each a titled section. */
export function AboutStatements({ statements, className }: AboutStatementsProps) {
  const id = useId();
  return (
    <div className={cn('cs-container', 'cs-about-statements', className)}>
      {statements.map((statement, index) => (
        <section key={statement.title} className="cs-about-statement" aria-labelledby={`${id}-${index}`}>
          {statement.icon ? (
            <span className="cs-about-statement__icon">
              <SectionIcon name={statement.icon} size={28} />
            </span>
          ) : null}
          <h2 id={`${id}-${index}`} className="cs-about-statement__title">
            {statement.title}
          </h2>
          <p className="cs-about-statement__text">{statement.text}</p>
        </section>
      ))}
    </div>
  );
}

export interface AboutCardItem {
  title: string;
  description: ReactNode;
  icon?: SectionIconName;
}

export interface AboutCardGridProps {
  items: readonly AboutCardItem[];
  /** Columns from 768px up; one column below. */
  columns?: 2 | 4;
  className?: string;
}

/** A list of cards with an icon, an h3 title and a description (values, programs). */
export function AboutCardGrid({ items, columns = 4, className }: AboutCardGridProps) {
  return (
    <ul className={cn('cs-about-grid', `cs-about-grid--${columns}`, className)}>
      {items.map((item) => (
        <li key={item.title} className="cs-about-card">
          {item.icon ? (
            <span className="cs-about-card__icon">
              <SectionIcon name={item.icon} />
            </span>
          ) : null}
          <h3 className="cs-about-card__title">{item.title}</h3>
          <p className="cs-about-card__text">{item.description}</p>
        </li>
      ))}
    </ul>
  );
}

export interface AboutApproachPoint {
  title: string;
  description: ReactNode;
}

export interface AboutApproachListProps {
  points: readonly AboutApproachPoint[];
  className?: string;
}

/** Numbered points (an ordered list, so the count and position are announced), each with an h3. */
export function AboutApproachList({ points, className }: AboutApproachListProps) {
  return (
    <ol className={cn('cs-approach', className)}>
      {points.map((point, index) => (
        <li key={point.title} className="cs-approach__item">
          <span className="cs-approach__number" aria-hidden="true">
            {index + 1}
          </span>
          <div>
            <h3 className="cs-approach__title">{point.title}</h3>
            <p className="cs-approach__text">{point.description}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}

export interface CallToActionAction {
  label: string;
  href: string;
}

export interface CallToActionBannerProps {
  title: ReactNode;
  text?: ReactNode;
  /** The main action (primary button). */
  primary: CallToActionAction;
  /** A second action (outline button). */
  secondary?: CallToActionAction;
  className?: string;
}

/** A closing band with a title, a sentence and one or two link buttons (rendered through LinkProvider). */
export function CallToActionBanner({ title, text, primary, secondary, className }: CallToActionBannerProps) {
  const id = useId();
  return (
    <section className={cn('cs-cta', className)} aria-labelledby={`${id}-title`}>
      <div className="cs-container cs-cta__inner">
        <h2 id={`${id}-title`} className="cs-cta__title">
          {title}
        </h2>
        {text ? <p className="cs-cta__text">{text}</p> : null}
        <div className="cs-cta__actions">
          <ButtonLink href={primary.href} variant="secondary" size="lg">
            {primary.label}
          </ButtonLink>
          {secondary ? (
            <ButtonLink href={secondary.href} variant="outline" size="lg" className="cs-cta__secondary">
              {secondary.label}
            </ButtonLink>
          ) : null}
        </div>
      </div>
    </section>
  );
}
