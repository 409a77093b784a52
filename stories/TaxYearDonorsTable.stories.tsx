import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { TAX_YEAR_MESSAGES, type TaxYearDonor } from '@charity/domain';
import { TaxDonorsTable } from '@charity/ui';
import { DESKTOP_1280, PHONE_375, fitsWindow } from './support/admin-fixtures-console';
import { componentDocs } from './support/docs';
import { ASHA, MEERA, PRIYA, RAHUL, TAX_YEAR_DONORS, VIKRAM } from './support/tax-year-fixtures';

const meta = {
  title: 'Admin/Tax year/TaxDonorsTable',
  component: TaxDonorsTable,
  parameters: {
    docs: componentDocs({
      summary:
        "The donors of a financial year on /admin/tax-year: PAN (or 'No PAN — ask the donor', highlighted), donations, net amount, where their annual statement and Form 10BE certificate stand, and their PDFs. 'Without PAN' narrows the list to the donors staff must chase; 'Add PAN' records the PAN one of them sent (AddPanDialog), and the dialog closes once the page gives that donor a PAN.",
      usage: `<TaxDonorsTable financialYear="2026-27" donors={summary.donors} busyEmail={downloading}
  onDownloadStatement={statementPdf} onDownloadCertificate={certificatePdf}
  onSavePan={savePan} savingPanEmail={savingPanEmail} panError={panError} onPanDialogClose={clearPanError} />`,
      a11y: [
        "'All donors' and 'Without PAN' are toggle buttons (`aria-pressed`) in a labelled group; 'Without PAN' is described by why those donors matter.",
        'The table is captioned with the year and scrolls sideways, when it must, inside a keyboard-focusable region of the same name; a missing value reads \'None\'.',
        "Each PDF button names its donor ('Statement (PDF) of Asha Rao'), and so does 'Add PAN for Priya Nair'.",
        "Once a PAN is recorded the dialog closes and focus goes to the donor's row (the 'Add PAN' button that opened it is gone).",
      ],
    }),
  },
  args: {
    financialYear: '2026-27',
    donors: TAX_YEAR_DONORS,
    busyEmail: null,
    onDownloadStatement: fn(),
    onDownloadCertificate: fn(),
    onSavePan: fn(),
    onPanDialogClose: fn(),
  },
} satisfies Meta<typeof TaxDonorsTable>;
export default meta;
type Story = StoryObj<typeof meta>;

type Scope = ReturnType<typeof within>;
const rowsOf = (canvas: Scope) => within(canvas.getByRole('table', { name: 'Donors of 2026-27' })).getAllByRole('row').slice(1);
const names = (canvas: Scope) => rowsOf(canvas).map((row) => row.querySelector('.cs-tax-donors__name')?.textContent);

