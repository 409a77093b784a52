import { cva, type VariantProps } from 'class-variance-authority';
import { useId, type HTMLAttributes } from 'react';
import { cn } from '../lib/cn';

export const progressBarVariants = cva('cs-progress', {
  variants: {
    tone: { primary: 'cs-progress--primary', success: 'cs-progress--success' },
    size: { sm: 'cs-progress--sm', md: 'cs-progress--md' },
  },
  defaultVariants: { tone: 'primary', size: 'md' },
});

export type ProgressBarVariantProps = VariantProps<typeof progressBarVariants>;

export interface ProgressBarProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'>, ProgressBarVariantProps {
  /** Percent, clamped to 0..100 (NaN counts as 0). */
  value: number;
  /** Accessible name, e.g. 'Funding progress'. */
  label: string;
  /** Show the label and rounded percent above the bar. */
  showLabel?: boolean;
  /** Spoken value, e.g. '₹45,000 of ₹1,00,000 raised'. Defaults to the rounded percent. */
  valueText?: string;
}

export function clampPercent(value: number): number {
  if (!Number.isFinite(value)) return value === Infinity ? 100 : 0;
  return Math.min(100, Math.max(0, value));
}

export function ProgressBar({
  value,
  label,
  showLabel = false,
  valueText,
  tone,
  size,
  className,
  ...props
}: ProgressBarProps) {
  const labelId = useId();
  const percent = clampPercent(value);
  const rounded = Math.round(percent);
  return (
    <div className={cn(progressBarVariants({ tone, size }), className)} {...props}>
      {showLabel ? (
        <div className="cs-progress__meta">
          <span id={labelId} className="cs-progress__label">
            {label}
          </span>
          <span className="cs-progress__value" aria-hidden="true">
            {rounded}%
          </span>
        </div>
      ) : null}
      <div
        className="cs-progress__track"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={rounded}
        aria-valuetext={valueText ?? `${rounded}%`}
        {...(showLabel ? { 'aria-labelledby': labelId } : { 'aria-label': label })}
      >
        <div className="cs-progress__fill" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
