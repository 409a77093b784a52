import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { ImpactList, YourImpactSection } from '@charity/ui';
import { componentDocs } from './support/docs';

const meta = {
  title: 'Donation/Donate page/ImpactList',
  component: ImpactList,
  parameters: {
    layout: 'fullscreen',
    docs: componentDocs({
      summary: 'Donate page: what a donation pays for (\'Your Impact\').',
      usage: `<YourImpactSection>
  <ImpactList />
</YourImpactSection>`,
      a11y: [
        'A list; amounts are text, icons are decorative.',
      ],
    }),
  },
} satisfies Meta<typeof ImpactList>;
export default meta;
type Story = StoryObj<typeof meta>;

const lines = (canvasElement: HTMLElement) =>
  [...canvasElement.querySelectorAll('.cs-impact-list__item')].map((item) => item.textContent);

/** 'Your Impact' on /donate: the spec's three examples (spec §2), in rupees with Indian grouping. */
export const Default: Story = {
  render: () => <YourImpactSection />,
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('region', { name: 'Your Impact' })).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 2, name: 'Your Impact' })).toBeVisible();
    await expect(canvas.getAllByRole('listitem')).toHaveLength(3);
    await expect(lines(canvasElement)).toEqual([
      '₹50 = basic care for 1 day',
      '₹200 = basic care for 1 week',
      '₹1,000 = healthcare for 1 month',
    ]);
    // Three in a row on a desktop.
    const tops = [...canvasElement.querySelectorAll('.cs-impact-list__item')].map((item) =>
      Math.round(item.getBoundingClientRect().top),
    );
    await expect(new Set(tops).size).toBe(1);
  },
};

/** Any examples, in any currency. */
export const CustomItems: Story = {
  args: {
    items: [
      { amount: 25, currency: 'USD', text: 'a school kit for one child' },
      { amount: 100000, currency: 'INR', text: 'a year of meals for a classroom' },
    ],
  },
  decorators: [
    (Story) => (
      <div style={{ padding: '1.5rem' }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    await expect(lines(canvasElement)).toEqual([
      '$25 = a school kit for one child',
      '₹1,00,000 = a year of meals for a classroom',
    ]);
  },
};

/** Phones: one example per row, the largest amount still inside its box. */
export const Mobile: Story = {
  ...Default,
  globals: { viewport: { value: 'mobile2', isRotated: false } },
  play: async ({ canvasElement }) => {
    const items = [...canvasElement.querySelectorAll('.cs-impact-list__item')];
    await expect(items[1]!.getBoundingClientRect().top).toBeGreaterThan(items[0]!.getBoundingClientRect().bottom);
    for (const item of items) await expect(item.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
  },
};
