import { showToast } from '../../../lib/toast';
import { giftApi } from '../api/gift-client';
import { createMonthlyGiftStore } from './monthly-gift-store';

/** The manage page's store, on the gift client (no staff session, see api/gift-client) and the site's toasts. */
export const useMonthlyGiftStore = createMonthlyGiftStore({ client: giftApi, notify: showToast });
