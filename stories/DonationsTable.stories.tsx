import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { AdminDonation } from '@charity/domain';
import { AdminLayout, AdminPageHeader, DonationsTable, Pagination } from '@charity/ui';
import { ADMIN_USER, DESKTOP_1280, PHONE_375, fitsWindow } from './support/admin-fixtures-console';
import { DONATIONS, FULLY_REFUNDED_DONATION, INR_DONATION, PARTLY_REFUNDED_DONATION, USD_DONATION } from './support/admin-fixtures-records';
import { componentDocs } from './support/docs';

const meta = {
  title: 'Admin/Donations/DonationsTable',
  component: DonationsTable,
  parameters: {
    docs: componentDocs({
      summary: 'The admin donations table with totals, row selection, loading, empty and error states.',
      usage: `<DonationsTable donations={rows} summary={summary} status="ready" filtered={false}
  onSelect={openDonation} onRetry={reload} />`,
      a11y: [
        'At 1280 px beside the admin navigation every column fits, \'View\' included; narrower, the table scrolls sideways inside a labelled, keyboard-focusable region, and a hint above it (its description) says so and how.',
        'The summary is a `role="status"` so new totals are announced after filtering.',
      ],
    }),
  },
  args: {
    donations: DONATIONS,
    summary: { count: 1234, amount_inr: 1234567 },
    status: 'ready',
    filtered: false,
    onSelect: fn(),
    onRetry: fn(),
  },
} satisfies Meta<typeof DonationsTable>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The filtered set's count and INR total, then one row per donation opened by its 'View' button. */
export const Ready: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('1,234 donations · ₹12,34,567');
    const table = canvas.getByRole('table', { name: 'Donations' });
    await expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Date',
      'Donor',
      'Amount',
      'Type',
      'Campaign',
      'Country',
      'Status',
      'Receipt',
      'Source',
      'Actions',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    await expect(rows).toHaveLength(3);

    // An INR gift to a campaign: organisation time (05:45 UTC is 11:15 in India), no "≈".
    const asha = within(rows[0]!);
    const ashaTime = rows[0]!.querySelector('time')!;
    await expect(ashaTime).toHaveTextContent(/^22 Nov 2026, 11:15$/);
    await expect(ashaTime).toHaveAttribute('datetime', '2026-11-22T05:45:00.000Z');
    await expect(asha.getByRole('rowheader')).toHaveTextContent('Asha Raoasha.rao@example.org');
    await expect(asha.getByText('₹5,000')).toBeVisible();
    await expect(asha.queryByText(/≈/)).toBeNull();
    await expect(asha.getByText('One-time')).toBeVisible();
    await expect(asha.getByText('Library Corners')).toBeVisible();
    await expect(asha.getByText('India')).toBeVisible();
    await expect(asha.getByText('Completed')).toBeVisible();
    await expect(asha.getByText('RCP-2026-000042')).toBeVisible();

    // Dollars, monthly, anonymous (the name still shown to staff), pending, general, from a partner's widget.
    const john = within(rows[1]!);
    await expect(rows[1]!.querySelector('time')).toHaveTextContent(/^22 Nov 2026, 00:10$/);
    await expect(john.getByText('Anonymous')).toBeVisible();
    await expect(john.getByText('John Miller')).toBeVisible();
    await expect(john.getByText('$50')).toBeVisible();
    await expect(john.getByText('≈ ₹4,150')).toBeVisible();
    await expect(john.getByText('Monthly')).toBeVisible();
    await expect(john.getByText('General donation')).toBeVisible();
    await expect(john.getByText('Pending')).toBeVisible();
    // The partner named as the detail, the CSV and the dashboard name it.
    await expect(john.getByText('Widget: https://partner.example.net')).toBeVisible();

    // Missing values read as words to a screen reader.
    const ravi = within(rows[2]!);
    await expect(ravi.getByText('Failed')).toBeVisible();
    await expect(ravi.getByText('Not given')).toHaveClass('cs-visually-hidden');
    await expect(ravi.getAllByText('None')).toHaveLength(1);
    await expect(ravi.getByText('Website')).toBeVisible();
    await expect(asha.getByText('Website')).toBeVisible();

    await userEvent.click(canvas.getByRole('button', { name: 'View donation 41' }));
    await expect(args.onSelect).toHaveBeenCalledWith(USD_DONATION);
    // Rows are not clickable themselves: only the button opens a donation.
    await userEvent.click(rows[0]!.querySelector('td')!);
    await expect(args.onSelect).toHaveBeenCalledTimes(1);
  },
};

