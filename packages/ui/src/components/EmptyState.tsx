import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from '../lib/cn';

export interface EmptyStateProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  /** Decorative icon (hidden from assistive technology). */
  icon?: ReactNode;
  title: string;
  description?: ReactNode;
  /** Buttons or links, e.g. 'Clear Filters' and 'Make General Donation'. */
  actions?: ReactNode;
  /** Heading level of the title, to fit the page outline. */
  headingLevel?: 2 | 3 | 4;
}

export function EmptyState({
  icon,
  title,
  description,
  actions,
  headingLevel = 2,
  className,
  ...props
}: EmptyStateProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className={cn('cs-empty', className)} {...props}>
      {icon ? (
        <div className="cs-empty__icon" aria-hidden="true">
          {icon}
        </div>
      ) : null}
      <Heading className="cs-empty__title">{title}</Heading>
      {description ? <p className="cs-empty__description">{description}</p> : null}
      {actions ? <div className="cs-empty__actions">{actions}</div> : null}
    </div>
  );
}
