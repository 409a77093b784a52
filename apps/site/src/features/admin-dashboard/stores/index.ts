import { api } from '../../../lib/api';
import { showToast } from '../../../lib/toast';
import { createAdminDashboardStore } from './admin-dashboard-store';

/** The dashboard page's store, on the site's one api client and toasts. */
export const useAdminDashboardStore = createAdminDashboardStore({ client: api, notify: showToast });
