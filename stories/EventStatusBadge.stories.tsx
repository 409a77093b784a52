import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { EventStatusBadge } from '@charity/ui';
import { componentDocs } from './support/docs';

const meta = {
  title: 'Events/EventStatusBadge',
  component: EventStatusBadge,
  parameters: {
    docs: componentDocs({
      summary: 'An event\'s status (upcoming, ongoing, completed, cancelled, postponed) as a badge.',
      usage: `<EventStatusBadge status="upcoming" />`,
      a11y: [
        'The status is written out; the colour only repeats it.',
      ],
    }),
  },
  args: { status: 'upcoming' },
  argTypes: { status: { control: 'select', options: ['upcoming', 'ongoing', 'completed', 'cancelled', 'postponed', ''] } },
} satisfies Meta<typeof EventStatusBadge>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Upcoming: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Upcoming')).toHaveClass('cs-badge', 'cs-badge--blue');
  },
};

export const Ongoing: Story = {
  args: { status: 'ongoing' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Ongoing')).toHaveClass('cs-badge--yellow');
  },
};

export const Completed: Story = {
  args: { status: 'completed' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Completed')).toHaveClass('cs-badge--green');
  },
};

export const Cancelled: Story = {
  args: { status: 'cancelled' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Cancelled')).toHaveClass('cs-badge--red');
  },
};

/** Any other value shows as sent, in grey. */
export const UnknownStatus: Story = {
  args: { status: 'postponed' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Postponed')).toHaveClass('cs-badge--grey');
  },
};

/** No status at all: 'Unknown', in grey. */
export const MissingStatus: Story = {
  args: { status: null },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Unknown')).toHaveClass('cs-badge--grey');
  },
};

/** Case does not matter: 'COMPLETED' is still green. */
export const UpperCase: Story = {
  args: { status: 'COMPLETED' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Completed')).toHaveClass('cs-badge--green');
  },
};
