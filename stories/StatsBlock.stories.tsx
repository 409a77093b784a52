import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { MarketingSection, StatsBlock } from '@charity/ui';
import { componentDocs } from './support/docs';

const meta = {
  title: 'Marketing/StatsBlock',
  component: StatsBlock,
  parameters: {
    layout: 'fullscreen',
    docs: componentDocs({
      summary: 'A row of big numbers with labels (children helped, countries, …).',
      usage: `<MarketingSection title="Our Impact">
  <StatsBlock />
</MarketingSection>`,
      a11y: [
        'Numbers and labels are read together as one list item each.',
      ],
    }),
  },
} satisfies Meta<typeof StatsBlock>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Each figure: the value shown large above its label; in the markup the label (term) comes first. */
function figures(canvasElement: HTMLElement) {
  return [...canvasElement.querySelectorAll('.cs-stats__item')].map((item) => ({
    label: item.querySelector('dt')?.textContent,
    value: item.querySelector('dd')?.textContent,
  }));
}

/** The home page's impact figures (marketing values) on the impact section's red band. */
export const Default: Story = {
  render: (args) => (
    <MarketingSection tone="primary" title="Our Impact">
      <StatsBlock {...args} />
    </MarketingSection>
  ),
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('region', { name: 'Our Impact' })).toBeVisible();
    await expect(figures(canvasElement)).toEqual([
      { label: 'Children Supported', value: '5,000+' },
      { label: 'Families Helped', value: '1,200+' },
      { label: 'Meals Provided', value: '2,50,000+' },
      { label: 'Health Checkups', value: '8,000+' },
    ]);
    // Value shown above its label.
    const first = canvasElement.querySelector('.cs-stats__item') as HTMLElement;
    const value = within(first).getByText('5,000+');
    const label = within(first).getByText('Children Supported');
    await expect(value.getBoundingClientRect().top).toBeLessThan(label.getBoundingClientRect().top);
    // Four in a row on a desktop.
    const items = [...canvasElement.querySelectorAll('.cs-stats__item')];
    await expect(new Set(items.map((item) => Math.round(item.getBoundingClientRect().top))).size).toBe(1);
  },
};

/** Any figures, on a plain background, with descriptions. */
export const CustomFigures: Story = {
  args: {
    stats: [
      { value: '15,847', label: 'Total Donations', description: 'gifts received' },
      { value: '12', label: 'Countries', description: 'our donors give from' },
    ],
  },
  decorators: [
    (Story) => (
      <div style={{ padding: '1.5rem', maxWidth: '40rem' }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvas, canvasElement }) => {
    await expect(figures(canvasElement)).toEqual([
      { label: 'Total Donations', value: '15,847' },
      { label: 'Countries', value: '12' },
    ]);
    await expect(canvas.getByText('our donors give from')).toBeVisible();
  },
};

/** Phones: two figures per row. */
export const Mobile: Story = {
  ...Default,
  globals: { viewport: { value: 'mobile2', isRotated: false } },
  play: async ({ canvasElement }) => {
    const tops = [...canvasElement.querySelectorAll('.cs-stats__item')].map((item) =>
      Math.round(item.getBoundingClientRect().top),
    );
    await expect(tops[0]).toBe(tops[1]);
    await expect(tops[2]).toBeGreaterThan(tops[0] ?? 0);
    for (const item of canvasElement.querySelectorAll('.cs-stats__item')) {
      const box = item.getBoundingClientRect();
      await expect(box.right).toBeLessThanOrEqual(window.innerWidth);
      // The figure itself ('2,50,000+' is the widest) stays inside its box.
      const value = item.querySelector('.cs-stats__value') as HTMLElement;
      await expect(value.getBoundingClientRect().left).toBeGreaterThanOrEqual(box.left);
      await expect(value.getBoundingClientRect().right).toBeLessThanOrEqual(box.right);
    }
  },
};
