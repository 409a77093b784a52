import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Badge, eventStatusTone } from '@charity/ui';
import { componentDocs } from './support/docs';

const meta = {
  title: 'Components/Badge',
  component: Badge,
  parameters: {
    docs: componentDocs({
      summary: 'A small status or category label in one of six tones.',
      usage: `<Badge tone="green">Active</Badge>`,
      a11y: [
        'Badges are text: the tone is decoration only, so the words must carry the meaning.',
        'Every tone keeps 4.5:1 text contrast.',
      ],
    }),
  },
  args: { children: 'Featured' },
  argTypes: { tone: { control: 'select', options: ['blue', 'yellow', 'green', 'red', 'grey', 'neutral'] } },
} satisfies Meta<typeof Badge>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Featured')).toHaveClass('cs-badge', 'cs-badge--neutral');
  },
};

export const Blue: Story = { args: { tone: 'blue', children: 'upcoming' } };
export const Yellow: Story = { args: { tone: 'yellow', children: 'ongoing' } };
export const Green: Story = { args: { tone: 'green', children: 'completed' } };
export const Red: Story = { args: { tone: 'red', children: 'cancelled' } };
export const Grey: Story = { args: { tone: 'grey', children: 'draft' } };

/** Event status colours: upcoming blue, ongoing yellow, completed green, cancelled red, anything else grey. */
export const EventStatuses: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap' }}>
      {['upcoming', 'ongoing', 'completed', 'cancelled', 'postponed'].map((status) => (
        <Badge key={status} tone={eventStatusTone(status)}>
          {status}
        </Badge>
      ))}
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText('upcoming')).toHaveClass('cs-badge--blue');
    await expect(canvas.getByText('ongoing')).toHaveClass('cs-badge--yellow');
    await expect(canvas.getByText('completed')).toHaveClass('cs-badge--green');
    await expect(canvas.getByText('cancelled')).toHaveClass('cs-badge--red');
    await expect(canvas.getByText('postponed')).toHaveClass('cs-badge--grey');
  },
};
