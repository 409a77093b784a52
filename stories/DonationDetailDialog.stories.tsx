import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { DonationDetailDialog } from '@charity/ui';
import {
  CANCELLATION_NOTE_REFUND,
  CREDIT_NOTE_REFUND,
  DONATION_DETAIL,
  FAILED_AFTER_NOTE_REFUND,
  FULLY_REFUNDED_DETAIL,
  NO_EMAIL_DETAIL,
  PARTLY_REFUNDED_DETAIL,
  PENDING_DETAIL,
  REFUND_FAILED_DETAIL,
  REFUND_PENDING_DETAIL,
} from './support/admin-fixtures-records';
import { componentDocs } from './support/docs';

const meta = {
  title: 'Admin/Donations/DonationDetailDialog',
  component: DonationDetailDialog,
  parameters: {
    docs: componentDocs({
      summary:
        "The admin's donation detail: donor, payment, receipt and its refunds (each with its credit or cancellation note), with 'Refund', 'Download receipt (PDF)' and 'Resend Receipt'.",
      usage: `<DonationDetailDialog open donation={donation} status="ready" resending={false}
  onResendReceipt={resend} onOpenChange={setOpen} onRetry={reload}
  onRefund={openRefundDialog} onDownloadNote={downloadNote}
  onDownloadReceipt={downloadReceipt} downloadingReceipt={false} />`,
      a11y: [
        'A modal dialog labelled by its title; each group (donor, payment, receipt, refunds) is labelled by its heading.',
        'Resending shows a busy button and the result in a live region.',
        "'Refund' and 'Resend receipt', when unavailable, stay in place disabled and are described by the visible reason.",
        "Each refund is a list item named by its amount; its status is a badge in words, and 'Download note (PDF)' names the note it downloads.",
        "'Download receipt (PDF)' appears only once a receipt is issued, and is busy while the file is fetched.",
      ],
    }),
  },
  args: {
    open: true,
    donation: DONATION_DETAIL,
    status: 'ready',
    resending: false,
    onResendReceipt: fn(),
    onOpenChange: fn(),
    onRetry: fn(),
    onDownloadReceipt: fn(),
  },
} satisfies Meta<typeof DonationDetailDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

const body = within(document.body);
type Scope = ReturnType<typeof within>;

async function dialog(name: string): Promise<Scope> {
  const found = await body.findByRole('dialog', { name });
  await waitFor(() => expect(found).toBeVisible());
  return within(found);
}

/** The value shown for a term of a section's list. */
function valueOf(section: HTMLElement, term: string): HTMLElement {
  const dt = within(section).getByText(term, { selector: 'dt' });
  return dt.nextElementSibling as HTMLElement;
}

