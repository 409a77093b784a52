import type { CSSProperties, ReactNode } from 'react';
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
 * 5,000+'), while the figure is shown large above its label. A figure never breaks inside itself ('₹4,86,' over
 * '720'): it stays on one line and its size follows its box, fitted to the longest figure of the block
 * (--cs-stats-figure-length, in characters) so the figures of one block share one size.
 */
export function StatsBlock({ stats = HOME_STATS, className }: StatsBlockProps) {
  const longest = Math.max(1, ...stats.map((stat) => [...stat.value].length));
  return (
    <dl className={cn('cs-stats', className)} style={{ '--cs-stats-figure-length': String(longest) } as CSSProperties}>
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
