import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { TrustBadges } from '@charity/ui';
import { componentDocs } from './support/docs';

const meta = {
  title: 'Marketing/TrustBadges',
  component: TrustBadges,
  parameters: {
    docs: componentDocs({
      summary: 'Small reassurance badges (secure payment, tax receipt, …) under the donate button.',
      usage: `<TrustBadges />`,
      a11y: [
        'A labelled list; icons are decorative.',
      ],
    }),
  },
} satisfies Meta<typeof TrustBadges>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The three badges of the home page, as a named list. */
export const Default: Story = {
  play: async ({ canvas }) => {
    const list = canvas.getByRole('list', { name: 'Why donors trust us' });
    const items = within(list).getAllByRole('listitem');
    await expect(items.map((item) => item.textContent)).toEqual([
      'Trusted Organization',
      'Transparent Operations',
      'Direct Impact',
    ]);
    // Icons are decorative.
    for (const svg of list.querySelectorAll('svg')) await expect(svg).toHaveAttribute('aria-hidden', 'true');
  },
};

/** Badges can carry a short line under the title. */
export const WithDescriptions: Story = {
  args: {
    label: 'Our commitments',
    items: [
      { title: 'Trusted Organization', description: 'Registered non-profit since 2019' },
      { title: 'Transparent Operations', description: 'Approved under 12A and 80G' },
      { title: 'Direct Impact', description: 'Programmes for children' },
    ],
  },
  play: async ({ canvas }) => {
    const list = canvas.getByRole('list', { name: 'Our commitments' });
    await expect(within(list).getByText('Approved under 12A and 80G')).toBeVisible();
    await expect(within(list).getAllByRole('listitem')).toHaveLength(3);
  },
};

/** On a phone the badges wrap onto several lines and stay inside the screen. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile2', isRotated: false } },
  play: async ({ canvas }) => {
    for (const item of canvas.getAllByRole('listitem')) {
      await expect(item.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
    }
  },
};
