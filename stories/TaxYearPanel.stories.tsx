import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ORGANISATION_SETTINGS_MESSAGES, TAX_YEAR_MESSAGES } from '@charity/domain';
import { AdminLayout, AdminPageHeader, TaxYearPanel } from '@charity/ui';
import { ADMIN_USER, DESKTOP_1280, PHONE_375, fitsWindow } from './support/admin-fixtures-console';
import { componentDocs } from './support/docs';
import { pickOption } from './support/pick-option';
import {
  ASHA,
  DEMO_APPROVAL_SUMMARY,
  EMPTY_YEAR_SUMMARY,
  TAX_YEARS,
  TAX_YEAR_SUMMARY,
  UPLOAD_WITH_MISMATCHES,
} from './support/tax-year-fixtures';

const meta = {
  title: 'Admin/Tax year/TaxYearPanel',
  component: TaxYearPanel,
  parameters: {
    docs: componentDocs({
      summary:
        "/admin/tax-year: for an Indian financial year, the Form 10BD due date, the 80G approval on file with what to fix before filing, the donations eligible under 80G (net of refunds, with and without PAN), 'Export Form 10BD (CSV)', 'Mail annual statements', the Form 10BE ZIP upload with what became of each file, 'Send certificates' and the donors one by one.",
      usage: `<TaxYearPanel years={financialYearsUpTo(new Date())} year={year} onYearChange={setYear} status={status}
  summary={summary} loadError={loadError} onRetry={reload} busy={busy} message={message} uploadResult={result}
  onExport={exportCsv} onMailStatements={mailStatements} onUpload={upload} onSendCertificates={sendCertificates}
  onDownloadStatement={statementPdf} onDownloadCertificate={certificatePdf}
  onSavePan={savePan} savingPanEmail={savingPanEmail} panError={panError} onPanDialogClose={clearPanError} />`,
      a11y: [
        'The year is a labelled select; the figures are a description list in a named region; each part of the screen is a section named by its h2.',
        "A success is announced from a `role=\"status\"` region that is always present in the action's section; a refusal is a `role=\"alert\"` there. An upload's refusal sits under the ZIP field (`aria-invalid`, `aria-describedby`).",
        'While an action runs its button is busy and the other actions and the year select are disabled.',
        "The donors table scrolls sideways on a phone inside a named, keyboard-focusable region; each PDF button and 'Add PAN' names its donor.",
      ],
    }),
  },
  args: {
    years: TAX_YEARS,
    year: '2026-27',
    status: 'ready',
    summary: TAX_YEAR_SUMMARY,
    loadError: null,
    busy: null,
    message: null,
    uploadResult: null,
    downloadingEmail: null,
    onYearChange: fn(),
    onRetry: fn(),
    onExport: fn(),
    onMailStatements: fn(),
    onUpload: fn(),
    onSendCertificates: fn(),
    onDownloadStatement: fn(),
    onDownloadCertificate: fn(),
    onSavePan: fn(),
  },
} satisfies Meta<typeof TaxYearPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

type Scope = ReturnType<typeof within>;

function tiles(canvas: Scope): (string | null)[][] {
  const region: HTMLElement = canvas.getByRole('region', { name: 'Figures for the year' });
  return Array.from(region.querySelectorAll<HTMLElement>('.cs-console-tile')).map((tile) => Array.from(tile.children).map((part) => part.textContent));
}

const section = (canvas: Scope, name: string) => within(canvas.getByRole('region', { name }));

const rowsOf = (canvas: Scope) => within(canvas.getByRole('table', { name: 'Donors of 2026-27' })).getAllByRole('row').slice(1);

/** The screenshot is taken where the play ends: bring the part the story is about into the window. */
function show(element: HTMLElement, block: ScrollLogicalPosition = 'center') {
  (document.activeElement as HTMLElement | null)?.blur();
  element.scrollIntoView({ block });
}

