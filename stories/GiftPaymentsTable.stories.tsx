import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { GiftPaymentsTable } from '@charity/ui';
import { INR_PAYMENTS, PAST_DUE_GIFT } from './support/recurring-fixtures';
import { PHONE_375, fitsWindow } from './support/admin-fixtures-console';
import { componentDocs } from './support/docs';

const meta = {
  title: 'Donation/Monthly gift/GiftPaymentsTable',
  component: GiftPaymentsTable,
  parameters: {
    docs: componentDocs({
      summary:
        "Every payment of a monthly gift on the donor's manage page: date, amount, first payment or monthly renewal, and the receipt (a PDF link once issued).",
      usage: `<GiftPaymentsTable payments={gift.payments} />`,
      a11y: [
        "A table named by its caption 'Payments so far' under a heading of the same name; each row is headed by its date.",
        'Receipt links name the receipt and say it is a PDF.',
      ],
    }),
  },
  args: { payments: INR_PAYMENTS },
} satisfies Meta<typeof GiftPaymentsTable>;
export default meta;
type Story = StoryObj<typeof meta>;

function cells(row: HTMLElement): string[] {
  return Array.from(row.querySelectorAll('th, td')).map((cell) => cell.textContent ?? '');
}

/** Three payments, oldest first; the latest receipt is not issued yet. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 2, name: 'Payments so far' })).toBeVisible();
    const table = canvas.getByRole('table', { name: 'Payments so far' });
    await expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Date', 'Amount', 'Payment', 'Receipt']);
    const rows = within(table).getAllByRole('row').slice(1);
    await expect(rows.map(cells)).toEqual([
      ['27 August 2026', '₹1,000', 'First payment', 'Receipt RCP-2026-000301 (PDF)'],
      ['27 September 2026', '₹1,000', 'Monthly renewal', 'Receipt RCP-2026-000342 (PDF)'],
      ['27 October 2026', '₹1,000', 'Monthly renewal', 'Receipt on its way'],
    ]);
    await expect(within(rows[0]!).getByRole('link', { name: 'Receipt RCP-2026-000301 (PDF)' })).toHaveAttribute(
      'href',
      '/api/receipts/RCP-2026-000301/download?token=t301',
    );
    await expect(within(rows[2]!).queryByRole('link')).toBeNull();
    await expect(within(rows[0]!).getByText('27 August 2026')).toHaveAttribute('datetime', '2026-08-27T04:30:00.000Z');
  },
};

/** Dollars, with a refunded renewal marked as such. */
export const WithRefund: Story = {
  args: { payments: PAST_DUE_GIFT.payments },
  play: async ({ canvas }) => {
    const rows = within(canvas.getByRole('table', { name: 'Payments so far' })).getAllByRole('row').slice(1);
    await expect(rows.map(cells)).toEqual([
      ['23 July 2026', '$25', 'First payment', 'Receipt RCP-2026-000210 (PDF)'],
      ['23 August 2026', '$25Refunded', 'Monthly renewal', 'Receipt RCP-2026-000266 (PDF)'],
    ]);
    await expect(within(rows[1]!).getByText('Refunded')).toHaveClass('cs-badge--grey');
  },
};

export const Empty: Story = {
  args: { payments: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 2, name: 'Payments so far' })).toBeVisible();
    await expect(canvas.getByText('No payments yet.')).toBeVisible();
    await expect(canvas.queryByRole('table')).toBeNull();
  },
};

/** At 375 px the columns wrap: nothing scrolls sideways. */
export const Phone: Story = {
  ...PHONE_375,
  play: async ({ canvas }) => {
    await expect(window.innerWidth).toBe(375);
    await expect(canvas.getByRole('table', { name: 'Payments so far' })).toBeVisible();
    await expect(fitsWindow()).toBe(true);
  },
};
