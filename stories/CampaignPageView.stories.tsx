import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { CampaignPageView, type CampaignCardCampaign } from '@charity/ui';
import { componentDocs } from './support/docs';

// One campaign's page (/campaigns/:slug, issue 19): every state a visitor can meet. Rendered at a fixed moment so
// "days left" is the same on every run.
const NOW = new Date('2025-06-01T12:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(NOW.getTime() + days * DAY).toISOString();
const SHARE_URL = 'https://give.example.org/campaigns/midday-meals-for-500-children';

const picture =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 90"><rect width="160" height="90" fill="#fde7b0"/>` +
      `<circle cx="120" cy="26" r="12" fill="#f2a900"/><path d="M0 64q40-16 80 0t80 0v26H0z" fill="#7fb069"/></svg>`,
  );

const campaign: CampaignCardCampaign = {
  id: 4,
  slug: 'midday-meals-for-500-children',
  title: 'Midday Meals for 500 Children',
  description:
    'A hot, balanced lunch every school day for 500 children in government schools around Bengaluru.\n\n' +
    'For many of them it is the one full meal of the day: it keeps them in class and helps them learn.',
  status: 'active',
  is_featured: true,
  category: 'nutrition',
  image_url: picture,
  target_amount: 1000000,
  raised_amount: 486720,
  donation_count: 312,
  start_date: inDays(-30),
  end_date: inDays(21),
};

const supporters = [
  { id: 1, name: 'Priya', amount: 2500, currency: 'INR' },
  { id: 2, name: 'Anonymous', amount: 1000, currency: 'INR' },
  { id: 3, name: 'Tom', amount: 50, currency: 'GBP' },
];

const donateForm = (
  <form aria-label="Donation form">
    <p>The donation form, with this campaign chosen.</p>
  </form>
);

const meta = {
  title: 'Campaigns/CampaignPageView',
  component: CampaignPageView,
  parameters: {
    layout: 'fullscreen',
    docs: componentDocs({
      summary: "One campaign's page: picture, story, goal meter, days left, recent supporters, the donation form and a share row.",
      usage: `<CampaignPageView campaign={campaign} shareUrl={url} supporters={{ status: 'done', supporters }} donateForm={<DonationWizard … />} />`,
      a11y: [
        'An `<article>` labelled by the campaign title (the page\'s one `<h1>`); sections have `<h2>` headings.',
        'A campaign that takes no gifts says so in a `role="status"` note with links to the general fund and the active campaigns.',
        'The supporters list is `aria-busy` while it loads.',
      ],
    }),
  },
  args: { campaign, now: NOW, shareUrl: SHARE_URL, supporters: { status: 'done', supporters }, donateForm },
} satisfies Meta<typeof CampaignPageView>;
export default meta;
type Story = StoryObj<typeof meta>;

/** An active campaign: the form to give, the goal meter, the supporters who agreed to be named, the share row. */
export const Active: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Midday Meals for 500 Children' })).toBeVisible();
    await expect(canvas.getByText('Active')).toBeVisible();
    await expect(canvas.getByText('Nutrition')).toBeVisible();
    await expect(canvas.getByRole('progressbar', { name: 'Funding progress' })).toHaveAttribute('aria-valuenow', '49');
    await expect(canvas.getByText('49% funded')).toBeVisible();
    await expect(canvas.getByText('21 days left')).toBeVisible();
    await expect(canvas.getByText('312 donors')).toBeVisible();
    await expect(canvas.getByText(/For many of them it is the one full meal/)).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 2, name: 'Donate to this campaign' })).toBeVisible();
    await expect(canvas.getByRole('form', { name: 'Donation form' })).toBeVisible();
    const list = within(canvas.getByRole('region', { name: 'Recent supporters' })).getAllByRole('listitem');
    await expect(list.map((item) => item.textContent)).toEqual(['Priya ₹2,500', 'Anonymous ₹1,000', 'Tom £50']);
    await expect(canvas.getByRole('link', { name: 'Share on WhatsApp' })).toHaveAttribute('href', expect.stringContaining(encodeURIComponent(SHARE_URL)));
    await expect(canvas.getByRole('link', { name: /All campaigns/ })).toHaveAttribute('href', '/campaigns');
  },
};

/** Supporters still loading: the list is busy, nothing else waits for it. */
export const SupportersLoading: Story = {
  tags: ['!visual'],
  args: { supporters: { status: 'loading' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('region', { name: 'Recent supporters' })).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByRole('form', { name: 'Donation form' })).toBeVisible();
  },
};

export const NoSupportersYet: Story = {
  args: { campaign: { ...campaign, raised_amount: 0, donation_count: 0 }, supporters: { status: 'done', supporters: [] } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Be the first to support this campaign.')).toBeVisible();
    await expect(canvas.getByText('0% funded')).toBeVisible();
    await expect(canvas.getByText('0 donors')).toBeVisible();
  },
};

export const SupportersUnavailable: Story = {
  args: { supporters: { status: 'error' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Supporters could not be loaded just now.')).toBeVisible();
    await expect(canvas.getByRole('form', { name: 'Donation form' })).toBeVisible();
  },
};

/** Completed before its end date: no form, the general fund and the active campaigns offered instead. */
export const Completed: Story = {
  args: { campaign: { ...campaign, status: 'completed', raised_amount: 1020000 } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Completed')).toBeVisible();
    await expect(canvas.getByText('Campaign completed')).toBeVisible();
    await expect(canvas.getByText('100% funded')).toBeVisible();
    await expect(canvas.getByText('This campaign has ended and no longer takes donations.')).toBeVisible();
    await expect(canvas.queryByRole('form', { name: 'Donation form' })).toBeNull();
    await expect(canvas.getByRole('link', { name: 'Donate to the general fund' })).toHaveAttribute('href', '/donate');
    await expect(canvas.getByRole('link', { name: 'See active campaigns' })).toHaveAttribute('href', '/campaigns');
  },
};

/** Past its end date: 'Campaign ended' (spec §2: zero days left), and no form. */
export const Ended: Story = {
  args: { campaign: { ...campaign, end_date: inDays(-2) } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Campaign ended')).toBeVisible();
    await expect(canvas.getByText('This campaign has ended and no longer takes donations.')).toBeVisible();
    await expect(canvas.queryByRole('form', { name: 'Donation form' })).toBeNull();
  },
};

export const Paused: Story = {
  args: { campaign: { ...campaign, status: 'paused' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Paused')).toBeVisible();
    await expect(canvas.getByText('This campaign is paused and not taking donations right now.')).toBeVisible();
    await expect(canvas.queryByRole('form', { name: 'Donation form' })).toBeNull();
    await expect(canvas.getByRole('link', { name: 'Donate to the general fund' })).toHaveAttribute('href', '/donate');
  },
};

/** No picture: the page keeps its text and meter, without an empty frame. */
export const WithoutPicture: Story = {
  args: { campaign: { ...campaign, image_url: null } },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvasElement.querySelector('img.cs-campaign-page__image')).toBeNull();
    await expect(canvas.getByRole('heading', { level: 1, name: 'Midday Meals for 500 Children' })).toBeVisible();
  },
};

/** A phone's width: one column, the form after the story. */
export const Phone: Story = {
  globals: { viewport: { value: 'mobile2', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Midday Meals for 500 Children' })).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 2, name: 'Donate to this campaign' })).toBeInTheDocument();
  },
};
