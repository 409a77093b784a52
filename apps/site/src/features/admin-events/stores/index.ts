import { api } from '../../../lib/api';
import { showToast } from '../../../lib/toast';
import { createAdminEventsStore } from './admin-events-store';

/** The admin events page's store, on the site's one api client and toasts. */
export const useAdminEventsStore = createAdminEventsStore({ client: api, notify: showToast });
