import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import {
  DEMO_ORGANISATION_SETTINGS,
  ORGANISATION_SETTINGS_MESSAGES as M,
  type OrganisationSettings,
  type OrganisationSettingsVersion,
} from '@charity/domain';
import { OrganisationSettingsForm, type OrganisationSettingsFormProps } from '@charity/ui';
import { PHONE_375, fitsWindow } from './support/admin-fixtures-console';
import { componentDocs } from './support/docs';

// Made-up details of a trust (never real ones): the PAN has a trust's 4th letter (T) and both approval numbers
// begin with it, as the income-tax portal's URNs do. Every date is before the visual run's fixed clock (15 Jan 2026).
const REAL_SETTINGS: OrganisationSettings = {
  legal_name: 'Asha Kiran Children’s Trust',
  address: {
    line1: '14, Laxmi Road',
    line2: 'Near Shaniwar Wada',
    city: 'Pune',
    state: 'Maharashtra',
    pincode: '411030',
    country: 'India',
  },
  pan: 'AAATA4821K',
  registration_number: 'E-3541 (Pune)',
  registration_date: '2011-06-20',
  twelve_a_number: 'AAATA4821KE20216',
  twelve_a_date: '2021-09-24',
  eighty_g_number: 'AAATA4821KF20241',
  eighty_g_date: '2024-10-03',
  eighty_g_valid_from: '2025-04-01',
  eighty_g_valid_until: '2030-03-31',
  signatory_name: 'Meera Kulkarni',
  signatory_title: 'Managing Trustee',
  receipt_footer: 'Asha Kiran Children’s Trust, a public charitable trust. Thank you for standing beside the children of Pune.',
};

const DEMO_VERSION: OrganisationSettingsVersion = {
  version: 1,
  settings: DEMO_ORGANISATION_SETTINGS,
  is_demo: true,
  created_at: '2025-11-01T04:30:00.000Z',
  created_by: null,
};

const VERSION_2: OrganisationSettingsVersion = {
  version: 2,
  settings: { ...REAL_SETTINGS, eighty_g_number: 'AAATA4821KF20214', eighty_g_date: '2022-03-28', eighty_g_valid_from: '2022-04-01', eighty_g_valid_until: '2025-03-31' },
  is_demo: false,
  created_at: '2025-11-20T06:15:00.000Z',
  created_by: 'meera@ashakiran.example',
};

const VERSION_3: OrganisationSettingsVersion = {
  version: 3,
  settings: REAL_SETTINGS,
  is_demo: false,
  created_at: '2025-12-02T09:45:00.000Z',
  created_by: 'ravi@ashakiran.example',
};

const REAL_HISTORY = [VERSION_3, VERSION_2, DEMO_VERSION];

const meta = {
  title: 'Admin/Settings/OrganisationSettingsForm',
  component: OrganisationSettingsForm,
  parameters: {
    docs: componentDocs({
      summary:
        "/admin/settings: the organisation's legal name, registered address, PAN, registration, 12A and 80G approvals, signatory and receipt footer, which every receipt, note, statement and Form 10BD prints. Every save is a new version (a receipt keeps the one in force when it was issued); the form shows the version in force and the versions saved. The page shows the save's success as a toast and passes the server's refusal back in.",
      usage: `<OrganisationSettingsForm current={current} history={history} busy={saving}
  serverMessage={saveMessage} serverErrors={saveErrors}
  onSave={(settings) => save(settings)} onCancel={clearSaveErrors} />`,
      a11y: [
        'Five groups, each a `<fieldset>` named by its legend (an `<h2>`); every field has a visible label, required ones a marker and `aria-required`, and hints tied with `aria-describedby`.',
        "Submitting checks every field with the domain's validateOrganisationSettings: each problem sits under its field (`aria-invalid`, `aria-describedby`, announced politely) and focus moves to the first. The server's field messages are shown the same way and its sentence in a `role=\"alert\"`.",
        'Dates are native date inputs (keyboard and picker); PAN and approval numbers may be typed in lower case and with spaces (they are normalised).',
        "While saving the button reads 'Saving…' (busy) and the fields turn read-only, so focus stays where it was.",
        'Demonstration values carry a written warning (`role="note"`), not colour alone. The versions table scrolls sideways on its own on a phone.',
      ],
    }),
  },
  args: {
    current: VERSION_3,
    history: REAL_HISTORY,
    busy: false,
    serverMessage: null,
    serverErrors: {},
    onSave: fn(),
    onCancel: fn(),
  },
} satisfies Meta<typeof OrganisationSettingsForm>;
export default meta;
type Story = StoryObj<typeof meta>;
type Canvas = ReturnType<typeof within>;

