import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { OutboxList } from '@charity/ui';
import { FAILED_MAIL, PHONE_375, SENT_MAIL, STORED_RECEIPT, fitsWindow } from './support/admin-fixtures-console';
import { componentDocs } from './support/docs';

const NO_SMTP = 'No mail server is configured: mail is kept here instead of being sent.';

const meta = {
  title: 'Admin/Messages/OutboxList',
  component: OutboxList,
  parameters: {
    docs: componentDocs({
      summary: 'Mails waiting in or sent from the outbox (receipts, replies), with a note when SMTP is not configured.',
      usage: `<OutboxList mails={mails} smtpConfigured={false} status="ready" onRetry={reload}
  onDownloadAttachment={(mail, attachment, index) => download(mail.id, index)} downloading={busy} />`,
      a11y: [
        'The SMTP notice is a `role="note"`; each mail\'s status is text, not only a colour.',
        'Each attachment is a button named "Download <file name>" (with `onDownloadAttachment`); it is busy while the file is fetched.',
      ],
    }),
  },
  args: { mails: [STORED_RECEIPT], smtpConfigured: false, status: 'ready', onRetry: fn(), onDownloadAttachment: fn() },
} satisfies Meta<typeof OutboxList>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The description of a term in one mail ('To', 'Created', ...). */
function fact(article: HTMLElement, term: string): string {
  const dt = within(article)
    .getAllByRole('term')
    .find((element) => element.textContent === term);
  return (dt?.nextElementSibling?.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** No SMTP server: the notice, and each kept mail with recipient, date, attachment and its text behind a disclosure. */
export const WithoutMailServer: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 2, name: 'Mail outbox' })).toBeVisible();
    await expect(canvas.getByRole('note')).toHaveTextContent(NO_SMTP);
    const mail = canvas.getByRole('article', { name: 'Your donation receipt BB-2026-0128' });
    await expect(within(mail).getByText('Not sent (no mail server)')).toHaveClass('cs-badge--blue');
    await expect(fact(mail, 'To')).toBe('ravi@example.org');
    await expect(fact(mail, 'Created')).toBe('21 Nov 2026, 15:45');
    await expect(fact(mail, 'Attachments')).toBe('Download receipt-BB-2026-0128.pdf (47 KB)');
    await expect(within(mail).getByRole('button', { name: 'Download receipt-BB-2026-0128.pdf' })).toBeEnabled();
    // Kept, not sent: no sent time.
    await expect(within(mail).getAllByRole('term').map((term) => term.textContent)).toEqual(['To', 'Created', 'Attachments']);

    const text = mail.querySelector('.cs-outbox__text')!;
    await expect(text).not.toBeVisible();
    await userEvent.click(within(mail).getByText('Show the text'));
    await expect(text).toBeVisible();
    await expect(text.textContent).toBe(STORED_RECEIPT.text);
  },
};

/** With SMTP: no notice; a sent mail has its sent time. A '<script>' in a mail's text is shown as text. */
export const WithMailServer: Story = {
  args: { mails: [SENT_MAIL], smtpConfigured: true },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('note')).toBeNull();
    const mail = canvas.getByRole('article', { name: 'New contact message: Volunteer Opportunities' });
    await expect(within(mail).getByText('Sent', { selector: '.cs-badge' })).toHaveClass('cs-badge--green');
    await expect(fact(mail, 'Sent')).toBe('21 Nov 2026, 11:00');
    await expect(within(mail).queryByText('Attachments')).toBeNull();
    await userEvent.click(within(mail).getByText('Show the text'));
    const text = mail.querySelector('.cs-outbox__text')!;
    await expect(text.textContent).toBe(SENT_MAIL.text);
    await expect(text.querySelector('script')).toBeNull();
  },
};

/** A failed mail: red badge, the server's error, both attachments with sizes. */
export const FailedMail: Story = {
  args: { mails: [FAILED_MAIL], smtpConfigured: true },
  play: async ({ canvas }) => {
    const mail = canvas.getByRole('article', { name: 'Your donation receipt BB-2026-0126' });
    await expect(within(mail).getByText('Failed')).toHaveClass('cs-badge--red');
    await expect(within(mail).getByText('550 5.1.1 <john@example.com>: Recipient address rejected', { exact: false })).toHaveTextContent(
      'Error: 550 5.1.1 <john@example.com>: Recipient address rejected',
    );
    await expect(within(mail).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Download receipt-BB-2026-0126.pdf (50 KB)',
      'Download note.txt (512 B)',
    ]);
  },
};

