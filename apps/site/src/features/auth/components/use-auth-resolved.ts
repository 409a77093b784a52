import { useEffect, useState } from 'react';
import { PROTECTED_ROUTE_WAIT_MS } from '@charity/domain';

// When the auth state was first seen resolved, shared by every guard: the grace wait happens once
// per page load, not on every client-side navigation into a guarded route.
let firstResolvedAt: number | null = null;

function graceHasPassed(graceMs: number): boolean {
  return firstResolvedAt !== null && performance.now() - firstResolvedAt >= graceMs;
}

/**
 * How long the auth state has been resolved, as the guard needs it: null until resolved, 0 during the grace wait,
 * `graceMs` once it has passed. The timer's firing itself ends the wait: browsers may run a timer a fraction of a
 * millisecond before performance.now() says it is due, and re-reading the clock then would leave the spinner forever.
 */
export function useMsSinceAuthResolved(isInitialised: boolean, graceMs = PROTECTED_ROUTE_WAIT_MS): number | null {
  const [graceOver, setGraceOver] = useState(() => graceHasPassed(graceMs));

  useEffect(() => {
    if (!isInitialised || graceOver) return;
    firstResolvedAt ??= performance.now();
    const remaining = firstResolvedAt + graceMs - performance.now();
    const timer = setTimeout(() => setGraceOver(true), Math.max(0, remaining));
    return () => clearTimeout(timer);
  }, [isInitialised, graceMs, graceOver]);

  if (!isInitialised) return null;
  return graceOver ? graceMs : 0;
}
