import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { AttemptsTable, Pagination } from '@charity/ui';
import { ATTEMPT_SUMMARY, ATTEMPTS, BURST_ATTEMPTS, BURST_SUMMARY, EMPTY_ATTEMPT_SUMMARY } from './support/attempt-fixtures';
import { componentDocs } from './support/docs';

const meta = {
  title: 'Admin/Donations/AttemptsTable',
  component: AttemptsTable,
  parameters: {
    docs: componentDocs({
      summary:
        'The "Failed attempts" of the admin donations screen: payments that did not become donations and requests the card-testing limit refused, with a search by e-mail, an outcome filter and the busiest addresses.',
      usage: `<AttemptsTable attempts={rows} summary={summary} status="ready" filters={{ q: '', outcome: '' }}
  onFiltersChange={setFilters} onRetry={reload} />`,
      a11y: [
        'The search is a labelled `role="search"` form; the outcome filter is a labelled group of toggle buttons (`aria-pressed`).',
        'The card-testing flag is a word ("Card-testing limit"), not only the red bar at the row\'s start.',
        'A scrollable, labelled region (keyboard-scrollable).',
      ],
    }),
  },
  args: {
    attempts: ATTEMPTS,
    summary: ATTEMPT_SUMMARY,
    status: 'ready',
    filters: { q: '', outcome: '' },
    onFiltersChange: fn(),
    onRetry: fn(),
  },
} satisfies Meta<typeof AttemptsTable>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A declined card, an authentication never completed and a failed one: each with its time, donor, amount, reason and address. */
export const Default: Story = {
  play: async ({ canvas, args }) => {
    const table = canvas.getByRole('table', { name: 'Failed payment attempts' });
    await expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Time',
      'Donor',
      'Outcome',
      'Address',
      'Amount',
      'Campaign',
      'Reason',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    await expect(rows).toHaveLength(3);

    const declined = within(rows[0]!);
    await expect(declined.getByText('22 Nov 2026, 11:15')).toHaveAttribute('datetime', '2026-11-22T05:45:00.000Z');
    await expect(declined.getByRole('rowheader')).toHaveTextContent('Asha Raoasha.rao@example.org');
    await expect(declined.getByText('₹5,000')).toBeVisible();
    await expect(declined.getByText('Library Corners')).toBeVisible();
    await expect(declined.getByText('Declined')).toBeVisible();
    await expect(declined.getByText('The card has insufficient funds.')).toBeVisible();
    await expect(declined.getByText('card_declined · insufficient_funds')).toBeVisible();
    await expect(declined.getByText('203.0.113.7')).toBeVisible();
    await expect(declined.getByText('1 attempt in the hour')).toBeVisible();
    await expect(declined.queryByText('Card-testing limit')).toBeNull();

    const abandoned = within(rows[1]!);
    await expect(abandoned.getByText('$50')).toBeVisible();
    await expect(abandoned.getByText('General donation')).toBeVisible();
    await expect(abandoned.getByText('Authentication abandoned')).toBeVisible();
    await expect(abandoned.getByText('The bank asked the donor to authenticate the payment, and it was never completed.')).toBeVisible();
    await expect(abandoned.getByText('2 attempts in the hour')).toBeVisible();

    const failed = within(rows[2]!);
    await expect(failed.getByText('Failed')).toBeVisible();
    await expect(failed.getByText('payment_intent_authentication_failure')).toBeVisible();

    // The outcome filter shows the counts of the search; "All" is the one pressed.
    const outcomes = canvas.getByRole('group', { name: 'Outcome' });
    await expect(within(outcomes).getAllByRole('button').map((b) => b.textContent)).toEqual([
      'All (3)',
      'Declined (1)',
      'Failed (1)',
      'Authentication abandoned (1)',
      'Blocked (card testing) (0)',
    ]);
    await expect(within(outcomes).getByRole('button', { name: 'All (3)' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(outcomes).getByRole('button', { name: 'Declined (1)' }));
    await expect(args.onFiltersChange).toHaveBeenLastCalledWith({ q: '', outcome: 'declined' });

    // The search runs on Enter, by e-mail.
    const search = canvas.getByRole('searchbox', { name: 'Search by email' });
    await userEvent.type(search, '  Asha.Rao@Example.org {Enter}');
    await expect(args.onFiltersChange).toHaveBeenLastCalledWith({ q: 'Asha.Rao@Example.org', outcome: '' });
    await expect(canvas.queryByRole('button', { name: 'Clear search' })).toBeNull();

    await expect(canvas.getByRole('heading', { name: 'Most failures in the last 24 hours' })).toBeVisible();
  },
};

/** Nothing has failed (or everything older was pruned). */
export const Empty: Story = {
  args: { attempts: [], summary: EMPTY_ATTEMPT_SUMMARY },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'No failed payment attempts' })).toBeVisible();
    await expect(canvas.getByText('Declined, failed, abandoned and blocked payments appear here.')).toBeVisible();
    await expect(canvas.queryByRole('table')).toBeNull();
    await expect(canvas.queryByRole('heading', { name: 'Most failures in the last 24 hours' })).toBeNull();
    await expect(canvas.getByRole('button', { name: 'All (0)' })).toHaveAttribute('aria-pressed', 'true');
  },
};

