import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { DailyDonations } from '@charity/domain';
import { DonationsChart, type DonationsChartProps } from '@charity/ui';
import {
  DAILY_30,
  DAILY_365,
  DAILY_90,
  DAILY_ALL_ZERO,
  DAILY_BY_PERIOD,
  DAILY_SINGLE_BIG_DAY,
  PHONE_375,
  fitsWindow,
} from './support/admin-fixtures-console';
import { componentDocs } from './support/docs';

const SERIES = DAILY_BY_PERIOD;

const SUMMARY_30 = 'Donations per day, last 30 days: total ₹12,500 from 7 donations; highest ₹5,000 on 12 Nov 2026';
const SUMMARY_90 = 'Donations per day, last 90 days: total ₹30,000 from 17 donations; highest ₹8,000 on 5 Oct 2026';
const SUMMARY_365 = 'Donations per day, last 365 days: total ₹69,000 from 34 donations; highest ₹25,000 on 31 Dec 2025';

/**
 * As the dashboard uses it: the period in state and each period's days (fixed series here, no fetch). Stories
 * that pass other days (all zero, one big day) keep them whatever the period.
 */
function Controlled(props: DonationsChartProps) {
  const [period, setPeriod] = useState(props.period);
  return (
    <DonationsChart
      {...props}
      period={period}
      daily={Object.values(SERIES).includes(props.daily as DailyDonations[]) ? SERIES[period] : props.daily}
      onPeriodChange={(next) => {
        props.onPeriodChange(next);
        setPeriod(next);
      }}
    />
  );
}

const meta = {
  title: 'Admin/Dashboard/DonationsChart',
  component: DonationsChart,
  parameters: {
    docs: componentDocs({
      summary: 'Daily donations of the last 7, 30 or 90 days as a bar chart, with a period switch.',
      usage: `<DonationsChart daily={daily} period="30d" status="ready" onPeriodChange={setPeriod} />`,
      a11y: [
        'The chart is an image (`role="img"`) with a text summary as its label; the same figures are available as a table.',
        'The period switch is a labelled group of toggle buttons (`aria-pressed`).',
      ],
    }),
  },
  args: { daily: DAILY_30, period: '30d', status: 'ready', onPeriodChange: fn() },
  render: (args) => <Controlled {...args} />,
} satisfies Meta<typeof DonationsChart>;
export default meta;
type Story = StoryObj<typeof meta>;

const bars = (element: HTMLElement) => Array.from(element.querySelectorAll<SVGRectElement>('rect.cs-console-chart__bar'));
const periodButton = (element: HTMLElement, name: string) =>
  within(within(element).getByRole('group', { name: 'Period' })).getByRole('button', { name });

/** 30 days: the summary as the chart's name, one bar per donation day, axes, and the range under the heading. */
export const Last30Days: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('heading', { level: 2, name: 'Donations per day' })).toBeVisible();
    await expect(canvas.getByText('24 Oct 2026 – 22 Nov 2026')).toBeVisible();
    const chart = canvas.getByRole('img');
    await expect(chart).toHaveAccessibleName(SUMMARY_30);
    await expect(bars(canvasElement)).toHaveLength(5);
    await expect(Array.from(chart.querySelectorAll('.cs-console-chart__tick')).map((tick) => tick.textContent)).toEqual([
      '₹5,000',
      '₹2,500',
      '₹0',
    ]);
    await expect(Array.from(chart.querySelectorAll('.cs-console-chart__x-axis span')).map((tick) => tick.textContent)).toEqual([
      '24 Oct',
      '7 Nov',
      '22 Nov',
    ]);
    await expect(periodButton(canvasElement, 'Last 30 days')).toHaveAttribute('aria-pressed', 'true');
    await expect(periodButton(canvasElement, 'Last 90 days')).toHaveAttribute('aria-pressed', 'false');
    // Bars in the primary red: 6.5:1 on white, above the 3:1 that graphics need.
    await expect(getComputedStyle(bars(canvasElement)[0]!).fill).toBe('rgb(179, 38, 30)');
  },
};

/** The text alternative: every day's date, count and amount in a table under 'Show the numbers'. */
export const ShowTheNumbers: Story = {
  play: async ({ canvas }) => {
    const summary = canvas.getByText('Show the numbers');
    const table = canvas.getByRole('table', { hidden: true });
    await expect(table).not.toBeVisible();
    await userEvent.click(summary);
    await expect(table).toBeVisible();
    await expect(table).toHaveAccessibleName('Donations per day, last 30 days');
    const rows = within(table).getAllByRole('row');
    await expect(rows).toHaveLength(31);
    await expect(within(rows[0]!).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Date',
      'Donations',
      'Amount (INR)',
    ]);
    const cells = (row: HTMLElement) => Array.from(row.querySelectorAll('th, td')).map((cell) => cell.textContent);
    await expect(cells(rows[1]!)).toEqual(['24 Oct 2026', '0', '₹0']);
    await expect(cells(within(table).getByRole('rowheader', { name: '12 Nov 2026' }).closest('tr')!)).toEqual([
      '12 Nov 2026',
      '2',
      '₹5,000',
    ]);
    await expect(cells(rows[30]!)).toEqual(['22 Nov 2026', '0', '₹0']);
  },
};

