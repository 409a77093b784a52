import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { LinkProvider } from '@charity/ui';
import { RouterLinkAdapter } from './link-adapter';

/** Everything the app needs inside a router; split out so tests can supply a StaticRouter. */
export function AppProviderTree({ children }: { children: ReactNode }) {
  return <LinkProvider component={RouterLinkAdapter}>{children}</LinkProvider>;
}

// The declarative router keeps the first bundle small (no loaders or actions are needed:
// pages fetch through their feature stores).
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <BrowserRouter>
      <AppProviderTree>{children}</AppProviderTree>
    </BrowserRouter>
  );
}
