import type { KyInstance } from 'ky';
import { create } from 'zustand';
import {
  ADMIN_CONSOLE_MESSAGES,
  type AdminContactMessage,
  type ContactMessageStatus,
  type MessageCounts,
  type MessageFilter,
  type OutboxMail,
} from '@charity/domain';
import type { ApiLogger, Notify } from '../../../lib/api/client';
import { describeFailure, NO_PAGES, serverReason } from '../../../lib/api/replies';
import type { FileDownload } from '../../admin-donations/api/admin-donations-api';
import { downloadOutboxAttachment, fetchMessages, fetchOutbox, updateMessageStatus } from '../api/admin-messages-api';

/** The toast when an outbox attachment could not be fetched (the server's reason when it gave one). */
export const OUTBOX_ATTACHMENT_DOWNLOAD_FAILED = 'Failed to download the attachment';

export interface AdminMessagesState {
  filter: MessageFilter;
  page: number;
  totalPages: number;
  messages: AdminContactMessage[];
  counts: MessageCounts | null;
  status: 'loading' | 'ready' | 'error';
  /** The message shown in full. */
  selectedId: number | null;
  /** A status change of this message is running. */
  updatingId: number | null;
  outbox: OutboxMail[];
  smtpConfigured: boolean;
  outboxPage: number;
  outboxTotalPages: number;
  outboxStatus: 'loading' | 'ready' | 'error';
  /** The outbox attachment being fetched (its mail and place in the mail), or null. */
  downloadingAttachment: { mailId: number; index: number } | null;
}

export interface AdminMessagesActions {
  /** A tab and page of messages (default: the current ones). */
  load: (filter?: MessageFilter, page?: number) => Promise<boolean>;
  /** Shows a message in full; an unread one is marked read on the server (quietly: no success toast). */
  select: (message: AdminContactMessage) => Promise<void>;
  /** A staff member's button (Mark as unread, Archive, Move to inbox…): 'Message updated' or 'Failed to update message'. */
  setStatus: (message: AdminContactMessage, status: ContactMessageStatus) => Promise<boolean>;
  loadOutbox: (page?: number) => Promise<boolean>;
  /** Fetches one of a mail's attachments; null when it failed (a toast says why). */
  downloadAttachment: (mail: OutboxMail, index: number) => Promise<FileDownload | null>;
  /** Forgets the messages and mails (the page was left): answers still on their way are dropped. */
  reset: () => void;
}

export type AdminMessagesStore = AdminMessagesState & AdminMessagesActions;

export interface AdminMessagesStoreOptions {
  client: KyInstance;
  notify: Notify;
  log?: ApiLogger;
}

export const INITIAL_ADMIN_MESSAGES_STATE: AdminMessagesState = {
  filter: 'all',
  page: 1,
  totalPages: 0,
  messages: [],
  counts: null,
  status: 'loading',
  selectedId: null,
  updatingId: null,
  outbox: [],
  smtpConfigured: false,
  outboxPage: 1,
  outboxTotalPages: 0,
  outboxStatus: 'loading',
  downloadingAttachment: null,
};

/** Whether a message in `status` belongs on the tab `filter` ('all' is the inbox: unread and read). */
export function inFilter(filter: MessageFilter, status: ContactMessageStatus): boolean {
  return filter === 'all' ? status !== 'archived' : filter === status;
}

/** The tab counts after one message moved from one status to another. */
export function movedCounts(counts: MessageCounts | null, from: ContactMessageStatus, to: ContactMessageStatus): MessageCounts | null {
  if (!counts || from === to) return counts;
  return { ...counts, [from]: Math.max(0, counts[from] - 1), [to]: counts[to] + 1 };
}

/**
 * /admin/messages (docs/decisions/005-admin-console.md): contact messages by tab, newest first, and the mail outbox. A
 * status change updates the message and the tab counts in place, so the message being read stays on screen; a message
 * that no longer belongs on the tab leaves it when a staff member moved it (archived from the inbox, say).
 */
