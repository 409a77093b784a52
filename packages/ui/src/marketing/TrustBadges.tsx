import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { DEFAULT_TRUST_BADGES } from './home-content';

export interface TrustBadge {
  title: string;
  /** A short line under the title. */
  description?: string;
  /** Decorative icon. */
  icon?: ReactNode;
}

export interface TrustBadgesProps {
  items?: readonly TrustBadge[];
  /** Accessible name of the list. */
  label?: string;
  className?: string;
}

/** The reasons to trust the organisation, as a row of badges (Trusted Organization, Transparent Operations, Direct Impact). */
export function TrustBadges({ items = DEFAULT_TRUST_BADGES, label = 'Why donors trust us', className }: TrustBadgesProps) {
  return (
    <ul className={cn('cs-trust-badges', className)} aria-label={label}>
      {items.map((item) => (
        <li key={item.title} className="cs-trust-badge">
          {item.icon ? <span className="cs-trust-badge__icon">{item.icon}</span> : null}
          <span className="cs-trust-badge__text">
            <span className="cs-trust-badge__title">{item.title}</span>
            {item.description ? <span className="cs-trust-badge__description">{item.description}</span> : null}
          </span>
        </li>
      ))}
    </ul>
  );
}
