import { useEffect, useState } from 'react';
import { api } from '../../../lib/api';
import { fetchPaymentsMode, type PaymentsMode } from '../api/donate-page-api';

// One read per page load, shared by every caller: the mode is fixed when the server starts.
let request: Promise<PaymentsMode | null> | null = null;

/** GET /api/payments/config once; null when it fails (logged only). */
export function loadPaymentsMode(): Promise<PaymentsMode | null> {
  request ??= fetchPaymentsMode(api).catch((error: unknown) => {
    console.error('[payments] The payments configuration could not be read:', error);
    return null;
  });
  return request;
}

/** 'sandbox' or 'stripe' once known; null while loading and when the server could not say. */
export function usePaymentsMode(): PaymentsMode | null {
  const [mode, setMode] = useState<PaymentsMode | null>(null);
  useEffect(() => {
    let active = true;
    void loadPaymentsMode().then((value) => {
      if (active) setMode(value);
    });
    return () => {
      active = false;
    };
  }, []);
  return mode;
}