/** Donor, payment and receipt; 'Resend receipt' for a completed donation with an e-mail. */
export const Ready: Story = {
  play: async ({ args }) => {
    const d = await dialog('Donation #42');
    const donor = d.getByRole('region', { name: 'Donor' });
    await expect(valueOf(donor, 'Name')).toHaveTextContent('Asha Rao');
    await expect(within(donor).getByRole('link', { name: 'asha.rao@example.org' })).toHaveAttribute('href', 'mailto:asha.rao@example.org');
    await expect(valueOf(donor, 'Mobile')).toHaveTextContent('+91 98765 43210');
    await expect(valueOf(donor, 'PAN')).toHaveTextContent('ABCDE1234F');
    await expect(valueOf(donor, 'Address')).toHaveTextContent('12 Lake Road, Shivaji Nagar Pune Maharashtra 411005');
    await expect(valueOf(donor, 'Country')).toHaveTextContent('India (IN)');

    const payment = d.getByRole('region', { name: 'Payment' });
    await expect(valueOf(payment, 'Amount')).toHaveTextContent('₹5,000');
    await expect(valueOf(payment, 'Currency')).toHaveTextContent('INR');
    await expect(within(payment).queryByText('Amount in INR')).toBeNull();
    await expect(valueOf(payment, 'Type')).toHaveTextContent('One-time');
    await expect(valueOf(payment, 'Campaign')).toHaveTextContent('Library Corners');
    await expect(valueOf(payment, 'Status')).toHaveTextContent('Completed');
    await expect(valueOf(payment, 'Payment intent ID')).toHaveTextContent('pi_3QxAshaRao0042');
    await expect(valueOf(payment, 'Payment method ID')).toHaveTextContent('pm_1QxVisa4242');
    await expect(valueOf(payment, 'Source')).toHaveTextContent(/^Website$/);
    await expect(within(payment).queryByText('Partner site')).toBeNull();
    await expect(valueOf(payment, 'Date')).toHaveTextContent('22 Nov 2026, 11:15');

    const receipt = d.getByRole('region', { name: 'Receipt' });
    await expect(valueOf(receipt, 'Receipt number')).toHaveTextContent('RCP-2026-000042');
    await expect(valueOf(receipt, 'Issued')).toHaveTextContent('22 Nov 2026, 11:16');
    await expect(valueOf(receipt, 'Mail status')).toHaveTextContent('Not sent (no mail server)');

    const resend = d.getByRole('button', { name: 'Resend receipt' });
    await expect(resend).toBeEnabled();
    await userEvent.click(resend);
    await expect(args.onResendReceipt).toHaveBeenCalledWith(DONATION_DETAIL);
    await expect(args.onDownloadReceipt).not.toHaveBeenCalled();
    await userEvent.click(d.getByRole('button', { name: 'Close' }));
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};

/** 'Download receipt (PDF)' beside 'Resend receipt' once the receipt is issued: a click asks the page for its PDF. */
export const DownloadReceipt: Story = {
  play: async ({ args }) => {
    const d = await dialog('Donation #42');
    const buttons = d.getAllByRole('button').map((button: HTMLElement) => button.textContent);
    // In the footer, in this order, just before 'Resend receipt'.
    await expect(buttons.slice(0, 2)).toEqual(['Download receipt (PDF)', 'Resend receipt']);
    await userEvent.click(d.getByRole('button', { name: 'Download receipt (PDF)' }));
    await expect(args.onDownloadReceipt).toHaveBeenCalledOnce();
    await expect(args.onDownloadReceipt).toHaveBeenCalledWith(DONATION_DETAIL);
    await expect(args.onResendReceipt).not.toHaveBeenCalled();
    show(d.getByRole('button', { name: 'Download receipt (PDF)' }));
  },
};

/** The receipt's PDF is being fetched: 'Downloading...' on a busy, disabled button; 'Resend receipt' stays usable. */
export const DownloadingReceipt: Story = {
  args: { downloadingReceipt: true },
  play: async ({ args }) => {
    const d = await dialog('Donation #42');
    const busy = d.getByRole('button', { name: 'Downloading...' });
    await expect(busy).toBeDisabled();
    await expect(busy).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(busy, { pointerEventsCheck: 0 });
    await expect(args.onDownloadReceipt).not.toHaveBeenCalled();
    await expect(d.getByRole('button', { name: 'Resend receipt' })).toBeEnabled();
    show(busy);
  },
};

/** While the details load (opened from a link, ?donation=42): the title already names the donation. */
export const Loading: Story = {
  args: { donation: null, status: 'loading', donationId: 42 },
  play: async () => {
    const d = await dialog('Donation #42');
    await expect(d.getByRole('status')).toHaveTextContent('Loading donation...');
    await expect(d.queryByRole('button', { name: 'Resend receipt' })).toBeNull();
    await expect(d.getByRole('button', { name: 'Close' })).toBeEnabled();
  },
};

export const LoadFailed: Story = {
  args: { donation: null, status: 'error', donationId: 42 },
  play: async ({ args }) => {
    const d = await dialog('Donation #42');
    await expect(d.getByRole('heading', { name: 'Failed to load donation' })).toBeVisible();
    await userEvent.click(d.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
    await expect(d.queryByRole('button', { name: 'Resend receipt' })).toBeNull();
  },
};

/** The resend runs: 'Sending...' on a busy, disabled button. */
export const Resending: Story = {
  args: { resending: true },
  play: async ({ args }) => {
    const d = await dialog('Donation #42');
    const sending = d.getByRole('button', { name: 'Sending...' });
    await expect(sending).toBeDisabled();
    await expect(sending).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(sending);
    await expect(args.onResendReceipt).not.toHaveBeenCalled();
  },
};

/**
 * A pending dollar gift through a partner's widget: amount in INR, the partner site, no receipt yet, and
 * 'Resend receipt' disabled with the reason given.
 */
export const PendingResendDisabled: Story = {
  args: { donation: PENDING_DETAIL },
  play: async ({ args }) => {
    const d = await dialog('Donation #41');
    const donor = d.getByRole('region', { name: 'Donor' });
    await expect(valueOf(donor, 'Name')).toHaveTextContent('John MillerAnonymous');
    await expect(d.getByText('Asked to stay anonymous: the name is never shown on public pages.')).toBeVisible();
    await expect(valueOf(donor, 'PAN')).toHaveTextContent('Not given');
    await expect(valueOf(donor, 'Address')).toHaveTextContent('Austin');

    const payment = d.getByRole('region', { name: 'Payment' });
    await expect(valueOf(payment, 'Amount')).toHaveTextContent('$50');
    await expect(valueOf(payment, 'Amount in INR')).toHaveTextContent('≈ ₹4,150');
    await expect(valueOf(payment, 'Type')).toHaveTextContent('Monthly');
    await expect(valueOf(payment, 'Campaign')).toHaveTextContent('General donation');
    await expect(valueOf(payment, 'Status')).toHaveTextContent('Pending');
    // The partner named where the source is, as in the list and the CSV.
    await expect(valueOf(payment, 'Source')).toHaveTextContent(/^Widget: https:\/\/partner\.example\.net$/);
    await expect(within(payment).queryByText('Partner site')).toBeNull();

    const receipt = d.getByRole('region', { name: 'Receipt' });
    await expect(within(receipt).getByText('No receipt has been issued yet.')).toBeVisible();
    // No receipt, nothing to download.
    await expect(d.queryByRole('button', { name: 'Download receipt (PDF)' })).toBeNull();
    const resend = d.getByRole('button', { name: 'Resend receipt' });
    await expect(resend).toBeDisabled();
    await expect(resend).toHaveAccessibleDescription('Only completed donations have receipts.');
    await userEvent.click(resend);
    await expect(args.onResendReceipt).not.toHaveBeenCalled();
  },
};

/** Completed, but the donor left no e-mail: nowhere to send the receipt. */
export const NoEmail: Story = {
  args: { donation: NO_EMAIL_DETAIL },
  play: async () => {
    const d = await dialog('Donation #40');
    const donor = d.getByRole('region', { name: 'Donor' });
    await expect(valueOf(donor, 'E-mail')).toHaveTextContent('Not given');
    await expect(valueOf(donor, 'Country')).toHaveTextContent('Not given');
    const receipt = d.getByRole('region', { name: 'Receipt' });
    await expect(valueOf(receipt, 'Receipt number')).toHaveTextContent('RCP-2026-000040');
    await expect(valueOf(receipt, 'Issued')).toHaveTextContent('Not recorded');
    const resend = d.getByRole('button', { name: 'Resend receipt' });
    await expect(resend).toBeDisabled();
    await expect(resend).toHaveAccessibleDescription('This donation has no donor e-mail address.');
  },
};

/** Scrolls the dialog to `element`, so the screenshot of e2e/visual shows what the story is about. */
function show(element: HTMLElement, block: ScrollLogicalPosition = 'end') {
  element.scrollIntoView({ block });
}

/** The refunds of the Refunds section, one list item each. */
function refundItems(d: Scope): HTMLElement[] {
  return within(d.getByRole('region', { name: 'Refunds' })).getAllByRole('listitem');
}

/**
 * With refunding offered: 'Refund' beside 'Download receipt (PDF)' and 'Resend receipt' hands over the donation; no
 * refund yet, no Refunds section.
 */
export const RefundOffered: Story = {
  args: { onRefund: fn(), onDownloadNote: fn() },
  play: async ({ args }) => {
    const d = await dialog('Donation #42');
    const payment = d.getByRole('region', { name: 'Payment' });
    await expect(within(payment).queryByText('Refunded')).toBeNull();
    await expect(within(payment).queryByText('Refund pending')).toBeNull();
    await expect(d.queryByRole('region', { name: 'Refunds' })).toBeNull();
    const buttons = d.getAllByRole('button').map((button: HTMLElement) => button.textContent);
    await expect(buttons.slice(0, 3)).toEqual(['Refund', 'Download receipt (PDF)', 'Resend receipt']);
    const refund = d.getByRole('button', { name: 'Refund' });
    await expect(refund).toBeEnabled();
    await expect(refund).not.toHaveAttribute('aria-describedby');
    await userEvent.click(refund);
    await expect(args.onRefund).toHaveBeenCalledOnce();
    await expect(args.onRefund).toHaveBeenCalledWith(DONATION_DETAIL);
    show(refund);
  },
};

/** ₹500 of ₹1,500 went back: 'Refunded' in the payment, the refund with its credit note, and more can still be refunded. */
export const PartlyRefundedCreditNote: Story = {
  args: { donation: PARTLY_REFUNDED_DETAIL, onRefund: fn(), onDownloadNote: fn() },
  play: async ({ args }) => {
    const d = await dialog('Donation #45');
    const payment = d.getByRole('region', { name: 'Payment' });
    await expect(valueOf(payment, 'Amount')).toHaveTextContent('₹1,500');
    await expect(valueOf(payment, 'Refunded')).toHaveTextContent(/^₹500 of ₹1,500$/);
    await expect(within(payment).queryByText('Refund pending')).toBeNull();
    await expect(valueOf(payment, 'Status')).toHaveTextContent('Completed');

    const items = refundItems(d);
    await expect(items).toHaveLength(1);
    const item = items[0]!;
    await expect(within(item).getByRole('heading', { level: 4 })).toHaveTextContent('₹500');
    await expect(item).toHaveAccessibleName('₹500');
    const badge = within(item).getByText('Refunded', { selector: '.cs-badge' });
    await expect(badge).toHaveClass('cs-badge--green');
    await expect(valueOf(item, 'Date')).toHaveTextContent('24 Nov 2026, 15:20');
    await expect(valueOf(item, 'Requested by')).toHaveTextContent(/^Staff: priya\.nair@brightbeginnings\.org\.in$/);
    await expect(valueOf(item, 'Reason')).toHaveTextContent(/^Duplicate gift$/);
    await expect(within(item).queryByText('Why it failed')).toBeNull();
    await expect(valueOf(item, 'Note')).toHaveTextContent(/^Credit note BBF\/CN\/2026-27\/000001$/);
    await expect(valueOf(item, 'Note mail status')).toHaveTextContent(/^Sent$/);

    const download = within(item).getByRole('button', { name: 'Download note (PDF) Credit note BBF/CN/2026-27/000001' });
    await userEvent.click(download);
    await expect(args.onDownloadNote).toHaveBeenCalledOnce();
    await expect(args.onDownloadNote).toHaveBeenCalledWith(CREDIT_NOTE_REFUND);

    const refund = d.getByRole('button', { name: 'Refund' });
    await expect(refund).toBeEnabled();
    await userEvent.click(refund);
    await expect(args.onRefund).toHaveBeenCalledOnce();
    await expect(args.onRefund).toHaveBeenCalledWith(PARTLY_REFUNDED_DETAIL);
  },
};

/**
 * All of it went back in two refunds (the second at the payment provider, with the cancellation note): the status
 * reads Refunded, and 'Refund' and 'Resend receipt' are disabled with their reasons.
 */
export const FullyRefundedCancellationNote: Story = {
  args: { donation: FULLY_REFUNDED_DETAIL, onRefund: fn(), onDownloadNote: fn() },
  play: async ({ args }) => {
    const d = await dialog('Donation #45');
    const payment = d.getByRole('region', { name: 'Payment' });
    await expect(valueOf(payment, 'Refunded')).toHaveTextContent(/^₹1,500 of ₹1,500$/);
    await expect(valueOf(payment, 'Status')).toHaveTextContent('Refunded');

    const [first, second] = refundItems(d);
    await expect(within(first!).getByRole('heading', { level: 4 })).toHaveTextContent('₹500');
    await expect(valueOf(first!, 'Note')).toHaveTextContent('Credit note BBF/CN/2026-27/000001');
    await expect(within(second!).getByRole('heading', { level: 4 })).toHaveTextContent('₹1,000');
    await expect(within(second!).getByText('Refunded', { selector: '.cs-badge' })).toHaveClass('cs-badge--green');
    await expect(valueOf(second!, 'Date')).toHaveTextContent('25 Nov 2026, 11:45');
    await expect(valueOf(second!, 'Requested by')).toHaveTextContent(/^At the payment provider$/);
    await expect(valueOf(second!, 'Reason')).toHaveTextContent('requested_by_customer');
    await expect(valueOf(second!, 'Note')).toHaveTextContent(/^Cancellation note BBF\/CN\/2026-27\/000002$/);
    await expect(valueOf(second!, 'Note mail status')).toHaveTextContent('Not sent (no mail server)');
    await userEvent.click(within(second!).getByRole('button', { name: 'Download note (PDF) Cancellation note BBF/CN/2026-27/000002' }));
    await expect(args.onDownloadNote).toHaveBeenCalledOnce();
    await expect(args.onDownloadNote).toHaveBeenCalledWith(CANCELLATION_NOTE_REFUND);

    const refund = d.getByRole('button', { name: 'Refund' });
    await expect(refund).toBeDisabled();
    await expect(refund).toHaveAccessibleDescription('This donation has already been refunded in full.');
    await expect(d.getByText('This donation has already been refunded in full.')).toBeVisible();
    await userEvent.click(refund);
    await expect(args.onRefund).not.toHaveBeenCalled();
    await expect(d.getByRole('button', { name: 'Resend receipt' })).toHaveAccessibleDescription('Only completed donations have receipts.');
  },
};

/** A refund still with the provider: it holds ₹500 ('Refund pending'), has no note yet, and ₹1,000 can still be refunded. */
export const RefundPending: Story = {
  args: { donation: REFUND_PENDING_DETAIL, onRefund: fn(), onDownloadNote: fn() },
  play: async () => {
    const d = await dialog('Donation #45');
    const payment = d.getByRole('region', { name: 'Payment' });
    await expect(within(payment).queryByText('Refunded')).toBeNull();
    await expect(valueOf(payment, 'Refund pending')).toHaveTextContent(/^₹500$/);
    const [item] = refundItems(d);
    await expect(within(item!).getByText('Pending', { selector: '.cs-badge' })).toHaveClass('cs-badge--yellow');
    await expect(valueOf(item!, 'Reason')).toHaveTextContent('Gave twice by mistake');
    await expect(within(item!).queryByText('Note')).toBeNull();
    await expect(within(item!).queryByRole('button')).toBeNull();
    await expect(d.getByRole('button', { name: 'Refund' })).toBeEnabled();
    show(item!);
  },
};

/**
 * Failed refunds: one the provider refused (its reason, no note), one that failed after it had settled (its credit
 * note stays on record and can still be downloaded). Nothing went back, so all of it can be refunded.
 */
export const RefundFailed: Story = {
  args: { donation: REFUND_FAILED_DETAIL, onRefund: fn(), onDownloadNote: fn() },
  play: async ({ args }) => {
    const d = await dialog('Donation #45');
    const payment = d.getByRole('region', { name: 'Payment' });
    await expect(within(payment).queryByText('Refunded')).toBeNull();
    await expect(within(payment).queryByText('Refund pending')).toBeNull();
    const [refused, failedLater] = refundItems(d);
    await expect(within(refused!).getByText('Failed', { selector: '.cs-badge' })).toHaveClass('cs-badge--red');
    await expect(valueOf(refused!, 'Why it failed')).toHaveTextContent(/^The card was closed; the bank could not take the money back\.$/);
    await expect(within(refused!).queryByText('Note')).toBeNull();
    await expect(within(refused!).queryByRole('button')).toBeNull();

    await expect(within(failedLater!).getByRole('heading', { level: 4 })).toHaveTextContent('₹200');
    await expect(within(failedLater!).getByText('Failed', { selector: '.cs-badge' })).toHaveClass('cs-badge--red');
    await expect(valueOf(failedLater!, 'Why it failed')).toHaveTextContent('The refund could not be returned to the card (account closed).');
    await expect(valueOf(failedLater!, 'Note')).toHaveTextContent(/^Credit note BBF\/CN\/2026-27\/000003$/);
    await userEvent.click(within(failedLater!).getByRole('button', { name: 'Download note (PDF) Credit note BBF/CN/2026-27/000003' }));
    await expect(args.onDownloadNote).toHaveBeenCalledOnce();
    await expect(args.onDownloadNote).toHaveBeenCalledWith(FAILED_AFTER_NOTE_REFUND);
    await expect(d.getByRole('button', { name: 'Refund' })).toBeEnabled();
    show(d.getByRole('region', { name: 'Refunds' }), 'start');
  },
};

/** A pending donation cannot be refunded: 'Refund' is disabled and says why, under the payment. */
export const RefundNotPossible: Story = {
  args: { donation: PENDING_DETAIL, onRefund: fn(), onDownloadNote: fn() },
  play: async ({ args }) => {
    const d = await dialog('Donation #41');
    const refund = d.getByRole('button', { name: 'Refund' });
    await expect(refund).toBeDisabled();
    await expect(refund).toHaveAccessibleDescription('Only completed donations can be refunded.');
    const payment = d.getByRole('region', { name: 'Payment' });
    await expect(within(payment).getByText('Only completed donations can be refunded.')).toBeVisible();
    await userEvent.click(refund);
    await expect(args.onRefund).not.toHaveBeenCalled();
    await expect(d.queryByRole('region', { name: 'Refunds' })).toBeNull();
    show(refund);
  },
};

/** Escape closes it, as any dialog. */
export const EscapeCloses: Story = {
  play: async ({ args }) => {
    await dialog('Donation #42');
    await userEvent.keyboard('{Escape}');
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile2', isRotated: false } },
  play: async () => {
    const found = await body.findByRole('dialog', { name: 'Donation #42' });
    await waitFor(() => expect(found).toBeVisible());
    await expect(found.getBoundingClientRect().width).toBeLessThanOrEqual(window.innerWidth);
    await expect(found.scrollWidth).toBeLessThanOrEqual(found.clientWidth);
  },
};

/** At 375 px the refunds, their notes and buttons fit without scrolling sideways. */
export const RefundsOnPhone: Story = {
  globals: { viewport: { value: 'mobile2', isRotated: false } },
  args: { donation: FULLY_REFUNDED_DETAIL, onRefund: fn(), onDownloadNote: fn() },
  play: async () => {
    const found = await body.findByRole('dialog', { name: 'Donation #45' });
    await waitFor(() => expect(found).toBeVisible());
    const refunds = within(found).getByRole('region', { name: 'Refunds' });
    refunds.scrollIntoView({ block: 'start' });
    await expect(found.getBoundingClientRect().width).toBeLessThanOrEqual(window.innerWidth);
    await expect(found.scrollWidth).toBeLessThanOrEqual(found.clientWidth);
    for (const item of within(refunds).getAllByRole('listitem')) {
      await expect(item.scrollWidth).toBeLessThanOrEqual(item.clientWidth);
    }
  },
};
