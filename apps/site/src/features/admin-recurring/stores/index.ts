import { api } from '../../../lib/api';
import { showToast } from '../../../lib/toast';
import { createAdminRecurringStore } from './admin-recurring-store';

/** The admin monthly gifts page's store, on the site's one api client (the staff session) and toasts. */
export const useAdminRecurringStore = createAdminRecurringStore({ client: api, notify: showToast });
