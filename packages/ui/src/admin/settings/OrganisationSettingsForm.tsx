import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import {
  ORGANISATION_SETTINGS_LIMITS,
  ORGANISATION_SETTINGS_MESSAGES,
  normaliseOrganisationSettings,
  organisationDay,
  validateOrganisationSettings,
  type OrganisationSettings,
  type OrganisationSettingsErrors,
  type OrganisationSettingsField,
  type OrganisationSettingsVersion,
} from '@charity/domain';
import { Button } from '../../components/Button';
import { FormField, Input, Textarea } from '../../components/FormField';
import { cn } from '../../lib/cn';
import { formatConsoleDateTime } from '../shared/format';

export const ORGANISATION_SETTINGS_FORM_TEXT = {
  legal: 'Legal details',
  legalName: 'Legal name',
  legalNameHint: 'Exactly as registered; printed on every receipt.',
  pan: 'PAN',
  panHint: 'The organisation’s own PAN, e.g. AABTB1234C.',
  registrationNumber: 'Registration number',
  registrationNumberHint: 'As registered with the Registrar, e.g. 602 of 2019.',
  registrationDate: 'Registration date',
  address: 'Registered address',
  line1: 'Address line 1',
  line2: 'Address line 2',
  city: 'City',
  state: 'State',
  pincode: 'PIN code',
  country: 'Country',
  approvals: 'Tax approvals',
  twelveANumber: '12A registration number (URN)',
  twelveAHint: 'The unique registration number under section 12A/12AB. It begins with the organisation’s PAN.',
  twelveADate: '12A date of registration',
  eightyGNumber: '80G approval number (URN)',
  eightyGHint:
    'The unique registration number of the approval under section 80G(5). It begins with the organisation’s PAN, is printed on every receipt and is reported in Form 10BD.',
  eightyGDate: '80G date of issue',
  eightyGValidFrom: '80G valid from',
  eightyGValidUntil: '80G valid until',
  eightyGValidHint: 'Receipts mention 80G for gifts from this day.',
  eightyGValidUntilHint: 'Leave empty if the approval has no end date.',
  signatory: 'Signatory',
  signatoryName: 'Signatory name',
  signatoryTitle: 'Signatory title',
  signatoryHint: 'Signs receipts, notes and statements.',
  signatoryTitleHint: 'e.g. Managing Trustee',
  footer: 'Receipt footer',
  footerLabel: 'Footer text',
  footerHint: 'Printed at the foot of every receipt, note and statement.',
  save: 'Save changes',
  saving: 'Saving…',
  discard: 'Discard changes',
  history: 'Saved versions',
  historyVersion: 'Version',
  historySaved: 'Saved',
  historyBy: 'Saved by',
  historyEightyG: '80G approval number',
  inForce: 'in force',
  notSaved: 'Not saved yet: receipts cannot be issued with these details.',
  unknownUser: 'Not recorded',
} as const;

/** 'Version 3, saved 2 Dec 2025, 11:00 by asha@example.org'; version 0 is the built-in demonstration, never saved. */
export function settingsVersionText(version: Pick<OrganisationSettingsVersion, 'version' | 'created_at' | 'created_by'>): string {
  if (version.version <= 0) return ORGANISATION_SETTINGS_FORM_TEXT.notSaved;
  const by = version.created_by?.trim() ? ` by ${version.created_by.trim()}` : '';
  return `Version ${version.version}, saved ${formatConsoleDateTime(version.created_at)}${by}`;
}

/** '112 of 500 characters' (counted as the validation counts them: characters, not UTF-16 units). */
export function footerCountText(text: string): string {
  return `${Array.from(text).length} of ${ORGANISATION_SETTINGS_LIMITS.receipt_footer} characters`;
}

/** Every field in the order it appears on screen: the first one in error takes focus. */
const FIELD_ORDER: readonly OrganisationSettingsField[] = [
  'legal_name',
  'pan',
  'registration_number',
  'registration_date',
  'address.line1',
  'address.line2',
  'address.city',
  'address.state',
  'address.pincode',
  'address.country',
  'twelve_a_number',
  'twelve_a_date',
  'eighty_g_number',
  'eighty_g_date',
  'eighty_g_valid_from',
  'eighty_g_valid_until',
  'signatory_name',
  'signatory_title',
  'receipt_footer',
];

