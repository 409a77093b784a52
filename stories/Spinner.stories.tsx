import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Spinner } from '@charity/ui';
import { componentDocs } from './support/docs';

const meta = {
  title: 'Components/Spinner',
  component: Spinner,
  parameters: {
    docs: componentDocs({
      summary: 'An indeterminate loading indicator in three sizes.',
      usage: `<Spinner size="md" label="Loading campaigns" />`,
      a11y: [
        'A polite live region (`role="status"`) with a visible label (default \'Loading...\'); the spinning graphic is `aria-hidden` and stops under reduced motion.',
      ],
    }),
  },
  argTypes: { size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] } },
} satisfies Meta<typeof Spinner>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const status = canvas.getByRole('status');
    await expect(status).toHaveTextContent('Loading...');
    await expect(canvas.getByText('Loading...')).toBeVisible();
  },
};

export const Small: Story = {
  args: { size: 'sm' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveClass('cs-spinner--sm');
  },
};

export const Large: Story = {
  args: { size: 'lg' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveClass('cs-spinner--lg');
  },
};

export const CustomLabel: Story = {
  args: { label: 'Loading events...', size: 'lg' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading events...');
  },
};