export const Last90Days: Story = {
  args: { period: '90d', daily: DAILY_90 },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('img')).toHaveAccessibleName(SUMMARY_90);
    await expect(bars(canvasElement)).toHaveLength(9);
    await expect(periodButton(canvasElement, 'Last 90 days')).toHaveAttribute('aria-pressed', 'true');
    await expect(canvas.getByText('25 Aug 2026 – 22 Nov 2026')).toBeVisible();
  },
};

export const Last365Days: Story = {
  args: { period: '365d', daily: DAILY_365 },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('img')).toHaveAccessibleName(SUMMARY_365);
    await expect(bars(canvasElement)).toHaveLength(12);
    await expect(canvas.getByText('23 Nov 2025 – 22 Nov 2026')).toBeVisible();
    // ₹25,000 at most: the axis tops out at ₹50,000 (1, 2 or 5 × 10ⁿ).
    await expect(Array.from(canvasElement.querySelectorAll('.cs-console-chart__tick')).map((tick) => tick.textContent)).toEqual([
      '₹50,000',
      '₹25,000',
      '₹0',
    ]);
  },
};

/** Keyboard: Tab reaches the switcher, Enter and Space choose a period; the choice is announced as pressed. */
export const SwitchPeriodByKeyboard: Story = {
  play: async ({ canvas, canvasElement, args }) => {
    await userEvent.tab();
    await expect(periodButton(canvasElement, 'Last 30 days')).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onPeriodChange).not.toHaveBeenCalled();

    await userEvent.tab();
    await expect(periodButton(canvasElement, 'Last 90 days')).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onPeriodChange).toHaveBeenLastCalledWith('90d');
    await expect(periodButton(canvasElement, 'Last 90 days')).toHaveAttribute('aria-pressed', 'true');
    await expect(periodButton(canvasElement, 'Last 30 days')).toHaveAttribute('aria-pressed', 'false');
    await expect(canvas.getByRole('img')).toHaveAccessibleName(SUMMARY_90);
    await expect(periodButton(canvasElement, 'Last 90 days')).toHaveFocus();

    await userEvent.tab();
    await userEvent.keyboard(' ');
    await expect(args.onPeriodChange).toHaveBeenLastCalledWith('365d');
    await expect(canvas.getByRole('img')).toHaveAccessibleName(SUMMARY_365);
    await expect(args.onPeriodChange).toHaveBeenCalledTimes(2);

    await userEvent.click(periodButton(canvasElement, 'Last 30 days'));
    await expect(args.onPeriodChange).toHaveBeenLastCalledWith('30d');
    await expect(canvas.getByRole('img')).toHaveAccessibleName(SUMMARY_30);
  },
};

/** Every day zero: no empty axes, the words instead; the switcher stays to try another period. */
export const AllZero: Story = {
  args: { daily: DAILY_ALL_ZERO },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText('No donations in this period')).toBeVisible();
    await expect(canvas.queryByRole('img')).toBeNull();
    await expect(canvas.queryByText('Show the numbers')).toBeNull();
    await expect(periodButton(canvasElement, 'Last 90 days')).toBeEnabled();
  },
};

/** One very large gift: the axis scales to it, and a ₹100 day still shows as a sliver rather than vanishing. */
export const SingleBigDay: Story = {
  args: { daily: DAILY_SINGLE_BIG_DAY },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('img')).toHaveAccessibleName(
      'Donations per day, last 30 days: total ₹10,00,100 from 2 donations; highest ₹10,00,000 on 2 Nov 2026',
    );
    await expect(Array.from(canvasElement.querySelectorAll('.cs-console-chart__tick')).map((tick) => tick.textContent)).toEqual([
      '₹10,00,000',
      '₹5,00,000',
      '₹0',
    ]);
    const [big, small] = bars(canvasElement);
    await expect(big!.getAttribute('height')).toBe('100');
    await expect(small!.getAttribute('height')).toBe('1.5');
    // Measured once the bars have grown in (they rise from the baseline unless motion is reduced).
    await waitFor(() => expect(small!.getBoundingClientRect().height).toBeGreaterThan(2));
  },
};

/** A new period loading: a placeholder, and the switcher keeps its place (and focus). */
export const Loading: Story = {
  args: { status: 'loading', daily: [] },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading chart...');
    await expect(canvas.queryByRole('img')).toBeNull();
    await expect(periodButton(canvasElement, 'Last 30 days')).toHaveAttribute('aria-pressed', 'true');
  },
};

export const Failed: Story = {
  args: { status: 'error', daily: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Failed to load dashboard')).toBeVisible();
    await expect(canvas.queryByRole('img')).toBeNull();
  },
};

/** 375 px: the chart and switcher fit the screen; the table scrolls inside its own box when opened. */
export const Phone: Story = {
  ...PHONE_375,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img')).toBeVisible();
    await userEvent.click(canvas.getByText('Show the numbers'));
    await expect(fitsWindow()).toBe(true);
    // The table may scroll sideways inside its box: keyboard users can focus the box to scroll it.
    await expect(canvas.getByRole('group', { name: 'Donations per day, last 30 days' })).toHaveAttribute('tabindex', '0');
  },
};
