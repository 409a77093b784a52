import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { TAX_YEAR_MESSAGES } from '@charity/domain';
import { AddPanDialog } from '@charity/ui';
import { componentDocs } from './support/docs';
import { PRIYA } from './support/tax-year-fixtures';

const meta = {
  title: 'Admin/Tax year/AddPanDialog',
  component: AddPanDialog,
  parameters: {
    docs: componentDocs({
      summary:
        "Staff record the PAN a donor listed without one sent them, from 'Add PAN' in the donors table of /admin/tax-year. The PAN is checked with the domain's isValidPan (trimmed, uppercased) before anything is sent; the page records it on the donor's donations of the year, and Form 10BD then reports them. The API's refusal is shown inside the dialog.",
      usage: `<AddPanDialog open donor={donor} financialYear="2026-27" saving={saving} error={panError}
  onSave={(pan) => savePan(donor.email, pan)} onOpenChange={setOpen} />`,
      a11y: [
        "A modal dialog labelled by its title ('Add PAN for Priya Nair') and described by what saving does; focus starts in the PAN field.",
        "The field is labelled 'PAN' and described by its hint; a PAN that is not one is said under it (`aria-invalid`, `aria-describedby`, announced politely) and focus goes back to it.",
        'The API\'s refusal is a `role="alert"` inside the dialog. While saving the button reads \'Saving...\' (busy), the field turns read-only and Escape does not close.',
      ],
    }),
  },
  args: {
    open: true,
    donor: PRIYA,
    financialYear: '2026-27',
    saving: false,
    error: null,
    onSave: fn(),
    onOpenChange: fn(),
  },
} satisfies Meta<typeof AddPanDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

const body = within(document.body);
type Scope = ReturnType<typeof within>;

async function dialog(name = 'Add PAN for Priya Nair'): Promise<Scope> {
  const found = await body.findByRole('dialog', { name });
  await waitFor(() => expect(found).toBeVisible());
  return within(found);
}

const DESCRIPTION = 'For the donations of 2026-27 from priya.nair@example.org, so Form 10BD reports them. Receipts already issued do not change.';

/** As it opens: the field focused and required, its hint, no message. */
export const Empty: Story = {
  play: async () => {
    const d = await dialog();
    await expect(body.getByRole('dialog')).toHaveAccessibleDescription(DESCRIPTION);
    const pan = d.getByRole('textbox', { name: 'PAN' });
    await waitFor(() => expect(pan).toHaveFocus());
    await expect(pan).toBeRequired();
    await expect(pan).toHaveAccessibleDescription('Ten characters, e.g. ABCDE1234F');
    await expect(d.queryByRole('alert')).toBeNull();
  },
};

/** Typed as the donor's mail gave it (lower case, spaces around): sent trimmed and in capitals. */
export const EmptyThenSave: Story = {
  name: 'Empty → Save',
  tags: ['!visual'], // Ends with a PAN typed and sent, as Keyboard does: Empty shows the dialog as it opens.
  play: async (context) => {
    await Empty.play?.(context);
    const { args } = context;
    const d = await dialog();
    const pan = d.getByRole('textbox', { name: 'PAN' });
    await userEvent.type(pan, ' abcpn1234q ');
    await expect(pan).toHaveValue(' ABCPN1234Q ');
    await userEvent.click(d.getByRole('button', { name: 'Save PAN' }));
    await expect(args.onSave).toHaveBeenCalledOnce();
    await expect(args.onSave).toHaveBeenCalledWith('ABCPN1234Q');
    await expect(pan).not.toHaveAttribute('aria-invalid');
  },
};

