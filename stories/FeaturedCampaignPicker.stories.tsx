import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import type { within } from 'storybook/test';
import { expect, fn, userEvent } from 'storybook/test';
import { FeaturedCampaignPicker, type FeaturedCampaignPickerProps } from '@charity/ui';
import { componentDocs } from './support/docs';

const image = (fill: string) =>
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 90"><rect width="160" height="90" fill="${fill}"/>` +
      `<path d="M0 64q40-16 80 0t80 0v26H0z" fill="#7fb069"/><circle cx="120" cy="26" r="12" fill="#f2a900"/></svg>`,
  );

/** Featured active campaigns as GET /api/campaigns?featured=true&status=active&limit=3 returns them (plus a 4th). */
const CAMPAIGNS = [
  {
    id: 1,
    title: 'School Kits for 500 Children',
    description: 'A bag, notebooks, a geometry box, a water bottle and a uniform for 500 children starting school.',
    status: 'active',
    is_featured: true,
    image_url: image('#fde7b0'),
    target_amount: 500000,
    raised_amount: 312450,
    donation_count: 428,
  },
  {
    id: 2,
    title: 'Nutritious Midday Meals',
    description: 'Hot, balanced meals for children in three community learning centres.',
    status: 'active',
    is_featured: true,
    image_url: null,
    target_amount: 750000,
    // Strings as older replies send them, and the other field name: normalised like every campaign.
    current_amount: '486200',
    donors_count: '611',
  },
  {
    id: 3,
    title: 'Newborn Health Checkups in Rural Clinics',
    description: 'Monthly checkups, vaccinations and growth monitoring for newborns in twelve villages.',
    status: 'active',
    is_featured: true,
    image_url: image('#dbeafe'),
    // Raised more than the goal: the bar stops at 100 % and so does the figure.
    target_amount: 100000,
    raised_amount: 123456,
    donation_count: 274,
  },
  {
    id: 4,
    title: 'Clean Drinking Water for Village Schools',
    description: 'Water purifiers and handwashing stations for eight village schools.',
    status: 'active',
    is_featured: true,
    image_url: null,
    target_amount: 400000,
    raised_amount: 98500,
    donation_count: 117,
  },
];

/** Controlled as the donate page uses it: the selection lives in the page and follows each click. */
function Controlled(props: FeaturedCampaignPickerProps) {
  const [selectedId, setSelectedId] = useState(props.selectedId);
  return (
    <FeaturedCampaignPicker
      {...props}
      selectedId={selectedId}
      onSelectedIdChange={(next, campaign) => {
        props.onSelectedIdChange(next, campaign);
        setSelectedId(next);
      }}
    />
  );
}

const meta = {
  title: 'Donation/Donate page/FeaturedCampaignPicker',
  component: FeaturedCampaignPicker,
  args: { campaigns: CAMPAIGNS, selectedId: null, onSelectedIdChange: fn() },
  render: (args) => <Controlled {...args} />,
  parameters: {
    layout: 'fullscreen',
    docs: componentDocs({
      summary: 'Donate page: featured campaigns to donate to, or a general donation.',
      usage: `<FeaturedCampaignPicker campaigns={campaigns} selectedId={null} onSelectedIdChange={setSelectedId} />`,
      a11y: [
        'Each campaign is a toggle button (`aria-pressed`) in a section labelled by its heading.',
      ],
    }),
  },
} satisfies Meta<typeof FeaturedCampaignPicker>;
export default meta;
type Story = StoryObj<typeof meta>;

const toggle = (canvas: ReturnType<typeof within>, name: string) => canvas.getByRole('button', { name });

/** Nothing chosen yet: three cards (never more), each a toggle button that is not pressed, no marker. */
export const NoneSelected: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('region', { name: 'Featured Campaigns' })).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 2, name: 'Featured Campaigns' })).toBeVisible();
    await expect(canvas.getAllByRole('article')).toHaveLength(3);
    await expect(canvas.queryByText('Clean Drinking Water for Village Schools')).toBeNull();
    const buttons = canvas.getAllByRole('button');
    await expect(buttons.map((b) => b.textContent)).toEqual([
      'School Kits for 500 Children',
      'Nutritious Midday Meals',
      'Newborn Health Checkups in Rural Clinics',
    ]);
    for (const button of buttons) await expect(button).toHaveAttribute('aria-pressed', 'false');
    await expect(canvas.queryByText('Selected for donation')).toBeNull();
    // Raised vs goal in INR, the bar and the rounded percent completed.
    await expect(canvas.getByText('₹3,12,450')).toBeVisible();
    await expect(canvas.getByText('₹5,00,000')).toBeVisible();
    await expect(canvas.getByText('62% completed')).toBeVisible();
    await expect(canvas.getByText('₹4,86,200')).toBeVisible();
    await expect(canvas.getByText('65% completed')).toBeVisible();
    const bars = canvas.getAllByRole('progressbar');
    await expect(bars.map((bar) => bar.getAttribute('aria-valuenow'))).toEqual(['62', '65', '100']);
    await expect(bars[0]).toHaveAccessibleName('Funding progress of School Kits for 500 Children');
    // The campaign without a photo shows the placeholder art instead of a broken image.
    await expect(canvasElement.querySelectorAll('img')).toHaveLength(2);
    await expect(canvasElement.querySelectorAll('.cs-campaign-card__media--placeholder')).toHaveLength(1);
  },
};

