import { cva, type VariantProps } from 'class-variance-authority';
import type { HTMLAttributes } from 'react';
import { cn } from '../lib/cn';

export const badgeVariants = cva('cs-badge', {
  variants: {
    tone: {
      blue: 'cs-badge--blue',
      yellow: 'cs-badge--yellow',
      green: 'cs-badge--green',
      red: 'cs-badge--red',
      grey: 'cs-badge--grey',
      neutral: 'cs-badge--neutral',
    },
  },
  defaultVariants: { tone: 'neutral' },
});

export type BadgeVariantProps = VariantProps<typeof badgeVariants>;
export type BadgeTone = NonNullable<BadgeVariantProps['tone']>;

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement>, BadgeVariantProps {}

export function Badge({ tone, className, ...props }: BadgeProps) {
  return <span className={cn(badgeVariants({ tone }), className)} {...props} />;
}

/** Event status colours live in @charity/domain (one rule, one place); re-exported here for ui consumers. */
export { eventStatusTone } from '@charity/domain';
