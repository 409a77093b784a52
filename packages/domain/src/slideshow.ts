/** Slideshow and gallery lightbox navigation (spec §2 Events gallery, §4 "Slideshow", "Gallery lightbox"). */
import { SWIPE_THRESHOLD_PX } from './constants';

/** index modulo length, always in 0…length-1 (0 for an empty list). */
export function wrapIndex(index: number, length: number): number {
  if (length <= 0) return 0;
  return ((Math.trunc(index) % length) + length) % length;
}

/** The next slide or photo, wrapping from the last to the first. */
export function nextIndex(index: number, length: number): number {
  return wrapIndex(index + 1, length);
}

/** The previous slide or photo, wrapping from the first to the last. */
export function previousIndex(index: number, length: number): number {
  return wrapIndex(index - 1, length);
}

/**
 * A horizontal swipe of `deltaX` px (end x − start x) moves only when it is over 50 px:
 * leftwards → 'next', rightwards → 'previous'; otherwise null.
 */
export function swipeDirection(deltaX: number, threshold: number = SWIPE_THRESHOLD_PX): 'next' | 'previous' | null {
  if (!Number.isFinite(deltaX) || Math.abs(deltaX) <= threshold) return null;
  return deltaX < 0 ? 'next' : 'previous';
}

/** The lightbox counter for a 0-based index: 'n of total'. */
export function lightboxCounter(index: number, total: number): string {
  return `${index + 1} of ${total}`;
}
