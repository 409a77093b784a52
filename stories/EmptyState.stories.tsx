import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { Button, ButtonLink, EmptyState } from '@charity/ui';
import { componentDocs } from './support/docs';

const CalendarIcon = () => (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round">
    <rect x="3" y="4" width="18" height="18" rx="2" />
    <path d="M16 2v4M8 2v4M3 10h18" />
  </svg>
);

const meta = {
  title: 'Components/EmptyState',
  component: EmptyState,
  parameters: {
    docs: componentDocs({
      summary: 'What a list shows when there is nothing to show: icon, title, description and an optional action.',
      usage: `<EmptyState title="No events found" description="Check back later for upcoming events" icon={<CalendarIcon />} />`,
      a11y: [
        'The icon is `aria-hidden`; the title and description carry the message.',
      ],
    }),
  },
  args: { title: 'No events found', description: 'Check back later for upcoming events', icon: <CalendarIcon /> },
} satisfies Meta<typeof EmptyState>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 2, name: 'No events found' })).toBeVisible();
    await expect(canvas.getByText('Check back later for upcoming events')).toBeVisible();
  },
};

const onClear = fn();

export const WithActions: Story = {
  args: {
    title: 'No Campaigns Found',
    description: undefined,
    actions: (
      <>
        <Button variant="outline" onClick={onClear}>
          Clear Filters
        </Button>
        <ButtonLink href="/donate">Make General Donation</ButtonLink>
      </>
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'No Campaigns Found' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Clear Filters' }));
    await expect(onClear).toHaveBeenCalledTimes(1);
    await expect(canvas.getByRole('link', { name: 'Make General Donation' })).toHaveAttribute('href', '/donate');
  },
};

export const TitleOnly: Story = {
  args: { title: 'No images uploaded yet', description: undefined, icon: undefined, headingLevel: 3 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 3, name: 'No images uploaded yet' })).toBeVisible();
  },
};
