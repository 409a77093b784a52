import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import {
  EDUCATION_QUALITY_DIMENSIONS,
  FeatureGrid,
  HOW_WE_HELP_ITEMS,
  MarketingSection,
  SectionHeading,
  WHY_CHOOSE_US_ITEMS,
} from '@charity/ui';
import { componentDocs } from './support/docs';

const meta = {
  title: 'Marketing/FeatureGrid',
  component: FeatureGrid,
  args: { items: HOW_WE_HELP_ITEMS },
  parameters: {
    layout: 'fullscreen',
    docs: componentDocs({
      summary: 'A grid of icon, title and text items (\'How We Help\').',
      usage: `<MarketingSection title="How We Help">
  <FeatureGrid items={items} />
</MarketingSection>`,
      a11y: [
        'A labelled list; icons are decorative.',
      ],
    }),
  },
  render: (args) => (
    <MarketingSection title="How We Help" description="Our programmes work together around each child and family.">
      <FeatureGrid {...args} />
    </MarketingSection>
  ),
} satisfies Meta<typeof FeatureGrid>;
export default meta;
type Story = StoryObj<typeof meta>;

function titles(list: HTMLElement) {
  return within(list)
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);
}

/** Cards: the six ways we help, three per row on a desktop. */
export const Cards: Story = {
  // Three per row needs a desktop's width; at the visual test's default 800px there are two.
  globals: { viewport: { value: 'desktop', isRotated: false } },
  play: async ({ canvas }) => {
    const section = canvas.getByRole('region', { name: 'How We Help' });
    await expect(within(section).getByRole('heading', { level: 2, name: 'How We Help' })).toBeVisible();
    const list = within(section).getByRole('list');
    await expect(titles(list)).toEqual([
      'Education Support',
      'Healthcare',
      'Nutrition',
      'Family Support',
      'Child Protection',
      'Safe Housing',
    ]);
    const tops = within(list)
      .getAllByRole('listitem')
      .map((item) => Math.round(item.getBoundingClientRect().top));
    await expect(new Set(tops).size).toBe(2);
  },
};

/** Plain: the six education-quality dimensions on the cream band. */
export const Plain: Story = {
  args: { items: EDUCATION_QUALITY_DIMENSIONS, variant: 'plain' },
  render: (args) => (
    <MarketingSection tone="cream" eyebrow="Our approach" title="Quality Education for Every Child">
      <FeatureGrid {...args} />
    </MarketingSection>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Our approach')).toBeVisible();
    await expect(titles(canvas.getByRole('list'))).toEqual([
      'Equity',
      'Contextualisation',
      'Child-friendly Learning',
      'Sustainability',
      'Balanced Approach',
      'Learning Outcomes',
    ]);
    for (const item of canvas.getAllByRole('listitem')) {
      await expect(item.querySelector('p')?.textContent?.length).toBeGreaterThan(40);
    }
  },
};

/** Why Choose Us: three cards naming secure donations, transparent operations and direct impact. */
export const WhyChooseUs: Story = {
  args: { items: WHY_CHOOSE_US_ITEMS },
  render: (args) => (
    <MarketingSection tone="cream" title="Why Choose Us">
      <FeatureGrid {...args} />
    </MarketingSection>
  ),
  play: async ({ canvas }) => {
    await expect(titles(canvas.getByRole('list'))).toEqual(['Secure Donations', 'Transparent Operations', 'Direct Impact']);
    await expect(canvas.getByText(/Registration No\. 602 of 2019, approved under 12A and 80G/)).toBeVisible();
  },
};

/** Two columns, titles one level down, a named list without a section around it. */
export const TwoColumns: Story = {
  args: { items: WHY_CHOOSE_US_ITEMS.slice(0, 2), columns: 2, headingLevel: 4, label: 'Our promises' },
  render: (args) => (
    <div style={{ padding: '1.5rem' }}>
      <SectionHeading title="Our promises" level={3} align="start" />
      <FeatureGrid {...args} />
    </div>
  ),
  play: async ({ canvas }) => {
    const list = canvas.getByRole('list', { name: 'Our promises' });
    await expect(within(list).getAllByRole('heading', { level: 4 })).toHaveLength(2);
    const [a, b] = within(list).getAllByRole('listitem');
    await expect(Math.round(a?.getBoundingClientRect().top ?? 0)).toBe(Math.round(b?.getBoundingClientRect().top ?? 1));
  },
};

/** Phones: one column. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile2', isRotated: false } },
  play: async ({ canvas }) => {
    const lefts = canvas.getAllByRole('listitem').map((item) => Math.round(item.getBoundingClientRect().left));
    await expect(new Set(lefts).size).toBe(1);
  },
};
