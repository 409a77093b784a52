import { api } from '../../../lib/api';
import { showToast } from '../../../lib/toast';
import { createAdminMessagesStore } from './admin-messages-store';

/** The admin messages page's store, on the site's one api client and toasts. */
export const useAdminMessagesStore = createAdminMessagesStore({ client: api, notify: showToast });
