import { cva, type VariantProps } from 'class-variance-authority';
import type { HTMLAttributes } from 'react';
import { cn } from '../lib/cn';

export const spinnerVariants = cva('cs-spinner', {
  variants: {
    size: { sm: 'cs-spinner--sm', md: 'cs-spinner--md', lg: 'cs-spinner--lg' },
  },
  defaultVariants: { size: 'md' },
});

export type SpinnerVariantProps = VariantProps<typeof spinnerVariants>;

export interface SpinnerProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'>, SpinnerVariantProps {
  /** Visible text, also what assistive technology announces. */
  label?: string;
}

/** A loading indicator with a visible label in a polite live region (role=status). */
export function Spinner({ label = 'Loading...', size, className, ...props }: SpinnerProps) {
  return (
    <div role="status" className={cn(spinnerVariants({ size }), className)} {...props}>
      <span className="cs-spinner__ring" aria-hidden="true" />
      <span className="cs-spinner__label">{label}</span>
    </div>
  );
}