/** Nothing typed, then nine characters: the donation form's sentence under the field, focus on it, nothing sent. */
export const InvalidPan: Story = {
  play: async ({ args }) => {
    const d = await dialog();
    const pan = d.getByRole('textbox', { name: 'PAN' });
    await waitFor(() => expect(pan).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await expect(d.getByText('Please enter a valid PAN (e.g., ABCDE1234F)')).toBeVisible();
    await expect(pan).toHaveAttribute('aria-invalid', 'true');
    // Typing clears the message until the next try.
    await userEvent.type(pan, 'abcpn1234');
    await expect(pan).not.toHaveAttribute('aria-invalid');
    await userEvent.click(d.getByRole('button', { name: 'Save PAN' }));
    await expect(pan).toHaveAttribute('aria-invalid', 'true');
    await expect(pan).toHaveAccessibleDescription('Ten characters, e.g. ABCDE1234F Please enter a valid PAN (e.g., ABCDE1234F)');
    await expect(d.getByText('Please enter a valid PAN (e.g., ABCDE1234F)')).toBeVisible();
    await expect(pan).toHaveFocus();
    await expect(pan).toHaveValue('ABCPN1234');
    await expect(args.onSave).not.toHaveBeenCalled();
  },
};

/** The keyboard alone: the PAN typed into the field that has focus, Enter sends. */
export const Keyboard: Story = {
  play: async ({ args }) => {
    const d = await dialog();
    await waitFor(() => expect(d.getByRole('textbox', { name: 'PAN' })).toHaveFocus());
    await userEvent.keyboard('AFZPS7788Q{Enter}');
    await expect(args.onSave).toHaveBeenCalledOnce();
    await expect(args.onSave).toHaveBeenCalledWith('AFZPS7788Q');
  },
};

/** Saving: 'Saving...' on a busy button; the field is read-only, Cancel waits and Escape does not close. */
export const Saving: Story = {
  args: { saving: true },
  play: async ({ args }) => {
    const d = await dialog();
    const busy = d.getByRole('button', { name: 'Saving...' });
    await expect(busy).toBeDisabled();
    await expect(busy).toHaveAttribute('aria-busy', 'true');
    await expect(d.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await expect(d.getByRole('textbox', { name: 'PAN' })).toHaveAttribute('readonly');
    await userEvent.keyboard('{Escape}');
    await expect(args.onOpenChange).not.toHaveBeenCalled();
    await expect(body.getByRole('dialog')).toBeVisible();
  },
};

/** The API refused (the donor has no eligible gift this year any more): its sentence in an alert; the form stays. */
export const ServerRefused: Story = {
  args: { error: TAX_YEAR_MESSAGES.donorNotFound },
  play: async () => {
    const d = await dialog();
    await expect(d.getByRole('alert')).toHaveTextContent('No donor with this email address made a donation eligible under 80G in this financial year.');
    await expect(d.getByRole('button', { name: 'Save PAN' })).toBeEnabled();
  },
};

/** 'Cancel' and Escape close without sending anything. */
export const Cancel: Story = {
  play: async ({ args }) => {
    const d = await dialog();
    await userEvent.type(d.getByRole('textbox', { name: 'PAN' }), 'ABCPN1234Q');
    await userEvent.click(d.getByRole('button', { name: 'Cancel' }));
    await expect(args.onOpenChange).toHaveBeenCalledOnce();
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
    await userEvent.keyboard('{Escape}');
    await expect(args.onOpenChange).toHaveBeenCalledTimes(2);
    await expect(args.onSave).not.toHaveBeenCalled();
  },
};

/** A donor who gave no name is named by their address. */
export const DonorWithoutName: Story = {
  tags: ['!visual'], // The same dialog as Empty with another title: the play function checks the words.
  args: { donor: { name: '', email: 'anon@example.org' } },
  play: async () => {
    await dialog('Add PAN for anon@example.org');
  },
};

/** At 375 px the dialog and its buttons fit without scrolling sideways. */
export const Phone: Story = {
  globals: { viewport: { value: 'mobile2', isRotated: false } },
  play: async () => {
    const found = await body.findByRole('dialog', { name: 'Add PAN for Priya Nair' });
    await waitFor(() => expect(found).toBeVisible());
    await expect(found.getBoundingClientRect().width).toBeLessThanOrEqual(window.innerWidth);
    await expect(found.scrollWidth).toBeLessThanOrEqual(found.clientWidth);
  },
};
