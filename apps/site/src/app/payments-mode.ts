import { createContext } from 'react';

export type ServerPaymentsMode = 'sandbox' | 'stripe';

/**
 * The payments mode the server stated in the page (`<meta name="payments-mode">`, added by the API's site plugin),
 * or null without the tag (the Vite dev server). Read once: the mode is fixed while the server runs.
 */
export function readServerPaymentsMode(): ServerPaymentsMode | null {
  if (typeof document === 'undefined') return null;
  const content = document.querySelector('meta[name="payments-mode"]')?.getAttribute('content');
  return content === 'sandbox' || content === 'stripe' ? content : null;
}

/**
 * The mode the layout renders the 'Test mode' ribbon for. In the browser it is the page's meta tag; the build's
 * prerender (src/prerender.tsx) has no document and provides each mode in turn, writing one page per mode.
 */
export const ServerPaymentsModeContext = createContext<ServerPaymentsMode | null>(readServerPaymentsMode());
