import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { DonationDetailDialog } from '@charity/ui';
import { DONATION_DETAIL, NO_EMAIL_DETAIL, PENDING_DETAIL } from './support/admin-fixtures-records';
import { componentDocs } from './support/docs';

const meta = {
  title: 'Admin/DonationDetailDialog',
  component: DonationDetailDialog,
  parameters: {
    docs: componentDocs({
      summary: 'The admin\'s donation detail: donor, payment and receipt, with \'Resend Receipt\'.',
      usage: `<DonationDetailDialog open donation={donation} status="ready" resending={false}
  onResendReceipt={resend} onOpenChange={setOpen} onRetry={reload} />`,
      a11y: [
        'A modal dialog labelled by its title; each group (donor, payment, receipt) is labelled by its heading.',
        'Resending shows a busy button and the result in a live region.',
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
    await expect(valueOf(payment, 'Source')).toHaveTextContent('website');
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
    await userEvent.click(d.getByRole('button', { name: 'Close' }));
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
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
    await expect(valueOf(payment, 'Partner site')).toHaveTextContent('https://partner.example.net');
    await expect(valueOf(payment, 'Source')).toHaveTextContent('widget');

    const receipt = d.getByRole('region', { name: 'Receipt' });
    await expect(within(receipt).getByText('No receipt has been issued yet.')).toBeVisible();
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
