import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { RecentDonationsTable } from '@charity/ui';
import { PHONE_375, RECENT_DONATIONS, fitsWindow } from './support/admin-fixtures-console';
import { componentDocs } from './support/docs';

const meta = {
  title: 'Admin/Dashboard/RecentDonationsTable',
  component: RecentDonationsTable,
  parameters: {
    docs: componentDocs({
      summary: 'The dashboard\'s latest donations; selecting a row opens its detail.',
      usage: `<RecentDonationsTable donations={donations} status="ready" onSelect={openDonation} />`,
      a11y: [
        'A real `<table>` labelled by its heading; the open action per row is a button naming the donor and amount.',
      ],
    }),
  },
  args: { donations: RECENT_DONATIONS, status: 'ready', onSelect: fn() },
} satisfies Meta<typeof RecentDonationsTable>;
export default meta;
type Story = StoryObj<typeof meta>;

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => (cell.textContent ?? '').replace(/\s+/g, ' ').trim());

/**
 * Date (organisation time), donor, amount in its own currency, campaign or 'General donation', status. An anonymous
 * gift keeps the donor's name for staff, with an 'Anonymous' badge; without a name the e-mail address stands in.
 */
export const Ready: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('heading', { level: 2, name: 'Recent donations' })).toBeVisible();
    const table = canvas.getByRole('table');
    const [header, ...rows] = within(table).getAllByRole('row');
    await expect(within(header!).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Date',
      'Donor',
      'Amount',
      'Campaign',
      'Status',
      'Actions',
    ]);
    await expect(rows).toHaveLength(4);
    await expect(cells(rows[0]!).slice(0, 5)).toEqual([
      '21 Nov 2026, 15:45',
      'Ravi Kumar',
      '₹2,500',
      'School Books for 500 Children',
      'Completed',
    ]);
    await expect(cells(rows[1]!).slice(0, 5)).toEqual(['18 Nov 2026, 09:30', 'Meera IyerAnonymous', '₹1,500', 'General donation', 'Completed']);
    await expect(within(rows[1]!).getByText('Anonymous')).toHaveClass('cs-badge');
    // 18:40 UTC on 12 Nov is already 13 Nov in India.
    await expect(cells(rows[2]!).slice(0, 5)).toEqual(['13 Nov 2026, 00:10', 'John Smith', '$50', 'Winter Blankets', 'Completed']);
    await expect(cells(rows[3]!).slice(0, 5)).toEqual([
      '10 Nov 2026, 12:35',
      'kind.soul@example.net',
      '₹2,500',
      'School Books for 500 Children',
      'Failed',
    ]);
    await expect(within(rows[3]!).getByText('Failed')).toHaveClass('cs-badge--red');
    await expect(within(rows[0]!).getByText('Completed')).toHaveClass('cs-badge--green');

    await userEvent.click(canvas.getByRole('button', { name: 'View donation from John Smith, 13 Nov 2026, 00:10' }));
    await expect(args.onSelect).toHaveBeenCalledOnce();
    await expect(args.onSelect).toHaveBeenCalledWith(RECENT_DONATIONS[2]);
  },
};

/**
 * A gift through a partner's widget among them: a Source column names its partner ('Widget: <origin>') and the
 * others 'Website', as the donations list, its detail and the CSV do.
 */
export const WidgetGift: Story = {
  args: { donations: [RECENT_DONATIONS[0]!, { ...RECENT_DONATIONS[2]!, partner_origin: 'https://school.example' }] },
  play: async ({ canvas }) => {
    const [header, ...rows] = within(canvas.getByRole('table')).getAllByRole('row');
    await expect(within(header!).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Date',
      'Donor',
      'Amount',
      'Campaign',
      'Status',
      'Source',
      'Actions',
    ]);
    await expect(cells(rows[0]!)[5]).toBe('Website');
    await expect(cells(rows[1]!)[5]).toBe('Widget: https://school.example');
  },
};

/** Without onSelect the table is read-only: no View buttons, no Actions column. */
export const ReadOnly: Story = {
  args: { onSelect: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button')).toBeNull();
    await expect(canvas.getAllByRole('columnheader')).toHaveLength(5);
    // No partner's gift among them: no Source column either.
    await expect(canvas.queryByRole('columnheader', { name: 'Source' })).toBeNull();
  },
};

export const Empty: Story = {
  args: { donations: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No donations yet')).toBeVisible();
    await expect(canvas.queryByRole('table')).toBeNull();
  },
};

export const Loading: Story = {
  args: { donations: [], status: 'loading' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading recent donations...');
  },
};

export const Failed: Story = {
  args: { donations: [], status: 'error' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Failed to load dashboard')).toBeVisible();
  },
};

/** 375 px: the table scrolls sideways inside its own box (reachable by keyboard), the page does not. */
export const Phone: Story = {
  ...PHONE_375,
  play: async ({ canvas }) => {
    const scroller = canvas.getByRole('group', { name: 'Recent donations' });
    await expect(scroller.scrollWidth).toBeGreaterThan(scroller.clientWidth);
    await userEvent.tab();
    await expect(scroller).toHaveFocus();
    await expect(fitsWindow()).toBe(true);
  },
};
