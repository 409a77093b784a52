import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { CampaignFilters, type CampaignFiltersProps } from '@charity/ui';
import { componentDocs } from './support/docs';

/** Controlled as the site uses it: the filters in, changes out and reflected. */
function Controlled(props: CampaignFiltersProps) {
  const [status, setStatus] = useState(props.status);
  const [featured, setFeatured] = useState(props.featured);
  const [search, setSearch] = useState(props.search);
  return (
    <CampaignFilters
      {...props}
      status={status}
      featured={featured}
      search={search}
      onStatusChange={(next) => {
        props.onStatusChange(next);
        setStatus(next);
      }}
      onFeaturedChange={(next) => {
        props.onFeaturedChange(next);
        setFeatured(next);
      }}
      onSearch={(term) => {
        props.onSearch(term);
        setSearch(term);
      }}
    />
  );
}

const meta = {
  title: 'Campaigns/CampaignFilters',
  component: CampaignFilters,
  parameters: {
    docs: componentDocs({
      summary: 'Search box and status/featured filters of the Campaigns page.',
      usage: `<CampaignFilters onSearch={setQuery} onStatusChange={setStatus} onFeaturedChange={setFeatured} />`,
      a11y: [
        'Wrapped in a labelled `role="search"` landmark; every control has a visible label.',
      ],
    }),
  },
  args: { onSearch: fn(), onStatusChange: fn(), onFeaturedChange: fn() },
  render: (args) => <Controlled {...args} />,
} satisfies Meta<typeof CampaignFilters>;
export default meta;
type Story = StoryObj<typeof meta>;

const body = within(document.body);

/** Defaults of spec §2 and §9: empty search, status Active, featured All. */
export const Default: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('search', { name: 'Campaign search' })).toBeVisible();
    await expect(canvas.getByRole('searchbox', { name: 'Search campaigns' })).toHaveValue('');
    await expect(canvas.getByRole('button', { name: 'Search' })).toHaveAttribute('type', 'submit');
    await expect(canvas.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Active');
    await expect(canvas.getByRole('combobox', { name: 'Featured' })).toHaveTextContent('All');
    // The status list offers exactly the spec's four choices.
    await userEvent.click(canvas.getByRole('combobox', { name: 'Status' }));
    const listbox = await body.findByRole('listbox', { name: 'Status' });
    await expect(within(listbox).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'All',
      'Active',
      'Completed',
      'Paused',
    ]);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body.queryByRole('listbox')).toBeNull());
    await userEvent.click(canvas.getByRole('combobox', { name: 'Featured' }));
    const featured = await body.findByRole('listbox', { name: 'Featured' });
    await expect(within(featured).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'All',
      'Featured only',
      'Regular only',
    ]);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body.queryByRole('listbox')).toBeNull());
    await expect(args.onStatusChange).not.toHaveBeenCalled();
    await expect(args.onFeaturedChange).not.toHaveBeenCalled();
  },
};

/** Opened from a link such as /campaigns?status=completed&featured=true&q=water. */
export const WithSearchTerm: Story = {
  args: { search: 'water', status: 'completed', featured: 'featured' },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('searchbox', { name: 'Search campaigns' })).toHaveValue('water');
    await expect(canvas.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Completed');
    await expect(canvas.getByRole('combobox', { name: 'Featured' })).toHaveTextContent('Featured only');
    // Submitting again reloads page 1 with the same term (spec §4).
    await userEvent.click(canvas.getByRole('button', { name: 'Search' }));
    await expect(args.onSearch).toHaveBeenCalledWith('water');
  },
};

export const FiltersChanged: Story = {
  play: async ({ canvas, args }) => {
    const box = canvas.getByRole('searchbox', { name: 'Search campaigns' });
    // Typing alone does not search: only submitting does.
    await userEvent.type(box, '  School kits ');
    await expect(args.onSearch).not.toHaveBeenCalled();
    await userEvent.keyboard('{Enter}');
    await expect(args.onSearch).toHaveBeenCalledTimes(1);
    await expect(args.onSearch).toHaveBeenLastCalledWith('School kits');

    await userEvent.clear(box);
    await userEvent.click(canvas.getByRole('button', { name: 'Search' }));
    await expect(args.onSearch).toHaveBeenLastCalledWith('');

    await userEvent.click(canvas.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await body.findByRole('option', { name: 'Completed' }));
    await expect(args.onStatusChange).toHaveBeenCalledWith('completed');
    await waitFor(() => expect(body.queryByRole('listbox')).toBeNull());
    await expect(canvas.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Completed');

    await userEvent.click(canvas.getByRole('combobox', { name: 'Featured' }));
    await userEvent.click(await body.findByRole('option', { name: 'Regular only' }));
    await expect(args.onFeaturedChange).toHaveBeenCalledWith('regular');
    await waitFor(() => expect(body.queryByRole('listbox')).toBeNull());

    // Choosing the value already chosen is not a change.
    await userEvent.click(canvas.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await body.findByRole('option', { name: 'Completed' }));
    await expect(args.onStatusChange).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(body.queryByRole('listbox')).toBeNull());
  },
};

/** The box follows the term from outside, e.g. after 'Clear Filters' or the back button. */
export const ResetFromOutside: Story = {
  render: (args) => {
    function Harness() {
      const [search, setSearch] = useState('water');
      return (
        <>
          <CampaignFilters {...args} search={search} />
          <button type="button" onClick={() => setSearch('')} style={{ marginTop: '1rem' }}>
            Reset from outside
          </button>
        </>
      );
    }
    return <Harness />;
  },
  play: async ({ canvas }) => {
    const box = canvas.getByRole('searchbox', { name: 'Search campaigns' });
    await expect(box).toHaveValue('water');
    await userEvent.click(canvas.getByRole('button', { name: 'Reset from outside' }));
    await expect(box).toHaveValue('');
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile2', isRotated: false } },
  play: async ({ canvas }) => {
    const box = canvas.getByRole('searchbox', { name: 'Search campaigns' });
    const button = canvas.getByRole('button', { name: 'Search' });
    // The Search button stays on the search box's row, and both are at least 44px tall.
    await expect(Math.abs(box.getBoundingClientRect().bottom - button.getBoundingClientRect().bottom)).toBeLessThan(2);
    await expect(button.getBoundingClientRect().height).toBeGreaterThanOrEqual(44);
  },
};