/** Each attachment is a button: a click asks the page for that file (the mail, the attachment, its place in the mail). */
export const DownloadAttachment: Story = {
  args: { mails: [STORED_RECEIPT, FAILED_MAIL], smtpConfigured: true },
  play: async ({ canvas, args }) => {
    const failed = canvas.getByRole('article', { name: 'Your donation receipt BB-2026-0126' });
    await userEvent.click(within(failed).getByRole('button', { name: 'Download note.txt' }));
    await expect(args.onDownloadAttachment).toHaveBeenCalledOnce();
    await expect(args.onDownloadAttachment).toHaveBeenCalledWith(FAILED_MAIL, FAILED_MAIL.attachments[1], 1);
    const stored = canvas.getByRole('article', { name: 'Your donation receipt BB-2026-0128' });
    await userEvent.click(within(stored).getByRole('button', { name: 'Download receipt-BB-2026-0128.pdf' }));
    await expect(args.onDownloadAttachment).toHaveBeenLastCalledWith(STORED_RECEIPT, STORED_RECEIPT.attachments[0], 0);
  },
};

/** While one file is fetched its button is busy ('Downloading...'); the others stay usable. */
export const DownloadingAttachment: Story = {
  args: { mails: [STORED_RECEIPT, FAILED_MAIL], smtpConfigured: true, downloading: { mailId: FAILED_MAIL.id, index: 0 } },
  play: async ({ canvas, args }) => {
    const failed = canvas.getByRole('article', { name: 'Your donation receipt BB-2026-0126' });
    const busy = within(failed).getByRole('button', { name: 'Downloading...' });
    await expect(busy).toBeDisabled();
    await expect(busy).toHaveAttribute('aria-busy', 'true');
    await expect(within(failed).getByRole('button', { name: 'Download note.txt' })).toBeEnabled();
    const stored = canvas.getByRole('article', { name: 'Your donation receipt BB-2026-0128' });
    await expect(within(stored).getByRole('button', { name: 'Download receipt-BB-2026-0128.pdf' })).toBeEnabled();
    await userEvent.click(busy, { pointerEventsCheck: 0 });
    await expect(args.onDownloadAttachment).not.toHaveBeenCalled();
  },
};

/** Without a download callback the names are text, as before (a page that cannot fetch files). */
export const AttachmentsAsText: Story = {
  args: { mails: [STORED_RECEIPT], onDownloadAttachment: undefined },
  play: async ({ canvas }) => {
    const mail = canvas.getByRole('article', { name: 'Your donation receipt BB-2026-0128' });
    await expect(fact(mail, 'Attachments')).toBe('receipt-BB-2026-0128.pdf (47 KB)');
    await expect(within(mail).queryByRole('button', { name: /Download/ })).toBeNull();
  },
};

/** Several mails, newest first as the API sends them, each disclosure named by its subject. */
export const Several: Story = {
  args: { mails: [STORED_RECEIPT, SENT_MAIL, FAILED_MAIL] },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getAllByRole('article')).toHaveLength(3);
    const summaries = Array.from(canvasElement.querySelectorAll('summary')).map((summary) => summary.textContent);
    await expect(summaries).toEqual([
      'Show the text: Your donation receipt BB-2026-0128',
      'Show the text: New contact message: Volunteer Opportunities',
      'Show the text: Your donation receipt BB-2026-0126',
    ]);
  },
};

export const WithFooter: Story = {
  args: { footer: <p className="cs-console-muted">Page 2 of 2</p> },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Page 2 of 2')).toBeVisible();
  },
};

export const Empty: Story = {
  args: { mails: [], smtpConfigured: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 3, name: 'No mail in the outbox' })).toBeVisible();
  },
};

/** Still loading: the notice already shows (the server said so with the page). */
export const Loading: Story = {
  args: { mails: [], status: 'loading' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading outbox...');
    await expect(canvas.getByRole('note')).toHaveTextContent(NO_SMTP);
  },
};

export const Failed: Story = {
  args: { mails: [], status: 'error', smtpConfigured: true },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('heading', { name: 'Failed to load outbox' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

export const Phone: Story = {
  ...PHONE_375,
  args: { mails: [STORED_RECEIPT, FAILED_MAIL] },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getAllByText('Show the text')[0]!);
    await expect(fitsWindow()).toBe(true);
  },
};
