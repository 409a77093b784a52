import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import {
  CONTACT_SUBJECTS,
  buildContactPayload,
  validateContact,
  type ContactErrors,
  type ContactField,
  type ContactPayload,
} from '@charity/domain';
import { Button } from '../components/Button';
import { FormField, Input, Textarea } from '../components/FormField';
import { Select } from '../components/Select';
import { cn } from '../lib/cn';

export type { ContactErrors, ContactField, ContactPayload };

export interface ContactFormValues {
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
}

export const EMPTY_CONTACT_FORM: ContactFormValues = { name: '', email: '', phone: '', subject: '', message: '' };

/** Order of the fields on screen: the first invalid one in this order receives focus. */
const FIELD_ORDER: readonly ContactField[] = ['name', 'email', 'phone', 'subject', 'message'];

const SUBJECT_OPTIONS = CONTACT_SUBJECTS.map((s) => ({ value: s.value, label: s.label }));

export interface ContactFormProps {
  /**
   * Called with the validated, trimmed payload. While the promise is pending the button reads 'Sending...'
   * and is disabled. The form keeps its values whatever the outcome: the caller clears it after a success by
   * changing `resetKey`, and shows errors from the server through `serverErrors`.
   */
  onSubmit: (payload: ContactPayload) => Promise<void>;
  /** Change it (e.g. increment) to clear every field and error, after a message was sent. */
  resetKey?: string | number;
  /**
   * Field errors the server answered (a 400 with `errors`). A new object replaces the shown errors and moves
   * focus to the first invalid field; each clears when its field is edited, like the form's own errors.
   */
  serverErrors?: ContactErrors;
  /** Values to start from (stories, or a prefilled subject such as 'volunteer'). */
  initialValues?: Partial<ContactFormValues>;
  /** Label of the submit button. */
  submitLabel?: string;
  className?: string;
}

function hasErrors(errors: ContactErrors): boolean {
  return FIELD_ORDER.some((field) => errors[field]);
}

/**
 * The contact message form (spec §5 "Contact"): validated with the domain's `validateContact` on submit,
 * each error shown under its field and cleared as soon as that field is edited; on a failed submit focus
 * moves to the first invalid field so keyboard and screen-reader users land on the problem.
 */
export function ContactForm({
  onSubmit,
  resetKey,
  serverErrors,
  initialValues,
  submitLabel = 'Send Message',
  className,
}: ContactFormProps) {
  const baseId = useId();
  const ids: Record<ContactField, string> = {
    name: `${baseId}-name`,
    email: `${baseId}-email`,
    phone: `${baseId}-phone`,
    subject: `${baseId}-subject`,
    message: `${baseId}-message`,
  };
  const formRef = useRef<HTMLFormElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const [values, setValues] = useState<ContactFormValues>({ ...EMPTY_CONTACT_FORM, ...initialValues });
  const [errors, setErrors] = useState<ContactErrors>(serverErrors ?? {});
  const [pending, setPending] = useState(false);

  // Adjusting state while rendering when a prop changes (React's recommended alternative to an effect).
  const [seenResetKey, setSeenResetKey] = useState(resetKey);
  if (resetKey !== seenResetKey) {
    setSeenResetKey(resetKey);
    setValues({ ...EMPTY_CONTACT_FORM });
    setErrors({});
  }
  const [seenServerErrors, setSeenServerErrors] = useState(serverErrors);
  if (serverErrors !== seenServerErrors) {
    setSeenServerErrors(serverErrors);
    if (serverErrors && hasErrors(serverErrors)) setErrors(serverErrors);
  }

  const focusFirstInvalid = useCallback(
    (found: ContactErrors) => {
      const field = FIELD_ORDER.find((name) => found[name]);
      if (!field) return;
      formRef.current?.querySelector<HTMLElement>(`#${CSS.escape(`${baseId}-${field}`)}`)?.focus();
    },
    [baseId],
  );

  // Errors from the server arrive after the submit finished: the effect runs once they are rendered.
  useEffect(() => {
    if (serverErrors) focusFirstInvalid(serverErrors);
  }, [serverErrors, focusFirstInvalid]);

  function update(field: ContactField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    // A field's error clears as soon as the visitor edits that field (spec §5).
    setErrors((current) => {
      if (!current[field]) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const found = validateContact(values);
    if (hasErrors(found)) {
      // Rendered first, so the focused field already carries aria-invalid and its message when announced.
      flushSync(() => setErrors(found));
      focusFirstInvalid(found);
      return;
    }
    setErrors({});
    setPending(true);
    try {
      await onSubmit(buildContactPayload(values));
    } catch {
      // The caller reports failures (a toast, server field errors); the form keeps what was typed.
    } finally {
      flushSync(() => setPending(false));
      // A disabled button drops keyboard focus; hand it back so the visitor is not left at the page top,
      // unless something took focus meanwhile (a field the server marked invalid).
      const active = document.activeElement;
      if (active === null || active === document.body || active === submitRef.current) submitRef.current?.focus();
    }
  }

  return (
    <form
      ref={formRef}
      className={cn('cs-contact-form', className)}
      noValidate
      aria-busy={pending || undefined}
      onSubmit={(event) => void handleSubmit(event)}
    >
      <div className="cs-contact-form__row">
        <FormField label="Name" required id={ids.name} error={errors.name}>
          <Input
            name="name"
            autoComplete="name"
            value={values.name}
            onChange={(event) => update('name', event.target.value)}
          />
        </FormField>
        <FormField label="Email" required id={ids.email} error={errors.email}>
          <Input
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            value={values.email}
            onChange={(event) => update('email', event.target.value)}
          />
        </FormField>
      </div>
      <div className="cs-contact-form__row">
        <FormField
          label={
            <>
              Phone <span className="cs-contact-form__optional">(optional)</span>
            </>
          }
          id={ids.phone}
          error={errors.phone}
        >
          <Input
            type="tel"
            name="phone"
            autoComplete="tel"
            inputMode="tel"
            value={values.phone}
            onChange={(event) => update('phone', event.target.value)}
          />
        </FormField>
        <Select
          label="Subject"
          required
          id={ids.subject}
          name="subject"
          options={SUBJECT_OPTIONS}
          placeholder="Select a subject"
          value={values.subject}
          onValueChange={(value) => update('subject', value)}
          error={errors.subject}
        />
      </div>
      <FormField label="Message" required id={ids.message} error={errors.message}>
        <Textarea
          name="message"
          rows={6}
          value={values.message}
          onChange={(event) => update('message', event.target.value)}
        />
      </FormField>
      <div className="cs-contact-form__actions">
        <Button ref={submitRef} type="submit" size="lg" loading={pending} loadingText="Sending...">
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
