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

/**
 * Each figure on one line (never broken inside itself, as '2,50,00' over '0+' was at 800px) and inside its box. A
 * figure's text is one line when all of its pieces share one line box.
 */
async function expectFiguresWhole(canvasElement: HTMLElement) {
  const items = [...canvasElement.querySelectorAll<HTMLElement>('.cs-stats__item')];
  await expect(items.length).toBeGreaterThan(0);
  for (const item of items) {
    const value = item.querySelector<HTMLElement>('.cs-stats__value')!;
    const text = [...value.childNodes].find((node) => node.nodeType === Node.TEXT_NODE)!;
    const range = document.createRange();
    range.selectNodeContents(text);
    const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
    await expect(lines.size, `'${text.textContent}' on one line`).toBe(1);
    const box = item.getBoundingClientRect();
    const figure = range.getBoundingClientRect();
    await expect(figure.left, `'${text.textContent}' inside its box`).toBeGreaterThanOrEqual(box.left);
    await expect(figure.right, `'${text.textContent}' inside its box`).toBeLessThanOrEqual(box.right);
  }
}

/** 800px wide, where figures broke (the visual suite's own default size; Vitest's browser is wider). */
const WIDTH_800 = {
  parameters: { viewport: { options: { width800: { name: '800 px', styles: { width: '800px', height: '600px' }, type: 'desktop' } } } },
  globals: { viewport: { value: 'width800', isRotated: false } },
};

/** The home page's impact figures (marketing values) on the impact section's red band, at 800px. */
export const Default: Story = {
  ...WIDTH_800,
  render: (args) => (
    <MarketingSection tone="primary" title="Our Impact">
      <StatsBlock {...args} />
    </MarketingSection>
  ),
  play: async ({ canvas, canvasElement }) => {
    await expect(window.innerWidth).toBe(800);
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
    // Four in a row on a desktop (800px here), each figure whole on one line.
    const items = [...canvasElement.querySelectorAll('.cs-stats__item')];
    await expect(new Set(items.map((item) => Math.round(item.getBoundingClientRect().top))).size).toBe(1);
    await expectFiguresWhole(canvasElement);
  },
};

/**
 * Amounts in rupees with Indian grouping, four in a row at 800px: '₹4,86,720' broke after '₹4,86,' in the site font.
 * Every figure stays whole and the block's figures share one size, scaled to the longest.
 */
export const RupeeFigures: Story = {
  ...WIDTH_800,
  args: {
    stats: [
      { value: '₹4,86,720', label: 'Raised Online' },
      { value: '₹12,40,000', label: 'Raised Offline' },
      { value: '1,284', label: 'Donors' },
      { value: '₹17,26,720', label: 'Total Raised' },
    ],
  },
  render: Default.render,
  play: async ({ canvasElement }) => {
    await expect(window.innerWidth).toBe(800);
    await expect(figures(canvasElement).map((figure) => figure.value)).toEqual(['₹4,86,720', '₹12,40,000', '1,284', '₹17,26,720']);
    await expectFiguresWhole(canvasElement);
    const sizes = [...canvasElement.querySelectorAll('.cs-stats__value')].map((value) => getComputedStyle(value).fontSize);
    await expect(new Set(sizes).size).toBe(1);
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
    await expectFiguresWhole(canvasElement);
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
      await expect(item.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
    }
    // The figures themselves ('2,50,000+' is the widest) whole and inside their boxes.
    await expectFiguresWhole(canvasElement);
  },
};
