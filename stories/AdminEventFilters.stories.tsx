import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { AdminEventFilters } from '@charity/ui';
import { componentDocs } from './support/docs';

const meta = {
  title: 'Admin/Events/AdminEventFilters',
  component: AdminEventFilters,
  parameters: {
    docs: componentDocs({
      summary: 'Search and status filter above the admin event list; the list follows as staff type.',
      usage: `<AdminEventFilters query={q} status={status} onQueryChange={setQ} onStatusChange={setStatus} shown={3} total={54} />`,
      a11y: ['A search landmark with a labelled search box and status select; the count is a polite status message.'],
    }),
  },
  args: { query: '', status: 'all', onQueryChange: fn(), onStatusChange: fn(), shown: 54, total: 54 },
} satisfies Meta<typeof AdminEventFilters>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing chosen: every event shown; typing and choosing a status call back at once. */
export const AllEvents: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('search', { name: 'Search events' })).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent('Showing all 54 events');
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search events' }), 'd');
    await expect(args.onQueryChange).toHaveBeenLastCalledWith('d');
    await userEvent.click(canvas.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await within(document.body).findByRole('option', { name: 'Cancelled' }));
    await expect(args.onStatusChange).toHaveBeenCalledWith('cancelled');
  },
};

/** A search and a status in effect: the count says how many of all are shown. */
export const Filtered: Story = {
  args: { query: 'health camp', status: 'upcoming', shown: 3, total: 54 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('searchbox', { name: 'Search events' })).toHaveValue('health camp');
    await expect(canvas.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Upcoming');
    await expect(canvas.getByRole('status')).toHaveTextContent('Showing 3 of 54 events');
  },
};
