import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { prefersReducedMotion } from '../lib/motion';
import { ChevronsDownIcon } from './icons';

export interface ScrollDownButtonProps {
  /** id of the element to move to. */
  targetId: string;
  /** Visible text, which is also the button's name. */
  children?: ReactNode;
  className?: string;
}

/**
 * Moves the page to the element with `targetId` (smoothly, unless the visitor prefers reduced motion) and
 * puts keyboard focus there, so the next Tab continues from that section rather than from the top.
 */
export function ScrollDownButton({ targetId, children = 'See our focus areas', className }: ScrollDownButtonProps) {
  function scroll() {
    const target = document.getElementById(targetId);
    if (!target) return;
    target.scrollIntoView({ behavior: prefersReducedMotion() ? 'instant' : 'smooth', block: 'start' });
    // A section is not focusable by default; -1 lets script focus it without adding a tab stop.
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
  }
  return (
    <button type="button" className={cn('cs-scroll-down', className)} aria-controls={targetId} onClick={scroll}>
      <span className="cs-scroll-down__label">{children}</span>
      <span className="cs-scroll-down__icon">
        <ChevronsDownIcon size={22} />
      </span>
    </button>
  );
}
