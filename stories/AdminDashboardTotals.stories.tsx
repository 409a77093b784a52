import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { DashboardTotals } from '@charity/ui';
import { PHONE_375, TOTALS, TOTALS_DOWN, TOTALS_EMPTY, TOTALS_FIRST_MONTH, fitsWindow } from './support/admin-fixtures-console';
import { componentDocs } from './support/docs';

const meta = {
  title: 'Admin/Dashboard/DashboardTotals',
  component: DashboardTotals,
  parameters: {
    docs: componentDocs({
      summary: 'The four headline totals of the admin dashboard.',
      usage: `<DashboardTotals totals={totals} status="ready" />`,
      a11y: [
        'A labelled list of figures; the decorative icons are `aria-hidden`.',
        'While loading, skeletons stand in for the numbers and are hidden from assistive technology.',
      ],
    }),
  },
  args: { totals: TOTALS, status: 'ready' },
} satisfies Meta<typeof DashboardTotals>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * The descriptions of a tile, found by its term: one string per <dd>, or per list item when the <dd> is a list;
 * whitespace collapsed, a line break read as ' / '.
 */
function figure(canvasElement: HTMLElement, term: string): string[] {
  const dt = within(canvasElement)
    .getAllByRole('term')
    .find((element) => element.textContent === term);
  if (!dt?.parentElement) throw new TypeError(`No tile named ${term}`);
  const text = (element: Element) => {
    const copy = element.cloneNode(true) as Element;
    copy.querySelectorAll('br').forEach((br) => br.replaceWith(' / '));
    return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
  };
  return Array.from(dt.parentElement.querySelectorAll('dd')).flatMap((dd) => {
    const items = Array.from(dd.querySelectorAll('li'));
    return items.length > 0 ? items.map(text) : [text(dd)];
  });
}

/** Every figure with its name: count, online INR total, raised offline, donors, monthly gifts now, payments monthly vs one-time, this month vs last, per currency. */
export const Ready: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('region', { name: 'Totals' })).toBeVisible();
    await expect(canvas.getAllByRole('term').map((term) => term.textContent)).toEqual([
      'Total donations',
      'Online donations',
      'Raised offline',
      'Donors',
      'Monthly gifts',
      'Payments: monthly vs one-time',
      'This month',
      'By currency',
    ]);
    await expect(figure(canvasElement, 'Total donations')).toEqual(['128']);
    await expect(figure(canvasElement, 'Online donations')).toEqual(['₹8,45,000', 'All currencies, in INR, net of refunds']);
    // Kept apart from the online figure, and said where it counts (the campaigns' public figures).
    await expect(figure(canvasElement, 'Raised offline')).toEqual(['₹12,50,000', 'Entered by staff on campaigns; their public figures include it']);
    await expect(figure(canvasElement, 'Donors')).toEqual(['97']);
    await expect(figure(canvasElement, 'Monthly gifts')).toEqual(['12 active gifts, ₹18,500 a month', '3 started, 1 ended this month']);
    await expect(figure(canvasElement, 'Payments: monthly vs one-time')).toEqual(['Monthly 40 donations, ₹2,40,000', 'One-time 88 donations, ₹6,05,000']);
    await expect(figure(canvasElement, 'This month')).toEqual(['₹62,500', '12 donations / +25% vs last month']);
    await expect(figure(canvasElement, 'By currency')).toEqual([
      'INR ₹7,00,000 (110 donations)',
      'USD $1,200 (12 donations)',
      'GBP £650 (6 donations)',
    ]);
    await expect(canvas.getByText('+25% vs last month')).toHaveClass('cs-console-trend--up');
  },
};

/** Fewer donations than last month: '-10% vs last month', marked down. */
export const DownOnLastMonth: Story = {
  args: { totals: TOTALS_DOWN },
  play: async ({ canvas, canvasElement }) => {
    await expect(figure(canvasElement, 'This month')).toEqual(['₹45,000', '6 donations / -10% vs last month']);
    await expect(canvas.getByText('-10% vs last month')).toHaveClass('cs-console-trend--down');
  },
};

/** Nothing to compare with: 'No donations last month'; one donation is '1 donation'. */
export const FirstMonth: Story = {
  args: { totals: TOTALS_FIRST_MONTH },
  play: async ({ canvasElement }) => {
    await expect(figure(canvasElement, 'This month')).toEqual(['₹2,500', '1 donation / No donations last month']);
    await expect(figure(canvasElement, 'By currency')).toEqual(['INR ₹2,500 (1 donation)']);
  },
};

/** A new site: zeros, and no currencies yet; campaigns may already show money raised offline (the seed's do). */
export const Empty: Story = {
  args: { totals: { ...TOTALS_EMPTY, offline_amount_inr: 2_448_290 } },
  play: async ({ canvasElement }) => {
    await expect(figure(canvasElement, 'Total donations')).toEqual(['0']);
    await expect(figure(canvasElement, 'Online donations')).toEqual(['₹0', 'All currencies, in INR, net of refunds']);
    await expect(figure(canvasElement, 'Raised offline')).toEqual(['₹24,48,290', 'Entered by staff on campaigns; their public figures include it']);
    await expect(figure(canvasElement, 'By currency')).toEqual(['No donations yet']);
  },
};

/** Placeholders in the tiles' shape; one 'Loading totals...' for screen readers. */
export const Loading: Story = {
  args: { totals: null, status: 'loading' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading totals...');
    await expect(canvas.queryAllByRole('term')).toHaveLength(0);
  },
};

/** No answer: no zeros pretending to be figures (the dashboard shows DashboardError above). */
export const Failed: Story = {
  args: { totals: null, status: 'error' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Totals are not available')).toBeVisible();
    await expect(canvas.queryAllByRole('term')).toHaveLength(0);
  },
};

/** 375 px: one tile per row, nothing wider than the screen. */
export const Phone: Story = {
  ...PHONE_375,
  play: async ({ canvas }) => {
    const [first, second] = canvas.getAllByRole('term').map((term) => term.parentElement!.getBoundingClientRect());
    await expect(second!.top).toBeGreaterThan(first!.bottom);
    await expect(fitsWindow()).toBe(true);
  },
};
