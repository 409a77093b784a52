import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { CampaignGrid, type CampaignCardCampaign, type CampaignGridProps } from '@charity/ui';
import { componentDocs } from './support/docs';

const NOW = new Date('2025-06-01T12:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;

const TOPICS = [
  ['School Kits', 'education', '#fde7b0'],
  ['Midday Meals', 'nutrition', '#fdecea'],
  ['Newborn Checkups', 'health', '#dbeafe'],
  ['Clean Water', 'health', '#dcfce7'],
  ['Winter Blankets', 'family-support', '#fef3c7'],
  ['Reading Corners', 'education', '#ececec'],
] as const;

const image = (fill: string) =>
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 90"><rect width="160" height="90" fill="${fill}"/>` +
      `<circle cx="80" cy="45" r="18" fill="#b3261e" opacity="0.7"/></svg>`,
  );

/** Active campaigns 1..n with varied amounts, as GET /api/campaigns returns them. */
function campaigns(count: number, from = 1): CampaignCardCampaign[] {
  return Array.from({ length: count }, (_, i) => {
    const id = from + i;
    const [topic, category, fill] = TOPICS[(id - 1) % TOPICS.length]!;
    return {
      id,
      title: `${topic} Campaign ${id}`,
      description: `Campaign ${id}: ${topic.toLowerCase()} for the children and families we serve.`,
      status: 'active',
      is_featured: id % 4 === 1,
      category,
      image_url: image(fill),
      target_amount: 100000 * id,
      raised_amount: 37000 * id,
      donation_count: 10 * id,
      start_date: new Date(NOW.getTime() - 10 * DAY).toISOString(),
      end_date: new Date(NOW.getTime() + (5 + id) * DAY).toISOString(),
    };
  });
}

const meta = {
  title: 'Campaigns/CampaignGrid',
  component: CampaignGrid,
  parameters: {
    docs: componentDocs({
      summary: 'The Campaigns page grid with \'Load More\', skeletons while loading, and empty and error states.',
      usage: `<CampaignGrid campaigns={campaigns} now={new Date()} onLoadMore={loadMore}
  onClearFilters={clear} onRetry={reload} />`,
      a11y: [
        'Loading placeholders are grouped (`aria-busy`, one status text); \'Showing 9 of 12 campaigns\' is in a `role="status"` region.',
        '\'Load More Campaigns\' stays focusable while the next page loads (`aria-disabled`), so keyboard focus is not lost.',
      ],
    }),
  },
  args: {
    campaigns: campaigns(9),
    now: NOW,
    onLoadMore: fn(),
    onClearFilters: fn(),
    onRetry: fn(),
  },
} satisfies Meta<typeof CampaignGrid>;
export default meta;
type Story = StoryObj<typeof meta>;

const skeletons = (root: HTMLElement) => root.querySelectorAll('.cs-skeleton-card').length;

/** First load: six placeholders (two rows), announced once as loading. */
export const Loading6: Story = {
  args: { campaigns: [], loading: true },
  play: async ({ canvas, canvasElement }) => {
    await expect(skeletons(canvasElement)).toBe(6);
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading campaigns...');
    // The list is busy; the live region sits outside it, so its announcement is not held back.
    await expect(canvasElement.querySelector('.cs-campaign-grid__content')).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByRole('status').closest('[aria-busy]')).toBeNull();
    await expect(canvas.queryByRole('article')).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Load More Campaigns' })).toBeNull();
  },
};

/** A first load with three placeholders (one row), e.g. where one row of results is expected. */
export const Loading3: Story = {
  args: { campaigns: [], loading: true, skeletonCount: 3 },
  play: async ({ canvas, canvasElement }) => {
    await expect(skeletons(canvasElement)).toBe(3);
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading campaigns...');
  },
};

export const Empty: Story = {
  args: { campaigns: [], total: 0 },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('heading', { level: 2, name: 'No Campaigns Found' })).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent('No Campaigns Found');
    await userEvent.click(canvas.getByRole('button', { name: 'Clear Filters' }));
    await expect(args.onClearFilters).toHaveBeenCalledTimes(1);
    await expect(canvas.getByRole('link', { name: 'Make General Donation' })).toHaveAttribute('href', '/donate');
    await expect(canvas.queryByRole('button', { name: 'Load More Campaigns' })).toBeNull();
  },
};