type AddressKey = keyof OrganisationSettings['address'];
type TopKey = Exclude<keyof OrganisationSettings, 'address'>;

function readField(values: OrganisationSettings, field: OrganisationSettingsField): string {
  const value = field.startsWith('address.') ? values.address[field.slice(8) as AddressKey] : values[field as TopKey];
  return value ?? '';
}

function writeField(values: OrganisationSettings, field: OrganisationSettingsField, value: string): OrganisationSettings {
  if (field.startsWith('address.')) return { ...values, address: { ...values.address, [field.slice(8)]: value } };
  return { ...values, [field]: value };
}

const firstInvalid = (errors: OrganisationSettingsErrors | undefined): OrganisationSettingsField | undefined =>
  errors ? FIELD_ORDER.find((field) => errors[field]) : undefined;

const NO_ERRORS: OrganisationSettingsErrors = {};

/** Fields whose message is about another field: editing the key clears theirs, when it is that message. */
const DEPENDENT: Partial<Record<OrganisationSettingsField, OrganisationSettingsField[]>> = {
  pan: ['twelve_a_number', 'eighty_g_number'],
  eighty_g_valid_from: ['eighty_g_valid_until'],
};
const DEPENDENT_MESSAGE: Partial<Record<OrganisationSettingsField, string>> = {
  twelve_a_number: ORGANISATION_SETTINGS_MESSAGES.urnNotPan,
  eighty_g_number: ORGANISATION_SETTINGS_MESSAGES.urnNotPan,
  eighty_g_valid_until: ORGANISATION_SETTINGS_MESSAGES.validUntilBeforeFrom,
};

export interface OrganisationSettingsFormProps {
  /** The version in force: the form starts from its settings, and starts again whenever a new one is passed. */
  current: OrganisationSettingsVersion;
  /** Saved versions, newest first (the API's history); shown as a small table. */
  history: OrganisationSettingsVersion[];
  /** The save is being sent: 'Saving…' on a busy button, fields read-only. */
  busy: boolean;
  /** The server's refusal (e.g. 'Check the highlighted fields'), shown in an alert above the form. */
  serverMessage?: string | null;
  /** The server's per-field messages (a 400's `errors`), shown under their fields like the form's own. */
  serverErrors?: OrganisationSettingsErrors;
  /** Called only with normalised settings that pass validateOrganisationSettings. */
  onSave: (settings: OrganisationSettings) => void;
  /** 'Discard changes' puts the saved values back; the page clears its own error state here. Shown when given. */
  onCancel?: () => void;
}

/**
 * /admin/settings (docs/decisions/026-organisation-settings.md): the organisation's legal and tax details that
 * receipts, notes, statements and Form 10BD print. Submitting normalises the values and checks them with the
 * domain's validateOrganisationSettings (the API runs the same): each problem sits under its field (aria-invalid,
 * aria-describedby) and focus goes to the first one; the server's own field messages are shown the same way.
 */
