import type { KyInstance } from 'ky';
import { create } from 'zustand';
import { ADMIN_CONSOLE_MESSAGES, CAMPAIGN_MESSAGES, campaignErrorMessage, type CampaignFormValues } from '@charity/domain';
import type { ApiLogger, Notify } from '../../../lib/api/client';
import { toRequestFailure } from '../../../lib/api/errors';
import { describeFailure, NO_PAGES, serverReason } from '../../../lib/api/replies';
import {
  createCampaign,
  deleteCampaign,
  fetchAdminCampaigns,
  updateCampaign,
  type AdminCampaign,
  type CampaignImageChoice,
} from '../api/admin-campaigns-api';

/** Rows per page of /admin/campaigns. */
export const ADMIN_CAMPAIGNS_PAGE_SIZE = 20;

export interface AdminCampaignsState {
  campaigns: AdminCampaign[];
  /** 'loading' until a page arrives; 'error' when the last load failed (the list is then empty). */
  status: 'loading' | 'ready' | 'error';
  page: number;
  totalPages: number;
  total: number;
  /** A create or update is running. */
  saving: boolean;
  /** Why the last create or update failed (the server's message, else the campaign catalogue's), for the form. */
  formError: string | null;
  /** A deletion is running. */
  deleting: boolean;
}

export interface AdminCampaignsActions {
  /** GET one page (default: the current one). Resolves false when it failed ('Failed to load campaigns'). */
  load: (page?: number) => Promise<boolean>;
  create: (values: CampaignFormValues, image: CampaignImageChoice) => Promise<boolean>;
  update: (id: number, values: CampaignFormValues, image: CampaignImageChoice) => Promise<boolean>;
  remove: (id: number) => Promise<boolean>;
  clearFormError: () => void;
  /** Forgets the list (the page was left): answers still on their way are dropped. */
  reset: () => void;
}

export type AdminCampaignsStore = AdminCampaignsState & AdminCampaignsActions;

export interface AdminCampaignsStoreOptions {
  client: KyInstance;
  notify: Notify;
  log?: ApiLogger;
  pageSize?: number;
}

export const INITIAL_ADMIN_CAMPAIGNS_STATE: AdminCampaignsState = {
  campaigns: [],
  status: 'loading',
  page: 1,
  totalPages: 0,
  total: 0,
  saving: false,
  formError: null,
  deleting: false,
};

/**
 * /admin/campaigns (docs/decisions/005-admin-console.md; spec section 8 campaign toasts): every write announces its
 * outcome with the spec's toast and reloads the list after success. Actions resolve true on success so the page can
 * close its dialogs.
 */
export function createAdminCampaignsStore({ client, notify, log = console, pageSize = ADMIN_CAMPAIGNS_PAGE_SIZE }: AdminCampaignsStoreOptions) {
  return create<AdminCampaignsStore>()((set, get) => {
    let sequence = 0;

    const fail = (toast: string, error: unknown) => {
      log.error(`[admin-campaigns] ${toast}: ${describeFailure(error)}`);
      notify('error', toast);
    };

    const load = async (page = get().page): Promise<boolean> => {
      const ticket = ++sequence;
      if (get().status === 'error') set({ status: 'loading' });
      try {
        const result = await fetchAdminCampaigns(client, { page, limit: pageSize, status: 'all' });
        if (ticket !== sequence) return true;
        // A page past the end (the last row of the last page was deleted): show the new last page instead.
        if (result.campaigns.length === 0 && result.totalPages > 0 && page > result.totalPages) return load(result.totalPages);
        set({ campaigns: result.campaigns, page: result.currentPage, totalPages: result.totalPages, total: result.total, status: 'ready' });
        return true;
      } catch (error) {
        if (ticket !== sequence) return false;
        fail(CAMPAIGN_MESSAGES.loadFailed, error);
        // Spec: on a failed load the list is emptied and paging reset.
        set({ campaigns: [], page: NO_PAGES.currentPage, totalPages: NO_PAGES.totalPages, total: NO_PAGES.total, status: 'error' });
        return false;
      }
    };

    const save = async (call: () => Promise<void>, success: string, failure: string): Promise<boolean> => {
      set({ saving: true, formError: null });
      try {
        await call();
        set({ saving: false });
        notify('success', success);
        void load();
        return true;
      } catch (error) {
        set({ saving: false, formError: campaignErrorMessage(toRequestFailure(error)) });
        fail(failure, error);
        return false;
      }
    };

    return {
      ...INITIAL_ADMIN_CAMPAIGNS_STATE,

      load,

      create: (values, image) => save(() => createCampaign(client, values, image), CAMPAIGN_MESSAGES.created, CAMPAIGN_MESSAGES.createFailed),

      update: (id, values, image) =>
        save(() => updateCampaign(client, id, values, image), CAMPAIGN_MESSAGES.updated, CAMPAIGN_MESSAGES.updateFailed),

      remove: async (id) => {
        set({ deleting: true });
        try {
          await deleteCampaign(client, id);
          notify('success', CAMPAIGN_MESSAGES.deleted);
          void load();
          return true;
        } catch (error) {
          // The server's reason (a campaign with donations is closed, not deleted) says what to do instead.
          fail(serverReason(error) ?? ADMIN_CONSOLE_MESSAGES.campaignDeleteFailed, error);
          return false;
        } finally {
          set({ deleting: false });
        }
      },

      clearFormError: () => set({ formError: null }),

      reset: () => {
        sequence += 1;
        set(INITIAL_ADMIN_CAMPAIGNS_STATE);
      },
    };
  });
}

export type AdminCampaignsStoreHook = ReturnType<typeof createAdminCampaignsStore>;
