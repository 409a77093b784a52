import { prefersReducedMotion } from '../lib/motion';

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
  return true;
}
