import { api } from '../../../lib/api';
import { showToast } from '../../../lib/toast';
import { createAdminPartnersStore } from './admin-partners-store';

/** The "Partners" tab's store, on the site's one api client and toasts. */
export const useAdminPartnersStore = createAdminPartnersStore({ client: api, notify: showToast });
