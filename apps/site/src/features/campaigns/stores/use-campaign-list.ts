import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { api } from '../../../lib/api';
import { showToast } from '../../../lib/toast';
import { fetchCampaignPage } from '../api/campaigns-api';
import { primeFromServerPage } from '../server-first-page';
import { createCampaignListStore, type CampaignListStore } from './campaign-list-store';

/** The site's one list store, on the shared API client (silent: this store shows the spec's own toast). */
export const campaignListStore = createCampaignListStore({
  fetchPage: (query, signal) => fetchCampaignPage(api, query, signal),
  notifyError: (message) => showToast('error', message),
});

// The first page the server sent with /campaigns, if it did: read when this module first runs in the browser, which
// is before the page that uses it hydrates (the page's chunk imports this module).
if (typeof document !== 'undefined') primeFromServerPage(campaignListStore, document, window.location);

/** Picks from the list store; re-renders only when the picked values change. */
export function useCampaignList<T extends object>(select: (state: CampaignListStore) => T): T {
  return useStore(campaignListStore, useShallow(select));
}