export function createAdminMessagesStore({ client, notify, log = console }: AdminMessagesStoreOptions) {
  return create<AdminMessagesStore>()((set, get) => {
    let sequence = 0;
    let controller: AbortController | null = null;
    let outboxSequence = 0;

    const fail = (toast: string, error: unknown) => {
      log.error(`[admin-messages] ${toast}: ${describeFailure(error)}`);
      notify('error', toast);
    };

    const changeStatus = async (message: AdminContactMessage, status: ContactMessageStatus, announce: boolean): Promise<boolean> => {
      set({ updatingId: message.id });
      try {
        const updated = await updateMessageStatus(client, message.id, status);
        set((state) => {
          const leaves = announce && !inFilter(state.filter, updated.status);
          return {
            messages: leaves ? state.messages.filter((m) => m.id !== updated.id) : state.messages.map((m) => (m.id === updated.id ? updated : m)),
            counts: movedCounts(state.counts, message.status, updated.status),
            selectedId: leaves && state.selectedId === updated.id ? null : state.selectedId,
          };
        });
        if (announce) notify('success', ADMIN_CONSOLE_MESSAGES.messageUpdated);
        return true;
      } catch (error) {
        fail(ADMIN_CONSOLE_MESSAGES.messageUpdateFailed, error);
        return false;
      } finally {
        set((state) => (state.updatingId === message.id ? { updatingId: null } : {}));
      }
    };

    return {
      ...INITIAL_ADMIN_MESSAGES_STATE,

      load: async (filter = get().filter, page = filter === get().filter ? get().page : 1) => {
        const ticket = ++sequence;
        controller?.abort();
        controller = new AbortController();
        const sameTab = filter === get().filter;
        set({ filter, page, status: 'loading', ...(sameTab ? {} : { selectedId: null }) });
        try {
          const result = await fetchMessages(client, { filter, page }, controller.signal);
          if (ticket !== sequence) return true;
          set({ messages: result.messages, counts: result.counts ?? get().counts, page: result.currentPage, totalPages: result.totalPages, status: 'ready' });
          return true;
        } catch (error) {
          if (ticket !== sequence) return false;
          fail(ADMIN_CONSOLE_MESSAGES.messagesLoadFailed, error);
          set({ messages: [], totalPages: NO_PAGES.totalPages, status: 'error' });
          return false;
        }
      },

      select: async (message) => {
        set({ selectedId: message.id });
        if (message.status === 'unread') await changeStatus(message, 'read', false);
      },

      setStatus: (message, status) => changeStatus(message, status, true),

      loadOutbox: async (page = get().outboxPage) => {
        const ticket = ++outboxSequence;
        set({ outboxPage: page, outboxStatus: 'loading' });
        try {
          const result = await fetchOutbox(client, page);
          if (ticket !== outboxSequence) return true;
          set({ outbox: result.mails, smtpConfigured: result.smtpConfigured, outboxPage: result.currentPage, outboxTotalPages: result.totalPages, outboxStatus: 'ready' });
          return true;
        } catch (error) {
          if (ticket !== outboxSequence) return false;
          fail(ADMIN_CONSOLE_MESSAGES.outboxLoadFailed, error);
          set({ outbox: [], outboxTotalPages: 0, outboxStatus: 'error' });
          return false;
        }
      },

      downloadAttachment: async (mail, index) => {
        set({ downloadingAttachment: { mailId: mail.id, index } });
        try {
          return await downloadOutboxAttachment(client, mail, index);
        } catch (error) {
          // 'This attachment can no longer be drawn: …' says more than the page's own sentence.
          fail(serverReason(error) ?? OUTBOX_ATTACHMENT_DOWNLOAD_FAILED, error);
          return null;
        } finally {
          set({ downloadingAttachment: null });
        }
      },

      reset: () => {
        sequence += 1;
        outboxSequence += 1;
        controller?.abort();
        set(INITIAL_ADMIN_MESSAGES_STATE);
      },
    };
  });
}

export type AdminMessagesStoreHook = ReturnType<typeof createAdminMessagesStore>;
