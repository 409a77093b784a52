import type { KyInstance } from 'ky';
import { create } from 'zustand';
import { EVENT_MESSAGES, eventErrorMessage, type EventPayload, type EventRecord } from '@charity/domain';
import type { ApiLogger, Notify } from '../../../lib/api/client';
import { toRequestFailure } from '../../../lib/api/errors';
import {
  createEvent,
  deleteEvent,
  deleteEventImage,
  fetchAllEvents,
  updateEvent,
  uploadEventImages,
  type EventId,
} from '../api/admin-events-api';

export interface AdminEventsState {
  events: EventRecord[];
  /** 'loading' until the first list arrives; 'error' when it never did. Reloads keep the list on screen. */
  status: 'loading' | 'ready' | 'error';
  /** A create or update is running. */
  saving: boolean;
  /** Why the last create or update failed (the event catalogue's message), for the form. */
  formError: string | null;
  /** An event or image deletion is running. */
  deleting: boolean;
  /** Events whose image upload is running. */
  uploadingIds: EventId[];
  /** Per event id: why its last upload failed (the server names the file and the reason). */
  uploadErrors: Record<string, string>;
}

export interface AdminEventsActions {
  /** GET /events. Resolves false when it failed ('Failed to fetch events'). */
  load: () => Promise<boolean>;
  create: (payload: EventPayload) => Promise<boolean>;
  update: (id: EventId, payload: EventPayload) => Promise<boolean>;
  remove: (id: EventId) => Promise<boolean>;
  uploadImages: (id: EventId, files: readonly File[]) => Promise<boolean>;
  deleteImage: (eventId: EventId, imageKey: EventId) => Promise<boolean>;
  clearFormError: () => void;
}

export type AdminEventsStore = AdminEventsState & AdminEventsActions;

export interface AdminEventsStoreOptions {
  client: KyInstance;
  notify: Notify;
  log?: ApiLogger;
}

export const INITIAL_ADMIN_EVENTS_STATE: AdminEventsState = {
  events: [],
  status: 'loading',
  saving: false,
  formError: null,
  deleting: false,
  uploadingIds: [],
  uploadErrors: {},
};

const reason = (error: unknown) => eventErrorMessage(toRequestFailure(error));

/**
 * The admin events screen's data (spec section 2 "Admin events", 4 "Admin list", 8 toasts): every call
 * announces its outcome with the spec's toast, and after every successful create, update, delete or upload
 * the list is reloaded. Actions resolve true on success so the page can close its dialogs.
 */
export function createAdminEventsStore({ client, notify, log = console }: AdminEventsStoreOptions) {
  return create<AdminEventsStore>()((set, get) => {
    // Only the latest load may write the list: an older, slower reply must not undo a newer one.
    let loadSequence = 0;

    const fail = (toast: string, error: unknown) => {
      log.error(`[admin-events] ${toast}: ${reason(error)}`);
      notify('error', toast);
    };

    const load = async (): Promise<boolean> => {
      const sequence = ++loadSequence;
      if (get().status === 'error') set({ status: 'loading' });
      try {
        const events = await fetchAllEvents(client);
        if (sequence === loadSequence) set({ events, status: 'ready' });
        return true;
      } catch (error) {
        if (sequence !== loadSequence) return false;
        fail(EVENT_MESSAGES.fetchFailed, error);
        // A failed reload keeps the list already shown; only a first load without any list is an error.
        set((state) => ({ status: state.status === 'loading' ? 'error' : state.status }));
        return false;
      }
    };

    /** After a change: reload in the background, so dialogs close at once. */
    const reload = () => void load();

    const save = async (call: () => Promise<void>, success: string, failure: string): Promise<boolean> => {
      set({ saving: true, formError: null });
      try {
        await call();
        set({ saving: false });
        notify('success', success);
        reload();
        return true;
      } catch (error) {
        set({ saving: false, formError: reason(error) });
        fail(failure, error);
        return false;
      }
    };

    const removal = async (call: () => Promise<void>, success: string, failure: string): Promise<boolean> => {
      set({ deleting: true });
      try {
        await call();
        notify('success', success);
        reload();
        return true;
      } catch (error) {
        fail(failure, error);
        return false;
      } finally {
        set({ deleting: false });
      }
    };

    return {
      ...INITIAL_ADMIN_EVENTS_STATE,

      load,

      create: (payload) => save(() => createEvent(client, payload), EVENT_MESSAGES.created, EVENT_MESSAGES.createFailed),

      update: (id, payload) => save(() => updateEvent(client, id, payload), EVENT_MESSAGES.updated, EVENT_MESSAGES.updateFailed),

      remove: (id) => removal(() => deleteEvent(client, id), EVENT_MESSAGES.deleted, EVENT_MESSAGES.deleteFailed),

      deleteImage: (eventId, imageKey) =>
        removal(() => deleteEventImage(client, eventId, imageKey), EVENT_MESSAGES.imageDeleted, EVENT_MESSAGES.deleteImageFailed),

      uploadImages: async (id, files) => {
        if (files.length === 0) return false;
        const key = String(id);
        set((state) => {
          const uploadErrors = { ...state.uploadErrors };
          delete uploadErrors[key];
          return { uploadingIds: [...state.uploadingIds, id], uploadErrors };
        });
        try {
          await uploadEventImages(client, id, files);
          notify('success', EVENT_MESSAGES.imagesUploaded);
          reload();
          return true;
        } catch (error) {
          set((state) => ({ uploadErrors: { ...state.uploadErrors, [key]: reason(error) } }));
          fail(EVENT_MESSAGES.uploadFailed, error);
          return false;
        } finally {
          set((state) => ({ uploadingIds: state.uploadingIds.filter((uploading) => uploading !== id) }));
        }
      },

      clearFormError: () => set({ formError: null }),
    };
  });
}

export type AdminEventsStoreHook = ReturnType<typeof createAdminEventsStore>;
