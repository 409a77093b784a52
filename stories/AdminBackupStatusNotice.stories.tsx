import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { BackupStatusNotice, backupStatusText } from '@charity/ui';
import { BACKUP_NONE, BACKUP_NOW, BACKUP_OVERDUE, BACKUP_RECENT, BACKUP_RESTORED } from './support/admin-fixtures-console';
import { componentDocs } from './support/docs';

const meta = {
  title: 'Admin/Dashboard/BackupStatusNotice',
  component: BackupStatusNotice,
  parameters: {
    docs: componentDocs({
      summary:
        "The dashboard's line about backups (decision 042): when the newest archive was made and its size, or a warning when there is none or it is older than BACKUP_WARN_DAYS.",
      usage: `<BackupStatusNotice backup={dashboard.backup} />`,
      a11y: [
        'A recent backup is a plain paragraph: nothing is announced on every visit.',
        "The warning is `role=\"status\"` (polite: it never interrupts), starts with the word 'Warning:' and has an icon and a border, so it does not rely on colour; its text is 9.6:1 on its background.",
      ],
    }),
  },
  args: { backup: BACKUP_RECENT, now: BACKUP_NOW },
} satisfies Meta<typeof BackupStatusNotice>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Last night's backup: one quiet line, no live region, no warning. */
export const Recent: Story = {
  play: async ({ canvas, canvasElement, args }) => {
    const line = canvas.getByText('Last backup: 27 Nov 2026, 02:00 (14.2 MB).');
    await expect(line).toBeVisible();
    await expect(line).toHaveClass('cs-backup-status');
    await expect(canvas.queryByRole('status')).toBeNull();
    await expect(canvas.queryByText(/Warning/)).toBeNull();
    await expect(canvasElement.textContent).toBe(backupStatusText(args.backup, args.now));
  },
};

/** The newest backup is five days old (BACKUP_WARN_DAYS 2): a warning, in words and not colour alone. */
export const Overdue: Story = {
  args: { backup: BACKUP_OVERDUE },
  play: async ({ canvas, args }) => {
    const warning = canvas.getByRole('status');
    await expect(warning).toHaveTextContent(
      'Warning: The last backup was made 5 days ago (22 Nov 2026, 02:00). Backups should run every night: see README, Backups.',
      { normalizeWhitespace: false },
    );
    await expect(warning.textContent).toBe(backupStatusText(args.backup, args.now));
    await expect(warning).toHaveClass('cs-backup-status--warning');
    await expect(warning.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    // No size here: the age is what matters.
    await expect(warning).not.toHaveTextContent('MB');
  },
};

/** No backup was ever recorded: says so (never that one exists) and what to run. */
export const NoBackupYet: Story = {
  args: { backup: BACKUP_NONE },
  play: async ({ canvas, args }) => {
    const warning = canvas.getByRole('status');
    await expect(warning.textContent).toBe(
      'Warning: No backup has been made yet. Run npm run backup on the server and schedule it every night: see README, Backups.',
    );
    await expect(warning.textContent).toBe(backupStatusText(args.backup, args.now));
    await expect(canvas.getByText('npm run backup').tagName).toBe('CODE');
    await expect(warning).not.toHaveTextContent(/Last backup|was made/);
  },
};

/** The site was restored from last night's archive and no backup was made since: that archive counts, and is named for what it is. */
export const RestoredFromArchive: Story = {
  args: { backup: BACKUP_RESTORED },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText('Last backup: 27 Nov 2026, 02:00 (15.2 MB), the archive this site was restored from.')).toBeVisible();
    await expect(canvas.queryByRole('status')).toBeNull();
    await expect(canvasElement.textContent).toBe('Last backup: 27 Nov 2026, 02:00 (15.2 MB), the archive this site was restored from.');
  },
};

/** Restored from an archive that is now three days old, with no backup since: the warning names it too. */
export const RestoredAndOverdue: Story = {
  args: { backup: { ...BACKUP_RESTORED, last: { ...BACKUP_RESTORED.last!, made_at: '2026-11-24T02:30:00.000Z' }, overdue: true } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status').textContent).toBe(
      'Warning: The last backup, the archive this site was restored from, was made 3 days ago (24 Nov 2026, 08:00). Backups should run every night: see README, Backups.',
    );
  },
};
