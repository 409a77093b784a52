import { useCallback, useSyncExternalStore } from 'react';
import { cn } from '../lib/cn';
import { BACK_TO_TOP_SCROLL_PX } from '../lib/defaults';
import { prefersReducedMotion } from '../lib/motion';
import { ArrowUpIcon } from './icons';

export interface BackToTopProps {
  /** Pixels of scroll after which the button appears. */
  threshold?: number;
  /** Accessible name. */
  label?: string;
  className?: string;
}

function subscribeToScroll(onChange: () => void) {
  window.addEventListener('scroll', onChange, { passive: true });
  return () => window.removeEventListener('scroll', onChange);
}

/** A floating button that appears once the page has scrolled past `threshold` and scrolls back to the top. */
export function BackToTop({ threshold = BACK_TO_TOP_SCROLL_PX, label = 'Back to top', className }: BackToTopProps) {
  const visible = useSyncExternalStore(
    subscribeToScroll,
    useCallback(() => window.scrollY > threshold, [threshold]),
    () => false,
  );
  if (!visible) return null;
  return (
    <button
      type="button"
      className={cn('cs-back-to-top', className)}
      aria-label={label}
      onClick={() => window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'instant' : 'smooth' })}
    >
      <ArrowUpIcon />
    </button>
  );
}
