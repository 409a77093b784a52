import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

export interface FeatureItem {
  title: string;
  description: string;
  /** Decorative icon shown before the title. */
  icon?: ReactNode;
}

export interface FeatureGridProps {
  items: readonly FeatureItem[];
  /** Columns from 768px up (one column below). */
  columns?: 2 | 3;
  /** Level of each item's title; 3 under a section's h2. */
  headingLevel?: 3 | 4;
  /** 'card' boxes each item; 'plain' sets them on the section's background. */
  variant?: 'card' | 'plain';
  /** Accessible name of the list, when the section heading alone does not make its purpose clear. */
  label?: string;
  className?: string;
}

/** A list of short features (icon, title, sentence) laid out in a responsive grid. */
export function FeatureGrid({ items, columns = 3, headingLevel = 3, variant = 'card', label, className }: FeatureGridProps) {
  const Title = `h${headingLevel}` as const;
  return (
    <ul
      className={cn('cs-feature-grid', `cs-feature-grid--cols-${columns}`, `cs-feature-grid--${variant}`, className)}
      aria-label={label}
    >
      {items.map((item) => (
        <li key={item.title} className="cs-feature">
          {item.icon ? <span className="cs-feature__icon">{item.icon}</span> : null}
          <Title className="cs-feature__title">{item.title}</Title>
          <p className="cs-feature__description">{item.description}</p>
        </li>
      ))}
    </ul>
  );
}
