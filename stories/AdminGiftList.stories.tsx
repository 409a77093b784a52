import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { ListedGiftStatus } from '@charity/domain';
import { AdminGiftList, AdminLayout, AdminPageHeader, Pagination, type AdminGiftListProps } from '@charity/ui';
import { pickOption } from './support/pick-option';
import { ADMIN_GIFTS, ADMIN_GIFT_TOTALS, ADMIN_ACTIVE, ADMIN_PAST_DUE } from './support/recurring-fixtures';
import { ADMIN_USER, DESKTOP_1280, PHONE_375, fitsWindow } from './support/admin-fixtures-console';
import { componentDocs } from './support/docs';

/**
 * As the site uses it: the filters live in the page's state and the server answers the matching gifts; here the
 * fixtures are filtered in place, so choosing a status or searching shows its result.
 */
function Controlled(props: AdminGiftListProps) {
  const [status, setStatus] = useState(props.status);
  const [search, setSearch] = useState(props.search);
  const term = search.toLowerCase();
  const gifts = props.gifts.filter(
    (gift) =>
      (status === '' || gift.status === status) &&
      (term === '' || gift.donor_name.toLowerCase().includes(term) || gift.donor_email.toLowerCase().includes(term)),
  );
  return (
    <AdminGiftList
      {...props}
      gifts={gifts}
      status={status}
      search={search}
      onStatusChange={(next) => {
        props.onStatusChange(next);
        setStatus(next);
      }}
      onSearchChange={(next) => {
        props.onSearchChange(next);
        setSearch(next);
      }}
    />
  );
}

const meta = {
  title: 'Admin/Monthly gifts/AdminGiftList',
  component: AdminGiftList,
  parameters: {
    docs: componentDocs({
      summary:
        "The staff list of monthly gifts (/admin/recurring): totals, a status filter, a donor search and the gifts with 'Resend link' and 'Cancel'. Nothing edits a gift's email or amount.",
      usage: `<AdminGiftList gifts={gifts} totals={totals} status={status} search={search} busyId={busyId}
  onStatusChange={setStatus} onSearchChange={setSearch} onCancel={askToCancel} onResendLink={resendLink}
  footer={<Pagination page={page} totalPages={pages} onPageChange={setPage} label="Monthly gift pages" />} />`,
      a11y: [
        'The totals are a description list; the search is a labelled `role="search"` landmark; the table scrolls sideways, when it must, inside a keyboard-focusable named region.',
        "Each row's buttons name the donor ('Resend link to Asha Rao', 'Cancel the gift of Asha Rao'); missing values read 'None'.",
      ],
    }),
  },
  args: {
    gifts: ADMIN_GIFTS,
    totals: ADMIN_GIFT_TOTALS,
    status: '',
    search: '',
    busyId: null,
    onStatusChange: fn(),
    onSearchChange: fn(),
    onCancel: fn(),
    onResendLink: fn(),
  },
  render: (args) => <Controlled {...args} />,
} satisfies Meta<typeof AdminGiftList>;
export default meta;
type Story = StoryObj<typeof meta>;

const body = within(document.body);
type Scope = ReturnType<typeof within>;

function cells(row: HTMLElement): string[] {
  return Array.from(row.querySelectorAll('th, td')).map((cell) => cell.textContent ?? '');
}

function rowsOf(canvas: Scope): HTMLElement[] {
  return within(canvas.getByRole('table', { name: 'Monthly gifts' })).getAllByRole('row').slice(1);
}

const statusSelect = (canvas: Scope) => canvas.getByRole('combobox', { name: 'Status' });
const searchBox = (canvas: Scope) => canvas.getByRole('searchbox', { name: 'Search donor name or email' });

// The table's stories render at 1280 px, as staff see the screen (Desktop shows it beside the navigation); Phone
// shows the sideways scrolling of a narrow window.