/** Over the goal: the bar is full and the figure says 100% (capped, spec §5 "Progress percentage"). */
export const CappedAtHundred: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText('100% completed')).toBeVisible();
    await expect(canvas.getByText('₹1,23,456')).toBeVisible();
    const fills = [...canvasElement.querySelectorAll<HTMLElement>('.cs-progress__fill')];
    await expect(fills[2]!.style.width).toBe('100%');
  },
};

/** One campaign chosen: its card is pressed, outlined and marked 'Selected for donation'. */
export const Selected: Story = {
  args: { selectedId: 2 },
  play: async ({ canvas }) => {
    await expect(toggle(canvas, 'Nutritious Midday Meals')).toHaveAttribute('aria-pressed', 'true');
    await expect(toggle(canvas, 'School Kits for 500 Children')).toHaveAttribute('aria-pressed', 'false');
    await expect(canvas.getAllByText('Selected for donation')).toHaveLength(1);
    const selectedCard = toggle(canvas, 'Nutritious Midday Meals').closest('article')!;
    await expect(selectedCard).toHaveAttribute('data-selected', 'true');
    await expect(selectedCard).toHaveTextContent('Selected for donation');
  },
};

/** What a pointer at the middle of an element actually hits (the stretched toggle covers the card's contents). */
function hitAt(element: Element): Element {
  const box = element.getBoundingClientRect();
  const hit = element.ownerDocument.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  if (!hit) throw new Error('Nothing under the pointer');
  return hit;
}

/** A click anywhere on a card (its photo, its figures) selects it; a click on another moves the selection. */
export const SelectByClick: Story = {
  // A desktop's window, so both cards are on screen where the pointer goes (at 800×600 the second card's figures are not).
  globals: { viewport: { value: 'desktop', isRotated: false } },
  play: async ({ canvas, args }) => {
    const first = toggle(canvas, 'School Kits for 500 Children');
    const firstCard = first.closest('article')!;
    const onPhoto = hitAt(firstCard.querySelector('img')!);
    await expect(onPhoto).toBe(first);
    await userEvent.click(onPhoto);
    await expect(args.onSelectedIdChange).toHaveBeenLastCalledWith(1, { id: 1, title: 'School Kits for 500 Children' });
    await expect(first).toHaveAttribute('aria-pressed', 'true');
    await expect(firstCard).toHaveTextContent('Selected for donation');

    const second = toggle(canvas, 'Nutritious Midday Meals');
    const onFigures = hitAt(canvas.getByText('65% completed'));
    await expect(onFigures).toBe(second);
    await userEvent.click(onFigures);
    await expect(args.onSelectedIdChange).toHaveBeenLastCalledWith(2, { id: 2, title: 'Nutritious Midday Meals' });
    await expect(second).toHaveAttribute('aria-pressed', 'true');
    await expect(first).toHaveAttribute('aria-pressed', 'false');
    await expect(canvas.getAllByText('Selected for donation')).toHaveLength(1);
  },
};

/** Clicking the selected card again deselects it: back to a general donation. */
export const ToggleOff: Story = {
  args: { selectedId: 3 },
  play: async ({ canvas, args }) => {
    await expect(toggle(canvas, 'Newborn Health Checkups in Rural Clinics')).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(toggle(canvas, 'Newborn Health Checkups in Rural Clinics'));
    await expect(args.onSelectedIdChange).toHaveBeenLastCalledWith(null, null);
    await expect(toggle(canvas, 'Newborn Health Checkups in Rural Clinics')).toHaveAttribute('aria-pressed', 'false');
    await expect(canvas.queryByText('Selected for donation')).toBeNull();
  },
};

/** Keyboard alone: each card is one tab stop; Enter selects, Space deselects; the focus ring circles the card. */
export const Keyboard: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.tab();
    const first = toggle(canvas, 'School Kits for 500 Children');
    await expect(first).toHaveFocus();
    const card = first.closest('article')!;
    await expect(getComputedStyle(card).outlineStyle).toBe('solid');
    await userEvent.keyboard('{Enter}');
    await expect(args.onSelectedIdChange).toHaveBeenLastCalledWith(1, { id: 1, title: 'School Kits for 500 Children' });
    await expect(first).toHaveAttribute('aria-pressed', 'true');
    await userEvent.keyboard(' ');
    await expect(args.onSelectedIdChange).toHaveBeenLastCalledWith(null, null);
    await expect(first).toHaveAttribute('aria-pressed', 'false');
    await userEvent.tab();
    await expect(toggle(canvas, 'Nutritious Midday Meals')).toHaveFocus();
  },
};

/** No featured campaigns (or the fetch failed): the section is left out entirely. */
export const NoCampaigns: Story = {
  args: { campaigns: [] },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('section')).toBeNull();
    await expect(canvasElement.textContent).toBe('');
  },
};

/** Phones: one card per row. */
export const Mobile: Story = {
  args: { selectedId: 1 },
  globals: { viewport: { value: 'mobile2', isRotated: false } },
  play: async ({ canvas }) => {
    const cards = canvas.getAllByRole('article');
    await expect(cards[1]!.getBoundingClientRect().top).toBeGreaterThan(cards[0]!.getBoundingClientRect().bottom);
    await expect(canvas.getByText('Selected for donation')).toBeVisible();
  },
};
