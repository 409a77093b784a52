import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { OutboxList } from '@charity/ui';
import { FAILED_MAIL, PHONE_375, SENT_MAIL, STORED_RECEIPT, fitsWindow } from './support/admin-fixtures-console';
import { componentDocs } from './support/docs';

const NO_SMTP = 'No mail server is configured: mail is kept here instead of being sent.';

const meta = {
  title: 'Admin/OutboxList',
  component: OutboxList,
  parameters: {
    docs: componentDocs({
      summary: 'Mails waiting in or sent from the outbox (receipts, replies), with a note when SMTP is not configured.',
      usage: `<OutboxList mails={mails} smtpConfigured={false} status="ready" onRetry={reload} />`,
      a11y: [
        'The SMTP notice is a `role="note"`; each mail\'s status is text, not only a colour.',
      ],
    }),
  },
  args: { mails: [STORED_RECEIPT], smtpConfigured: false, status: 'ready', onRetry: fn() },
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
    await expect(fact(mail, 'Created')).toBe('21 Nov 2026, 3:45 pm');
    await expect(fact(mail, 'Attachments')).toBe('receipt-BB-2026-0128.pdf (47 KB)');
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
    await expect(fact(mail, 'Sent')).toBe('21 Nov 2026, 11:00 am');
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
      'receipt-BB-2026-0126.pdf (50 KB)',
      'note.txt (512 B)',
    ]);
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
