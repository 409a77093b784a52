import type { StoreApi } from 'zustand/vanilla';
import { parseCampaignPage } from './api/campaigns-api';
import type { CampaignListStore } from './stores/campaign-list-store';
import { DEFAULT_CAMPAIGN_LIST_FILTERS } from './url';

/**
 * The id of the data block in which the server sends /campaigns' first page with the page itself (the API's site
 * plugin renders /campaigns with its data: the cards are in the HTML, so the page's largest paint needs no script).
 * `<script type="application/json">` is data, not a script: the Content-Security-Policy has nothing to allow.
 */
export const SERVER_FIRST_PAGE_ID = 'campaigns-first-page';

/**
 * Starts the list store from the first page the server rendered /campaigns with, so the page hydrates showing the
 * very cards in its HTML and does not ask for them again. Only for the document the server rendered so: /campaigns
 * without a query (a query selects other filters). The block is removed once read.
 */
export function primeFromServerPage(store: StoreApi<CampaignListStore>, doc: Document, location: Pick<Location, 'pathname' | 'search'>): boolean {
  const block = doc.getElementById(SERVER_FIRST_PAGE_ID);
  if (!block) return false;
  block.remove();
  if (location.pathname !== '/campaigns' || location.search !== '') return false;
  try {
    store.getState().prime(DEFAULT_CAMPAIGN_LIST_FILTERS, parseCampaignPage(JSON.parse(block.textContent ?? '')));
    return true;
  } catch {
    // Not a list reply: the page asks the API as it would without the block.
    return false;
  }
}
