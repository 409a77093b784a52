import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { EventsClosing, EventsHero } from '@charity/ui';
import { componentDocs } from './support/docs';

const meta = {
  title: 'Events/EventsSections',
  component: EventsHero,
  parameters: {
    layout: 'fullscreen',
    docs: componentDocs({
      summary: 'Events page hero and closing sections.',
      usage: `<EventsHero />
…
<EventsClosing />`,
      a11y: [
        'Each section is labelled by its heading.',
      ],
    }),
  },
} satisfies Meta<typeof EventsHero>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The events page's hero: its one h1 contains 'Events'. */
export const Hero: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Events');
  },
};

/** The closing links: 'Get Involved' → /contact, 'Support Our Mission' → /donate. */
export const Closing: Story = {
  render: () => <EventsClosing />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Get Involved' })).toHaveAttribute('href', '/contact');
    await expect(canvas.getByRole('link', { name: 'Support Our Mission' })).toHaveAttribute('href', '/donate');
  },
};