export function OrganisationSettingsForm({ current, history, busy, serverMessage, serverErrors, onSave, onCancel }: OrganisationSettingsFormProps) {
  const id = useId();
  const fieldId = (field: OrganisationSettingsField) => `${id}-${field.replace('.', '-')}`;
  const footerCountId = `${id}-footer-count`;
  const historyId = `${id}-history`;
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<OrganisationSettings>(current.settings);
  const [errors, setErrors] = useState<OrganisationSettingsErrors>(serverErrors ?? NO_ERRORS);
  const [showServerMessage, setShowServerMessage] = useState(true);
  // A new version in force (just saved, or loaded again) starts the form from it; new server messages replace the
  // ones shown (adjusting state while rendering, not in an effect).
  const [seenCurrent, setSeenCurrent] = useState(current);
  if (current !== seenCurrent) {
    setSeenCurrent(current);
    setValues(current.settings);
    setErrors(NO_ERRORS);
  }
  const [seenServer, setSeenServer] = useState({ serverErrors, serverMessage });
  if (serverErrors !== seenServer.serverErrors || serverMessage !== seenServer.serverMessage) {
    setSeenServer({ serverErrors, serverMessage });
    setErrors(serverErrors ?? NO_ERRORS);
    setShowServerMessage(true);
  }

  function focusField(field: OrganisationSettingsField) {
    formRef.current?.querySelector<HTMLElement>(`#${CSS.escape(fieldId(field))}`)?.focus();
  }

  // The server refused the save: its first field in error takes focus, as the form's own check does.
  useEffect(() => {
    const first = firstInvalid(serverErrors);
    if (first) focusField(first);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new set of server errors moves focus
  }, [serverErrors]);

  function update(field: OrganisationSettingsField, value: string) {
    setValues((currentValues) => writeField(currentValues, field, value));
    setErrors((currentErrors) => {
      // Some messages compare two fields: changing the PAN or the start of the 80G validity answers them too.
      const cleared: OrganisationSettingsField[] = [field, ...(DEPENDENT[field] ?? [])].filter(
        (name) => name === field || currentErrors[name] === DEPENDENT_MESSAGE[name],
      );
      if (!cleared.some((name) => currentErrors[name])) return currentErrors;
      const next = { ...currentErrors };
      for (const name of cleared) delete next[name];
      return next;
    });
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const settings = normaliseOrganisationSettings(values);
    const found = validateOrganisationSettings(settings, organisationDay(new Date()));
    const first = firstInvalid(found);
    if (first) {
      // Rendered first, so the focused field already carries aria-invalid and its message when announced.
      flushSync(() => {
        setErrors(found);
        setShowServerMessage(false);
      });
      focusField(first);
      return;
    }
    setErrors(NO_ERRORS);
    onSave(settings);
  }

  function discard() {
    setValues(current.settings);
    setErrors(NO_ERRORS);
    setShowServerMessage(false);
    onCancel?.();
  }

  const T = ORGANISATION_SETTINGS_FORM_TEXT;
  const L = ORGANISATION_SETTINGS_LIMITS;

  /** One text or date field, wired to its value, its error and the busy state. */
  function field(
    name: OrganisationSettingsField,
    label: string,
    options: { required?: boolean; hint?: ReactNode; type?: 'text' | 'date'; wide?: boolean; rowStart?: boolean; code?: boolean; inputMode?: 'numeric' } = {},
  ) {
    return (
      <FormField
        id={fieldId(name)}
        label={label}
        hint={options.hint}
        error={errors[name]}
        required={options.required}
        className={cn(options.wide && 'cs-settings-form__wide', options.rowStart && 'cs-settings-form__row-start')}
      >
        <Input
          name={name}
          type={options.type ?? 'text'}
          value={readField(values, name)}
          autoComplete="off"
          inputMode={options.inputMode}
          {...(options.code ? { autoCapitalize: 'characters', spellCheck: false, className: 'cs-settings-form__code' } : {})}
          // While saving the fields turn read-only rather than disabled, so keyboard focus stays where it was.
          readOnly={busy}
          onChange={(e) => update(name, e.target.value)}
        />
      </FormField>
    );
  }

  function section(title: string, children: ReactNode) {
    return (
      <fieldset className="cs-settings-form__section">
        <legend className="cs-settings-form__legend">
          <h2 className="cs-settings-form__title">{title}</h2>
        </legend>
        <div className="cs-settings-form__grid">{children}</div>
      </fieldset>
    );
  }

  const footerTooLong = Array.from(values.receipt_footer).length > L.receipt_footer;
  const alert = showServerMessage && serverMessage ? serverMessage : null;

  return (
    <div className="cs-settings">
      <p className="cs-settings__version">{settingsVersionText(current)}</p>
      {current.is_demo ? (
        <p role="note" className="cs-settings__demo">
          {ORGANISATION_SETTINGS_MESSAGES.demoWarning}
        </p>
      ) : null}
      <form ref={formRef} className="cs-settings-form" noValidate onSubmit={handleSubmit} aria-busy={busy || undefined}>
        {alert ? (
          <div role="alert" className="cs-admin-alert">
            {alert}
          </div>
        ) : null}
        {section(
          T.legal,
          <>
            {field('legal_name', T.legalName, { required: true, hint: T.legalNameHint, wide: true })}
            {field('pan', T.pan, { required: true, hint: T.panHint, code: true })}
            {field('registration_number', T.registrationNumber, { required: true, hint: T.registrationNumberHint })}
            {field('registration_date', T.registrationDate, { type: 'date' })}
          </>,
        )}
        {section(
          T.address,
          <>
            {field('address.line1', T.line1, { required: true, wide: true })}
            {field('address.line2', T.line2, { wide: true })}
            {field('address.city', T.city, { required: true })}
            {field('address.state', T.state, { required: true })}
            {field('address.pincode', T.pincode, { required: true, inputMode: 'numeric' })}
            {field('address.country', T.country, { required: true })}
          </>,
        )}
        {section(
          T.approvals,
          <>
            {field('twelve_a_number', T.twelveANumber, { required: true, hint: T.twelveAHint, code: true, wide: true })}
            {field('twelve_a_date', T.twelveADate, { type: 'date' })}
            {field('eighty_g_number', T.eightyGNumber, { required: true, hint: T.eightyGHint, code: true, wide: true })}
            {field('eighty_g_date', T.eightyGDate, { type: 'date' })}
            {field('eighty_g_valid_from', T.eightyGValidFrom, { type: 'date', required: true, hint: T.eightyGValidHint, rowStart: true })}
            {field('eighty_g_valid_until', T.eightyGValidUntil, { type: 'date', hint: T.eightyGValidUntilHint })}
          </>,
        )}
        {section(
          T.signatory,
          <>
            {field('signatory_name', T.signatoryName, { required: true, hint: T.signatoryHint })}
            {field('signatory_title', T.signatoryTitle, { required: true, hint: T.signatoryTitleHint })}
          </>,
        )}
        {section(
          T.footer,
          <div className="cs-settings-form__wide">
            <FormField id={fieldId('receipt_footer')} label={T.footerLabel} hint={T.footerHint} error={errors.receipt_footer}>
              <Textarea
                name="receipt_footer"
                rows={3}
                value={values.receipt_footer}
                aria-describedby={footerCountId}
                readOnly={busy}
                onChange={(e) => update('receipt_footer', e.target.value)}
              />
            </FormField>
            <p id={footerCountId} className={cn('cs-settings-form__count', footerTooLong && 'cs-settings-form__count--over')}>
              {footerCountText(values.receipt_footer)}
            </p>
          </div>,
        )}
        <div className="cs-settings-form__actions">
          {onCancel ? (
            <Button variant="ghost" onClick={discard} disabled={busy}>
              {T.discard}
            </Button>
          ) : null}
          <Button type="submit" loading={busy} loadingText={T.saving}>
            {T.save}
          </Button>
        </div>
      </form>
      {history.length > 0 ? (
        <section className="cs-settings__history" aria-labelledby={historyId}>
          <h2 id={historyId} className="cs-settings-form__title">
            {T.history}
          </h2>
          <div className="cs-console-table-scroll" role="group" aria-labelledby={historyId} tabIndex={0}>
            <table className="cs-console-table">
              <thead>
                <tr>
                  <th scope="col">{T.historyVersion}</th>
                  <th scope="col">{T.historySaved}</th>
                  <th scope="col">{T.historyBy}</th>
                  <th scope="col">{T.historyEightyG}</th>
                </tr>
              </thead>
              <tbody>
                {history.map((entry) => (
                  <tr key={entry.version}>
                    <th scope="row">
                      {entry.version}
                      {entry.version === current.version ? <span className="cs-settings__in-force"> ({T.inForce})</span> : null}
                    </th>
                    <td className="cs-console-table__nowrap">{formatConsoleDateTime(entry.created_at)}</td>
                    <td>{entry.created_by?.trim() || T.unknownUser}</td>
                    <td className="cs-settings-form__code">{entry.settings.eighty_g_number}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}
    </div>
  );
}