/** One donation: singular wording. Without partner donations the source column is left out. */
export const SingleDonation: Story = {
  args: { donations: [INR_DONATION], summary: { count: 1, amount_inr: 5000 } },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('1 donation · ₹5,000');
    await expect(canvas.queryByRole('columnheader', { name: 'Source' })).toBeNull();
    const view = canvas.getByRole('button', { name: 'View donation 42' });
    view.focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onSelect).toHaveBeenCalledWith(INR_DONATION);
  },
};

/**
 * Refunds in the list: a completed gift that gave ₹500 back is marked 'Partly refunded' with the amount under its
 * own; one refunded in full reads 'Refunded' only.
 */
export const PartlyRefunded: Story = {
  args: { donations: [PARTLY_REFUNDED_DONATION, FULLY_REFUNDED_DONATION, INR_DONATION], summary: { count: 3, amount_inr: 8000 } },
  play: async ({ canvas, args }) => {
    const rows = within(canvas.getByRole('table', { name: 'Donations' })).getAllByRole('row').slice(1);
    const meera = within(rows[0]!);
    await expect(meera.getByRole('rowheader')).toHaveTextContent('Meera Iyermeera.iyer@example.org');
    const amount = meera.getByText('₹1,500').closest('td')!;
    await expect(amount).toHaveTextContent(/^₹1,500₹500 refunded$/);
    await expect(meera.getByText('₹500 refunded')).toBeVisible();
    await expect(meera.getByText('Completed')).toHaveClass('cs-badge--green');
    await expect(meera.getByText('Partly refunded')).toHaveClass('cs-badge--grey');
    await expect(meera.getByText('Completed').closest('td')).toHaveTextContent(/^CompletedPartly refunded$/);

    const kiran = within(rows[1]!);
    await expect(kiran.getByText('Refunded')).toHaveClass('cs-badge--grey');
    await expect(kiran.queryByText('Partly refunded')).toBeNull();
    await expect(kiran.queryByText(/refunded$/)).toBeNull();
    await expect(kiran.getByText('₹1,500').closest('td')).toHaveTextContent(/^₹1,500$/);

    // A donation without refunds (or from before them, without the field) shows neither.
    const asha = within(rows[2]!);
    await expect(asha.queryByText(/refunded/i)).toBeNull();

    await userEvent.click(canvas.getByRole('button', { name: 'View donation 45' }));
    await expect(args.onSelect).toHaveBeenCalledWith(PARTLY_REFUNDED_DONATION);
    // The click scrolled the table to its button; back to its start, where the amounts are, for the screenshot.
    canvas.getByRole('region', { name: 'Donations' }).scrollLeft = 0;
  },
};

export const Loading: Story = {
  args: { status: 'loading', donations: [], summary: null },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading donations...');
    await expect(canvas.queryByRole('table')).toBeNull();
  },
};

export const LoadFailed: Story = {
  args: { status: 'error', donations: [], summary: null },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('heading', { name: 'Failed to load donations' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

/** Nothing at all yet. */
export const Empty: Story = {
  args: { donations: [], summary: { count: 0, amount_inr: 0 } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'No donations yet' })).toBeVisible();
    await expect(canvas.queryByText('No donations match these filters')).toBeNull();
    await expect(canvas.queryByRole('table')).toBeNull();
  },
};

/** Nothing for these filters: a different message, pointing at the filters. */
export const FilteredEmpty: Story = {
  args: { donations: [], summary: { count: 0, amount_inr: 0 }, filtered: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'No donations match these filters' })).toBeVisible();
    await expect(canvas.getByText('Change or clear the filters to see more donations.')).toBeVisible();
    await expect(canvas.queryByText('No donations yet')).toBeNull();
  },
};

export const WithPagination: Story = {
  args: { footer: <Pagination page={3} totalPages={62} onPageChange={fn()} label="Donation pages" /> },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('navigation', { name: 'Donation pages' })).toHaveTextContent('Page 3 of 62');
  },
};

/**
 * The widest page the list shows: long names and e-mail addresses, a long campaign title, receipt numbers as the
 * API issues them ('BBF/2026-27/001201'), a partner's widget (the Source column), dollars with their rupees, a
 * monthly renewal and a part refund.
 */