const cells = (row: HTMLElement) => Array.from(row.querySelectorAll('th, td')).map((cell) => cell.textContent ?? '');

/** The year's figures, the due date, the approval and every donor; each button calls its callback. */
export const Default: Story = {
  ...DESKTOP_1280,
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('combobox', { name: 'Financial year' })).toHaveTextContent('2026-27 (April 2026 – March 2027)');
    await expect(canvas.getByText('Form 10BD due by 31 May 2027')).toBeVisible();
    await expect(canvas.getByText(/^80G approval:/).parentElement).toHaveTextContent('80G approval: AABTB1234CF20214, approved on 12 Aug 2021');
    await expect(canvas.queryByText(ORGANISATION_SETTINGS_MESSAGES.demoWarning)).toBeNull();
    await expect(tiles(canvas)).toEqual([
      ['Eligible donors', '5'],
      ['Donations', '8'],
      ['Net amount (INR)', '₹55,500.50'],
      ['Refunded (INR)', '₹2,000'],
      ['Donors with PAN', '3 donors · ₹43,000'],
      ['Donors without PAN', '2 donors · ₹12,500.50'],
      ['Annual statements sent', '1', '3 pending · 1 failed'],
      ['Form 10BE certificates uploaded', '2', '1 sent to donors'],
    ]);
    const rows = rowsOf(canvas);
    await expect(rows).toHaveLength(5);
    await expect(cells(rows[0]!)).toEqual([
      'Asha Raoasha.rao@example.org',
      'ABCPR1234K',
      '3',
      '₹15,000',
      'Sent5 Apr 2027, 10:00',
      'SentAck. 1234567890122 Jun 2027, 10:40',
      'Statement (PDF) of Asha RaoCertificate (PDF) of Asha Rao',
    ]);
    await expect(cells(rows[1]!)).toEqual([
      'Rahul Mehtarahul.mehta@example.org',
      'BNZPM2501F',
      '1',
      '₹3,000Refunded ₹2,000',
      'Queued5 Apr 2027, 10:00',
      'UploadedAck. 123456789013',
      'Statement (PDF) of Rahul MehtaCertificate (PDF) of Rahul Mehta',
    ]);
    await expect(cells(rows[2]!)).toEqual([
      'Priya Nairpriya.nair@example.org',
      'No PAN — ask the donorAdd PAN for Priya Nair',
      '2',
      '₹10,000.50',
      'Failed5 Apr 2027, 10:00',
      '—None',
      'Statement (PDF) of Priya Nair',
    ]);
    await expect(cells(rows[3]!).slice(4, 6)).toEqual(['Not sent', 'Not uploaded']);

    await userEvent.click(canvas.getByRole('button', { name: 'Export Form 10BD (CSV)' }));
    await expect(args.onExport).toHaveBeenCalledOnce();
    await userEvent.click(canvas.getByRole('button', { name: 'Mail annual statements' }));
    await expect(args.onMailStatements).toHaveBeenCalledOnce();
    await userEvent.click(canvas.getByRole('button', { name: 'Send certificates' }));
    await expect(args.onSendCertificates).toHaveBeenCalledOnce();
    await userEvent.click(canvas.getByRole('button', { name: 'Statement (PDF) of Asha Rao' }));
    await expect(args.onDownloadStatement).toHaveBeenCalledOnce();
    await expect(args.onDownloadStatement).toHaveBeenCalledWith(ASHA);
    await userEvent.click(canvas.getByRole('button', { name: 'Certificate (PDF) of Asha Rao' }));
    await expect(args.onDownloadCertificate).toHaveBeenCalledOnce();
    await expect(args.onDownloadCertificate).toHaveBeenCalledWith(ASHA);
    await expect(args.onUpload).not.toHaveBeenCalled();
    // The baseline shows the screen from its top, as it opens.
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  },
};