/** Every donor, those without a PAN highlighted; only a donor with a certificate has 'Certificate (PDF)'. */
export const Default: Story = {
  ...DESKTOP_1280,
  play: async ({ canvas, args }) => {
    await expect(names(canvas)).toEqual(['Asha Rao', 'Rahul Mehta', 'Priya Nair', 'Vikram Singh', 'Meera Iyer']);
    await expect(canvas.getByRole('group', { name: 'Show donors' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'All donors (5)' })).toHaveAttribute('aria-pressed', 'true');
    await expect(rowsOf(canvas).filter((row) => row.classList.contains('cs-tax-donors__row--no-pan'))).toHaveLength(2);
    await expect(canvas.getAllByText('No PAN — ask the donor')).toHaveLength(2);
    await expect(canvas.queryByRole('button', { name: 'Certificate (PDF) of Vikram Singh' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Statement (PDF) of Vikram Singh' }));
    await expect(args.onDownloadStatement).toHaveBeenCalledOnce();
    await expect(args.onDownloadStatement).toHaveBeenCalledWith(VIKRAM);
    await userEvent.click(canvas.getByRole('button', { name: 'Certificate (PDF) of Rahul Mehta' }));
    await expect(args.onDownloadCertificate).toHaveBeenCalledOnce();
    await expect(args.onDownloadCertificate).toHaveBeenCalledWith(RAHUL);
  },
};

/** Opened on the donors without a PAN; 'All donors' shows everyone again. */
export const WithoutPan: Story = {
  ...DESKTOP_1280,
  args: { defaultFilter: 'without_pan' },
  play: async ({ canvas }) => {
    await expect(names(canvas)).toEqual(['Priya Nair', 'Meera Iyer']);
    await expect(canvas.getByRole('button', { name: 'Without PAN (2)' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(canvas.getByRole('button', { name: 'All donors (5)' }));
    await expect(names(canvas)).toHaveLength(5);
  },
};

/** Every donor gave a PAN: 'Without PAN' says so instead of an empty table. */
export const EveryDonorHasPan: Story = {
  ...DESKTOP_1280,
  args: { donors: [ASHA, RAHUL, VIKRAM], defaultFilter: 'without_pan' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Without PAN (0)' })).toHaveAttribute('aria-pressed', 'true');
    await expect(canvas.getByRole('heading', { name: 'Every donor of this year gave a PAN.' })).toBeVisible();
    await expect(canvas.queryByRole('table')).toBeNull();
  },
};

/** Priya Nair's statement is being fetched: her button waits, the others do not. */
export const BusyDonor: Story = {
  ...DESKTOP_1280,
  args: { busyEmail: PRIYA.email },
  play: async ({ canvas }) => {
    const priya = rowsOf(canvas)[2]!;
    await expect(priya).toHaveAttribute('aria-busy', 'true');
    await expect(within(priya).getByRole('button', { name: 'Statement (PDF) of Priya Nair' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Statement (PDF) of Asha Rao' })).toBeEnabled();
  },
};

const body = within(document.body);

/** A donor without a PAN has 'Add PAN': it opens the dialog, and the PAN typed comes out with their address. */
export const AddPan: Story = {
  ...DESKTOP_1280,
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('button', { name: 'Add PAN for Meera Iyer' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Add PAN for Asha Rao' })).toBeNull();
    await expect(canvas.getAllByRole('button', { name: /^Add PAN for / })).toHaveLength(2);
    await userEvent.click(canvas.getByRole('button', { name: 'Add PAN for Priya Nair' }));
    const dialog = await body.findByRole('dialog', { name: 'Add PAN for Priya Nair' });
    await waitFor(() => expect(dialog).toBeVisible());
    const pan = within(dialog).getByRole('textbox', { name: 'PAN' });
    await waitFor(() => expect(pan).toHaveFocus());
    await userEvent.type(pan, 'abcpn1234q');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save PAN' }));
    await expect(args.onSavePan).toHaveBeenCalledOnce();
    await expect(args.onSavePan).toHaveBeenCalledWith('priya.nair@example.org', 'ABCPN1234Q');
    await expect(args.onPanDialogClose).not.toHaveBeenCalled();
  },
};

/** The page records the PAN: the dialog closes, Priya's row shows it, and focus is on her row. */
export const PanRecorded: Story = {
  ...DESKTOP_1280,
  tags: ['!visual'], // The table as Default shows it with one more PAN: the play function checks the change and the focus.
  render: function Render(args) {
    const [donors, setDonors] = useState<readonly TaxYearDonor[]>(args.donors);
    return (
      <TaxDonorsTable
        {...args}
        donors={donors}
        onSavePan={(email, pan) => {
          args.onSavePan(email, pan);
          setDonors((list) => list.map((donor) => (donor.email === email ? { ...donor, pan } : donor)));
        }}
      />
    );
  },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Add PAN for Priya Nair' }));
    const dialog = await body.findByRole('dialog', { name: 'Add PAN for Priya Nair' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'PAN' }), 'ABCPN1234Q');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save PAN' }));
    await expect(args.onSavePan).toHaveBeenCalledOnce();
    await expect(args.onSavePan).toHaveBeenCalledWith('priya.nair@example.org', 'ABCPN1234Q');
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull());
    const priya = rowsOf(canvas)[2]!;
    await expect(within(priya).getByRole('rowheader')).toHaveTextContent('Priya Nairpriya.nair@example.org');
    await expect(priya.querySelector('.cs-tax-donors__pan')).toHaveTextContent(/^ABCPN1234Q$/);
    await expect(priya).not.toHaveClass('cs-tax-donors__row--no-pan');
    await waitFor(() => expect(within(priya).getByRole('rowheader')).toHaveFocus());
    await expect(canvas.getByRole('button', { name: 'Without PAN (1)' })).toBeVisible();
    await expect(args.onPanDialogClose).not.toHaveBeenCalled();
  },
};

/** The page's refusal is shown in the open dialog. */
export const PanRefused: Story = {
  ...DESKTOP_1280,
  tags: ['!visual'], // The dialog's alert is AddPanDialog's ServerRefused: the play function checks it is passed on.
  args: { panError: TAX_YEAR_MESSAGES.donorNotFound, savingPanEmail: MEERA.email },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Add PAN for Priya Nair' }));
    const dialog = within(await body.findByRole('dialog', { name: 'Add PAN for Priya Nair' }));
    await expect(dialog.getByRole('alert')).toHaveTextContent(TAX_YEAR_MESSAGES.donorNotFound);
    await expect(dialog.getByRole('button', { name: 'Save PAN' })).toBeEnabled();
  },
};

/** Closing the refused dialog tells the page; the donor whose PAN is being saved has a dialog that waits. */
export const PanRefusedThenCancel: Story = {
  ...PanRefused,
  name: 'PAN Refused → Cancel',
  tags: ['!visual'], // Ends on Meera's dialog while her PAN is saved: the play function checks the close and the wait.
  play: async (context) => {
    await PanRefused.play?.(context);
    const { canvas, args } = context;
    let dialog = within(body.getByRole('dialog', { name: 'Add PAN for Priya Nair' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await expect(args.onPanDialogClose).toHaveBeenCalledOnce();
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Add PAN for Priya Nair' })).toHaveFocus());
    // Meera's PAN is the one being saved: her dialog waits.
    await userEvent.click(canvas.getByRole('button', { name: 'Add PAN for Meera Iyer' }));
    dialog = within(await body.findByRole('dialog', { name: 'Add PAN for Meera Iyer' }));
    await expect(dialog.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    await expect(args.onSavePan).not.toHaveBeenCalled();
  },
};

/** At 375 px the table scrolls inside its region; the page does not. */
export const Phone: Story = {
  ...PHONE_375,
  play: async ({ canvas }) => {
    const region = canvas.getByRole('region', { name: 'Donors of 2026-27' });
    await expect(region).toHaveAttribute('tabindex', '0');
    await expect(region.scrollWidth).toBeGreaterThan(region.clientWidth);
    await expect(fitsWindow()).toBe(true);
  },
};