const textbox = (canvas: Canvas, name: string) => canvas.getByRole('textbox', { name });
/** Date inputs have no ARIA role of their own: found by their label (a required one ends in its ' *' marker). */
const dateField = (canvas: Canvas, name: string) =>
  canvas.getByLabelText(new RegExp(`^${name}( \\*)?$`), { selector: 'input[type="date"]' });

async function replace(field: HTMLElement, text: string) {
  await userEvent.clear(field);
  if (text !== '') await userEvent.type(field, text);
}

const save = (canvas: Canvas) => userEvent.click(canvas.getByRole('button', { name: 'Save changes' }));

/** The seed's values: a warning says they are made up; the one version is the seed's (no one saved it). */
export const DemoValues: Story = {
  args: { current: DEMO_VERSION, history: [DEMO_VERSION] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('note')).toHaveTextContent(
      'These are demonstration values. Replace them with your organisation’s real details before issuing receipts.',
    );
    await expect(canvas.getByText('Version 1, saved 1 Nov 2025, 10:00')).toBeVisible();
    await expect(textbox(canvas, 'Legal name')).toHaveValue('Bright Beginnings Foundation');
    await expect(textbox(canvas, 'PAN')).toHaveValue('AABTB1234C');
    await expect(dateField(canvas, '80G valid from')).toHaveValue('2022-04-01');
    const table = canvas.getByRole('table');
    const rows = within(table).getAllByRole('row');
    await expect(rows.map((row) => row.textContent)).toEqual([
      'VersionSavedSaved by80G approval number',
      '1 (in force)1 Nov 2025, 10:00Not recordedAABTB1234CF20214',
    ]);
  },
};

