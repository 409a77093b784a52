import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { CampaignCard, type CampaignCardCampaign } from '@charity/ui';
import { componentDocs } from './support/docs';

// Every story renders at a fixed moment so "days left" is the same on every run.
const NOW = new Date('2025-06-01T12:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(NOW.getTime() + days * DAY).toISOString();

const illustration = (sky: string, ground: string, sun: string) =>
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 90"><rect width="160" height="90" fill="${sky}"/>` +
      `<circle cx="120" cy="26" r="12" fill="${sun}"/><path d="M0 64q40-16 80 0t80 0v26H0z" fill="${ground}"/>` +
      `<circle cx="58" cy="52" r="6" fill="#2b2118"/><rect x="53" y="58" width="10" height="16" rx="4" fill="#b3261e"/>` +
      `<circle cx="78" cy="55" r="5" fill="#2b2118"/><rect x="74" y="60" width="8" height="13" rx="3" fill="#1d5fa8"/></svg>`,
  );

const base: CampaignCardCampaign = {
  id: 1,
  slug: 'school-kits-for-500-children',
  title: 'School Kits for 500 Children',
  description:
    'A bag, notebooks, a geometry box, a water bottle and a uniform for 500 children starting the school year in ' +
    'government schools around Bengaluru. A complete kit costs about 1,000 rupees and keeps a child in class.',
  status: 'active',
  is_featured: false,
  category: 'education',
  image_url: illustration('#fde7b0', '#7fb069', '#f2a900'),
  target_amount: 500000,
  raised_amount: 312450,
  donation_count: 428,
  start_date: inDays(-40),
  end_date: inDays(45),
};

const meta = {
  title: 'Campaigns/CampaignCard',
  component: CampaignCard,
  parameters: {
    docs: componentDocs({
      summary: 'One campaign: image, title, description, progress, days left and a donate link.',
      usage: `<CampaignCard campaign={campaign} now={new Date()} />`,
      a11y: [
        'An `<article>` labelled by the campaign title; the image has the campaign\'s alt text or is decorative.',
        'Progress is a `role="progressbar"` with a text value (\'45% funded\').',
      ],
    }),
  },
  args: { campaign: base, now: NOW },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: '23rem' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof CampaignCard>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Active: Story = {
  play: async ({ canvas }) => {
    const card = canvas.getByRole('article', { name: 'School Kits for 500 Children' });
    await expect(card).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 3, name: 'School Kits for 500 Children' })).toBeVisible();
    await expect(canvas.getByRole('img', { name: 'School Kits for 500 Children' })).toBeVisible();
    await expect(canvas.getByText('Active')).toBeVisible();
    await expect(canvas.getByText('Education')).toBeVisible();
    await expect(canvas.queryByText('Featured')).toBeNull();
    await expect(canvas.getByText('₹3,12,450')).toBeVisible();
    await expect(canvas.getByText('₹5,00,000')).toBeVisible();
    await expect(canvas.getByText(/raised of/)).toHaveTextContent('₹3,12,450 raised of ₹5,00,000');
    await expect(canvas.getByText('62% funded')).toBeVisible();
    const bar = canvas.getByRole('progressbar', { name: 'Funding progress' });
    await expect(bar).toHaveAttribute('aria-valuenow', '62');
    await expect(bar).toHaveAttribute('aria-valuetext', '62% funded: ₹3,12,450 of ₹5,00,000');
    await expect(canvas.getByText('45 days left')).toBeVisible();
    await expect(canvas.getByText('428 donors')).toBeVisible();
    // The title leads to the campaign's own page, the button to the donate form with the campaign chosen.
    await expect(canvas.getByRole('link', { name: 'School Kits for 500 Children' })).toHaveAttribute('href', '/campaigns/school-kits-for-500-children');
    const donate = canvas.getByRole('link', { name: 'Donate Now to School Kits for 500 Children' });
    await expect(donate).toHaveAttribute('href', '/donate?campaign=1');
    await expect(donate).toHaveTextContent('Donate Now');
  },
};