/** Choosing another year asks for it; the page puts it in the address. */
export const ChooseYear: Story = {
  ...DESKTOP_1280,
  play: async ({ canvas, args }) => {
    await pickOption(canvas.getByRole('combobox', { name: 'Financial year' }), '2025-26 (April 2025 – March 2026)');
    await expect(args.onYearChange).toHaveBeenCalledOnce();
    await expect(args.onYearChange).toHaveBeenCalledWith('2025-26');
  },
};

/** The seed's made-up approval, dated after the year began: both warnings, before anything is filed. */
export const DemoApproval: Story = {
  ...DESKTOP_1280,
  args: { summary: DEMO_APPROVAL_SUMMARY },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/^80G approval:/).parentElement).toHaveTextContent('80G approval: AABTB1234CF20214, approved on 1 Sep 2026');
    await expect(canvas.getByText(ORGANISATION_SETTINGS_MESSAGES.demoWarning)).toBeVisible();
    await expect(
      canvas.getByText('The 80G approval on file is not valid for the whole of April 2026 – March 2027. Check its dates in Settings before filing.'),
    ).toBeVisible();
  },
};

/** No 80G number on file at all. */
export const ApprovalMissing: Story = {
  ...DESKTOP_1280,
  args: { summary: { ...TAX_YEAR_SUMMARY, approval: { number: '', date: null, covers_year: false, is_demo: false } } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/^80G approval:/).parentElement).toHaveTextContent('80G approval: Not set');
    await expect(canvas.getByText('Set the organisation’s 80G approval number in Settings before exporting Form 10BD.')).toBeVisible();
    await expect(canvas.queryByText(/is not valid for the whole of/)).toBeNull();
  },
};

/** A year with no eligible donation: the domain's sentence and nothing to export, mail or upload. */
export const NoDonations: Story = {
  ...DESKTOP_1280,
  args: { year: '2025-26', summary: EMPTY_YEAR_SUMMARY },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'No donations eligible under 80G were received in this financial year.' })).toBeVisible();
    await expect(canvas.getByText('Form 10BD due by 31 May 2026')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Export Form 10BD (CSV)' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Mail annual statements' })).toBeNull();
    await expect(canvas.queryByLabelText('Form 10BE certificates (ZIP from the income-tax portal)')).toBeNull();
    await expect(canvas.queryByRole('table')).toBeNull();
    await expect(canvas.getByRole('combobox', { name: 'Financial year' })).toBeEnabled();
  },
};

/** 'Without PAN' lists the donors staff must ask for a PAN, highlighted. */
export const WithoutPanDonors: Story = {
  ...DESKTOP_1280,
  play: async ({ canvas }) => {
    const withoutPan = canvas.getByRole('button', { name: 'Without PAN (2)' });
    await expect(withoutPan).toHaveAttribute('aria-pressed', 'false');
    await expect(withoutPan).toHaveAccessibleDescription(
      'These donors gave no PAN, so Form 10BD cannot report them and they get no Form 10BE certificate. Ask them for it.',
    );
    await userEvent.click(withoutPan);
    await expect(withoutPan).toHaveAttribute('aria-pressed', 'true');
    await expect(canvas.getByRole('button', { name: 'All donors (5)' })).toHaveAttribute('aria-pressed', 'false');
    const rows = rowsOf(canvas);
    await expect(rows.map((row) => cells(row).slice(0, 2))).toEqual([
      ['Priya Nairpriya.nair@example.org', 'No PAN — ask the donorAdd PAN for Priya Nair'],
      ['Meera Iyermeera.iyer@example.org', 'No PAN — ask the donorAdd PAN for Meera Iyer'],
    ]);
    for (const row of rows) await expect(row).toHaveClass('cs-tax-donors__row--no-pan');
    show(canvas.getByRole('region', { name: 'Donors of 2026-27' }));
  },
};

