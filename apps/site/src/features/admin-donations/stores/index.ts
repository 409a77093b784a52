import { api } from '../../../lib/api';
import { showToast } from '../../../lib/toast';
import { createAdminDonationsStore } from './admin-donations-store';

/** The admin donations page's store, on the site's one api client and toasts. */
export const useAdminDonationsStore = createAdminDonationsStore({ client: api, notify: showToast });