/** A search and an outcome in effect: the pressed outcome, the search in its box, 'Clear search'; nothing matching says so. */
export const Filtered: Story = {
  args: {
    attempts: [BURST_ATTEMPTS[1]!],
    summary: { counts: { declined: 0, failed: 0, abandoned: 0, blocked: 1 }, top_addresses: [] },
    filters: { q: 'tester6', outcome: 'blocked' },
  },
  play: async ({ canvas, args, step }) => {
    await expect(canvas.getByRole('searchbox', { name: 'Search by email' })).toHaveValue('tester6');
    await expect(canvas.getByRole('button', { name: 'Blocked (card testing) (1)' })).toHaveAttribute('aria-pressed', 'true');
    await expect(canvas.getByRole('button', { name: 'All (1)' })).toHaveAttribute('aria-pressed', 'false');
    const rows = within(canvas.getByRole('table')).getAllByRole('row').slice(1);
    await expect(rows).toHaveLength(1);
    await expect(within(rows[0]!).getByRole('rowheader')).toHaveTextContent('Not giventester6@example.net');

    await step('the keyboard reaches the outcome buttons and presses one', async () => {
      canvas.getByRole('button', { name: 'All (1)' }).focus();
      await userEvent.keyboard('{Enter}');
      await expect(args.onFiltersChange).toHaveBeenLastCalledWith({ q: 'tester6', outcome: '' });
    });
  },
};

/** 'Clear search' empties the box, keeps the outcome, and puts focus back in the box. */
export const FilteredThenClearSearch: Story = {
  ...Filtered,
  name: 'Filtered → Clear Search',
  tags: ['!visual'], // Ends with an empty search box: Filtered shows the search in effect.
  play: async (context) => {
    await Filtered.play?.(context);
    const { canvas, args, step } = context;
    await step("'Clear search' empties the box, keeps the outcome, and puts focus back in the box", async () => {
      const search = canvas.getByRole('searchbox', { name: 'Search by email' });
      await userEvent.click(canvas.getByRole('button', { name: 'Clear search' }));
      await expect(args.onFiltersChange).toHaveBeenLastCalledWith({ q: '', outcome: 'blocked' });
      await expect(search).toHaveValue('');
      await expect(search).toHaveFocus();
    });
  },
};

/** Nothing matches the search. */
export const FilteredEmpty: Story = {
  args: { attempts: [], summary: EMPTY_ATTEMPT_SUMMARY, filters: { q: 'nobody@example.org', outcome: '' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'No payment attempts match' })).toBeVisible();
    await expect(canvas.getByText('Change or clear the search to see more attempts.')).toBeVisible();
  },
};

/** A card tester's burst: its rows are flagged and its address tops the busiest addresses. */
export const BurstsHighlighted: Story = {
  args: {
    attempts: BURST_ATTEMPTS,
    summary: BURST_SUMMARY,
    footer: <Pagination page={1} totalPages={2} onPageChange={fn()} label="Attempt pages" />,
  },
  play: async ({ canvas }) => {
    const busiest = canvas.getByRole('heading', { name: 'Most failures in the last 24 hours' }).closest('section')!;
    const addresses = within(busiest).getAllByRole('listitem');
    await expect(addresses.map((item) => item.textContent)).toEqual(['10.20.30.407 failuresCard-testing limit', '203.0.113.71 failure']);

    const rows = within(canvas.getByRole('table')).getAllByRole('row').slice(1);
    await expect(rows).toHaveLength(6);
    // Every row of the tester's address carries the flag in words and the bar; the other row neither.
    for (const row of rows.slice(0, 5)) {
      await expect(within(row).getByText('Card-testing limit')).toBeVisible();
      await expect(row).toHaveClass('cs-attempts__row--limit');
    }
    await expect(within(rows[5]!).queryByText('Card-testing limit')).toBeNull();
    await expect(rows[5]!).not.toHaveClass('cs-attempts__row--limit');

    const blocked = within(rows[0]!);
    await expect(blocked.getByText('Blocked (card testing)')).toBeVisible();
    await expect(blocked.getByText('No e-mail')).toBeVisible();
    await expect(blocked.getByText('7 attempts in the hour')).toBeVisible();
    await expect(blocked.getByText('Refused before reaching the payment provider: too many failed payments from this address.')).toBeVisible();
    await expect(within(rows[2]!).getByText('5 attempts in the hour')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Blocked (card testing) (2)' })).toBeVisible();
    await expect(canvas.getByRole('navigation', { name: 'Attempt pages' })).toHaveTextContent('Page 1 of 2');
  },
};

export const Loading: Story = {
  args: { status: 'loading', attempts: [], summary: null },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading payment attempts...');
    await expect(canvas.queryByRole('table')).toBeNull();
    // Counts are unknown: the outcome buttons show none.
    await expect(canvas.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
  },
};

export const Error: Story = {
  args: { status: 'error', attempts: [], summary: null },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('heading', { name: 'Failed to load payment attempts' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

/** At 375 px the outcome buttons wrap, and the table scrolls sideways inside a named region the keyboard can reach. */
export const Phone: Story = {
  args: { attempts: BURST_ATTEMPTS, summary: BURST_SUMMARY },
  globals: { viewport: { value: 'mobile2', isRotated: false } },
  play: async ({ canvas, canvasElement }) => {
    await expect(window.innerWidth).toBeLessThan(500);
    const region = canvas.getByRole('region', { name: 'Failed payment attempts' });
    await expect(region).toHaveAttribute('tabindex', '0');
    await expect(region.scrollWidth).toBeGreaterThan(region.clientWidth);
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
    region.focus();
    await expect(region).toHaveFocus();
  },
};
