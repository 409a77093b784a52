import { useCallback, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
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

/**
 * What the button must never cover: the fields and buttons of a form, and iframes (Stripe's card fields live in
 * them). On a phone a form spans the screen's width, so the corner button sat on the card number and the custom
 * amount, and a tap meant for the field scrolled the page to the top instead.
 */
const COVER_SENSITIVE = 'input:not([type="hidden"]), select, textarea, iframe, form button, [contenteditable="true"]';

/** Whether `rect` overlaps any form control on the page (controls with no box, such as hidden ones, do not count). */
function overlapsFormControl(rect: DOMRect, root: ParentNode = document): boolean {
  for (const control of root.querySelectorAll(COVER_SENSITIVE)) {
    const box = control.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    if (box.left < rect.right && rect.left < box.right && box.top < rect.bottom && rect.top < box.bottom) return true;
  }
  return false;
}

/** The button's box without its pop-in scale, which would shrink the area checked while it runs. */
function untransformedRect(element: HTMLElement): DOMRect {
  const box = element.getBoundingClientRect();
  const width = element.offsetWidth;
  const height = element.offsetHeight;
  return new DOMRect(box.left + box.width / 2 - width / 2, box.top + box.height / 2 - height / 2, width, height);
}

/**
 * A floating button that appears once the page has scrolled past `threshold` and scrolls back to the top. While a
 * form control lies under it, it steps aside (hidden, out of the tab order) and comes back once the control has
 * scrolled on; checked on scroll, resize and focus changes (a step of the donation form replacing the last).
 */
export function BackToTop({ threshold = BACK_TO_TOP_SCROLL_PX, label = 'Back to top', className }: BackToTopProps) {
  const visible = useSyncExternalStore(
    subscribeToScroll,
    useCallback(() => window.scrollY > threshold, [threshold]),
    () => false,
  );
  const button = useRef<HTMLButtonElement>(null);
  const [covering, setCovering] = useState(false);

  // A layout effect: the first check runs before the button is painted, so it never flashes over a field.
  useLayoutEffect(() => {
    if (!visible) return;
    const check = () => {
      const element = button.current;
      if (element) setCovering(overlapsFormControl(untransformedRect(element)));
    };
    check();
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    document.addEventListener('focusin', check);
    return () => {
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
      document.removeEventListener('focusin', check);
    };
  }, [visible]);

  if (!visible) return null;
  return (
    <button
      ref={button}
      type="button"
      className={cn('cs-back-to-top', covering && 'cs-back-to-top--aside', className)}
      aria-label={label}
      onClick={() => window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'instant' : 'smooth' })}
    >
      <ArrowUpIcon />
    </button>
  );
}
