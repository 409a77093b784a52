import { useId, useState, type Ref } from 'react';
import type { AdminContactMessage, ContactMessageStatus } from '@charity/domain';
import { Button, buttonVariants } from '../../components/Button';
import { cn } from '../../lib/cn';
import { formatConsoleDateTime } from '../shared/format';
import { ReplyIcon } from '../shared/icons';
import { MESSAGES_INBOX_TEXT, contactSubjectLabel, mailtoHref, messageHeading, replyHref } from './message-text';
import { MessageStatusBadge } from '../shared/status-badges';

interface StatusAction {
  label: string;
  status: ContactMessageStatus;
}

/** What staff can do from each status: read/unread toggles, archive, and back out of the archive. */
function statusActions(status: ContactMessageStatus): StatusAction[] {
  if (status === 'archived') return [{ label: MESSAGES_INBOX_TEXT.moveToInbox, status: 'read' }];
  return [
    status === 'unread'
      ? { label: MESSAGES_INBOX_TEXT.markRead, status: 'read' }
      : { label: MESSAGES_INBOX_TEXT.markUnread, status: 'unread' },
    { label: MESSAGES_INBOX_TEXT.archive, status: 'archived' },
  ];
}

export interface MessageDetailProps {
  message: AdminContactMessage;
  /** True while this message's status change is being saved. */
  updating: boolean;
  onSetStatus: (message: AdminContactMessage, status: ContactMessageStatus) => void;
  headingRef?: Ref<HTMLHeadingElement>;
}

/**
 * One contact message in full. The text is a React text node (never HTML): what a stranger typed into the contact
 * form is shown exactly, line breaks kept by CSS, and can run no script.
 */
export function MessageDetail({ message, updating, onSetStatus, headingRef }: MessageDetailProps) {
  const headingId = useId();
  // Which button was pressed, so only that one shows the spinner while the others wait disabled.
  const [pressed, setPressed] = useState<ContactMessageStatus | null>(null);
  const phone = message.phone?.trim();

  return (
    <article className="cs-inbox__detail" aria-labelledby={headingId} aria-busy={updating || undefined}>
      <div className="cs-inbox__detail-header">
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className="cs-inbox__detail-title">
          {messageHeading(message.name)}
        </h2>
        <MessageStatusBadge status={message.status} />
      </div>
      <dl className="cs-inbox__facts">
        <div>
          <dt>{MESSAGES_INBOX_TEXT.email}</dt>
          <dd>
            <a className="cs-inbox__link" href={mailtoHref(message.email)}>
              {message.email}
            </a>
          </dd>
        </div>
        <div>
          <dt>{MESSAGES_INBOX_TEXT.phone}</dt>
          <dd>
            {phone ? (
              <a className="cs-inbox__link" href={`tel:${phone.replace(/[^+\d]/g, '')}`}>
                {phone}
              </a>
            ) : (
              MESSAGES_INBOX_TEXT.noPhone
            )}
          </dd>
        </div>
        <div>
          <dt>{MESSAGES_INBOX_TEXT.subject}</dt>
          <dd>{contactSubjectLabel(message.subject)}</dd>
        </div>
        <div>
          <dt>{MESSAGES_INBOX_TEXT.received}</dt>
          <dd>{formatConsoleDateTime(message.created_at)}</dd>
        </div>
      </dl>
      <div className="cs-inbox__message">{message.message}</div>
      <div className="cs-inbox__actions">
        <a className={cn(buttonVariants({ variant: 'primary', size: 'sm' }))} href={replyHref(message.email, message.subject)}>
          <span className="cs-button__icon">
            <ReplyIcon size={16} />
          </span>
          {MESSAGES_INBOX_TEXT.reply}
        </a>
        {statusActions(message.status).map((action) => (
          <Button
            key={action.status + action.label}
            variant="outline"
            size="sm"
            loading={updating && pressed === action.status}
            disabled={updating}
            onClick={() => {
              setPressed(action.status);
              onSetStatus(message, action.status);
            }}
          >
            {action.label}
          </Button>
        ))}
      </div>
    </article>
  );
}
