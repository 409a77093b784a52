import { StrictMode } from 'react';
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

createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <AppRoutes />
    </AppProviders>
  </StrictMode>,
);
