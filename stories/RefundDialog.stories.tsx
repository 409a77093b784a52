import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { REFUND_MESSAGES } from '@charity/domain';
import { RefundDialog } from '@charity/ui';
import { PARTLY_REFUNDED_DETAIL, REFUNDABLE_DETAIL } from './support/admin-fixtures-records';
import { componentDocs } from './support/docs';

const meta = {
  title: 'Admin/Donations/RefundDialog',
  component: RefundDialog,
  parameters: {
    docs: componentDocs({
      summary:
        "Staff refund a donation from its detail: all that is left of it or a part, with a reason kept for staff. The request is checked with the domain's parseRefundAmount and refundRequestError before anything is sent; the API's refusal is shown inside the dialog.",
      usage: `<RefundDialog open={open} donation={detail} submitting={refunding} error={refundError}
  onSubmit={({ amount_minor, reason }) => refund(detail.id, amount_minor, reason)} onOpenChange={setOpen} />`,
      a11y: [
        "A modal dialog labelled by its title ('Refund donation #45 from Meera Iyer') and described by what is left to refund.",
        "'Full refund' and 'Part of it' are real radio buttons in a labelled group (arrow keys move between them); the amount field is labelled with the currency.",
        'Each problem sits under its field (`aria-invalid`, `aria-describedby`, announced politely) and focus moves to the first field in error; the API\'s refusal is a `role="alert"`.',
        'While the refund is sent the button reads \'Refunding...\' (busy), the fields turn read-only and Escape does not close; a click outside never closes it (a reason half written is kept).',
      ],
    }),
  },
  args: {
    open: true,
    donation: REFUNDABLE_DETAIL,
    submitting: false,
    error: null,
    onSubmit: fn(),
    onOpenChange: fn(),
  },
} satisfies Meta<typeof RefundDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

const body = within(document.body);
type Scope = ReturnType<typeof within>;

async function dialog(name = 'Refund donation #45 from Meera Iyer'): Promise<Scope> {
  const found = await body.findByRole('dialog', { name });
  await waitFor(() => expect(found).toBeVisible());
  return within(found);
}

const REASON_HINT_FULL = 'Kept for staff. The donor is mailed a cancellation note for receipt RCP-2026-000045.';
const REASON_HINT_PART = 'Kept for staff. The donor is mailed a credit note for receipt RCP-2026-000045.';

/** Opens as a full refund of all that is left: the button names the amount; a reason is all it needs. */
export const FullRefund: Story = {
  play: async ({ args }) => {
    const d = await dialog();
    await expect(body.getByRole('dialog')).toHaveAccessibleDescription('Left to refund: ₹1,500 of ₹1,500');
    await expect(d.getByText('Left to refund: ₹1,500 of ₹1,500')).toBeVisible();
    const group = d.getByRole('radiogroup', { name: 'How much to refund' });
    await expect(within(group).getByRole('radio', { name: 'Full refund' })).toBeChecked();
    await expect(within(group).getByRole('radio', { name: 'Part of it' })).not.toBeChecked();
    await expect(d.queryByRole('textbox', { name: /Amount to refund/ })).toBeNull();
    const reason = d.getByRole('textbox', { name: 'Reason' });
    await expect(reason).toBeRequired();
    await expect(reason).toHaveAccessibleDescription(REASON_HINT_FULL);
    await expect(d.getByRole('button', { name: 'Cancel' })).toBeEnabled();

    await userEvent.type(reason, '  Donor asked for the gift back  ');
    await userEvent.click(d.getByRole('button', { name: 'Refund ₹1,500' }));
    await expect(args.onSubmit).toHaveBeenCalledOnce();
    await expect(args.onSubmit).toHaveBeenCalledWith({ amount_minor: 150000, reason: 'Donor asked for the gift back' });
    await expect(d.queryByRole('alert')).toBeNull();
  },
};

