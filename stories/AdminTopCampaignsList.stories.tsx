import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { TopCampaignsList } from '@charity/ui';
import { TOP_CAMPAIGNS } from './support/admin-fixtures-console';
import { componentDocs } from './support/docs';

const meta = {
  title: 'Admin/Dashboard/TopCampaignsList',
  component: TopCampaignsList,
  parameters: {
    docs: componentDocs({
      summary: 'The dashboard\'s best-funded campaigns with their progress.',
      usage: `<TopCampaignsList campaigns={campaigns} status="ready" />`,
      a11y: [
        'An ordered list labelled by its heading; each progress bar has a text value.',
      ],
    }),
  },
  args: { campaigns: TOP_CAMPAIGNS, status: 'ready' },
} satisfies Meta<typeof TopCampaignsList>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * In the API's order (most raised first): the figure the public campaign shows, vs target in words and as a progress
 * bar, split into online and offline when staff entered an offline part, and the donation count.
 */
export const Ready: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 2, name: 'Top campaigns' })).toBeVisible();
    const list = canvas.getByRole('list');
    await expect(list.tagName).toBe('OL');
    const items = within(list).getAllByRole('listitem');
    await expect(items).toHaveLength(3);

    const books = within(items[0]!);
    await expect(books.getByText('School Books for 500 Children')).toBeVisible();
    await expect(books.getByText('58 donations')).toBeVisible();
    await expect(books.getByText('₹4,86,720 raised of ₹10,00,000')).toBeVisible();
    await expect(books.getByText('₹520 online · ₹4,86,200 offline')).toBeVisible();
    const bar = books.getByRole('progressbar', { name: 'Funding progress of School Books for 500 Children' });
    await expect(bar).toHaveAttribute('aria-valuenow', '49');
    await expect(bar).toHaveAttribute('aria-valuetext', '₹4,86,720 raised of ₹10,00,000');
    // All online: no split line.
    await expect(within(items[1]!).queryByText(/offline/)).toBeNull();

    // Over target: the bar stops at 100%, the words keep the real figure.
    await expect(within(items[1]!).getByText('₹1,20,000 raised of ₹1,00,000')).toBeVisible();
    await expect(within(items[1]!).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');

    // No target: no bar, '1 donation' in the singular.
    await expect(within(items[2]!).getByText('₹35,000 raised')).toBeVisible();
    await expect(within(items[2]!).getByText('1 donation')).toBeVisible();
    await expect(within(items[2]!).queryByRole('progressbar')).toBeNull();
  },
};

export const Empty: Story = {
  args: { campaigns: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No published campaigns yet')).toBeVisible();
    await expect(canvas.queryByRole('list')).toBeNull();
  },
};

export const Loading: Story = {
  args: { campaigns: [], status: 'loading' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading top campaigns...');
  },
};

export const Failed: Story = {
  args: { campaigns: [], status: 'error' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Failed to load dashboard')).toBeVisible();
  },
};
