import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ConfirmDialog } from '@charity/ui';
import { componentDocs } from './support/docs';

const meta = {
  title: 'Admin/Shell/ConfirmDialog',
  component: ConfirmDialog,
  parameters: {
    docs: componentDocs({
      summary: 'A confirm/cancel dialog for destructive admin actions.',
      usage: `<ConfirmDialog open title="Delete Event" message="Are you sure…?" onConfirm={remove} onCancel={close} />`,
      a11y: [
        'An alert dialog: focus starts on Cancel (the safe choice), Escape cancels, focus returns to the opener.',
      ],
    }),
  },
  args: {
    open: true,
    title: 'Delete Event',
    message: 'Are you sure you want to delete this event? This will also delete all associated images.',
    onConfirm: fn(),
    onCancel: fn(),
  },
} satisfies Meta<typeof ConfirmDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

const body = within(document.body);
async function dialog(name: string) {
  const found = await body.findByRole('dialog', { name });
  await waitFor(() => expect(found).toBeVisible());
  return found;
}

/** The event question word for word; focus starts on Cancel; Delete confirms. */
export const ConfirmDeleteEvent: Story = {
  play: async ({ args }) => {
    const confirm = await dialog('Delete Event');
    await expect(confirm).toHaveAccessibleDescription(
      'Are you sure you want to delete this event? This will also delete all associated images.',
    );
    await waitFor(() => expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await expect(args.onConfirm).toHaveBeenCalledOnce();
    await expect(args.onCancel).not.toHaveBeenCalled();
  },
};

export const ConfirmDeleteImage: Story = {
  args: { title: 'Delete Image', message: 'Are you sure you want to delete this image?' },
  play: async ({ args }) => {
    const confirm = await dialog('Delete Image');
    await expect(confirm).toHaveAccessibleDescription('Are you sure you want to delete this image?');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await expect(args.onConfirm).toHaveBeenCalledOnce();
  },
};

export const Cancel: Story = {
  play: async ({ args }) => {
    const confirm = await dialog('Delete Event');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await expect(args.onCancel).toHaveBeenCalledOnce();
    await expect(args.onConfirm).not.toHaveBeenCalled();
  },
};

export const EscapeCancels: Story = {
  play: async ({ args }) => {
    await dialog('Delete Event');
    await userEvent.keyboard('{Escape}');
    await expect(args.onCancel).toHaveBeenCalledOnce();
    await expect(args.onConfirm).not.toHaveBeenCalled();
  },
};

/** While deleting: 'Deleting...', nothing can be clicked twice, Escape does not cancel. */
export const Busy: Story = {
  args: { busy: true },
  play: async ({ args }) => {
    const confirm = await dialog('Delete Event');
    await expect(within(confirm).getByRole('button', { name: 'Deleting...' })).toBeDisabled();
    await expect(within(confirm).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    await expect(args.onCancel).not.toHaveBeenCalled();
  },
};

export const Closed: Story = {
  args: { open: false },
  play: async () => {
    await expect(body.queryByRole('dialog')).toBeNull();
  },
};
