import { prefersReducedMotion } from '../lib/motion';

/** How long the target is kept in view after the move: content above it may still be arriving. */
const FOLLOW_MS = 5_000;

/**
 * Moves the page to the element with `targetId` (smoothly, unless the visitor prefers reduced motion) and puts
 * keyboard focus there, so the next Tab continues inside the donation form rather than from where the button was.
 * Returns false when there is no such element.
 */
export function scrollToAndFocus(targetId: string): boolean {
  const target = document.getElementById(targetId);
  if (!target) return false;
  target.scrollIntoView({ behavior: prefersReducedMotion() ? 'instant' : 'smooth', block: 'start' });
  // A section is not focusable by default; -1 lets script focus it without adding a tab stop.
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
  keepInView(target);
  return true;
}

/** The element's distance from the top of the document. */
const documentTop = (element: HTMLElement) => element.getBoundingClientRect().top + window.scrollY;

/**
 * Content that arrives above the target after the move began (on /donate, the featured campaigns appearing above the
 * form once they have loaded) pushes the target away: for a few seconds, each such push brings it back, until the
 * visitor scrolls, touches or types themselves.
 */
function keepInView(target: HTMLElement): void {
  if (typeof ResizeObserver === 'undefined') return;
  let top = documentTop(target);
  const observer = new ResizeObserver(() => {
    const now = documentTop(target);
    if (Math.abs(now - top) < 1) return;
    top = now;
    target.scrollIntoView({ behavior: 'instant', block: 'start' });
  });
  const stop = () => {
    observer.disconnect();
    window.clearTimeout(timer);
    for (const type of ['wheel', 'touchstart', 'keydown'] as const) window.removeEventListener(type, stop);
  };
  const timer = window.setTimeout(stop, FOLLOW_MS);
  for (const type of ['wheel', 'touchstart', 'keydown'] as const) window.addEventListener(type, stop, { passive: true });
  observer.observe(document.body);
}
