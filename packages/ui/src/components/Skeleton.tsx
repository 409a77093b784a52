import { cva, type VariantProps } from 'class-variance-authority';
import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';
import { cn } from '../lib/cn';

export const skeletonVariants = cva('cs-skeleton', {
  variants: {
    shape: { block: 'cs-skeleton--block', text: 'cs-skeleton--text', circle: 'cs-skeleton--circle' },
  },
  defaultVariants: { shape: 'block' },
});

export type SkeletonVariantProps = VariantProps<typeof skeletonVariants>;

export interface SkeletonProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'>, SkeletonVariantProps {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
}

/** A placeholder shape. Hidden from assistive technology: wrap a set in SkeletonGroup to announce loading. */
export function Skeleton({ shape, width, height, className, style, ...props }: SkeletonProps) {
  return (
    <div
      aria-hidden="true"
      className={cn(skeletonVariants({ shape }), className)}
      style={{ width, height, ...style }}
      {...props}
    />
  );
}

export interface SkeletonGroupProps extends HTMLAttributes<HTMLDivElement> {
  /** Announced once to screen readers instead of the placeholder shapes. */
  label?: string;
  children: ReactNode;
}

/** Groups skeletons: aria-busy, and one visually hidden status text instead of many empty boxes. */
export function SkeletonGroup({ label = 'Loading...', className, children, ...props }: SkeletonGroupProps) {
  return (
    <div className={cn('cs-skeleton-group', className)} aria-busy="true" {...props}>
      <span role="status" className="cs-visually-hidden">
        {label}
      </span>
      {children}
    </div>
  );
}

export interface SkeletonCardProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  /** Number of text lines under the title. */
  lines?: number;
  /** Show an image block on top (campaign and event cards). */
  media?: boolean;
}

/** The placeholder of a card (image, title, lines, button): the campaign grid shows 3 or 6 of these. */
export function SkeletonCard({ lines = 2, media = true, className, ...props }: SkeletonCardProps) {
  return (
    <div aria-hidden="true" className={cn('cs-skeleton-card', className)} {...props}>
      {media ? <Skeleton className="cs-skeleton-card__media" /> : null}
      <div className="cs-skeleton-card__body">
        <Skeleton shape="text" width="70%" height="1.25em" />
        {Array.from({ length: lines }, (_, i) => (
          <Skeleton key={i} shape="text" width={i === lines - 1 ? '55%' : '100%'} />
        ))}
        <Skeleton height="2.5rem" className="cs-skeleton-card__button" />
      </div>
    </div>
  );
}
