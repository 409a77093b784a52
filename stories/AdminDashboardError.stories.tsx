import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { DashboardError } from '@charity/ui';
import { componentDocs } from './support/docs';

const meta = {
  title: 'Admin/Dashboard/DashboardError',
  component: DashboardError,
  parameters: {
    docs: componentDocs({
      summary: 'The dashboard\'s error panel: what failed and a \'Try Again\' button.',
      usage: `<DashboardError onRetry={reload} />`,
      a11y: [
        '\'Try Again\' is a native button, reachable by Tab and activated with Enter or Space.',
        'Move focus to the panel\'s heading yourself if the error replaces content the user was reading.',
      ],
    }),
  },
  args: { onRetry: fn() },
} satisfies Meta<typeof DashboardError>;
export default meta;
type Story = StoryObj<typeof meta>;

/** GET /api/admin/dashboard failed: 'Failed to load dashboard' and 'Try again'. */
export const Failed: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('heading', { level: 2, name: 'Failed to load dashboard' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

/** While the retry runs the button is busy and cannot be pressed twice. */
export const Retrying: Story = {
  args: { retrying: true },
  play: async ({ canvas }) => {
    const retry = canvas.getByRole('button', { name: 'Try again' });
    await expect(retry).toBeDisabled();
    await expect(retry).toHaveAttribute('aria-busy', 'true');
  },
};
