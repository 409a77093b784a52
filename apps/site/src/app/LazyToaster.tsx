import { lazy, Suspense } from 'react';
import { TOAST_DURATION_MS, TOAST_POSITION } from '@charity/domain';

// The toaster renders nothing until a toast exists, so it need not delay the first paint.
const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

/** Toasts of spec section 8: top-right, 4000 ms. */
export function LazyToaster() {
  return (
    <Suspense fallback={null}>
      <Toaster position={TOAST_POSITION} duration={TOAST_DURATION_MS} />
    </Suspense>
  );
}
