import { backupAgeDays, type BackupStatus, type LastBackup } from '@charity/domain';
import { cn } from '../../lib/cn';
import { countLabel, formatConsoleDateTime, formatFileSize } from '../shared/format';
import { AlertIcon } from '../shared/icons';

/**
 * The dashboard's line about backups (docs/decisions/042-backups.md). Only what backup_runs records is said: with no
 * row it says no backup has been made, never that one exists. Times in organisation time, as every admin screen.
 */
export const BACKUP_STATUS_TEXT = {
  warning: 'Warning:',
  /** 'Last backup: 27 Nov 2026, 02:00 (14.2 MB).' */
  recent: (last: LastBackup) =>
    last.source === 'restored'
      ? `Last backup: ${when(last)} (${formatFileSize(last.archive_bytes)}), the archive this site was restored from.`
      : `Last backup: ${when(last)} (${formatFileSize(last.archive_bytes)}).`,
  /** 'The last backup was made 5 days ago (22 Nov 2026, 02:00).' */
  overdue: (last: LastBackup, now: Date) =>
    last.source === 'restored'
      ? `The last backup, the archive this site was restored from, was made ${ago(last, now)} (${when(last)}).`
      : `The last backup was made ${ago(last, now)} (${when(last)}).`,
  schedule: 'Backups should run every night: see README, Backups.',
  /** The command is shown as code between these two. */
  none: ['No backup has been made yet. Run ', 'npm run backup', ' on the server and schedule it every night: see README, Backups.'],
} as const;

function when(last: LastBackup): string {
  return formatConsoleDateTime(last.made_at);
}

/** '5 days ago', '1 day ago'; 'less than a day ago' (only when the browser's clock is behind the server's). */
function ago(last: LastBackup, now: Date): string {
  const days = backupAgeDays(last.made_at, now);
  return days === 0 ? 'less than a day ago' : `${countLabel(days, 'day')} ago`;
}

/** The whole line as it reads, e.g. for a test or a summary: the warning's label included. */
export function backupStatusText(backup: BackupStatus, now: Date = new Date()): string {
  if (!backup.overdue && backup.last) return BACKUP_STATUS_TEXT.recent(backup.last);
  const message = backup.last ? `${BACKUP_STATUS_TEXT.overdue(backup.last, now)} ${BACKUP_STATUS_TEXT.schedule}` : BACKUP_STATUS_TEXT.none.join('');
  return `${BACKUP_STATUS_TEXT.warning} ${message}`;
}

export interface BackupStatusNoticeProps {
  /** GET /api/admin/dashboard's `backup`. */
  backup: BackupStatus;
  /** For "5 days ago"; the browser's clock when not given. Whether it is overdue is the server's answer. */
  now?: Date;
  className?: string;
}

/**
 * A quiet line when the newest backup is recent; a warning (the word 'Warning', an icon and a border, not colour
 * alone) when there is none or it is older than BACKUP_WARN_DAYS. role=status: read out politely, never interrupting.
 */
export function BackupStatusNotice({ backup, now, className }: BackupStatusNoticeProps) {
  if (!backup.overdue && backup.last) {
    return <p className={cn('cs-backup-status', className)}>{BACKUP_STATUS_TEXT.recent(backup.last)}</p>;
  }
  return (
    <div role="status" className={cn('cs-backup-status cs-backup-status--warning', className)}>
      <AlertIcon className="cs-backup-status__icon" />
      <p className="cs-backup-status__text">
        <strong>{BACKUP_STATUS_TEXT.warning}</strong>{' '}
        {backup.last ? (
          <>
            {BACKUP_STATUS_TEXT.overdue(backup.last, now ?? new Date())} {BACKUP_STATUS_TEXT.schedule}
          </>
        ) : (
          <>
            {BACKUP_STATUS_TEXT.none[0]}
            <code>{BACKUP_STATUS_TEXT.none[1]}</code>
            {BACKUP_STATUS_TEXT.none[2]}
          </>
        )}
      </p>
    </div>
  );
}
