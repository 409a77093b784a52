import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { HOME_STATS } from './home-content';

export interface Stat {
  /** Display text of the figure, e.g. '5,000+'. */
  value: string;
  label: string;
  description?: string;
  icon?: ReactNode;
}

export interface StatsBlockProps {
  stats?: readonly Stat[];
  className?: string;
}

/**
 * Headline figures as a description list: screen readers hear the label with its value ('Children Supported,
 * 5,000+'), while the figure is shown large above its label.
 */
export function StatsBlock({ stats = HOME_STATS, className }: StatsBlockProps) {
  return (
    <dl className={cn('cs-stats', className)}>
      {stats.map((stat) => (
        <div key={stat.label} className="cs-stats__item">
          <dt className="cs-stats__label">{stat.label}</dt>
          {/* The icon sits inside the value: a <dl> group may hold only <dt> and <dd>. */}
          <dd className="cs-stats__value">
            {stat.icon ? <span className="cs-stats__icon">{stat.icon}</span> : null}
            {stat.value}
          </dd>
          {stat.description ? <dd className="cs-stats__description">{stat.description}</dd> : null}
        </div>
      ))}
    </dl>
  );
}
