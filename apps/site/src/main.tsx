import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@charity/ui/styles.css';
import './styles/global.css';
import { AppProviders } from './app/providers';
import { AppRoutes } from './app/router';
import { useAuthStore } from './features/auth/stores/auth-store';

// Reading the stored session is synchronous: do it before the first render so guards start resolved.
useAuthStore.getState().initialise();

const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain <div id="root">');

// The first render as a transition: React renders in slices of a few milliseconds and lets the browser in between,
// instead of one long task while a phone builds the whole page (total blocking time).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        <AppRoutes />
      </AppProviders>
    </StrictMode>,
  );
});
