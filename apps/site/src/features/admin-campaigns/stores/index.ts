import { api } from '../../../lib/api';
import { showToast } from '../../../lib/toast';
import { createAdminCampaignsStore } from './admin-campaigns-store';

/** The admin campaigns page's store, on the site's one api client and toasts. */
export const useAdminCampaignsStore = createAdminCampaignsStore({ client: api, notify: showToast });
