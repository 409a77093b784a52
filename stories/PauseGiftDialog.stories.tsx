import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { PauseGiftDialog } from '@charity/ui';
import { componentDocs } from './support/docs';

const meta = {
  title: 'Donation/Monthly gift/PauseGiftDialog',
  component: PauseGiftDialog,
  parameters: {
    docs: componentDocs({
      summary: "The donor pauses an active monthly gift for 1, 2 or 3 months (the domain's PAUSE_MONTHS).",
      usage: `<PauseGiftDialog open={open} onOpenChange={setOpen} busy={saving} error={serverError} onSubmit={pause} />`,
      a11y: [
        "Real radio buttons in a radio group named 'Pause for' (arrow keys move between them); none is chosen at first.",
        "'Pause gift' without a choice marks the group invalid, describes it with the message and moves focus to the first choice; the server's refusal is a `role=\"alert\"`.",
      ],
    }),
  },
  args: { open: true, onOpenChange: fn(), busy: false, error: null, onSubmit: fn() },
} satisfies Meta<typeof PauseGiftDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

const body = within(document.body);
type Scope = ReturnType<typeof within>;

async function dialog(): Promise<Scope> {
  const found = await body.findByRole('dialog', { name: 'Pause your monthly gift' });
  await waitFor(() => expect(found).toBeVisible());
  return within(found);
}

export const Open: Story = {
  play: async ({ args }) => {
    const d = await dialog();
    await expect(body.getByRole('dialog')).toHaveAccessibleDescription(
      'Nothing is charged while your gift is paused. It starts again by itself when the pause ends.',
    );
    const group = d.getByRole('radiogroup', { name: 'Pause for' });
    const choices = within(group).getAllByRole('radio');
    await expect(choices.map((radio) => radio.closest('label')?.textContent)).toEqual(['1 month', '2 months', '3 months']);
    for (const radio of choices) await expect(radio).not.toBeChecked();
    await expect(group).not.toHaveAttribute('aria-invalid');
    await expect(d.getByRole('button', { name: 'Pause gift' })).toBeEnabled();
    await expect(d.getByRole('button', { name: 'Keep my gift going' })).toBeEnabled();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** Two months, chosen with the mouse; then three with the arrow key. The number is handed over. */
export const ChooseAndPause: Story = {
  play: async ({ args }) => {
    const d = await dialog();
    await userEvent.click(d.getByRole('radio', { name: '2 months' }));
    await expect(d.getByRole('radio', { name: '2 months' })).toBeChecked();
    await userEvent.click(d.getByRole('button', { name: 'Pause gift' }));
    await expect(args.onSubmit).toHaveBeenCalledOnce();
    await expect(args.onSubmit).toHaveBeenCalledWith(2);
    d.getByRole('radio', { name: '2 months' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(d.getByRole('radio', { name: '3 months' })).toBeChecked();
    await userEvent.click(d.getByRole('button', { name: 'Pause gift' }));
    await expect(args.onSubmit).toHaveBeenLastCalledWith(3);
  },
};

/** 'Pause gift' with nothing chosen: the domain's sentence, tied to the group; nothing is sent. */
export const Invalid: Story = {
  play: async ({ args }) => {
    const d = await dialog();
    await userEvent.click(d.getByRole('button', { name: 'Pause gift' }));
    const group = d.getByRole('radiogroup', { name: 'Pause for' });
    await expect(d.getByText('Choose a pause of 1, 2 or 3 months.')).toBeVisible();
    await expect(group).toHaveAttribute('aria-invalid', 'true');
    await expect(group).toHaveAccessibleDescription('Choose a pause of 1, 2 or 3 months.');
    await expect(d.getByRole('radio', { name: '1 month' })).toHaveFocus();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const ServerError: Story = {
  args: { error: 'Only an active monthly gift can be paused.' },
  play: async () => {
    const d = await dialog();
    await expect(d.getByRole('alert')).toHaveTextContent('Only an active monthly gift can be paused.');
  },
};

/** Saving: 'Pausing...'; nothing can be pressed and Escape does not close. */
export const Busy: Story = {
  args: { busy: true },
  play: async ({ args }) => {
    const d = await dialog();
    await expect(d.getByRole('button', { name: 'Pausing...' })).toBeDisabled();
    await expect(d.getByRole('button', { name: 'Keep my gift going' })).toBeDisabled();
    for (const radio of d.getAllByRole('radio')) await expect(radio).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    await expect(args.onOpenChange).not.toHaveBeenCalled();
  },
};

export const KeepGoing: Story = {
  play: async ({ args }) => {
    const d = await dialog();
    await userEvent.click(d.getByRole('button', { name: 'Keep my gift going' }));
    await expect(args.onOpenChange).toHaveBeenCalledOnce();
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};