/** Real values with three versions: who saved what and when; saving sends the settings normalised. */
export const SavedWithHistory: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.queryByRole('note')).toBeNull();
    await expect(canvas.getByText('Version 3, saved 2 Dec 2025, 15:15 by ravi@ashakiran.example')).toBeVisible();
    for (const name of ['Legal details', 'Registered address', 'Tax approvals', 'Signatory', 'Receipt footer']) {
      await expect(canvas.getByRole('group', { name })).toBeVisible();
      await expect(canvas.getByRole('heading', { level: 2, name })).toBeVisible();
    }
    await expect(textbox(canvas, 'PAN')).toHaveAccessibleDescription('The organisation’s own PAN, e.g. AABTB1234C.');
    await expect(textbox(canvas, 'PAN')).toBeRequired();
    await expect(textbox(canvas, 'Address line 2')).not.toBeRequired();
    await expect(textbox(canvas, '80G approval number (URN)')).toHaveAccessibleDescription(
      'The unique registration number of the approval under section 80G(5). It begins with the organisation’s PAN, is printed on every receipt and is reported in Form 10BD.',
    );
    await expect(textbox(canvas, 'Footer text')).toHaveAccessibleDescription(
      '107 of 500 characters Printed at the foot of every receipt, note and statement.',
    );
    const rows = within(canvas.getByRole('table')).getAllByRole('row').slice(1);
    await expect(rows.map((row) => row.textContent)).toEqual([
      '3 (in force)2 Dec 2025, 15:15ravi@ashakiran.exampleAAATA4821KF20241',
      '220 Nov 2025, 11:45meera@ashakiran.exampleAAATA4821KF20214',
      '11 Nov 2025, 10:00Not recordedAABTB1234CF20214',
    ]);

    // Lower case and spaces are what staff often type: the form sends the values as they are stored.
    await replace(textbox(canvas, 'PAN'), ' aaata4821k ');
    await replace(textbox(canvas, '80G approval number (URN)'), 'aaata4821k f2024 1');
    await replace(textbox(canvas, 'Signatory title'), '  Chairperson ');
    await replace(dateField(canvas, '80G valid until'), '');
    await save(canvas);
    await expect(args.onSave).toHaveBeenCalledOnce();
    await expect(args.onSave).toHaveBeenCalledWith({ ...REAL_SETTINGS, signatory_title: 'Chairperson', eighty_g_valid_until: null });
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/** Several mistakes at once: each message under its field, focus on the first, nothing sent. */
export const ValidationErrors: Story = {
  play: async ({ canvas, args }) => {
    const legalName = textbox(canvas, 'Legal name');
    const pan = textbox(canvas, 'PAN');
    await replace(legalName, '   ');
    await replace(pan, 'aabt1234c');
    await replace(textbox(canvas, 'City'), '');
    await replace(textbox(canvas, 'PIN code'), '41103');
    await replace(textbox(canvas, 'Signatory name'), '');
    await save(canvas);

    await expect(args.onSave).not.toHaveBeenCalled();
    await expect(legalName).toHaveFocus();
    await expect(legalName).toHaveAttribute('aria-invalid', 'true');
    await expect(legalName).toHaveAccessibleDescription('Exactly as registered; printed on every receipt. Enter the organisation’s legal name');
    await expect(pan).toHaveAttribute('aria-invalid', 'true');
    await expect(pan).toHaveAccessibleDescription(
      'The organisation’s own PAN, e.g. AABTB1234C. Enter the organisation’s PAN as 10 characters, e.g. AABTB1234C',
    );
    await expect(textbox(canvas, 'City')).toHaveAccessibleDescription('Enter the city');
    await expect(textbox(canvas, 'PIN code')).toHaveAccessibleDescription('Enter a 6-digit PIN code');
    await expect(textbox(canvas, 'Signatory name')).toHaveAccessibleDescription(
      'Signs receipts, notes and statements. Enter the name of the person who signs receipts',
    );
    // A PAN that is not one cannot be compared with the approval numbers: they are not faulted for it.
    await expect(textbox(canvas, '80G approval number (URN)')).not.toHaveAttribute('aria-invalid');
    await expect(textbox(canvas, 'Address line 1')).not.toHaveAttribute('aria-invalid');
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/** Correcting a field clears its message only; saving again goes to the next field in error. */
export const ValidationErrorsThenOneCorrected: Story = {
  name: 'Validation Errors → One Corrected',
  tags: ['!visual'], // Ends with one mistake fewer: ValidationErrors shows them all.
  play: async (context) => {
    await ValidationErrors.play?.(context);
    const { canvas, args } = context;
    const legalName = textbox(canvas, 'Legal name');
    const pan = textbox(canvas, 'PAN');
    await userEvent.type(legalName, 'Asha Kiran Children’s Trust');
    await expect(legalName).not.toHaveAttribute('aria-invalid');
    await expect(pan).toHaveAttribute('aria-invalid', 'true');
    await save(canvas);
    await expect(pan).toHaveFocus();
    await expect(args.onSave).not.toHaveBeenCalled();
  },
};

/** An individual's PAN (4th letter P) is refused; the approval numbers, which begin with the trust's, then disagree. */
export const IndividualPanRefused: Story = {
  play: async ({ canvas, args }) => {
    const pan = textbox(canvas, 'PAN');
    await replace(pan, 'aaapa4821k');
    await save(canvas);
    await expect(args.onSave).not.toHaveBeenCalled();
    await expect(pan).toHaveFocus();
    await expect(canvas.getByText(M.panIndividual)).toBeVisible();
    await expect(M.panIndividual).toBe('This PAN belongs to an individual (4th letter P): enter the organisation’s own PAN');
    await expect(textbox(canvas, '12A registration number (URN)')).toHaveAttribute('aria-invalid', 'true');
    await expect(textbox(canvas, '80G approval number (URN)')).toHaveAccessibleDescription(expect.stringMatching(/ An approval number begins with the organisation’s PAN$/));
  },
};

/** After that refusal, putting the trust's PAN back answers the approval numbers too, and the form saves. */
export const PanCorrected: Story = {
  // Ends on the saved form, the picture SavedWithHistory already keeps: no screenshot of its own.
  tags: ['!visual'],
  play: async ({ canvas, args }) => {
    const pan = textbox(canvas, 'PAN');
    await replace(pan, 'aaapa4821k');
    await save(canvas);
    await expect(textbox(canvas, '12A registration number (URN)')).toHaveAttribute('aria-invalid', 'true');
    await replace(pan, 'AAATA4821K');
    await expect(textbox(canvas, '12A registration number (URN)')).not.toHaveAttribute('aria-invalid');
    await expect(textbox(canvas, '80G approval number (URN)')).not.toHaveAttribute('aria-invalid');
    await save(canvas);
    await expect(args.onSave).toHaveBeenCalledWith(REAL_SETTINGS);
  },
};

/** An approval number that does not begin with the PAN, or has other characters than capitals and digits. */
export const UrnNotStartingWithPan: Story = {
  play: async ({ canvas, args }) => {
    const eightyG = textbox(canvas, '80G approval number (URN)');
    const twelveA = textbox(canvas, '12A registration number (URN)');
    await replace(eightyG, 'AABTB1234CF20214');
    await replace(twelveA, 'AAATA4821K/E/2021');
    await save(canvas);
    await expect(args.onSave).not.toHaveBeenCalled();
    await expect(twelveA).toHaveFocus();
    await expect(twelveA).toHaveAccessibleDescription(expect.stringMatching(/ Use capital letters and digits only, up to 100 characters$/));
    await expect(eightyG).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByText('An approval number begins with the organisation’s PAN')).toBeVisible();
  },
};

/** Dates: the approval must end after it begins, must have a start, and past events cannot be in the future. */
export const Dates: Story = {
  play: async ({ canvas, args }) => {
    const from = dateField(canvas, '80G valid from');
    const until = dateField(canvas, '80G valid until');
    await replace(until, '2025-03-31');
    await replace(dateField(canvas, 'Registration date'), '2099-01-01');
    await save(canvas);
    await expect(args.onSave).not.toHaveBeenCalled();
    const registered = dateField(canvas, 'Registration date');
    await expect(registered).toHaveFocus();
    await expect(registered).toHaveAccessibleDescription('This date cannot be in the future');
    await expect(until).toHaveAttribute('aria-invalid', 'true');
    await expect(until).toHaveAccessibleDescription('Leave empty if the approval has no end date. The approval must end after it begins');

    // Moving the start answers the end's message; an empty start has its own.
    await replace(from, '');
    await expect(until).not.toHaveAttribute('aria-invalid');
    await replace(registered, '2011-06-20');
    await save(canvas);
    await expect(from).toHaveFocus();
    await expect(from).toHaveAccessibleDescription('Receipts mention 80G for gifts from this day. Enter the date the 80G approval is valid from');
    await expect(args.onSave).not.toHaveBeenCalled();
  },
};

/** Sending: 'Saving…' on a busy button, the fields read-only, Enter does not send again. */
export const Saving: Story = {
  args: { busy: true },
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button', { name: 'Saving…' });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByRole('button', { name: 'Discard changes' })).toBeDisabled();
    for (const name of ['Legal name', 'PAN', 'City', '80G approval number (URN)', 'Signatory name', 'Footer text']) {
      await expect(textbox(canvas, name)).toHaveAttribute('readonly');
    }
    await expect(dateField(canvas, '80G valid from')).toHaveAttribute('readonly');
    await userEvent.type(textbox(canvas, 'City'), 'x{Enter}');
    await expect(textbox(canvas, 'City')).toHaveValue('Pune');
    await expect(args.onSave).not.toHaveBeenCalled();
  },
};

