import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ChangeAmountDialog } from '@charity/ui';
import { componentDocs } from './support/docs';

const meta = {
  title: 'Donation/Monthly gift/ChangeAmountDialog',
  component: ChangeAmountDialog,
  parameters: {
    docs: componentDocs({
      summary:
        "The donor changes a monthly gift's amount. Checked in the browser with the domain's monthlyAmountProblem (two decimals at most, the country's minimum, the currency's largest) before anything is sent.",
      usage: `<ChangeAmountDialog open={open} onOpenChange={setOpen} currency={gift.currency} currentAmount={gift.amount}
  countryCode={gift.donor_country_code} busy={saving} error={serverError} onSubmit={changeAmount} />`,
      a11y: [
        "A modal dialog labelled by its title and described by its sentence; the field is labelled 'New monthly amount' and its hint gives the current amount.",
        'A problem is tied to the field (`aria-invalid`, `aria-describedby`), announced politely, and focus returns to the field; the server\'s refusal is a `role="alert"`.',
      ],
    }),
  },
  args: {
    open: true,
    onOpenChange: fn(),
    currency: 'INR',
    currentAmount: 1000,
    countryCode: 'IN',
    busy: false,
    error: null,
    onSubmit: fn(),
  },
} satisfies Meta<typeof ChangeAmountDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

const body = within(document.body);
type Scope = ReturnType<typeof within>;

async function dialog(): Promise<Scope> {
  const found = await body.findByRole('dialog', { name: 'Change your monthly amount' });
  await waitFor(() => expect(found).toBeVisible());
  return within(found);
}

/** Types `amount`, presses 'Change amount', and checks the field shows `message` and tells assistive technology. */
async function expectRefused(d: Scope, amount: string, message: string) {
  const field = d.getByRole('spinbutton', { name: 'New monthly amount' });
  await userEvent.clear(field);
  await userEvent.type(field, amount);
  await userEvent.click(d.getByRole('button', { name: 'Change amount' }));
  await expect(d.getByText(message)).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(`In INR. Your gift is now ₹1,000 a month. ${message}`);
  await expect(field).toHaveFocus();
}

