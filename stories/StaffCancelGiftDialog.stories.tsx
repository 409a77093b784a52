import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { StaffCancelGiftDialog } from '@charity/ui';
import { ADMIN_PAST_DUE } from './support/recurring-fixtures';
import { componentDocs } from './support/docs';

const meta = {
  title: 'Admin/Monthly gifts/StaffCancelGiftDialog',
  component: StaffCancelGiftDialog,
  parameters: {
    docs: componentDocs({
      summary: "Staff cancel a donor's monthly gift from the admin list: whose gift, what follows, an optional reason.",
      usage: `<StaffCancelGiftDialog gift={cancelling} busy={saving} error={serverError}
  onOpenChange={(open) => !open && setCancelling(null)} onConfirm={cancelGift} />`,
      a11y: [
        "A modal dialog named after the donor and described by its consequences; focus starts in the optional reason, so Enter cancels nothing.",
        "The server's refusal is a `role=\"alert\"`; while saving nothing can be pressed and Escape does not close.",
      ],
    }),
  },
  args: { gift: ADMIN_PAST_DUE, busy: false, error: null, onOpenChange: fn(), onConfirm: fn() },
} satisfies Meta<typeof StaffCancelGiftDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

const body = within(document.body);
type Scope = ReturnType<typeof within>;

async function dialog(): Promise<Scope> {
  const found = await body.findByRole('dialog', { name: 'Cancel the monthly gift of John Miller?' });
  await waitFor(() => expect(found).toBeVisible());
  return within(found);
}

export const Open: Story = {
  play: async ({ args }) => {
    const d = await dialog();
    await expect(body.getByRole('dialog')).toHaveAccessibleDescription('The donor is told by email. This cannot be undone.');
    await expect(d.getByText('john.miller@example.com · $25 / month')).toBeVisible();
    const reason = d.getByRole('textbox', { name: 'Reason (optional)' });
    await expect(reason).toHaveAttribute('maxlength', '500');
    await waitFor(() => expect(reason).toHaveFocus());
    await expect(d.getByRole('button', { name: 'Cancel gift' })).toHaveClass('cs-button--danger');
    await expect(d.getByRole('button', { name: 'Keep gift' })).toBeEnabled();
    // Nothing about the gift can be edited: the reason is the only field.
    await expect(d.getAllByRole('textbox')).toHaveLength(1);
    await expect(d.queryByRole('spinbutton')).toBeNull();
    await expect(args.onConfirm).not.toHaveBeenCalled();
  },
};

export const WithReason: Story = {
  play: async ({ args }) => {
    const d = await dialog();
    await userEvent.type(d.getByRole('textbox', { name: 'Reason (optional)' }), ' Donor asked by phone ');
    await userEvent.click(d.getByRole('button', { name: 'Cancel gift' }));
    await expect(args.onConfirm).toHaveBeenCalledOnce();
    await expect(args.onConfirm).toHaveBeenCalledWith('Donor asked by phone');
  },
};

export const WithoutReason: Story = {
  play: async ({ args }) => {
    const d = await dialog();
    await userEvent.click(d.getByRole('button', { name: 'Cancel gift' }));
    await expect(args.onConfirm).toHaveBeenCalledOnce();
    await expect(args.onConfirm).toHaveBeenCalledWith(null);
  },
};

export const ServerError: Story = {
  args: { error: 'This monthly gift is already cancelled.' },
  play: async () => {
    const d = await dialog();
    await expect(d.getByRole('alert')).toHaveTextContent('This monthly gift is already cancelled.');
  },
};

export const Busy: Story = {
  args: { busy: true },
  play: async ({ args }) => {
    const d = await dialog();
    await expect(d.getByRole('button', { name: 'Cancelling...' })).toBeDisabled();
    await expect(d.getByRole('button', { name: 'Keep gift' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    await expect(args.onOpenChange).not.toHaveBeenCalled();
    await expect(args.onConfirm).not.toHaveBeenCalled();
  },
};

/** 'Keep gift' and Escape ask to close. */
export const KeepGift: Story = {
  play: async ({ args }) => {
    const d = await dialog();
    await userEvent.click(d.getByRole('button', { name: 'Keep gift' }));
    await expect(args.onOpenChange).toHaveBeenCalledOnce();
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
    await userEvent.keyboard('{Escape}');
    await expect(args.onOpenChange).toHaveBeenCalledTimes(2);
    await expect(args.onConfirm).not.toHaveBeenCalled();
  },
};

/** No gift chosen: no dialog. */
export const Closed: Story = {
  // Renders nothing (the dialog is closed): an empty frame has nothing to compare, so no screenshot.
  tags: ['!visual'],
  args: { gift: null },
  play: async () => {
    await expect(body.queryByRole('dialog')).toBeNull();
  },
};
