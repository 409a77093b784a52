import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { TaxDonorsTable } from '@charity/ui';
import { DESKTOP_1280, PHONE_375, fitsWindow } from './support/admin-fixtures-console';
import { componentDocs } from './support/docs';
import { ASHA, PRIYA, RAHUL, TAX_YEAR_DONORS, VIKRAM } from './support/tax-year-fixtures';

const meta = {
  title: 'Admin/Tax year/TaxDonorsTable',
  component: TaxDonorsTable,
  parameters: {
    docs: componentDocs({
      summary:
        "The donors of a financial year on /admin/tax-year: PAN (or 'No PAN — ask the donor', highlighted), donations, net amount, where their annual statement and Form 10BE certificate stand, and their PDFs. 'Without PAN' narrows the list to the donors staff must chase.",
      usage: `<TaxDonorsTable financialYear="2026-27" donors={summary.donors} busyEmail={downloading}
  onDownloadStatement={statementPdf} onDownloadCertificate={certificatePdf} />`,
      a11y: [
        "'All donors' and 'Without PAN' are toggle buttons (`aria-pressed`) in a labelled group; 'Without PAN' is described by why those donors matter.",
        'The table is captioned with the year and scrolls sideways, when it must, inside a keyboard-focusable region of the same name; a missing value reads \'None\'.',
        "Each PDF button names its donor ('Statement (PDF) of Asha Rao').",
      ],
    }),
  },
  args: {
    financialYear: '2026-27',
    donors: TAX_YEAR_DONORS,
    busyEmail: null,
    onDownloadStatement: fn(),
    onDownloadCertificate: fn(),
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
