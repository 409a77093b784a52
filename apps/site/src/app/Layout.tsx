import { lazy, Suspense, use, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { BackToTop, DEFAULT_NAV_ITEMS, Footer, Header, Spinner, TestModeRibbon } from '@charity/ui';
import { LazyToaster } from './LazyToaster';
import { ServerPaymentsModeContext } from './payments-mode';
import { useCanonicalAddress } from './use-canonical-address';
import { useRouteChangeFocus } from './use-route-change-focus';

// The 'Test mode' ribbon shows while payments are simulated. The server states the mode in a meta tag of the page
// (apps/api site plugin), so the ribbon is in the first render and never shifts the page. Without the tag (the Vite
// dev server) the gate asks the API, loaded on demand so the API client stays out of the first download.
const TestModeRibbonGate = lazy(() => import('../features/donate-page/components/TestModeRibbonGate'));
function PaymentsModeRibbon() {
  const serverPaymentsMode = use(ServerPaymentsModeContext);
  if (serverPaymentsMode === 'sandbox') return <TestModeRibbon />;
  if (serverPaymentsMode === 'stripe') return null;
  return (
    <Suspense fallback={null}>
      <TestModeRibbonGate />
    </Suspense>
  );
}

// The footer's quick links, and where donors find their annual statement of donations (docs/decisions/027-tax-year.md).
const FOOTER_LINKS = [...DEFAULT_NAV_ITEMS, { label: 'Donate', href: '/donate' }, { label: 'Annual statement', href: '/annual-statement' }];

export function Layout() {
  const { pathname } = useLocation();
  const main = useRef<HTMLElement>(null);
  useRouteChangeFocus(main, pathname);
  useCanonicalAddress(pathname);

  return (
    <>
      <PaymentsModeRibbon />
      <Header currentPath={pathname} />
      {/* tabIndex -1: focusable by script on navigation, not a tab stop; no ring on a whole region. */}
      <main id="main" ref={main} tabIndex={-1} style={{ outline: 'none' }}>
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer links={FOOTER_LINKS} />
      <BackToTop />
      <LazyToaster />
    </>
  );
}
