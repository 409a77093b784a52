import { useId, type ReactNode } from 'react';
import { ADMIN_CONSOLE_MESSAGES, type OutboxMail } from '@charity/domain';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { Spinner } from '../../components/Spinner';
import { cn } from '../../lib/cn';
import { formatConsoleDateTime, formatFileSize } from '../shared/format';
import { AlertIcon, InboxIcon, PaperclipIcon } from '../shared/icons';
import { MailStatusBadge } from '../shared/status-badges';
import type { AdminConsoleStatus } from '../shared/types';

export const OUTBOX_TEXT = {
  heading: 'Mail outbox',
  noSmtp: 'No mail server is configured: mail is kept here instead of being sent.',
  loading: 'Loading outbox...',
  retry: 'Try again',
  to: 'To',
  created: 'Created',
  sent: 'Sent',
  attachments: 'Attachments',
  error: 'Error',
  showText: 'Show the text',
  /** Before the file's name, for a screen reader: 'Download receipt-BBF-2026-27-000001.pdf'. */
  download: 'Download',
  downloading: 'Downloading...',
} as const;

/** One attachment of a mail as the outbox lists it (name, type, size: the bytes stay on the server). */
export type OutboxAttachment = OutboxMail['attachments'][number];

/** Which attachment is being fetched: its mail and its place in the mail's attachments (from 0). */
export interface OutboxAttachmentRef {
  mailId: number;
  index: number;
}

export interface OutboxListProps {
  /** The current page, newest first (the API's order is kept). */
  mails: readonly OutboxMail[];
  /** False: the server keeps mail instead of sending it, and a notice says so. */
  smtpConfigured: boolean;
  status: AdminConsoleStatus;
  onRetry: () => void;
  /** Under the list, e.g. the shared Pagination. */
  footer?: ReactNode;
  /** The heading's level, to fit the page outline (2 under the page's h1). */
  headingLevel?: 2 | 3;
  /**
   * With it, each attachment is a button that asks for the file (the page fetches it with the staff member's token and
   * saves it); without it, the names are plain text.
   */
  onDownloadAttachment?: (mail: OutboxMail, attachment: OutboxAttachment, index: number) => void;
  /** The attachment being fetched: its button waits. */
  downloading?: OutboxAttachmentRef | null;
  className?: string;
}

/**
 * The mails the server sent or would have sent (receipts, contact copies): recipient, subject, status, date,
 * attachments (each a download button when the page can fetch them), the error of a failed one, and the text behind
 * a disclosure. Without SMTP this is where staff read them, so a notice says so.
 */
export function OutboxList({
  mails,
  smtpConfigured,
  status,
  onRetry,
  footer,
  headingLevel = 2,
  onDownloadAttachment,
  downloading = null,
  className,
}: OutboxListProps) {
  const headingId = useId();
  const Heading = `h${headingLevel}` as const;
  const MailHeading = `h${headingLevel + 1}` as 'h3' | 'h4';

  return (
    <section className={cn('cs-outbox', className)} aria-labelledby={headingId}>
      <Heading id={headingId} className="cs-console-section-title">
        {OUTBOX_TEXT.heading}
      </Heading>
      {smtpConfigured ? null : (
        <p className="cs-console-notice" role="note">
          {OUTBOX_TEXT.noSmtp}
        </p>
      )}
      {status === 'loading' ? (
        <div className="cs-console-state">
          <Spinner label={OUTBOX_TEXT.loading} />
        </div>
      ) : status === 'error' ? (
        <EmptyState
          icon={<AlertIcon />}
          headingLevel={headingLevel === 2 ? 3 : 4}
          title={ADMIN_CONSOLE_MESSAGES.outboxLoadFailed}
          actions={<Button onClick={onRetry}>{OUTBOX_TEXT.retry}</Button>}
        />
      ) : mails.length === 0 ? (
        <EmptyState icon={<InboxIcon />} headingLevel={headingLevel === 2 ? 3 : 4} title={ADMIN_CONSOLE_MESSAGES.noOutbox} />
      ) : (
        <ul className="cs-outbox__list">
          {mails.map((mail) => (
            <li key={mail.id}>
              <OutboxItem
                mail={mail}
                Heading={MailHeading}
                onDownloadAttachment={onDownloadAttachment}
                downloadingIndex={downloading?.mailId === mail.id ? downloading.index : null}
              />
            </li>
          ))}
        </ul>
      )}
      {status === 'ready' && footer ? <div className="cs-outbox__footer">{footer}</div> : null}
    </section>
  );
}

interface OutboxItemProps {
  mail: OutboxMail;
  Heading: 'h3' | 'h4';
  onDownloadAttachment?: OutboxListProps['onDownloadAttachment'];
  /** The index of this mail's attachment being fetched, or null. */
  downloadingIndex: number | null;
}

function OutboxItem({ mail, Heading, onDownloadAttachment, downloadingIndex }: OutboxItemProps) {
  const titleId = useId();
  return (
    <article className={cn('cs-outbox__mail', mail.status === 'failed' && 'cs-outbox__mail--failed')} aria-labelledby={titleId}>
      <div className="cs-outbox__header">
        <Heading id={titleId} className="cs-outbox__subject">
          {mail.subject}
        </Heading>
        <MailStatusBadge status={mail.status} />
      </div>
      <dl className="cs-outbox__facts">
        <div>
          <dt>{OUTBOX_TEXT.to}</dt>
          <dd className="cs-outbox__address">{mail.to}</dd>
        </div>
        <div>
          <dt>{OUTBOX_TEXT.created}</dt>
          <dd>{formatConsoleDateTime(mail.created_at)}</dd>
        </div>
        {mail.sent_at ? (
          <div>
            <dt>{OUTBOX_TEXT.sent}</dt>
            <dd>{formatConsoleDateTime(mail.sent_at)}</dd>
          </div>
        ) : null}
        {mail.attachments.length > 0 ? (
          <div className="cs-outbox__attachments">
            <dt>{OUTBOX_TEXT.attachments}</dt>
            <dd>
              <ul className="cs-outbox__files">
                {mail.attachments.map((file, index) => (
                  <li key={`${file.filename}-${index}`}>
                    {onDownloadAttachment ? (
                      <Button
                        variant="outline"
                        size="sm"
                        icon={<PaperclipIcon size={14} />}
                        loading={downloadingIndex === index}
                        loadingText={OUTBOX_TEXT.downloading}
                        onClick={() => onDownloadAttachment(mail, file, index)}
                      >
                        <span className="cs-visually-hidden">{OUTBOX_TEXT.download} </span>
                        <span className="cs-outbox__file-name">{file.filename}</span>
                      </Button>
                    ) : (
                      <>
                        <PaperclipIcon size={14} />
                        <span className="cs-outbox__file-name">{file.filename}</span>
                      </>
                    )}{' '}
                    <span className="cs-outbox__file-size">({formatFileSize(file.size)})</span>
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        ) : null}
      </dl>
      {mail.status === 'failed' && mail.error ? (
        <p className="cs-outbox__error">
          <strong>{OUTBOX_TEXT.error}:</strong> {mail.error}
        </p>
      ) : null}
      <details className="cs-console-details">
        <summary className="cs-console-details__summary">
          {OUTBOX_TEXT.showText}
          <span className="cs-visually-hidden">: {mail.subject}</span>
        </summary>
        {/* Plain text as the server composed it: a text node, line breaks kept by CSS. */}
        <div className="cs-outbox__text">{mail.text}</div>
      </details>
    </article>
  );
}
