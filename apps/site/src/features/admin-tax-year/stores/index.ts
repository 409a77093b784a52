import { api } from '../../../lib/api';
import { showToast } from '../../../lib/toast';
import { createAdminTaxYearStore } from './admin-tax-year-store';

/** The admin tax-year page's store, on the site's one api client and toasts. */
export const useAdminTaxYearStore = createAdminTaxYearStore({ client: api, notify: showToast });
