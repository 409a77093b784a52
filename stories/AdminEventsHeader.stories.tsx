import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { AdminEventsHeader } from '@charity/ui';
import { componentDocs } from './support/docs';

const meta = {
  title: 'Admin/Events/AdminEventsHeader',
  component: AdminEventsHeader,
  parameters: {
    docs: componentDocs({
      summary: 'Header of the admin events page: who is signed in, \'Add Event\' and \'Logout\'.',
      usage: `<AdminEventsHeader user={{ full_name: 'Asha Rao', role: 'admin' }} onAddEvent={openForm} onLogout={logout} />`,
      a11y: [
        'Both actions are native buttons in reading order; no information is conveyed by colour alone.',
      ],
    }),
  },
  args: { user: { full_name: 'Asha Rao', role: 'admin' }, onAddEvent: fn(), onLogout: fn() },
} satisfies Meta<typeof AdminEventsHeader>;
export default meta;
type Story = StoryObj<typeof meta>;

/** 'Events Management', the welcome line with full name and role, 'Add Event' and 'Logout'. */
export const Default: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Events Management' })).toBeVisible();
    await expect(canvas.getByText('Welcome, Asha Rao (admin)')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Add Event' }));
    await expect(args.onAddEvent).toHaveBeenCalledOnce();
    await userEvent.click(canvas.getByRole('button', { name: 'Logout' }));
    await expect(args.onLogout).toHaveBeenCalledOnce();
  },
};

export const LoggingOut: Story = {
  args: { loggingOut: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Logging out...' })).toBeDisabled();
  },
};

/** Without a full name the username stands in. */
export const UsernameOnly: Story = {
  args: { user: { full_name: '', username: 'admin', role: 'admin' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Welcome, admin (admin)')).toBeVisible();
  },
};
