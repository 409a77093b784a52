import { api } from '../../../lib/api';
import { showToast } from '../../../lib/toast';
import { createAdminAttemptsStore } from './admin-attempts-store';
import { createAdminDonationsStore } from './admin-donations-store';

/** The admin donations page's store, on the site's one api client and toasts. */
export const useAdminDonationsStore = createAdminDonationsStore({ client: api, notify: showToast });

/** Its "Failed attempts" tab's store. */
export const useAdminAttemptsStore = createAdminAttemptsStore({ client: api, notify: showToast });
