import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { CancelGiftDialog } from '@charity/ui';
import { componentDocs } from './support/docs';

const meta = {
  title: 'Donation/Monthly gift/CancelGiftDialog',
  component: CancelGiftDialog,
  parameters: {
    docs: componentDocs({
      summary: 'The donor ends a monthly gift, with an optional reason.',
      usage: `<CancelGiftDialog open={open} onOpenChange={setOpen} busy={saving} error={serverError} onConfirm={cancel} />`,
      a11y: [
        'A modal dialog described by what happens; focus starts in the optional reason, where Enter adds a line, so no stray key cancels the gift.',
        "The server's refusal is a `role=\"alert\"`; while saving nothing can be pressed and Escape does not close.",
      ],
    }),
  },
  args: { open: true, onOpenChange: fn(), busy: false, error: null, onConfirm: fn() },
} satisfies Meta<typeof CancelGiftDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

const body = within(document.body);
type Scope = ReturnType<typeof within>;

async function dialog(): Promise<Scope> {
  const found = await body.findByRole('dialog', { name: 'Cancel your monthly gift?' });
  await waitFor(() => expect(found).toBeVisible());
  return within(found);
}

export const Open: Story = {
  play: async ({ args }) => {
    const d = await dialog();
    await expect(body.getByRole('dialog')).toHaveAccessibleDescription('Your monthly gift will stop. Nothing more will be charged.');
    const reason = d.getByRole('textbox', { name: 'Would you tell us why? (optional)' });
    await expect(reason).toHaveAttribute('maxlength', '500');
    await expect(reason).toHaveAccessibleDescription('Up to 500 characters.');
    await waitFor(() => expect(reason).toHaveFocus());
    await expect(d.getByRole('button', { name: 'Cancel my monthly gift' })).toHaveClass('cs-button--danger');
    await expect(d.getByRole('button', { name: 'Keep my gift' })).toBeEnabled();
    await expect(args.onConfirm).not.toHaveBeenCalled();
  },
};

/** The reason, trimmed; Enter in it adds a line and cancels nothing. */
export const WithReason: Story = {
  play: async ({ args }) => {
    const d = await dialog();
    const reason = d.getByRole('textbox', { name: 'Would you tell us why? (optional)' });
    await userEvent.type(reason, '  Moving abroad{Enter}');
    await expect(args.onConfirm).not.toHaveBeenCalled();
    await userEvent.type(reason, 'next month  ');
    await userEvent.click(d.getByRole('button', { name: 'Cancel my monthly gift' }));
    await expect(args.onConfirm).toHaveBeenCalledOnce();
    await expect(args.onConfirm).toHaveBeenCalledWith('Moving abroad\nnext month');
  },
};

/** No reason (or only spaces): null. */
export const WithoutReason: Story = {
  play: async ({ args }) => {
    const d = await dialog();
    await userEvent.type(d.getByRole('textbox', { name: 'Would you tell us why? (optional)' }), '   ');
    await userEvent.click(d.getByRole('button', { name: 'Cancel my monthly gift' }));
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
    await expect(d.getByRole('button', { name: 'Keep my gift' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    await expect(args.onOpenChange).not.toHaveBeenCalled();
    await expect(args.onConfirm).not.toHaveBeenCalled();
  },
};

export const KeepGift: Story = {
  play: async ({ args }) => {
    const d = await dialog();
    await userEvent.click(d.getByRole('button', { name: 'Keep my gift' }));
    await expect(args.onOpenChange).toHaveBeenCalledOnce();
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
    await expect(args.onConfirm).not.toHaveBeenCalled();
  },
};