/** The server's 400 in these stories: the PAN is an individual's (its URN check follows) and the footer too long. */
const REFUSAL = {
  serverMessage: 'Some details need correcting.',
  serverErrors: { pan: M.panIndividual, eighty_g_number: M.urnNotPan, receipt_footer: M.tooLong(500) },
};

/** A page whose save the server refuses with REFUSAL; 'Discard changes' clears it, as the site's store does. */
function RefusingPage(props: OrganisationSettingsFormProps) {
  const [refusal, setRefusal] = useState<Pick<OrganisationSettingsFormProps, 'serverMessage' | 'serverErrors'>>({ serverMessage: null, serverErrors: {} });
  return (
    <OrganisationSettingsForm
      {...props}
      {...refusal}
      onSave={(settings) => {
        props.onSave(settings);
        setRefusal({ ...REFUSAL, serverErrors: { ...REFUSAL.serverErrors } });
      }}
      onCancel={() => {
        props.onCancel?.();
        setRefusal({ serverMessage: null, serverErrors: {} });
      }}
    />
  );
}

/** The API refused the save (a 400): its sentence at the top, its messages under the fields, focus on the first. */
export const ServerError: Story = {
  render: (args) => <RefusingPage {...args} />,
  play: async ({ canvas, args }) => {
    await save(canvas);
    await expect(args.onSave).toHaveBeenCalledTimes(1);
    await expect(args.onSave).toHaveBeenCalledWith(REAL_SETTINGS);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Some details need correcting.');
    const pan = textbox(canvas, 'PAN');
    await expect(pan).toHaveFocus();
    await expect(pan).toHaveAttribute('aria-invalid', 'true');
    await expect(pan).toHaveAccessibleDescription(`The organisation’s own PAN, e.g. AABTB1234C. ${M.panIndividual}`);
    await expect(textbox(canvas, '80G approval number (URN)')).toHaveAttribute('aria-invalid', 'true');
    await expect(textbox(canvas, 'Footer text')).toHaveAccessibleDescription(
      '107 of 500 characters Printed at the foot of every receipt, note and statement. Use at most 500 characters',
    );
    await expect(pan).toHaveValue('AAATA4821K');
  },
};

