import { useEffect, useState } from 'react';
import { PROTECTED_ROUTE_WAIT_MS } from '@charity/domain';

// When the auth state was first seen resolved, shared by every guard: the grace wait happens once
// per page load, not on every client-side navigation into a guarded route.
let firstResolvedAt: number | null = null;

/** Milliseconds since the auth state was first seen resolved (null until then); re-renders once the grace has passed. */
export function useMsSinceAuthResolved(isInitialised: boolean, graceMs = PROTECTED_ROUTE_WAIT_MS): number | null {
  const [now, setNow] = useState(() => performance.now());

  useEffect(() => {
    if (!isInitialised) return;
    firstResolvedAt ??= performance.now();
    const remaining = firstResolvedAt + graceMs - performance.now();
    const timer = setTimeout(() => setNow(performance.now()), Math.max(0, remaining));
    return () => clearTimeout(timer);
  }, [isInitialised, graceMs]);

  return isInitialised && firstResolvedAt !== null ? now - firstResolvedAt : null;
}
