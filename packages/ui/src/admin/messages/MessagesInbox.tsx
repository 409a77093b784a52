import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import {
  ADMIN_CONSOLE_MESSAGES,
  MESSAGE_FILTERS,
  type AdminContactMessage,
  type ContactMessageStatus,
  type MessageCounts,
  type MessageFilter,
} from '@charity/domain';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { Spinner } from '../../components/Spinner';
import { cn } from '../../lib/cn';
import { formatConsoleDateTime } from '../shared/format';
import { AlertIcon, InboxIcon } from '../shared/icons';
import { MessageDetail } from './MessageDetail';
import { MESSAGES_INBOX_TEXT, contactSubjectLabel, messageExcerpt, messageTabLabel } from './message-text';
import type { AdminConsoleStatus } from '../shared/types';

export { MESSAGES_INBOX_TEXT };

export interface MessagesInboxProps {
  /** The current page of the current tab. Shown newest first whatever order they come in. */
  messages: readonly AdminContactMessage[];
  /** Per status, for the tab labels ('Unread (3)'); null until known. */
  counts: MessageCounts | null;
  filter: MessageFilter;
  onFilterChange: (filter: MessageFilter) => void;
  status: AdminConsoleStatus;
  selectedId: number | null;
  onSelect: (message: AdminContactMessage) => void;
  onSetStatus: (message: AdminContactMessage, status: ContactMessageStatus) => void;
  /** The message whose status change is being saved: its buttons wait, disabled. */
  updatingId?: number | null;
  onRetry: () => void;
  /** Under the list, e.g. the shared Pagination. */
  footer?: ReactNode;
  className?: string;
}

function newestFirst(messages: readonly AdminContactMessage[]): AdminContactMessage[] {
  return [...messages].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at) || b.id - a.id);
}

/**
 * The contact messages of /admin/messages: tabs Inbox, Unread, Read and Archived (ARIA tabs: arrow keys, Home
 * and End move between them and show that tab), the list of the tab newest first with unread ones in bold, and the
 * chosen message in full with its status actions and 'Reply by e-mail'. Choosing a message moves focus to it.
 */
export function MessagesInbox({
  messages,
  counts,
  filter,
  onFilterChange,
  status,
  selectedId,
  onSelect,
  onSetStatus,
  updatingId = null,
  onRetry,
  footer,
  className,
}: MessagesInboxProps) {
  const baseId = useId();
  const panelId = `${baseId}-panel`;
  const tabId = (tab: MessageFilter) => `${baseId}-tab-${tab}`;
  const tabRefs = useRef<Partial<Record<MessageFilter, HTMLButtonElement | null>>>({});
  const detailHeading = useRef<HTMLHeadingElement>(null);
  const focusDetail = useRef(false);

  const sorted = newestFirst(messages);
  const selected = status === 'ready' ? (sorted.find((message) => message.id === selectedId) ?? null) : null;
  const shownId = selected?.id ?? null;

  // After a click in the list, the open message takes focus: on a phone it is below the list, out of sight.
  useEffect(() => {
    if (focusDetail.current && shownId !== null) {
      focusDetail.current = false;
      detailHeading.current?.focus();
    }
  }, [shownId]);

  function handleTabKey(event: KeyboardEvent<HTMLDivElement>) {
    const from = MESSAGE_FILTERS.findIndex((tab) => tabRefs.current[tab] === event.target);
    const index = from === -1 ? MESSAGE_FILTERS.indexOf(filter) : from;
    const last = MESSAGE_FILTERS.length - 1;
    const next =
      event.key === 'ArrowRight' ? (index === last ? 0 : index + 1)
      : event.key === 'ArrowLeft' ? (index === 0 ? last : index - 1)
      : event.key === 'Home' ? 0
      : event.key === 'End' ? last
      : null;
    if (next === null) return;
    event.preventDefault();
    const tab = MESSAGE_FILTERS[next];
    if (!tab) return;
    tabRefs.current[tab]?.focus();
    // Automatic activation: the focused tab is the one shown.
    if (tab !== filter) onFilterChange(tab);
  }

  return (
    <div className={cn('cs-inbox', className)}>
      <div className="cs-inbox__tabs" role="tablist" aria-label={MESSAGES_INBOX_TEXT.tabsLabel} onKeyDown={handleTabKey}>
        {MESSAGE_FILTERS.map((tab) => {
          const active = tab === filter;
          return (
            <button
              key={tab}
              ref={(element) => {
                tabRefs.current[tab] = element;
              }}
              id={tabId(tab)}
              type="button"
              role="tab"
              className="cs-inbox__tab"
              aria-selected={active}
              aria-controls={panelId}
              tabIndex={active ? 0 : -1}
              onClick={() => {
                if (!active) onFilterChange(tab);
              }}
            >
              {messageTabLabel(tab, counts)}
            </button>
          );
        })}
      </div>
      <div id={panelId} role="tabpanel" aria-labelledby={tabId(filter)} className="cs-inbox__panel">
        {status === 'loading' ? (
          <div className="cs-console-state">
            <Spinner label={MESSAGES_INBOX_TEXT.loading} />
          </div>
        ) : status === 'error' ? (
          <EmptyState
            icon={<AlertIcon />}
            title={ADMIN_CONSOLE_MESSAGES.messagesLoadFailed}
            actions={<Button onClick={onRetry}>{MESSAGES_INBOX_TEXT.retry}</Button>}
          />
        ) : sorted.length === 0 ? (
          <>
            <EmptyState icon={<InboxIcon />} title={ADMIN_CONSOLE_MESSAGES.noMessages} />
            {footer ? <div className="cs-inbox__footer">{footer}</div> : null}
          </>
        ) : (
          <div className="cs-inbox__layout">
            <div className="cs-inbox__list-column">
              <ul className="cs-inbox__list">
                {sorted.map((message) => {
                  const unread = message.status === 'unread';
                  return (
                    <li key={message.id}>
                      <button
                        type="button"
                        className={cn('cs-inbox__item', unread && 'cs-inbox__item--unread')}
                        aria-current={message.id === shownId ? 'true' : undefined}
                        aria-busy={message.id === updatingId || undefined}
                        onClick={() => {
                          if (message.id === shownId) detailHeading.current?.focus();
                          else focusDetail.current = true;
                          onSelect(message);
                        }}
                      >
                        <span className="cs-inbox__item-top">
                          <span className="cs-inbox__item-name">
                            {unread ? (
                              <>
                                <span className="cs-inbox__dot" aria-hidden="true" />
                                <span className="cs-visually-hidden">{MESSAGES_INBOX_TEXT.unread}: </span>
                              </>
                            ) : null}
                            {message.name}
                          </span>
                          <span className="cs-inbox__item-date">{formatConsoleDateTime(message.created_at)}</span>
                        </span>
                        <span className="cs-inbox__item-subject">{contactSubjectLabel(message.subject)}</span>
                        <span className="cs-inbox__item-excerpt">{messageExcerpt(message.message)}</span>
                      </button>
                    </li>
                  );
                })}
              </ul>
              {footer ? <div className="cs-inbox__footer">{footer}</div> : null}
            </div>
            <div className="cs-inbox__detail-column">
              {selected ? (
                <MessageDetail
                  key={selected.id}
                  message={selected}
                  updating={updatingId === selected.id}
                  onSetStatus={onSetStatus}
                  headingRef={detailHeading}
                />
              ) : (
                <p className="cs-inbox__prompt">{MESSAGES_INBOX_TEXT.selectPrompt}</p>
              )}
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
