import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { FeaturedCampaigns, type CampaignCardCampaign } from '@charity/ui';
import { componentDocs } from './support/docs';

const NOW = new Date('2025-06-01T12:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;

const image = (fill: string) =>
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 90"><rect width="160" height="90" fill="${fill}"/>` +
      `<path d="M0 64q40-16 80 0t80 0v26H0z" fill="#7fb069"/><circle cx="120" cy="26" r="12" fill="#f2a900"/></svg>`,
  );

const TITLES = [
  'School Kits for 500 Children',
  'Nutritious Midday Meals',
  'Newborn Health Checkups in Rural Clinics',
  'Clean Drinking Water for Village Schools',
  'Winter Blankets and Warm Clothing',
  'Reading Corners in Community Centres',
  'Safe Spaces: Child Protection Helpline',
];
const FILLS = ['#fde7b0', '#fdecea', '#dbeafe', '#dcfce7', '#fef3c7', '#ececec', '#f6ede4'];

/** Featured active campaigns as GET /api/campaigns?featured=true&status=active returns them. */
const featured: CampaignCardCampaign[] = TITLES.map((title, i) => ({
  id: i + 1,
  title,
  description: `${title}: every gift goes straight to the children this campaign serves.`,
  status: 'active',
  is_featured: true,
  category: i % 2 === 0 ? 'education' : 'health',
  image_url: i === 3 ? null : image(FILLS[i]!),
  target_amount: 500000 + 100000 * i,
  raised_amount: 150000 + 90000 * i,
  donation_count: 120 + 31 * i,
  start_date: new Date(NOW.getTime() - 20 * DAY).toISOString(),
  end_date: new Date(NOW.getTime() + (20 + 10 * i) * DAY).toISOString(),
}));

const meta = {
  title: 'Campaigns/FeaturedCampaigns',
  component: FeaturedCampaigns,
  args: { campaigns: featured.slice(0, 6), now: NOW },
  parameters: {
    layout: 'fullscreen',
    docs: componentDocs({
      summary: 'Home page: up to six featured campaigns and a link to all campaigns.',
      usage: `<FeaturedCampaigns campaigns={featured} now={new Date()} />`,
      a11y: [
        'A section labelled by its heading; while loading, a `role="status"` says so instead of an empty grid.',
      ],
    }),
  },
} satisfies Meta<typeof FeaturedCampaigns>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const section = canvas.getByRole('region', { name: 'Featured Campaigns' });
    await expect(section).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 2, name: 'Featured Campaigns' })).toBeVisible();
    await expect(canvas.getAllByRole('heading', { level: 3 })).toHaveLength(6);
    await expect(canvas.getAllByRole('article')).toHaveLength(6);
    await expect(canvas.getByRole('link', { name: 'View All Campaigns' })).toHaveAttribute('href', '/campaigns');
    await expect(canvas.getByRole('link', { name: 'Donate Now to School Kits for 500 Children' })).toHaveAttribute(
      'href',
      '/donate?campaign=1',
    );
    // INR with Indian grouping on every card.
    await expect(canvas.getByText('₹1,50,000')).toBeVisible();
    await expect(canvas.getByText('₹5,00,000')).toBeVisible();
    await expect(canvas.getByText('30% funded')).toBeVisible();
  },
};

/** More than six come back: only the first six are shown (spec §9: featured section max 6). */
export const CappedAtSix: Story = {
  args: { campaigns: featured },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('article')).toHaveLength(6);
    await expect(canvas.queryByRole('article', { name: 'Safe Spaces: Child Protection Helpline' })).toBeNull();
  },
};

export const Few: Story = {
  args: { campaigns: featured.slice(0, 2) },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('article')).toHaveLength(2);
    await expect(canvas.getByRole('link', { name: 'View All Campaigns' })).toBeVisible();
  },
};

export const Loading: Story = {
  args: { campaigns: [], loading: true },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('heading', { level: 2, name: 'Featured Campaigns' })).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading featured campaigns...');
    await expect(canvasElement.querySelectorAll('.cs-skeleton-card')).toHaveLength(3);
    await expect(canvas.queryByRole('article')).toBeNull();
  },
};

/** Nothing featured (or the fetch failed): the section is left out entirely. */
export const Empty: Story = {
  args: { campaigns: [] },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('section')).toBeNull();
    await expect(canvasElement.textContent).toBe('');
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile2', isRotated: false } },
  play: async ({ canvas }) => {
    const cards = canvas.getAllByRole('article');
    await expect(cards[1]!.getBoundingClientRect().top).toBeGreaterThan(cards[0]!.getBoundingClientRect().bottom);
  },
};