export const Open: Story = {
  play: async ({ args }) => {
    const d = await dialog();
    await expect(body.getByRole('dialog')).toHaveAccessibleDescription('The new amount is charged from your next payment.');
    const field = d.getByRole('spinbutton', { name: 'New monthly amount' });
    await expect(field).toHaveValue(null);
    await expect(field).not.toHaveAttribute('aria-invalid');
    await expect(field).toHaveAccessibleDescription('In INR. Your gift is now ₹1,000 a month.');
    await waitFor(() => expect(field).toHaveFocus());
    await expect(d.getByRole('button', { name: 'Keep current amount' })).toBeEnabled();
    await expect(d.getByRole('button', { name: 'Change amount' })).toBeEnabled();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** A valid new amount is handed over as a number; Enter in the field submits too. */
export const Submit: Story = {
  play: async ({ args }) => {
    const d = await dialog();
    const field = d.getByRole('spinbutton', { name: 'New monthly amount' });
    await userEvent.type(field, '1500');
    await userEvent.click(d.getByRole('button', { name: 'Change amount' }));
    await expect(args.onSubmit).toHaveBeenCalledOnce();
    await expect(args.onSubmit).toHaveBeenCalledWith(1500);
    await userEvent.clear(field);
    await userEvent.type(field, '2500.50{Enter}');
    await expect(args.onSubmit).toHaveBeenLastCalledWith(2500.5);
    await expect(field).not.toHaveAttribute('aria-invalid');
  },
};

/** Below India's minimum: the wizard's own sentence, under the field, and nothing is sent. */
export const Invalid: Story = {
  play: async ({ args }) => {
    const d = await dialog();
    await expectRefused(d, '20', 'Minimum donation amount is ₹50');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const TooManyDecimals: Story = {
  play: async ({ args }) => {
    const d = await dialog();
    await expectRefused(d, '75.125', 'Please enter an amount with at most two decimal places.');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const TooLarge: Story = {
  play: async ({ args }) => {
    const d = await dialog();
    await expectRefused(
      d,
      '600000',
      'The largest donation we can accept online is ₹5,00,000. Please contact us at contact@brightbeginnings.org.in for larger gifts.',
    );
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** The amount the gift already has: refused in the browser with the server's own sentence. */
export const SameAmount: Story = {
  play: async ({ args }) => {
    const d = await dialog();
    await expectRefused(d, '1000', 'That is already the amount of your monthly gift.');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** Editing the field clears its message. */
export const ProblemClearsOnEdit: Story = {
  play: async ({ args }) => {
    const d = await dialog();
    await expectRefused(d, '20', 'Minimum donation amount is ₹50');
    const field = d.getByRole('spinbutton', { name: 'New monthly amount' });
    await userEvent.type(field, '0');
    await expect(d.queryByText('Minimum donation amount is ₹50')).toBeNull();
    await expect(field).not.toHaveAttribute('aria-invalid');
    await expect(field).toHaveValue(200);
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** A dollar gift: the US minimum and the dollar ceiling. */
export const Dollars: Story = {
  args: { currency: 'USD', currentAmount: 25, countryCode: 'US' },
  play: async ({ args }) => {
    const d = await dialog();
    const field = d.getByRole('spinbutton', { name: 'New monthly amount' });
    await expect(field).toHaveAccessibleDescription('In USD. Your gift is now $25 a month.');
    await userEvent.type(field, '0.5');
    await userEvent.click(d.getByRole('button', { name: 'Change amount' }));
    await expect(d.getByText('Minimum donation amount is $1')).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await userEvent.clear(field);
    await userEvent.type(field, '40');
    await userEvent.click(d.getByRole('button', { name: 'Change amount' }));
    await expect(args.onSubmit).toHaveBeenCalledOnce();
    await expect(args.onSubmit).toHaveBeenCalledWith(40);
  },
};

/** The server refused: its sentence in an alert above the field. */
export const ServerError: Story = {
  args: { error: 'This monthly gift has ended, so it cannot be changed.' },
  play: async () => {
    const d = await dialog();
    await expect(d.getByRole('alert')).toHaveTextContent('This monthly gift has ended, so it cannot be changed.');
  },
};

/** Saving: 'Changing...' on a busy button; nothing can be pressed and Escape does not close. */
export const Busy: Story = {
  args: { busy: true },
  play: async ({ args }) => {
    const d = await dialog();
    const busy = d.getByRole('button', { name: 'Changing...' });
    await expect(busy).toBeDisabled();
    await expect(busy).toHaveAttribute('aria-busy', 'true');
    await expect(d.getByRole('button', { name: 'Keep current amount' })).toBeDisabled();
    await expect(d.getByRole('spinbutton', { name: 'New monthly amount' })).toHaveAttribute('readonly');
    await userEvent.keyboard('{Escape}');
    await expect(args.onOpenChange).not.toHaveBeenCalled();
    await expect(body.getByRole('dialog')).toBeVisible();
  },
};

/** 'Keep current amount' and Escape close without sending anything. */
export const KeepCurrentAmount: Story = {
  play: async ({ args }) => {
    const d = await dialog();
    await userEvent.click(d.getByRole('button', { name: 'Keep current amount' }));
    await expect(args.onOpenChange).toHaveBeenCalledOnce();
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
    await userEvent.keyboard('{Escape}');
    await expect(args.onOpenChange).toHaveBeenCalledTimes(2);
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const Closed: Story = {
  // Renders nothing (the dialog is closed): an empty frame has nothing to compare, so no screenshot.
  tags: ['!visual'],
  args: { open: false },
  play: async () => {
    await expect(body.queryByRole('dialog')).toBeNull();
  },
};
