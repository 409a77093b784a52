import { api } from '../../../lib/api';
import { showToast } from '../../../lib/toast';
import { createAdminSettingsStore } from './admin-settings-store';

/** The admin organisation settings page's store, on the site's one api client (the staff session) and toasts. */
export const useAdminSettingsStore = createAdminSettingsStore({ client: api, notify: showToast });
