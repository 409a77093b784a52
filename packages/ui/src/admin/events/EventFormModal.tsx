import { useId, useState, type FormEvent } from 'react';
import {
  ADMIN_EVENTS_FILTER_TEXT,
  DEFAULT_EVENT_STATUS,
  EVENT_STATUSES,
  EVENT_STATUS_LABELS,
  canSubmitEventForm,
  formatEventDate,
  formatEventPayload,
  isPastDatedUpcoming,
  organisationDay,
  toDateInputValue,
  type EventPayload,
} from '@charity/domain';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { FormField, Input, Textarea } from '../../components/FormField';
import { Select } from '../../components/Select';

export const EVENT_FORM_TEXT = {
  addTitle: 'Add New Event',
  editTitle: 'Edit Event',
  title: 'Event Title',
  description: 'Description',
  date: 'Event Date',
  status: 'Status',
  location: 'Location',
  impact: 'Impact',
  create: 'Create Event',
  update: 'Update Event',
  saving: 'Saving...',
  cancel: 'Cancel',
} as const;

/** The form as typed: every field a string ('' for none). */
export interface EventFormValues {
  title: string;
  description: string;
  date: string;
  location: string;
  impact: string;
  status: string;
}

/** The values an event starts the form with (an existing event when editing, blanks and 'upcoming' when adding). */
export function eventFormValues(event?: Partial<Record<keyof EventFormValues, string | null>> | null): EventFormValues {
  return {
    title: event?.title ?? '',
    description: event?.description ?? '',
    date: toDateInputValue(event?.date),
    location: event?.location ?? '',
    impact: event?.impact ?? '',
    status: event?.status || DEFAULT_EVENT_STATUS,
  };
}

const STATUS_OPTIONS = EVENT_STATUSES.map((status) => ({ value: status, label: EVENT_STATUS_LABELS[status] }));

export interface EventFormModalProps {
  open: boolean;
  mode: 'add' | 'edit';
  /** The event being edited; the form takes these values each time it opens. */
  initialValues?: Partial<Record<keyof EventFormValues, string | null>> | null;
  /** The save call runs: the button reads 'Saving...' and the dialog stays open. */
  saving?: boolean;
  /** Why the last save failed, shown at the top of the form (role=alert). */
  error?: string | null;
  /** The payload formatted by the domain's formatEventPayload (trimmed; blanks → null; status default upcoming). */
  onSubmit: (payload: EventPayload) => void;
  onOpenChange: (open: boolean) => void;
  /** Today in the organisation's calendar ('YYYY-MM-DD'), for the past-dated 'Upcoming' warning. */
  today?: string;
}

/**
 * 'Add New Event' / 'Edit Event' (spec §2 "Admin events", §5 "Admin event"): Event Title *, Description *,
 * Event Date, Status, Location, Impact. 'Create Event' / 'Update Event' stays disabled until title and
 * description are filled.
 */
export function EventFormModal({
  open,
  mode,
  initialValues,
  saving = false,
  error,
  onSubmit,
  onOpenChange,
  today = organisationDay(new Date()),
}: EventFormModalProps) {
  const formId = useId();
  const [values, setValues] = useState<EventFormValues>(() => eventFormValues(initialValues));
  // Each opening starts from the event's current values (adjusting state while rendering, not in an effect).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setValues(eventFormValues(initialValues));
  }

  const update = (field: keyof EventFormValues) => (value: string) => setValues((current) => ({ ...current, [field]: value }));
  const canSubmit = canSubmitEventForm(values);
  // The date in words under the field: the browser's date control shows its own locale's order (mm/dd/yyyy in an
  // American browser), so '15 March 2026' leaves no doubt which day was picked.
  const dateInWords = formatEventDate(values.date);
  const datePassed = isPastDatedUpcoming(values, today);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSubmit || saving) return;
    onSubmit(formatEventPayload(values));
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        // Closing mid-save would hide the outcome; the toast and the reloaded list follow the save.
        if (!next && saving) return;
        onOpenChange(next);
      }}
      size="2xl"
      title={mode === 'add' ? EVENT_FORM_TEXT.addTitle : EVENT_FORM_TEXT.editTitle}
      footer={
        <>
          <Button variant="ghost" onClick={() => onOpenChange(false)} disabled={saving}>
            {EVENT_FORM_TEXT.cancel}
          </Button>
          <Button type="submit" form={formId} disabled={!canSubmit} loading={saving} loadingText={EVENT_FORM_TEXT.saving}>
            {mode === 'add' ? EVENT_FORM_TEXT.create : EVENT_FORM_TEXT.update}
          </Button>
        </>
      }
    >
      {/* While saving, text fields turn read-only rather than disabled so keyboard focus stays where it was. */}
      <form id={formId} className="cs-event-form" noValidate onSubmit={handleSubmit} aria-busy={saving || undefined}>
        {error ? (
          <div role="alert" className="cs-admin-alert">
            {error}
          </div>
        ) : null}
        <FormField label={EVENT_FORM_TEXT.title} required>
          <Input name="title" value={values.title} onChange={(e) => update('title')(e.target.value)} readOnly={saving} />
        </FormField>
        <FormField label={EVENT_FORM_TEXT.description} required>
          <Textarea
            name="description"
            rows={4}
            value={values.description}
            onChange={(e) => update('description')(e.target.value)}
            readOnly={saving}
          />
        </FormField>
        <div className="cs-event-form__row">
          <FormField
            label={EVENT_FORM_TEXT.date}
            hint={
              dateInWords || datePassed ? (
                <>
                  {dateInWords}
                  {datePassed ? <span className="cs-event-form__warning"> {ADMIN_EVENTS_FILTER_TEXT.datePassedWarning}</span> : null}
                </>
              ) : undefined
            }
          >
            <Input name="date" type="date" value={values.date} onChange={(e) => update('date')(e.target.value)} readOnly={saving} />
          </FormField>
          <Select
            label={EVENT_FORM_TEXT.status}
            name="status"
            options={STATUS_OPTIONS}
            value={values.status}
            onValueChange={update('status')}
            disabled={saving}
          />
        </div>
        <FormField label={EVENT_FORM_TEXT.location}>
          <Input name="location" value={values.location} onChange={(e) => update('location')(e.target.value)} readOnly={saving} />
        </FormField>
        <FormField label={EVENT_FORM_TEXT.impact}>
          <Textarea name="impact" rows={3} value={values.impact} onChange={(e) => update('impact')(e.target.value)} readOnly={saving} />
        </FormField>
      </form>
    </Dialog>
  );
}
