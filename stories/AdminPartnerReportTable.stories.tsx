import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { PartnerReportRow } from '@charity/domain';
import { PartnerReportTable } from '@charity/ui';
import { PHONE_375, fitsWindow } from './support/admin-fixtures-console';
import { componentDocs } from './support/docs';

/** Two partners: the school's April in rupees and in dollars, its March, and the NGO's April with refunds. */
const ROWS: PartnerReportRow[] = [
  { partner_origin: 'https://ngo.example', month: '2026-04', currency: 'INR', donations: 1, donors: 1, amount: 1000, refunded_amount: 1200 },
  { partner_origin: 'https://school.example', month: '2026-04', currency: 'INR', donations: 12, donors: 9, amount: 145000, refunded_amount: 0 },
  { partner_origin: 'https://school.example', month: '2026-04', currency: 'USD', donations: 1, donors: 1, amount: 25, refunded_amount: 0 },
  { partner_origin: 'https://school.example', month: '2026-03', currency: 'INR', donations: 3, donors: 3, amount: 7500.5, refunded_amount: 500 },
];

const TIME_ZONE_NOTE = 'Months are calendar months in Asia/Kolkata time, by the day of the donation.';
const REFUNDS_NOTE =
  'Amounts are net of refunds, as in the donations list; fully refunded donations are not counted. Refunded shows what went back.';

const meta = {
  title: 'Admin/Donations/PartnerReportTable',
  component: PartnerReportTable,
  parameters: {
    docs: componentDocs({
      summary:
        "The partner report on /admin/donations (Partners tab): each partner's completed donations, donors, amount net of refunds and refunds, per month and currency, with 'Download CSV'.",
      usage: `<PartnerReportTable rows={report.rows} status="ready" timeZone={report.time_zone}
  onRetry={reload} onDownloadCsv={downloadCsv} downloading={false} />`,
      a11y: [
        'A section labelled by its heading; the table has a caption, column headers and the partner as each row\'s header.',
        'On a phone the table scrolls sideways inside a named region the keyboard can reach; the page itself never does.',
        "How months and refunds are counted is said in words above the table, not left to the reader's guess.",
      ],
    }),
  },
  args: { rows: ROWS, status: 'ready', timeZone: 'Asia/Kolkata', onRetry: fn(), onDownloadCsv: fn() },
} satisfies Meta<typeof PartnerReportTable>;
export default meta;
type Story = StoryObj<typeof meta>;

const cells = (row: HTMLElement) =>
  [...within(row).queryAllByRole('rowheader'), ...within(row).getAllByRole('cell')].map((cell) => (cell.textContent ?? '').replace(/\s+/g, ' ').trim());

/** Rows per partner, month and currency (never added across currencies), the notes on months and refunds, and the CSV. */
export const WithRows: Story = {
  play: async ({ canvas, args }) => {
    const section = canvas.getByRole('region', { name: 'Partner report' });
    await expect(within(section).getByRole('heading', { level: 2, name: 'Partner report' })).toBeVisible();
    await expect(within(section).getByText("What each partner's donate widget brought, per month and currency.")).toBeVisible();
    await expect(within(section).getByText(TIME_ZONE_NOTE)).toBeVisible();
    await expect(within(section).getByText(REFUNDS_NOTE)).toBeVisible();

    const table = canvas.getByRole('table', { name: 'Partner report' });
    const [header, ...rows] = within(table).getAllByRole('row');
    await expect(within(header!).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Partner',
      'Month',
      'Currency',
      'Donations',
      'Donors',
      'Amount (net of refunds)',
      'Refunded',
    ]);
    await expect(rows.map(cells)).toEqual([
      ['https://ngo.example', 'April 2026', 'INR', '1', '1', '₹1,000', '₹1,200'],
      ['https://school.example', 'April 2026', 'INR', '12', '9', '₹1,45,000', '₹0'],
      ['https://school.example', 'April 2026', 'USD', '1', '1', '$25', '$0'],
      ['https://school.example', 'March 2026', 'INR', '3', '3', '₹7,500.50', '₹500'],
    ]);
    await expect(within(rows[0]!).getByText('April 2026')).toHaveAttribute('datetime', '2026-04');

    await userEvent.click(canvas.getByRole('button', { name: 'Download CSV' }));
    await expect(args.onDownloadCsv).toHaveBeenCalledOnce();
  },
};

/** The CSV is being fetched: a busy, disabled button. */
export const DownloadingCsv: Story = {
  args: { downloading: true },
  play: async ({ canvas, args }) => {
    const busy = canvas.getByRole('button', { name: 'Downloading...' });
    await expect(busy).toBeDisabled();
    await expect(busy).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(busy, { pointerEventsCheck: 0 });
    await expect(args.onDownloadCsv).not.toHaveBeenCalled();
  },
};

/** No gift through a partner's widget yet: a sentence instead of an empty table; the CSV (its header row) still downloads. */
export const Empty: Story = {
  args: { rows: [] },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('heading', { level: 3, name: 'No donations through a partner’s widget yet' })).toBeVisible();
    await expect(
      canvas.getByText('Gifts made through a partner site’s donate widget are reported here by month, once there are some.'),
    ).toBeVisible();
    await expect(canvas.queryByRole('table')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Download CSV' }));
    await expect(args.onDownloadCsv).toHaveBeenCalledOnce();
  },
};

/** Loading: a labelled placeholder, and no CSV until the report is there. */
export const Loading: Story = {
  args: { rows: [], status: 'loading' },
  tags: ['!visual'],
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading the partner report...');
    await expect(canvas.queryByRole('table')).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
  },
};

/** The report could not be read: the reason in words and 'Try again'. */
export const LoadFailed: Story = {
  args: { rows: [], status: 'error' },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('heading', { level: 3, name: 'Failed to load the partner report' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

/** 375 px: the table scrolls sideways inside its own region (reachable by keyboard), the page does not. */
export const Phone: Story = {
  ...PHONE_375,
  play: async ({ canvas }) => {
    const scroller = canvas.getByRole('group', { name: 'Partner report' });
    await expect(scroller.scrollWidth).toBeGreaterThan(scroller.clientWidth);
    await expect(scroller).toHaveAttribute('tabindex', '0');
    await expect(fitsWindow()).toBe(true);
    await expect(canvas.getByRole('button', { name: 'Download CSV' })).toBeVisible();
  },
};
