import { lazy, Suspense, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { BackToTop, Footer, Header, Spinner } from '@charity/ui';
import { LazyToaster } from './LazyToaster';
import { useRouteChangeFocus } from './use-route-change-focus';

// The 'Test mode' ribbon asks the API whether payments are simulated. Loaded on demand so the API client stays out
// of the first download; the ribbon (a thin bar above the header) appears once the answer says 'sandbox'.
const TestModeRibbonGate = lazy(() => import('../features/donate-page/components/TestModeRibbonGate'));

export function Layout() {
  const { pathname } = useLocation();
  const main = useRef<HTMLElement>(null);
  useRouteChangeFocus(main, pathname);

  return (
    <>
      <Suspense fallback={null}>
        <TestModeRibbonGate />
      </Suspense>
      <Header currentPath={pathname} />
      {/* tabIndex -1: focusable by script on navigation, not a tab stop; no ring on a whole region. */}
      <main id="main" ref={main} tabIndex={-1} style={{ outline: 'none' }}>
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <BackToTop />
      <LazyToaster />
    </>
  );
}