/** Part of it: the amount, labelled with the currency, is read as typed ('500', '1,000.50', '₹ 200'). */
export const PartRefund: Story = {
  play: async ({ args }) => {
    const d = await dialog();
    await userEvent.click(d.getByRole('radio', { name: 'Part of it' }));
    const amount = d.getByRole('textbox', { name: 'Amount to refund (INR)' });
    await expect(amount).toHaveAccessibleDescription('At most ₹1,500.');
    await expect(amount).toBeRequired();
    await expect(d.getByRole('button', { name: 'Refund' })).toBeEnabled();
    const reason = d.getByRole('textbox', { name: 'Reason' });
    await userEvent.type(reason, 'Duplicate gift');
    // Grouping, paise and a symbol are all understood; Enter in the amount sends.
    await userEvent.type(amount, '₹ 1,000.50{Enter}');
    await expect(args.onSubmit).toHaveBeenCalledOnce();
    await expect(args.onSubmit).toHaveBeenCalledWith({ amount_minor: 100050, reason: 'Duplicate gift' });

    await userEvent.clear(amount);
    await userEvent.type(amount, '500');
    await expect(reason).toHaveAccessibleDescription(REASON_HINT_PART);
    await userEvent.click(d.getByRole('button', { name: 'Refund ₹500' }));
    await expect(args.onSubmit).toHaveBeenCalledTimes(2);
    await expect(args.onSubmit).toHaveBeenLastCalledWith({ amount_minor: 50000, reason: 'Duplicate gift' });
  },
};