/** 'Add PAN' in the donors table: the PAN comes out with the donor's address; the page's refusal shows in the dialog. */
export const AddPan: Story = {
  ...DESKTOP_1280,
  tags: ['!visual'], // The dialog is AddPanDialog's and the table TaxDonorsTable's: the play function checks they are wired.
  args: { panError: TAX_YEAR_MESSAGES.donorNotFound },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Add PAN for Meera Iyer' }));
    const dialog = within(await within(document.body).findByRole('dialog', { name: 'Add PAN for Meera Iyer' }));
    await expect(dialog.getByRole('alert')).toHaveTextContent(TAX_YEAR_MESSAGES.donorNotFound);
    await userEvent.type(dialog.getByRole('textbox', { name: 'PAN' }), 'AFZPS7789Q');
    await userEvent.click(dialog.getByRole('button', { name: 'Save PAN' }));
    await expect(args.onSavePan).toHaveBeenCalledOnce();
    await expect(args.onSavePan).toHaveBeenCalledWith('meera.iyer@example.org', 'AFZPS7789Q');
  },
};

/** The CSV is on its way: its button waits; nothing else may start. */
export const Exporting: Story = {
  ...DESKTOP_1280,
  args: { busy: 'export' },
  play: async ({ canvas }) => {
    const button = canvas.getByRole('button', { name: 'Exporting...' });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByRole('button', { name: 'Mail annual statements' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Upload certificates' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Send certificates' })).toBeDisabled();
    await expect(canvas.getByRole('combobox', { name: 'Financial year' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Statement (PDF) of Asha Rao' })).toBeEnabled();
  },
};

/** The server refused the export (409): its sentence in an alert in the Form 10BD section; the buttons work again. */
export const ExportRefused: Story = {
  ...DESKTOP_1280,
  args: { message: { action: 'export', tone: 'error', text: TAX_YEAR_MESSAGES.noDonorsWithPan } },
  play: async ({ canvas }) => {
    const filing = section(canvas, 'Form 10BD and annual statements');
    await expect(filing.getByRole('alert')).toHaveTextContent(
      'No donor of this year gave a PAN, so Form 10BD would have no rows. Ask the donors listed below for their PAN first.',
    );
    await expect(filing.getByRole('status')).toBeEmptyDOMElement();
    await expect(section(canvas, 'Form 10BE certificates').queryByRole('alert')).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Export Form 10BD (CSV)' })).toBeEnabled();
  },
};

/** The statements were queued: the server's sentence, announced in the section. */
export const StatementsMailed: Story = {
  ...DESKTOP_1280,
  args: { message: { action: 'statements', tone: 'success', text: TAX_YEAR_MESSAGES.statementsQueued(3) } },
  play: async ({ canvas }) => {
    const filing = section(canvas, 'Form 10BD and annual statements');
    await expect(filing.getByRole('status')).toHaveTextContent('Annual statements queued for 3 donors.');
    await expect(filing.queryByRole('alert')).toBeNull();
  },
};

/** A ZIP went in: each file's fate, the problems first; the certificates can then be sent. */
export const UploadResult: Story = {
  ...DESKTOP_1280,
  args: { uploadResult: UPLOAD_WITH_MISMATCHES },
  play: async ({ canvas }) => {
    const certificates = section(canvas, 'Form 10BE certificates');
    const result = within(certificates.getByRole('region', { name: 'Certificates uploaded' }));
    await expect(result.getByText('2 matched, 2 not matched, 2 rejected')).toBeVisible();
    const items = result.getAllByRole('listitem').map((item) => item.querySelector('.cs-tax-upload-result__line')?.textContent);
    await expect(items).toEqual([
      'readme.txtRejected',
      'scan-0001.pdfRejected',
      'ZZZPX0000Z_2026-27.pdfNot matched',
      'AFZPS7788Q_2025-26.pdfNot matched',
      'BNZPM2501F_2026-27.pdfReplaced an earlier upload',
      'ABCPR1234K_2026-27.pdfMatched',
    ]);
    await expect(result.getByText('No donor of this year has this PAN.')).toBeVisible();
    await expect(result.getByText('This certificate is for another financial year (2025-26).')).toBeVisible();
    await expect(result.getByText('Not a PDF file.')).toBeVisible();
    await expect(certificates.getByRole('button', { name: 'Send certificates' })).toBeEnabled();
    show(canvas.getByRole('region', { name: 'Certificates uploaded' }));
  },
};

/** The server refused the ZIP (junk): its sentence under the field, which is marked invalid. */
export const UploadRefused: Story = {
  ...DESKTOP_1280,
  args: { message: { action: 'upload', tone: 'error', text: TAX_YEAR_MESSAGES.zipInvalid } },
  play: async ({ canvas }) => {
    const field = canvas.getByLabelText('Form 10BE certificates (ZIP from the income-tax portal)');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription('This file is not a ZIP archive of PDF certificates.');
    await expect(section(canvas, 'Form 10BE certificates').queryByRole('alert')).toBeNull();
    await expect(canvas.queryByRole('region', { name: 'Certificates uploaded' })).toBeNull();
    show(field);
  },
};

/** The certificates were queued: the server's sentence under 'Send certificates'. */
export const CertificatesSent: Story = {
  ...DESKTOP_1280,
  args: { message: { action: 'certificates', tone: 'success', text: TAX_YEAR_MESSAGES.certificatesSent(1) } },
  play: async ({ canvas }) => {
    await expect(section(canvas, 'Form 10BE certificates').getByRole('status')).toHaveTextContent('Certificate queued for 1 donor.');
    show(canvas.getByRole('button', { name: 'Send certificates' }));
    await expect(section(canvas, 'Form 10BD and annual statements').getByRole('status')).toBeEmptyDOMElement();
  },
};

/** The year is being read: the select stays, the rest waits. */
/** No screenshot: a baseline never shows a spinner; the play function checks what is announced. */
export const Loading: Story = {
  ...DESKTOP_1280,
  tags: ['!visual'],
  args: { status: 'loading', summary: null },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading the financial year...');
    await expect(canvas.getByText('Form 10BD due by 31 May 2027')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Export Form 10BD (CSV)' })).toBeNull();
  },
};

/** The server refused the year (400): its sentence and 'Try again'. */
export const LoadError: Story = {
  ...DESKTOP_1280,
  args: { status: 'error', summary: null, loadError: TAX_YEAR_MESSAGES.futureYear },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('heading', { name: 'That financial year has not begun yet.' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

/** The screen at 1280 px beside the admin navigation: the donors table fits without sideways scrolling. */
export const Desktop: Story = {
  ...DESKTOP_1280,
  parameters: { layout: 'fullscreen' },
  render: (args) => (
    <AdminLayout user={ADMIN_USER} currentPath="/admin/tax-year" onLogout={fn()}>
      <div className="cs-container">
        <AdminPageHeader title="Tax year" description="Form 10BD, annual statements and Form 10BE certificates for a financial year." />
        <TaxYearPanel {...args} />
      </div>
    </AdminLayout>
  ),
  play: async ({ canvas }) => {
    await expect(window.innerWidth).toBe(1280);
    const region = canvas.getByRole('region', { name: 'Donors of 2026-27' });
    await expect(region.scrollWidth).toBeLessThanOrEqual(region.clientWidth);
    await expect(fitsWindow()).toBe(true);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Tax year' })).toBeVisible();
    show(region);
  },
};

/** At 375 px the figures stack, the donors table scrolls inside its named region and the page does not. */
export const Phone: Story = {
  ...PHONE_375,
  play: async ({ canvas }) => {
    await expect(window.innerWidth).toBe(375);
    const region = canvas.getByRole('region', { name: 'Donors of 2026-27' });
    await expect(region).toHaveAttribute('tabindex', '0');
    await expect(region.scrollWidth).toBeGreaterThan(region.clientWidth);
    await expect(fitsWindow()).toBe(true);
    show(region, 'start');
  },
};