/** Totals, filters and one gift per state; 'Cancel' only where the gift would be charged again. */
export const Default: Story = {
  ...DESKTOP_1280,
  play: async ({ canvas, args }) => {
    const totals = canvas.getByRole('region', { name: 'Monthly gift totals' });
    const pairs = Array.from(totals.querySelectorAll('dt')).map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    await expect(pairs).toEqual([
      ['Active gifts', '128'],
      ['Monthly amount (INR)', '₹2,45,600'],
      ['Gained this month', '14'],
      ['Lost this month', '3'],
    ]);
    await expect(statusSelect(canvas)).toHaveTextContent('All');
    await expect(searchBox(canvas)).toHaveValue('');

    const table = canvas.getByRole('table', { name: 'Monthly gifts' });
    await expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Donor',
      'Monthly amount',
      'Status',
      'Started',
      'Next charge',
      'Payments',
      'Failure reason',
      'Actions',
    ]);
    await expect(rowsOf(canvas).map(cells)).toEqual([
      ['Asha Raoasha.rao@example.org', '₹1,000', 'Active', '27 Aug 2026', '27 Nov 2026', '3', '—None', 'Resend link to Asha RaoCancel the gift of Asha Rao'],
      ['John Millerjohn.miller@example.com', '$25≈ ₹2,075', 'Payment failed', '23 Jul 2026', '24 Nov 2026', '4', 'Your card has insufficient funds.', 'Resend link to John MillerCancel the gift of John Miller'],
      [
        'Meera Krishnamurthy-Venkataramanmeera.krishnamurthy.venkataraman@longfamilyname.example.in',
        '₹2,500',
        'Paused',
        '2 May 2026',
        '2 Jan 2027',
        '6',
        '—None',
        'Resend link to Meera Krishnamurthy-VenkataramanCancel the gift of Meera Krishnamurthy-Venkataraman',
      ],
      ['Ravi Kumarravi.kumar@example.in', '₹500', 'Lapsed', '10 Mar 2026', '—None', '7', 'Your card was declined.', 'Resend link to Ravi Kumar'],
      ['Emma Clarkeemma.clarke@example.co.uk', '£15≈ ₹1,560', 'CancelledReason: Moving abroad', '15 Jan 2026', '—None', '10', '—None', 'Resend link to Emma Clarke'],
    ]);
    await expect(within(rowsOf(canvas)[0]!).getByText('27 Aug 2026')).toHaveAttribute('datetime', '2026-08-27T04:30:00.000Z');

    // No field edits a gift: the search box is the only text input on the screen.
    await expect(canvas.queryAllByRole('textbox')).toEqual([]);
    await expect(canvas.queryAllByRole('spinbutton')).toEqual([]);
    await expect(args.onResendLink).not.toHaveBeenCalled();
    await expect(args.onCancel).not.toHaveBeenCalled();
  },
};

/** Each row's buttons hand over their gift. */
export const RowActions: Story = {
  ...DESKTOP_1280,
  // Behaviour only: its last frame is Default's with a button focused, so the visual test has nothing new to compare.
  tags: ['!visual'],
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Resend link to John Miller' }));
    await expect(args.onResendLink).toHaveBeenCalledOnce();
    await expect(args.onResendLink).toHaveBeenCalledWith(ADMIN_PAST_DUE);
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel the gift of Asha Rao' }));
    await expect(args.onCancel).toHaveBeenCalledOnce();
    await expect(args.onCancel).toHaveBeenCalledWith(ADMIN_ACTIVE);
    await expect(canvas.queryByRole('button', { name: 'Cancel the gift of Ravi Kumar' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Cancel the gift of Emma Clarke' })).toBeNull();
  },
};

/** Filtered to failed payments and a search: the filters show what is in effect, the list its match. */
export const Filtered: Story = {
  ...DESKTOP_1280,
  args: { status: 'past_due', search: 'miller' },
  play: async ({ canvas, args }) => {
    await expect(statusSelect(canvas)).toHaveTextContent('Payment failed');
    await expect(searchBox(canvas)).toHaveValue('miller');
    await expect(rowsOf(canvas).map((row) => row.querySelector('th')?.textContent)).toEqual(['John Millerjohn.miller@example.com']);
    await expect(args.onStatusChange).not.toHaveBeenCalled();
    await expect(args.onSearchChange).not.toHaveBeenCalled();
  },
};

/** The status filter offers All and the listed statuses; choosing one hands it over ('' for All). */
export const ChooseStatus: Story = {
  ...DESKTOP_1280,
  play: async ({ canvas, args }) => {
    await userEvent.click(statusSelect(canvas));
    const listbox = await body.findByRole('listbox');
    await expect(within(listbox).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'All',
      'Active',
      'Paused',
      'Payment failed',
      'Lapsed',
      'Cancelled',
    ]);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body.queryByRole('listbox')).toBeNull());
    await expect(args.onStatusChange).not.toHaveBeenCalled();
    await pickOption(statusSelect(canvas), 'Lapsed');
    await expect(args.onStatusChange).toHaveBeenCalledOnce();
    await expect(args.onStatusChange).toHaveBeenCalledWith('lapsed' satisfies ListedGiftStatus);
    await expect(rowsOf(canvas)).toHaveLength(1);
    await pickOption(statusSelect(canvas), 'All');
    await expect(args.onStatusChange).toHaveBeenLastCalledWith('');
    await expect(rowsOf(canvas)).toHaveLength(5);
    await pickOption(statusSelect(canvas), 'Paused');
    await expect(args.onStatusChange).toHaveBeenLastCalledWith('paused');
    await expect(statusSelect(canvas)).toHaveTextContent('Paused');
    await expect(rowsOf(canvas).map((row) => row.querySelector('.cs-admin-gifts__name')?.textContent)).toEqual([
      'Meera Krishnamurthy-Venkataraman',
    ]);
  },
};

