import type { HTMLAttributes } from 'react';
import { cn } from '../lib/cn';

export const TEST_MODE_TEXT = {
  label: 'Test mode',
  message: 'payments are simulated; no real money is taken.',
} as const;

export interface TestModeRibbonProps extends Omit<HTMLAttributes<HTMLElement>, 'children'> {
  label?: string;
  message?: string;
}

/**
 * A thin bar across the top of every page while payments run against the local sandbox: 'Test mode — payments
 * are simulated; no real money is taken.' It sits in the normal flow above the header (never fixed over the page),
 * so it covers no content or control and scrolls away with the page. A named region, so it is found among the
 * landmarks and never counts as stray content outside them.
 */
export function TestModeRibbon({
  label = TEST_MODE_TEXT.label,
  message = TEST_MODE_TEXT.message,
  className,
  ...props
}: TestModeRibbonProps) {
  return (
    <section aria-label={label} className={cn('cs-test-mode-ribbon', className)} {...props}>
      <p className="cs-test-mode-ribbon__text">
        <strong className="cs-test-mode-ribbon__label">{label}</strong> — {message}
      </p>
    </section>
  );
}
