import { useEffect } from 'react';
import { AdminPageHeader, MessagesInbox, OutboxList, Pagination } from '@charity/ui';
import { useAdminMessagesStore } from '../features/admin-messages/stores';
import { saveFile } from '../lib/save-file';
import { useDocumentTitle } from '../lib/use-document-title';

export const MESSAGES_PAGE_TEXT = {
  title: 'Messages',
  description: 'Messages sent through the contact form, newest first. Opening an unread message marks it read.',
  messagePagesLabel: 'Message pages',
  outboxPagesLabel: 'Outbox pages',
} as const;

/**
 * /admin/messages (docs/decisions/005-admin-console.md): the contact messages by tab, and below them the mail outbox.
 */
export default function AdminMessagesPage() {
  useDocumentTitle(MESSAGES_PAGE_TEXT.title);
  const messages = useAdminMessagesStore((s) => s.messages);
  const counts = useAdminMessagesStore((s) => s.counts);
  const filter = useAdminMessagesStore((s) => s.filter);
  const status = useAdminMessagesStore((s) => s.status);
  const page = useAdminMessagesStore((s) => s.page);
  const totalPages = useAdminMessagesStore((s) => s.totalPages);
  const selectedId = useAdminMessagesStore((s) => s.selectedId);
  const updatingId = useAdminMessagesStore((s) => s.updatingId);
  const outbox = useAdminMessagesStore((s) => s.outbox);
  const smtpConfigured = useAdminMessagesStore((s) => s.smtpConfigured);
  const outboxStatus = useAdminMessagesStore((s) => s.outboxStatus);
  const outboxPage = useAdminMessagesStore((s) => s.outboxPage);
  const outboxTotalPages = useAdminMessagesStore((s) => s.outboxTotalPages);
  const downloadingAttachment = useAdminMessagesStore((s) => s.downloadingAttachment);
  const { load, select, setStatus, loadOutbox, downloadAttachment, reset } = useAdminMessagesStore.getState();

  useEffect(() => {
    void load('all', 1);
    void loadOutbox(1);
    return reset;
  }, [load, loadOutbox, reset]);

  return (
    <div className="cs-container cs-admin-page">
      <AdminPageHeader title={MESSAGES_PAGE_TEXT.title} description={MESSAGES_PAGE_TEXT.description} />
      <div className="cs-admin-page__sections">
        <MessagesInbox
          messages={messages}
          counts={counts}
          filter={filter}
          onFilterChange={(next) => void load(next, 1)}
          status={status}
          selectedId={selectedId}
          onSelect={(message) => void select(message)}
          onSetStatus={(message, next) => void setStatus(message, next)}
          updatingId={updatingId}
          onRetry={() => void load()}
          footer={<Pagination page={page} totalPages={totalPages} onPageChange={(next) => void load(filter, next)} label={MESSAGES_PAGE_TEXT.messagePagesLabel} />}
        />
        <OutboxList
          mails={outbox}
          smtpConfigured={smtpConfigured}
          status={outboxStatus}
          onRetry={() => void loadOutbox()}
          headingLevel={2}
          onDownloadAttachment={(mail, _attachment, index) => {
            // Fetched with the staff member's token, then handed to the browser's download.
            void downloadAttachment(mail, index).then((file) => {
              if (file) saveFile(file.blob, file.fileName);
            });
          }}
          downloading={downloadingAttachment}
          footer={
            <Pagination page={outboxPage} totalPages={outboxTotalPages} onPageChange={(next) => void loadOutbox(next)} label={MESSAGES_PAGE_TEXT.outboxPagesLabel} />
          }
        />
      </div>
    </div>
  );
}
