import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { EventDetails } from '@charity/ui';
import { componentDocs } from './support/docs';

const meta = {
  title: 'Events/EventDetails',
  component: EventDetails,
  parameters: {
    docs: componentDocs({
      summary: 'Details of one event: status, date, location, description and impact.',
      usage: `<EventDetails event={event} />`,
      a11y: [
        'A description list of labelled values; missing values are left out rather than shown empty.',
      ],
    }),
  },
  args: {
    event: {
      title: 'Community Health Camp',
      description: 'Free health checkups and vaccinations for children under five.',
      status: 'completed',
      date: '2026-03-15',
      location: 'Shivaji Nagar Community Hall, Pune',
      impact: '240 children checked, 60 referred for follow-up care',
    },
  },
} satisfies Meta<typeof EventDetails>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Title, status badge, description, and the date (en-IN), location and impact. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 2, name: 'Community Health Camp' })).toBeVisible();
    await expect(canvas.getByText('Completed')).toHaveClass('cs-badge--green');
    await expect(canvas.getByText('Free health checkups and vaccinations for children under five.')).toBeVisible();
    await expect(canvas.getByText('15 March 2026')).toBeVisible();
    await expect(canvas.getByText('Shivaji Nagar Community Hall, Pune')).toBeVisible();
    await expect(canvas.getByText('240 children checked, 60 referred for follow-up care')).toBeVisible();
    await expect(canvas.getByText('Date')).toBeVisible();
  },
};

/** Unknown facts are left out, not shown empty. */
export const WithoutDateLocationImpact: Story = {
  args: { event: { title: 'Book Fair', description: 'Books for every child.', status: 'upcoming', date: null, location: null, impact: null } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Upcoming')).toHaveClass('cs-badge--blue');
    await expect(canvas.queryByText('Date')).toBeNull();
    await expect(canvas.queryByText('Location')).toBeNull();
    await expect(canvas.queryByText('Impact')).toBeNull();
  },
};