/** The search runs on Enter or 'Search', trimmed; the same term again asks nothing. */
export const Search: Story = {
  ...DESKTOP_1280,
  play: async ({ canvas, args }) => {
    await userEvent.type(searchBox(canvas), '  example.co.uk {Enter}');
    await expect(args.onSearchChange).toHaveBeenCalledOnce();
    await expect(args.onSearchChange).toHaveBeenCalledWith('example.co.uk');
    await userEvent.click(canvas.getByRole('button', { name: 'Search' }));
    await expect(args.onSearchChange).toHaveBeenCalledOnce();
    await expect(rowsOf(canvas).map((row) => row.querySelector('.cs-admin-gifts__name')?.textContent)).toEqual(['Emma Clarke']);
    await expect(canvas.getByRole('search', { name: 'Monthly gift search' })).toBeVisible();
  },
};

/** No gifts at all yet. */
export const Empty: Story = {
  ...DESKTOP_1280,
  args: { gifts: [], totals: { active: 0, monthly_amount_inr: 0, gained_this_month: 0, lost_this_month: 0 } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'No monthly gifts yet' })).toBeVisible();
    await expect(canvas.queryByRole('table')).toBeNull();
    await expect(canvas.getByText('₹0')).toBeVisible();
  },
};

/** Nothing matches the filters: a different message, pointing at them. */
export const EmptyFiltered: Story = {
  ...DESKTOP_1280,
  args: { search: 'nobody@example.org' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'No monthly gifts match these filters' })).toBeVisible();
    await expect(canvas.getByText('Change or clear the filters to see more gifts.')).toBeVisible();
    await expect(canvas.queryByText('No monthly gifts yet')).toBeNull();
  },
};

/** John Miller's link is being resent: his row's buttons wait, the others do not. */
export const BusyRow: Story = {
  ...DESKTOP_1280,
  args: { busyId: 23 },
  play: async ({ canvas }) => {
    const john = rowsOf(canvas)[1]!;
    await expect(john).toHaveAttribute('aria-busy', 'true');
    await expect(within(john).getAllByRole('button')).toHaveLength(2);
    for (const button of within(john).getAllByRole('button')) await expect(button).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Resend link to Asha Rao' })).toBeEnabled();
    await expect(rowsOf(canvas)[0]).not.toHaveAttribute('aria-busy');
  },
};

export const WithPagination: Story = {
  ...DESKTOP_1280,
  args: { footer: <Pagination page={2} totalPages={7} onPageChange={fn()} label="Monthly gift pages" /> },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('navigation', { name: 'Monthly gift pages' })).toHaveTextContent('Page 2 of 7');
  },
};

/** The screen at 1280 px beside the admin navigation: the cells wrap, the table does not overflow. */
export const Desktop: Story = {
  ...DESKTOP_1280,
  parameters: { layout: 'fullscreen' },
  render: (args) => (
    <AdminLayout user={ADMIN_USER} currentPath="/admin/recurring" onLogout={fn()}>
      <div className="cs-container">
        <AdminPageHeader title="Monthly gifts" description="Every monthly gift: its state, its payments and its donor." />
        <Controlled {...args} />
      </div>
    </AdminLayout>
  ),
  play: async ({ canvas }) => {
    await expect(window.innerWidth).toBe(1280);
    const region = canvas.getByRole('region', { name: 'Monthly gifts' });
    await expect(region.scrollWidth).toBeLessThanOrEqual(region.clientWidth);
    await expect(fitsWindow()).toBe(true);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Monthly gifts' })).toBeVisible();
  },
};

/** At 375 px the table scrolls sideways inside its region; the page itself does not. */
export const Phone: Story = {
  ...PHONE_375,
  play: async ({ canvas }) => {
    await expect(window.innerWidth).toBe(375);
    const region = canvas.getByRole('region', { name: 'Monthly gifts' });
    await expect(region).toHaveAttribute('tabindex', '0');
    await expect(region.scrollWidth).toBeGreaterThan(region.clientWidth);
    await expect(fitsWindow()).toBe(true);
  },
};