/** Part of it, for the whole remainder: that refund would cancel the receipt, and the hint says so. */
export const PartForAllThatIsLeft: Story = {
  play: async ({ args }) => {
    const d = await dialog();
    await userEvent.click(d.getByRole('radio', { name: 'Part of it' }));
    await userEvent.type(d.getByRole('textbox', { name: 'Amount to refund (INR)' }), '1500');
    await expect(d.getByRole('textbox', { name: 'Reason' })).toHaveAccessibleDescription(REASON_HINT_FULL);
    await expect(d.getByRole('button', { name: 'Refund ₹1,500' })).toBeEnabled();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** Nothing typed: each field says what is missing, focus goes to the first, and nothing is sent. */
export const ValidationErrors: Story = {
  play: async ({ args }) => {
    const d = await dialog();
    await userEvent.click(d.getByRole('radio', { name: 'Part of it' }));
    await userEvent.click(d.getByRole('button', { name: 'Refund' }));
    const amount = d.getByRole('textbox', { name: 'Amount to refund (INR)' });
    const reason = d.getByRole('textbox', { name: 'Reason' });
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    await expect(amount).toHaveAccessibleDescription(`At most ₹1,500. ${REFUND_MESSAGES.amountRequired}`);
    await expect(d.getByText('Enter the amount to refund.')).toBeVisible();
    await expect(reason).toHaveAttribute('aria-invalid', 'true');
    await expect(reason).toHaveAccessibleDescription(`${REASON_HINT_PART} Enter the reason for the refund.`);
    await expect(amount).toHaveFocus();
    await expect(args.onSubmit).not.toHaveBeenCalled();

    // Not an amount: the domain's sentence.
    await userEvent.type(amount, '12.345');
    await expect(amount).not.toHaveAttribute('aria-invalid');
    await userEvent.click(d.getByRole('button', { name: 'Refund' }));
    await expect(d.getByText('Enter an amount greater than zero, in the donation’s currency.')).toBeVisible();
    await expect(amount).toHaveFocus();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** More than is left: refused in the browser with the API's own sentence, naming the remainder. */
export const AmountAboveRemainder: Story = {
  play: async ({ args }) => {
    const d = await dialog();
    await userEvent.click(d.getByRole('radio', { name: 'Part of it' }));
    const amount = d.getByRole('textbox', { name: 'Amount to refund (INR)' });
    await userEvent.type(amount, '2000');
    await userEvent.type(d.getByRole('textbox', { name: 'Reason' }), 'Duplicate gift');
    await userEvent.click(d.getByRole('button', { name: 'Refund ₹2,000' }));
    const message = 'A refund cannot be more than what is left of the donation: ₹1,500.';
    await expect(message).toBe(REFUND_MESSAGES.amountAboveRemainder('₹1,500'));
    await expect(d.getByText(message)).toBeVisible();
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    await expect(amount).toHaveAccessibleDescription(`At most ₹1,500. ${message}`);
    await expect(amount).toHaveFocus();
    await expect(d.getByRole('textbox', { name: 'Reason' })).not.toHaveAttribute('aria-invalid');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** Editing the amount clears its message. */
export const AmountAboveRemainderThenEdited: Story = {
  name: 'Amount Above Remainder → Edited',
  tags: ['!visual'], // Ends with the amount emptied, no message: AmountAboveRemainder shows the refusal.
  play: async (context) => {
    await AmountAboveRemainder.play?.(context);
    const d = await dialog();
    const amount = d.getByRole('textbox', { name: 'Amount to refund (INR)' });
    const message = REFUND_MESSAGES.amountAboveRemainder('₹1,500');
    await userEvent.clear(amount);
    await expect(d.queryByText(message)).toBeNull();
    await expect(amount).not.toHaveAttribute('aria-invalid');
  },
};

/** A full refund without a reason (or too short a one): the reason takes focus. */
export const ReasonMissing: Story = {
  play: async ({ args }) => {
    const d = await dialog();
    await userEvent.click(d.getByRole('button', { name: 'Refund ₹1,500' }));
    const reason = d.getByRole('textbox', { name: 'Reason' });
    await expect(reason).toHaveAttribute('aria-invalid', 'true');
    await expect(reason).toHaveAccessibleDescription(`${REASON_HINT_FULL} ${REFUND_MESSAGES.reasonRequired}`);
    await expect(reason).toHaveFocus();
    await userEvent.type(reason, 'no');
    await expect(reason).not.toHaveAttribute('aria-invalid');
    await userEvent.click(d.getByRole('button', { name: 'Refund ₹1,500' }));
    await expect(d.getByText('The reason must be at least 3 characters.')).toBeVisible();
    await expect(reason).toHaveFocus();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** Sending: 'Refunding...' on a busy button; nothing can be pressed or changed and Escape does not close. */
export const Submitting: Story = {
  args: { submitting: true },
  play: async ({ args }) => {
    const d = await dialog();
    const busy = d.getByRole('button', { name: 'Refunding...' });
    await expect(busy).toBeDisabled();
    await expect(busy).toHaveAttribute('aria-busy', 'true');
    await expect(d.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await expect(d.getByRole('radio', { name: 'Part of it' })).toBeDisabled();
    await expect(d.getByRole('textbox', { name: 'Reason' })).toHaveAttribute('readonly');
    await userEvent.keyboard('{Escape}');
    await expect(args.onOpenChange).not.toHaveBeenCalled();
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await expect(body.getByRole('dialog')).toBeVisible();
  },
};

/** The provider refused: the API's sentence in an alert; the form is still there to try again or cancel. */
export const ProviderRefused: Story = {
  args: { error: REFUND_MESSAGES.providerRefused },
  play: async () => {
    const d = await dialog();
    await expect(d.getByRole('alert')).toHaveTextContent('The payment provider refused the refund. Nothing was refunded.');
    await expect(d.getByRole('button', { name: 'Refund ₹1,500' })).toBeEnabled();
  },
};

/** ₹500 already went back: what is left is ₹1,000, and the full refund is of that (a cancellation note). */
export const AlreadyPartlyRefunded: Story = {
  args: { donation: PARTLY_REFUNDED_DETAIL },
  play: async ({ args }) => {
    const d = await dialog();
    await expect(body.getByRole('dialog')).toHaveAccessibleDescription('Left to refund: ₹1,000 of ₹1,500');
    await userEvent.click(d.getByRole('radio', { name: 'Part of it' }));
    const amount = d.getByRole('textbox', { name: 'Amount to refund (INR)' });
    await expect(amount).toHaveAccessibleDescription('At most ₹1,000.');
    await userEvent.type(amount, '1000.01');
    await userEvent.type(d.getByRole('textbox', { name: 'Reason' }), 'Second duplicate');
    await userEvent.click(d.getByRole('button', { name: 'Refund ₹1,000.01' }));
    await expect(d.getByText('A refund cannot be more than what is left of the donation: ₹1,000.')).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();

    await userEvent.click(d.getByRole('radio', { name: 'Full refund' }));
    await expect(d.queryByRole('textbox', { name: 'Amount to refund (INR)' })).toBeNull();
    await userEvent.click(d.getByRole('button', { name: 'Refund ₹1,000' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({ amount_minor: 100000, reason: 'Second duplicate' });
  },
};

/** The keyboard alone: arrow keys choose 'Part of it', Tab reaches the amount and the reason, Enter sends. */
export const Keyboard: Story = {
  play: async ({ args }) => {
    const d = await dialog();
    const full = d.getByRole('radio', { name: 'Full refund' });
    await waitFor(() => expect(full).toHaveFocus());
    await userEvent.keyboard('{ArrowRight}');
    await expect(d.getByRole('radio', { name: 'Part of it' })).toBeChecked();
    await userEvent.tab();
    await expect(d.getByRole('textbox', { name: 'Amount to refund (INR)' })).toHaveFocus();
    await userEvent.keyboard('250');
    await userEvent.tab();
    await expect(d.getByRole('textbox', { name: 'Reason' })).toHaveFocus();
    await userEvent.keyboard('Duplicate gift');
    await userEvent.tab();
    await expect(d.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.tab();
    await expect(d.getByRole('button', { name: 'Refund ₹250' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onSubmit).toHaveBeenCalledWith({ amount_minor: 25000, reason: 'Duplicate gift' });
  },
};

/** 'Cancel' and Escape close without sending anything. */
export const Cancel: Story = {
  play: async ({ args }) => {
    const d = await dialog();
    await userEvent.click(d.getByRole('button', { name: 'Cancel' }));
    await expect(args.onOpenChange).toHaveBeenCalledOnce();
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
    await userEvent.keyboard('{Escape}');
    await expect(args.onOpenChange).toHaveBeenCalledTimes(2);
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** A dollar gift without a name or receipt: the field is labelled with its currency and cents are its minor unit. */
export const Dollars: Story = {
  args: {
    donation: { ...REFUNDABLE_DETAIL, currency: 'USD', amount_minor: 5000, donor_name: null, receipt_number: null },
  },
  play: async ({ args }) => {
    const d = await dialog('Refund donation #45');
    await expect(body.getByRole('dialog')).toHaveAccessibleDescription('Left to refund: $50 of $50');
    await expect(d.getByRole('textbox', { name: 'Reason' })).toHaveAccessibleDescription('Kept for staff. The donor is mailed a cancellation note.');
    await userEvent.click(d.getByRole('radio', { name: 'Part of it' }));
    await userEvent.type(d.getByRole('textbox', { name: 'Amount to refund (USD)' }), '12');
    await userEvent.type(d.getByRole('textbox', { name: 'Reason' }), 'Wrong amount');
    await userEvent.click(d.getByRole('button', { name: 'Refund $12' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({ amount_minor: 1200, reason: 'Wrong amount' });
  },
};

/** At 375 px the dialog, its choices and its buttons fit without scrolling sideways. */
export const Phone: Story = {
  globals: { viewport: { value: 'mobile2', isRotated: false } },
  play: async () => {
    const found = await body.findByRole('dialog', { name: 'Refund donation #45 from Meera Iyer' });
    await waitFor(() => expect(found).toBeVisible());
    await userEvent.click(within(found).getByRole('radio', { name: 'Part of it' }));
    await expect(found.getBoundingClientRect().width).toBeLessThanOrEqual(window.innerWidth);
    await expect(found.scrollWidth).toBeLessThanOrEqual(found.clientWidth);
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
