import { api } from '../../../lib/api';
import { createAnnualStatementStore } from './annual-statement-store';

/** The annual statement page's store, on the site's one api client. */
export const useAnnualStatementStore = createAnnualStatementStore({ client: api });
