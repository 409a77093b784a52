import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import '@charity/ui/styles.css';
import './styles/global.css';
import { canHydrate } from './app/hydration';
import { readServerPaymentsMode } from './app/payments-mode';
import { AppProviders } from './app/providers';
import { AppRoutes } from './app/router';
import { useAuthStore } from './features/auth/stores/auth-store';

// Reading the stored session is synchronous: do it before the first render so guards start resolved.
useAuthStore.getState().initialise();

const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain <div id="root">');

const app = (
  <StrictMode>
    <AppProviders>
      <AppRoutes />
    </AppProviders>
  </StrictMode>
);

// The first render as a transition: React renders in slices of a few milliseconds and lets the browser in between,
// instead of one long task while a phone builds (or hydrates) the whole page (total blocking time). A prerendered
// page (scripts/prerender.mjs) is already painted: React hydrates it, and the lazily loaded page inside the layout's
// Suspense boundary hydrates on its own once its chunk is there, the server's HTML staying on screen meanwhile.
startTransition(() => {
  if (canHydrate(root, window.location, readServerPaymentsMode())) hydrateRoot(root, app);
  else createRoot(root).render(app);
});