/** The load failed (spec §8: list emptied): the empty state says so and offers Try Again. */
export const LoadFailed: Story = {
  args: { campaigns: [], error: 'Failed to load campaigns' },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('heading', { level: 2, name: 'Failed to load campaigns' })).toBeVisible();
    await expect(canvas.queryByText('No Campaigns Found')).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Clear Filters' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Try Again' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
    await expect(canvas.getByRole('link', { name: 'Make General Donation' })).toHaveAttribute('href', '/donate');
  },
};

/** Everything fits on one page: no 'Load More Campaigns'. */
export const OnePage: Story = {
  args: { campaigns: campaigns(4), total: 4, hasMore: false },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('article')).toHaveLength(4);
    await expect(canvas.getByRole('status')).toHaveTextContent('Showing 4 of 4 campaigns');
    await expect(canvas.queryByRole('button', { name: 'Load More Campaigns' })).toBeNull();
    await expect(canvas.getByRole('link', { name: 'Donate Now to School Kits Campaign 1' })).toHaveAttribute(
      'href',
      '/donate?campaign=1',
    );
  },
};

export const WithLoadMore: Story = {
  args: { campaigns: campaigns(9), total: 12, hasMore: true },
  play: async ({ canvas, args }) => {
    await expect(canvas.getAllByRole('article')).toHaveLength(9);
    await expect(canvas.getByRole('status')).toHaveTextContent('Showing 9 of 12 campaigns');
    await userEvent.click(canvas.getByRole('button', { name: 'Load More Campaigns' }));
    await expect(args.onLoadMore).toHaveBeenCalledTimes(1);
  },
};

/** The next page is on its way: cards stay, three placeholders follow, the button is busy and ignores clicks. */
export const LoadingMore: Story = {
  args: { campaigns: campaigns(9), total: 12, hasMore: true, loadingMore: true },
  play: async ({ canvas, canvasElement, args }) => {
    await expect(canvas.getAllByRole('article')).toHaveLength(9);
    await expect(skeletons(canvasElement)).toBe(3);
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading more campaigns...');
    await expect(canvasElement.querySelector('.cs-campaign-grid__content')).toHaveAttribute('aria-busy', 'true');
    const button = canvas.getByRole('button', { name: 'Load More Campaigns' });
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(button);
    await expect(args.onLoadMore).not.toHaveBeenCalled();
  },
};

/** The whole cycle with a stand-in for the site's store: 9 of 12, load more, 12 of 12 and the button gone. */
function Paging(props: CampaignGridProps) {
  const [shown, setShown] = useState(9);
  const [loadingMore, setLoadingMore] = useState(false);
  return (
    <CampaignGrid
      {...props}
      campaigns={campaigns(shown)}
      total={12}
      hasMore={shown < 12}
      loadingMore={loadingMore}
      onLoadMore={() => {
        props.onLoadMore?.();
        setLoadingMore(true);
        setTimeout(() => {
          setShown((n) => Math.min(12, n + 9));
          setLoadingMore(false);
        }, 150);
      }}
    />
  );
}

export const LoadMoreAppends: Story = {
  render: (args) => <Paging {...args} />,
  play: async ({ canvas, args }) => {
    await expect(canvas.getAllByRole('article')).toHaveLength(9);
    const button = canvas.getByRole('button', { name: 'Load More Campaigns' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onLoadMore).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(canvas.getAllByRole('article')).toHaveLength(12));
    await expect(canvas.getByRole('status')).toHaveTextContent('Showing 12 of 12 campaigns');
    // The last page is in: no more button, and focus moved to the first new card rather than being lost.
    await expect(canvas.queryByRole('button', { name: 'Load More Campaigns' })).toBeNull();
    await waitFor(() => expect(canvas.getByRole('article', { name: 'Clean Water Campaign 10' })).toHaveFocus());
    // Earlier cards are still the same ones, in order.
    await expect(canvas.getAllByRole('article')[0]).toHaveAccessibleName('School Kits Campaign 1');
  },
};

export const Mobile: Story = {
  args: { campaigns: campaigns(3), total: 3 },
  globals: { viewport: { value: 'mobile2', isRotated: false } },
  play: async ({ canvas }) => {
    const cards = canvas.getAllByRole('article');
    // One column: each card sits below the previous one.
    await expect(cards[1]!.getBoundingClientRect().top).toBeGreaterThan(cards[0]!.getBoundingClientRect().bottom);
  },
};