const WIDE_DONATIONS: AdminDonation[] = [
  {
    ...USD_DONATION,
    id: 1201,
    donor_name: 'Venkataramanan Subramaniam',
    donor_email: 'venkataramanan.subramaniam@example.org',
    amount: 2500,
    amount_inr: 207500,
    campaign_id: 9,
    campaign_title: 'Nutritious Midday Meals for Government Schools',
    status: 'completed',
    receipt_number: 'BBF/2026-27/001201',
    partner_origin: 'https://partner-school.example.net',
    is_renewal: true,
  },
  {
    ...PARTLY_REFUNDED_DONATION,
    id: 1200,
    donor_name: 'Meenakshi Sundaram Iyer',
    donor_email: 'meenakshi.sundaram.iyer@example.org',
    amount: 125000,
    amount_inr: 125000,
    refunded_minor: 2500000,
    receipt_number: 'BBF/2026-27/001200',
  },
  { ...INR_DONATION, id: 1199, receipt_number: 'BBF/2026-27/001199' },
];

/** Each row's 'View' button, whole inside the window. */
async function expectViewButtonsInWindow(canvasElement: HTMLElement) {
  const buttons = [...canvasElement.querySelectorAll<HTMLElement>('.cs-donations-table__action button')];
  await expect(buttons.length).toBeGreaterThan(0);
  for (const button of buttons) {
    const box = button.getBoundingClientRect();
    await expect(box.left).toBeGreaterThanOrEqual(0);
    await expect(box.right).toBeLessThanOrEqual(window.innerWidth);
  }
}

/**
 * /admin/donations at 1280 px, beside the admin navigation as the site renders it: every column fits, 'Receipt' and
 * 'View' included, with no sideways scrolling (issue 20 found 'Receipt' cut off). Names sit over their e-mail.
 */
export const Desktop: Story = {
  ...DESKTOP_1280,
  args: { donations: WIDE_DONATIONS, summary: { count: 3, amount_inr: 337500 } },
  parameters: { layout: 'fullscreen' },
  render: (args) => (
    <AdminLayout user={ADMIN_USER} currentPath="/admin/donations" onLogout={fn()}>
      <div className="cs-container">
        <AdminPageHeader title="Donations" description="Every donation, with its receipt and refunds." />
        <DonationsTable {...args} />
      </div>
    </AdminLayout>
  ),
  play: async ({ canvas, canvasElement }) => {
    await expect(window.innerWidth).toBe(1280);
    const region = canvas.getByRole('region', { name: 'Donations' });
    const table = within(region).getByRole('table', { name: 'Donations' });
    await expect(within(table).getByRole('columnheader', { name: 'Source' })).toBeVisible();
    await expect(region.scrollWidth).toBeLessThanOrEqual(region.clientWidth);
    await expect(fitsWindow()).toBe(true);
    // The Receipt column whole in view, and no hint about scrolling: there is nothing to scroll.
    const receipt = within(table).getByText('BBF/2026-27/001201');
    await expect(receipt.getBoundingClientRect().right).toBeLessThanOrEqual(region.getBoundingClientRect().right);
    await expect(canvas.queryByText(/scroll the table sideways/)).toBeNull();
    await expect(region).not.toHaveAttribute('aria-describedby');
    await expectViewButtonsInWindow(canvasElement);
    // The name over the e-mail, in one cell.
    const donor = within(table).getByRole('rowheader', { name: /^Venkataramanan Subramaniam/ });
    const name = within(donor).getByText('Venkataramanan Subramaniam');
    const email = within(donor).getByText('venkataramanan.subramaniam@example.org');
    await expect(email.getBoundingClientRect().top).toBeGreaterThanOrEqual(name.getBoundingClientRect().bottom - 1);
  },
};

/**
 * At 375 px the table scrolls sideways inside a named region that the keyboard can reach and scroll, and a hint
 * above it says so (and is the region's description).
 */
export const Mobile: Story = {
  ...PHONE_375,
  play: async ({ canvas, canvasElement }) => {
    await expect(window.innerWidth).toBe(375);
    const region = canvas.getByRole('region', { name: 'Donations' });
    await expect(region).toHaveAttribute('tabindex', '0');
    await expect(region.scrollWidth).toBeGreaterThan(region.clientWidth);
    // The page itself does not scroll sideways: only the region does (its hidden texts, too, stay inside it).
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
    await expect(fitsWindow()).toBe(true);
    const hint = await canvas.findByText('More columns to the right: scroll the table sideways, or Tab to it and use the arrow keys.');
    await expect(hint).toBeVisible();
    await expect(region).toHaveAccessibleDescription(hint.textContent!);
    await userEvent.tab();
    // Focused, the arrow keys scroll it (the browser's own behaviour; synthetic key events cannot show it).
    await expect(region).toHaveFocus();
  },
};