export const Featured: Story = {
  args: {
    campaign: {
      ...base,
      id: 2,
      title: 'Nutritious Midday Meals',
      description: 'Hot, balanced meals with dal, vegetables, eggs and fruit for children in three community learning centres.',
      is_featured: true,
      category: 'nutrition',
      image_url: illustration('#fdecea', '#e9c46a', '#b3261e'),
      target_amount: 750000,
      raised_amount: 486200,
      donation_count: 611,
      end_date: inDays(60),
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Featured')).toBeVisible();
    await expect(canvas.getByText('Active')).toBeVisible();
    await expect(canvas.getByText('65% funded')).toBeVisible();
    await expect(canvas.getByText('₹4,86,200')).toBeVisible();
    await expect(canvas.getByText('₹7,50,000')).toBeVisible();
    await expect(canvas.getByText('60 days left')).toBeVisible();
    await expect(canvas.getByText('611 donors')).toBeVisible();
    await expect(canvas.getByRole('link', { name: /^Donate Now/ })).toHaveAttribute('href', '/donate?campaign=2');
  },
};

/**
 * Status completed while the end date is still ahead: 'Campaign completed' (not 'Campaign ended', which spec §2 keeps
 * for zero days left), and the general fund offered instead of a 'Donate Now' that would not reach this campaign.
 */
export const Completed: Story = {
  args: {
    campaign: {
      ...base,
      id: 5,
      slug: 'winter-blankets-and-warm-clothing',
      title: 'Winter Blankets and Warm Clothing',
      description: 'Blankets, sweaters and socks for children living in temporary shelters during the cold months.',
      status: 'completed',
      is_featured: true,
      category: 'family-support',
      target_amount: 250000,
      raised_amount: 263800,
      donation_count: 395,
      end_date: inDays(10),
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Completed')).toBeVisible();
    await expect(canvas.getByText('Family Support')).toBeVisible();
    await expect(canvas.getAllByText('Campaign completed')).toHaveLength(2); // the time line and the footer
    await expect(canvas.queryByText('Campaign ended')).toBeNull();
    await expect(canvas.queryByText(/days? left/)).toBeNull();
    await expect(canvas.getByText('100% funded')).toBeVisible();
    await expect(canvas.getByText('₹2,63,800')).toBeVisible();
    await expect(canvas.getByText('₹2,50,000')).toBeVisible();
    await expect(canvas.queryByRole('link', { name: /^Donate Now/ })).toBeNull();
    await expect(canvas.getByRole('link', { name: 'Donate to the general fund' })).toHaveAttribute('href', '/donate');
    await expect(canvas.getByRole('link', { name: 'Winter Blankets and Warm Clothing' })).toHaveAttribute(
      'href',
      '/campaigns/winter-blankets-and-warm-clothing',
    );
  },
};

export const Paused: Story = {
  args: {
    campaign: {
      ...base,
      id: 7,
      title: 'Safe Spaces: Child Protection Helpline',
      description: 'Counsellors and a 24-hour helpline for children at risk of abuse, neglect or child labour.',
      status: 'paused',
      category: 'child-protection',
      target_amount: 600000,
      raised_amount: 120000,
      donation_count: 86,
      end_date: inDays(30),
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Paused')).toBeVisible();
    await expect(canvas.getByText('Child Protection')).toBeVisible();
    await expect(canvas.getByText('20% funded')).toBeVisible();
    await expect(canvas.getByText('₹1,20,000')).toBeVisible();
    await expect(canvas.getByText('₹6,00,000')).toBeVisible();
    await expect(canvas.getByText('30 days left')).toBeVisible();
    await expect(canvas.getByText('86 donors')).toBeVisible();
    await expect(canvas.getByText('Campaign paused')).toBeVisible();
    await expect(canvas.queryByRole('link', { name: /^Donate Now/ })).toBeNull();
    await expect(canvas.getByRole('link', { name: 'Donate to the general fund' })).toHaveAttribute('href', '/donate');
  },
};

export const Draft: Story = {
  args: {
    campaign: {
      ...base,
      id: 8,
      title: 'Digital Learning Corners',
      description: 'Tablets, headphones and offline learning content for after-school reading and maths practice.',
      status: 'draft',
      target_amount: 300000,
      raised_amount: 0,
      donation_count: 0,
      start_date: inDays(15),
      end_date: inDays(150),
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Draft')).toBeVisible();
    await expect(canvas.getByText('0% funded')).toBeVisible();
    await expect(canvas.getByText('₹0')).toBeVisible();
    await expect(canvas.getByText('₹3,00,000')).toBeVisible();
    await expect(canvas.getByText('150 days left')).toBeVisible();
    await expect(canvas.getByText('0 donors')).toBeVisible();
    await expect(canvas.getByRole('progressbar', { name: 'Funding progress' })).toHaveAttribute('aria-valuenow', '0');
  },
};

/** Status still active, but the end date has passed: shown as Completed with 'Campaign ended'. */
export const Ended: Story = {
  args: {
    campaign: { ...base, id: 3, end_date: inDays(-5), donation_count: 1 },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Completed')).toBeVisible();
    await expect(canvas.queryByText('Active')).toBeNull();
    await expect(canvas.getByText('Campaign ended')).toBeVisible();
    await expect(canvas.getByText('62% funded')).toBeVisible();
    await expect(canvas.getByText('1 donor')).toBeVisible();
    await expect(canvas.getByText('Campaign completed')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Donate to the general fund' })).toHaveAttribute('href', '/donate');
  },
};

/** A target of 0 reads 0% funded (spec §9), whatever has been raised. */
export const ZeroTarget: Story = {
  args: {
    campaign: { ...base, id: 11, title: 'Emergency Fund', target_amount: 0, raised_amount: 5000, donation_count: 3 },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('0% funded')).toBeVisible();
    await expect(canvas.getByText('₹5,000')).toBeVisible();
    await expect(canvas.getByText('₹0')).toBeVisible();
    await expect(canvas.getByRole('progressbar', { name: 'Funding progress' })).toHaveAttribute('aria-valuenow', '0');
    await expect(canvas.getByText('3 donors')).toBeVisible();
  },
};

/** Raised above the target: the percentage and the bar stop at 100 (spec §9). */
export const OverFunded: Story = {
  args: {
    campaign: {
      ...base,
      id: 6,
      title: 'Monsoon Relief for Families',
      description: 'Dry rations, clean water, medicines and school supplies for families whose homes were flooded.',
      category: 'family-support',
      target_amount: 800000,
      raised_amount: 812340,
      donation_count: 1032,
      end_date: inDays(3),
    },
  },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText('100% funded')).toBeVisible();
    await expect(canvas.getByText('₹8,12,340')).toBeVisible();
    await expect(canvas.getByText('₹8,00,000')).toBeVisible();
    await expect(canvas.getByText('1,032 donors')).toBeVisible();
    await expect(canvas.getByText('3 days left')).toBeVisible();
    const bar = canvas.getByRole('progressbar', { name: 'Funding progress' });
    await expect(bar).toHaveAttribute('aria-valuenow', '100');
    const fill = canvasElement.querySelector<HTMLElement>('.cs-progress__fill');
    await expect(fill?.style.width).toBe('100%');
  },
};

/** No image_url: a drawn placeholder instead of an empty box, and no image for screen readers. */
export const MissingImage: Story = {
  args: { campaign: { ...base, id: 4, title: 'Clean Drinking Water for Village Schools', image_url: null } },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.queryByRole('img')).toBeNull();
    const media = canvasElement.querySelector('.cs-campaign-card__media');
    await expect(media).toHaveClass('cs-campaign-card__media--placeholder');
    await expect(media?.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    await expect(canvas.getByRole('heading', { name: 'Clean Drinking Water for Village Schools' })).toBeVisible();
  },
};

/** An image_url that does not load: the placeholder takes its place. */
export const BrokenImage: Story = {
  args: { campaign: { ...base, id: 9, image_url: '/uploads/campaigns/does-not-exist.webp' } },
  play: async ({ canvas, canvasElement }) => {
    await waitFor(() =>
      expect(canvasElement.querySelector('.cs-campaign-card__media')).toHaveClass('cs-campaign-card__media--placeholder'),
    );
    await expect(canvas.queryByRole('img')).toBeNull();
  },
};
