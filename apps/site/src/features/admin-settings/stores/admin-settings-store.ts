import type { KyInstance } from 'ky';
import { create } from 'zustand';
import {
  ORGANISATION_SETTINGS_MESSAGES,
  type OrganisationSettings,
  type OrganisationSettingsErrors,
  type OrganisationSettingsVersion,
} from '@charity/domain';
import type { ApiLogger, Notify } from '../../../lib/api/client';
import { describeFailure, serverReason } from '../../../lib/api/replies';
import { fetchOrganisationSettings, putOrganisationSettings, settingsFieldErrors } from '../api/admin-settings-api';

/** The console's own words for this screen's failures (the server's reason is shown instead when it gives one). */
export const ADMIN_SETTINGS_MESSAGES = {
  loadFailed: 'Failed to load the organisation settings',
  saveFailed: 'Failed to save the organisation settings. Nothing was changed; please try again.',
} as const;

const NO_ERRORS: OrganisationSettingsErrors = {};

export interface AdminSettingsState {
  status: 'loading' | 'ready' | 'error';
  /** The version in force; null until the first load answers. */
  current: OrganisationSettingsVersion | null;
  /** Saved versions, newest first. */
  history: OrganisationSettingsVersion[];
  saving: boolean;
  /** Why the last save failed, for the form's alert; null when the server named the fields instead (or nothing failed). */
  saveMessage: string | null;
  /** The server's messages per field for the last refused save (a 400). */
  saveErrors: OrganisationSettingsErrors;
}

export interface AdminSettingsActions {
  /** GET the settings in force and the versions (also 'Try again'). */
  load: () => Promise<boolean>;
  /** PUT the whole form; on success the new version is in force and the server's sentence is a success toast. */
  save: (settings: OrganisationSettings) => Promise<boolean>;
  /** The form's 'Discard changes': forgets the last refusal. */
  clearSaveErrors: () => void;
  /** The page was left: answers still on their way are dropped. */
  reset: () => void;
}

export type AdminSettingsStore = AdminSettingsState & AdminSettingsActions;

export interface AdminSettingsStoreOptions {
  client: KyInstance;
  notify: Notify;
  log?: ApiLogger;
}

export const INITIAL_ADMIN_SETTINGS_STATE: AdminSettingsState = {
  status: 'loading',
  current: null,
  history: [],
  saving: false,
  saveMessage: null,
  saveErrors: NO_ERRORS,
};

/**
 * /admin/settings (docs/decisions/026-organisation-settings.md): the organisation's legal and tax details in force,
 * their saved versions, and saving a new version. A refused save keeps the form as typed: a 400's field messages go
 * under the fields (the form moves focus to the first), any other refusal or failure is the form's alert. Nothing is
 * toasted but the success, in the server's words ('Organisation details saved…' or 'Nothing has changed.').
 */
export function createAdminSettingsStore({ client, notify, log = console }: AdminSettingsStoreOptions) {
  return create<AdminSettingsStore>()((set, get) => {
    let controller: AbortController | null = null;
    // Bumped by reset and by each load: only the newest call writes, never into a page that was left.
    let generation = 0;

    return {
      ...INITIAL_ADMIN_SETTINGS_STATE,

      load: async () => {
        const ticket = ++generation;
        controller?.abort();
        controller = new AbortController();
        // A reload keeps the form on screen; only the first load shows the spinner.
        if (get().current === null) set({ status: 'loading' });
        try {
          const { current, history } = await fetchOrganisationSettings(client, controller.signal);
          if (ticket !== generation) return false;
          set({ status: 'ready', current, history });
          return true;
        } catch (error) {
          if (ticket !== generation) return false;
          log.error(`[admin-settings] ${ADMIN_SETTINGS_MESSAGES.loadFailed}: ${describeFailure(error)}`);
          notify('error', ADMIN_SETTINGS_MESSAGES.loadFailed);
          set({ status: 'error', current: null, history: [] });
          return false;
        }
      },

      save: async (settings) => {
        if (get().saving) return false;
        const ticket = generation;
        set({ saving: true, saveMessage: null, saveErrors: NO_ERRORS });
        try {
          const saved = await putOrganisationSettings(client, settings);
          if (ticket !== generation) return false;
          set({ saving: false, current: saved.current, history: saved.history, status: 'ready' });
          notify('success', saved.message ?? ORGANISATION_SETTINGS_MESSAGES.saved);
          return true;
        } catch (error) {
          if (ticket !== generation) return false;
          log.error(`[admin-settings] ${ADMIN_SETTINGS_MESSAGES.saveFailed}: ${describeFailure(error)}`);
          const saveErrors = settingsFieldErrors(error);
          // A 400 that names fields says it under them (its message is the first field's); anything else is the alert.
          const named = Object.keys(saveErrors).length > 0;
          set({
            saving: false,
            saveErrors: named ? saveErrors : NO_ERRORS,
            saveMessage: named ? null : (serverReason(error) ?? ADMIN_SETTINGS_MESSAGES.saveFailed),
          });
          return false;
        }
      },

      clearSaveErrors: () => {
        if (get().saving) return;
        set({ saveMessage: null, saveErrors: NO_ERRORS });
      },

      reset: () => {
        generation += 1;
        controller?.abort();
        controller = null;
        set(INITIAL_ADMIN_SETTINGS_STATE);
      },
    };
  });
}

export type AdminSettingsStoreHook = ReturnType<typeof createAdminSettingsStore>;