/** 'Discard changes' after a refusal: the saved values back, the messages and the alert gone, the page told. */
export const DiscardChanges: Story = {
  render: (args) => <RefusingPage {...args} />,
  play: async ({ canvas, args }) => {
    const pan = textbox(canvas, 'PAN');
    await replace(textbox(canvas, 'City'), 'Mumbai');
    await save(canvas);
    await expect(pan).toHaveAttribute('aria-invalid', 'true');
    await expect(await canvas.findByRole('alert')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Discard changes' }));
    await expect(args.onCancel).toHaveBeenCalledOnce();
    await expect(textbox(canvas, 'City')).toHaveValue('Pune');
    await expect(pan).not.toHaveAttribute('aria-invalid');
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(args.onSave).toHaveBeenCalledOnce();
  },
};

/** The receipt footer counts its characters; over the limit it says so when saved. */
export const FooterTooLong: Story = {
  play: async ({ canvas, args }) => {
    const footer = textbox(canvas, 'Footer text');
    await userEvent.clear(footer);
    await expect(canvas.getByText('0 of 500 characters')).toBeVisible();
    await userEvent.click(footer);
    await userEvent.paste('x'.repeat(501));
    await expect(canvas.getByText('501 of 500 characters')).toBeVisible();
    await save(canvas);
    await expect(footer).toHaveFocus();
    await expect(footer).toHaveAccessibleDescription('501 of 500 characters Printed at the foot of every receipt, note and statement. Use at most 500 characters');
    await expect(args.onSave).not.toHaveBeenCalled();
  },
};

/** A page that saves: the new version comes back in force and the form starts again from it. */
function SavingPage(props: OrganisationSettingsFormProps) {
  const [state, setState] = useState({ current: props.current, history: props.history });
  return (
    <OrganisationSettingsForm
      {...props}
      current={state.current}
      history={state.history}
      onSave={(settings) => {
        props.onSave(settings);
        const saved: OrganisationSettingsVersion = {
          version: state.current.version + 1,
          settings,
          is_demo: false,
          created_at: '2026-01-15T10:00:00.000Z',
          created_by: 'asha@ashakiran.example',
        };
        setState({ current: saved, history: [saved, ...state.history] });
      }}
    />
  );
}

/**
 * Saved: the version line and the versions table show the new version in force. The success sentence
 * (ORGANISATION_SETTINGS_MESSAGES.saved, or .unchanged) is the page's toast, not part of the form.
 */
export const Saved: Story = {
  render: (args) => <SavingPage {...args} />,
  play: async ({ canvas, args }) => {
    await replace(textbox(canvas, 'Signatory name'), 'Ravi Deshpande');
    await save(canvas);
    await expect(args.onSave).toHaveBeenCalledWith({ ...REAL_SETTINGS, signatory_name: 'Ravi Deshpande' });
    await expect(canvas.getByText('Version 4, saved 15 Jan 2026, 15:30 by asha@ashakiran.example')).toBeVisible();
    await expect(textbox(canvas, 'Signatory name')).toHaveValue('Ravi Deshpande');
    const rows = within(canvas.getByRole('table')).getAllByRole('row').slice(1);
    await expect(rows).toHaveLength(4);
    await expect(rows[0]).toHaveTextContent('4 (in force)15 Jan 2026, 15:30asha@ashakiran.exampleAAATA4821KF20241');
    await expect(rows[1]).toHaveTextContent('32 Dec 2025, 15:15ravi@ashakiran.exampleAAATA4821KF20241');
  },
};

/** 375 px: one column, nothing wider than the window; the versions table scrolls on its own. */
export const Phone: Story = {
  ...PHONE_375,
  play: async ({ canvas }) => {
    await expect(window.innerWidth).toBe(375);
    await expect(fitsWindow()).toBe(true);
    const city = textbox(canvas, 'City').getBoundingClientRect();
    const state = textbox(canvas, 'State').getBoundingClientRect();
    await expect(state.top).toBeGreaterThan(city.bottom);
    await expect(canvas.getByRole('button', { name: 'Save changes' }).getBoundingClientRect().right).toBeLessThanOrEqual(375);
  },
};
