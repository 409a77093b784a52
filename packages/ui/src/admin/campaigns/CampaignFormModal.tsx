import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import {
  CAMPAIGN_CATEGORIES,
  CAMPAIGN_STATUSES,
  CAMPAIGN_STATUS_LABELS,
  EMPTY_CAMPAIGN_FORM,
  FIELD_MAX_LENGTHS,
  campaignCategoryLabel,
  canSubmitCampaignForm,
  isCampaignStatus,
  validateCampaignForm,
  type CampaignFormErrors,
  type CampaignFormValues,
} from '@charity/domain';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { FormField, Input, Textarea } from '../../components/FormField';
import { Select, type SelectOption } from '../../components/Select';
import { resolveImageUrl } from '../../campaigns/image-url';
import { CampaignImageField, type CampaignImageChoice } from './CampaignImageField';

export const CAMPAIGN_FORM_TEXT = {
  addTitle: 'Add New Campaign',
  editTitle: 'Edit Campaign',
  title: 'Campaign Title',
  description: 'Description',
  target: 'Target Amount (INR)',
  offlineAmount: 'Raised offline (INR)',
  offlineCount: 'Offline donations',
  offlineHint: 'Cheques, cash and bank transfers received outside the website. Added to the online donations in the amount the public sees.',
  category: 'Category',
  status: 'Status',
  featured: 'Featured campaign',
  featuredHint: 'Featured campaigns are shown on the home page and the donate page while they are active.',
  startDate: 'Start Date',
  endDate: 'End Date',
  create: 'Create Campaign',
  update: 'Update Campaign',
  saving: 'Saving...',
  cancel: 'Cancel',
} as const;

/** The fields validateCampaignForm checks, in the order they appear (the first invalid one takes focus). */
const CHECKED_FIELDS = ['title', 'description', 'target_amount', 'offline_amount', 'offline_donation_count', 'end_date'] as const;
type CheckedField = (typeof CHECKED_FIELDS)[number];

const STATUS_OPTIONS: SelectOption[] = CAMPAIGN_STATUSES.map((status) => ({ value: status, label: CAMPAIGN_STATUS_LABELS[status] }));

/** The form's categories, plus the campaign's own when it was saved with one no longer offered (kept, not lost). */
function categoryOptions(current: string): SelectOption[] {
  const slugs: string[] = [...CAMPAIGN_CATEGORIES];
  if (current && !slugs.includes(current)) slugs.push(current);
  return slugs.map((slug) => ({ value: slug, label: campaignCategoryLabel(slug) ?? slug }));
}

/** Inputs where Enter means something else than "submit" (toggle, choose a file). */
const SINGLE_LINE_SKIP: ReadonlySet<string> = new Set(['checkbox', 'radio', 'file', 'button', 'submit', 'reset']);

const NO_IMAGE_CHANGE: CampaignImageChoice = { file: null, remove: false };

export interface CampaignFormModalProps {
  open: boolean;
  mode: 'add' | 'edit';
  /** The campaign being edited (domain campaignFormValues); null starts from EMPTY_CAMPAIGN_FORM. Read on each opening. */
  initialValues: CampaignFormValues | null;
  /** The campaign's current picture when editing. */
  imageUrl?: string | null;
  /** Prefix for a server-relative imageUrl ('' when the site serves /uploads itself). */
  imageBaseUrl?: string;
  /** The save call runs: the button reads 'Saving...' and the dialog stays open. */
  saving: boolean;
  /** Why the last save failed (the server's message), shown at the top of the form. */
  error?: string | null;
  /** Only called with values that pass validateCampaignForm; send them with domain campaignFormFields. */
  onSubmit: (values: CampaignFormValues, image: CampaignImageChoice) => void;
  onOpenChange: (open: boolean) => void;
}

/**
 * 'Add New Campaign' / 'Edit Campaign' (the Campaign fields of spec §3). The button stays disabled until title
 * and description are filled, as for events; submitting checks every rule of the domain's validateCampaignForm,
 * shows each message under its field and moves focus to the first field in error.
 */
export function CampaignFormModal({
  open,
  mode,
  initialValues,
  imageUrl,
  imageBaseUrl = '',
  saving,
  error,
  onSubmit,
  onOpenChange,
}: CampaignFormModalProps) {
  const id = useId();
  const formId = `${id}-form`;
  const fieldId = (field: string) => `${id}-${field}`;
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<CampaignFormValues>(() => initialValues ?? EMPTY_CAMPAIGN_FORM);
  const [errors, setErrors] = useState<CampaignFormErrors>({});
  const [edited, setEdited] = useState<ReadonlySet<CheckedField>>(() => new Set());
  const [image, setImage] = useState<CampaignImageChoice>(NO_IMAGE_CHANGE);
  const [imageError, setImageError] = useState<string | null>(null);
  // Each opening starts from the campaign's current values (adjusting state while rendering, not in an effect).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setValues(initialValues ?? EMPTY_CAMPAIGN_FORM);
      setErrors({});
      setEdited(new Set());
      setImage(NO_IMAGE_CHANGE);
      setImageError(null);
    }
  }

  const currentImage = mode === 'edit' ? resolveImageUrl(imageUrl, imageBaseUrl) : null;
  const canSubmit = canSubmitCampaignForm(values);

  function clearErrors(...fields: CheckedField[]) {
    setErrors((current) => {
      if (!fields.some((field) => current[field])) return current;
      const next = { ...current };
      for (const field of fields) delete next[field];
      return next;
    });
  }

  function update<K extends keyof CampaignFormValues>(field: K, value: CampaignFormValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    if (field === 'start_date') clearErrors('end_date');
    else if ((CHECKED_FIELDS as readonly string[]).includes(field)) {
      clearErrors(field as CheckedField);
      setEdited((current) => (current.has(field as CheckedField) ? current : new Set(current).add(field as CheckedField)));
    }
  }

  // Title and description gate the button, so a blank one would otherwise never explain itself: once typed in,
  // leaving it blank (spaces only) shows its message.
  function checkRequired(field: 'title' | 'description') {
    if (!edited.has(field)) return;
    const message = validateCampaignForm(values)[field];
    if (message) setErrors((current) => ({ ...current, [field]: message }));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSubmit || saving) return;
    const found = validateCampaignForm(values);
    const first = CHECKED_FIELDS.find((field) => found[field]);
    if (first) {
      flushSync(() => setErrors(found));
      formRef.current?.querySelector<HTMLElement>(`#${CSS.escape(fieldId(first))}`)?.focus();
      return;
    }
    setErrors({});
    onSubmit(values, image);
  }

  // Enter in a one-line field submits, as in any form. The submit button sits in the dialog's footer, outside the
  // <form>, tied to it by form=; not every tool that drives a form (user-event among them) follows that link, so
  // the form asks for its own submission rather than relying on the browser finding its default button.
  function handleKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    const target = event.target;
    if (event.key !== 'Enter' || event.defaultPrevented || event.nativeEvent.isComposing) return;
    if (!(target instanceof HTMLInputElement) || SINGLE_LINE_SKIP.has(target.type)) return;
    event.preventDefault();
    formRef.current?.requestSubmit();
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
      title={mode === 'add' ? CAMPAIGN_FORM_TEXT.addTitle : CAMPAIGN_FORM_TEXT.editTitle}
      footer={
        <>
          <Button variant="ghost" onClick={() => onOpenChange(false)} disabled={saving}>
            {CAMPAIGN_FORM_TEXT.cancel}
          </Button>
          <Button type="submit" form={formId} disabled={!canSubmit} loading={saving} loadingText={CAMPAIGN_FORM_TEXT.saving}>
            {mode === 'add' ? CAMPAIGN_FORM_TEXT.create : CAMPAIGN_FORM_TEXT.update}
          </Button>
        </>
      }
    >
      {/* While saving, text fields turn read-only rather than disabled so keyboard focus stays where it was. */}
      <form
        ref={formRef}
        id={formId}
        className="cs-campaign-form"
        noValidate
        onSubmit={handleSubmit}
        onKeyDown={handleKeyDown}
        aria-busy={saving || undefined}
      >
        {error ? (
          <div role="alert" className="cs-admin-alert">
            {error}
          </div>
        ) : null}
        <FormField id={fieldId('title')} label={CAMPAIGN_FORM_TEXT.title} required error={errors.title}>
          <Input
            name="title"
            value={values.title}
            maxLength={FIELD_MAX_LENGTHS.campaign.title}
            onChange={(e) => update('title', e.target.value)}
            onBlur={() => checkRequired('title')}
            readOnly={saving}
          />
        </FormField>
        <FormField id={fieldId('description')} label={CAMPAIGN_FORM_TEXT.description} required error={errors.description}>
          <Textarea
            name="description"
            rows={5}
            value={values.description}
            onChange={(e) => update('description', e.target.value)}
            onBlur={() => checkRequired('description')}
            readOnly={saving}
          />
        </FormField>
        <div className="cs-campaign-form__row">
          <FormField id={fieldId('target_amount')} label={CAMPAIGN_FORM_TEXT.target} required error={errors.target_amount}>
            <Input
              name="target_amount"
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              value={values.target_amount}
              onChange={(e) => update('target_amount', e.target.value)}
              readOnly={saving}
            />
          </FormField>
          <Select
            id={fieldId('category')}
            label={CAMPAIGN_FORM_TEXT.category}
            name="category"
            options={categoryOptions(values.category)}
            value={values.category}
            onValueChange={(value) => update('category', value)}
            disabled={saving}
          />
        </div>
        <div className="cs-campaign-form__row">
          <FormField
            id={fieldId('offline_amount')}
            label={CAMPAIGN_FORM_TEXT.offlineAmount}
            hint={CAMPAIGN_FORM_TEXT.offlineHint}
            error={errors.offline_amount}
          >
            <Input
              name="offline_amount"
              type="number"
              inputMode="decimal"
              min={0}
              step="any"
              value={values.offline_amount}
              onChange={(e) => update('offline_amount', e.target.value)}
              readOnly={saving}
            />
          </FormField>
          <FormField id={fieldId('offline_donation_count')} label={CAMPAIGN_FORM_TEXT.offlineCount} error={errors.offline_donation_count}>
            <Input
              name="offline_donation_count"
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              value={values.offline_donation_count}
              onChange={(e) => update('offline_donation_count', e.target.value)}
              readOnly={saving}
            />
          </FormField>
        </div>
        <div className="cs-campaign-form__row">
          <Select
            id={fieldId('status')}
            label={CAMPAIGN_FORM_TEXT.status}
            name="status"
            options={STATUS_OPTIONS}
            value={values.status}
            onValueChange={(value) => {
              if (isCampaignStatus(value)) update('status', value);
            }}
            disabled={saving}
          />
          <div className="cs-campaign-form__check">
            <label className="cs-checkbox">
              <input
                id={fieldId('featured')}
                type="checkbox"
                name="is_featured"
                className="cs-checkbox__input"
                checked={values.is_featured}
                onChange={(e) => update('is_featured', e.target.checked)}
                disabled={saving}
                aria-describedby={fieldId('featured-hint')}
              />
              <span className="cs-checkbox__label">{CAMPAIGN_FORM_TEXT.featured}</span>
            </label>
            <p id={fieldId('featured-hint')} className="cs-field__hint">
              {CAMPAIGN_FORM_TEXT.featuredHint}
            </p>
          </div>
        </div>
        <div className="cs-campaign-form__row">
          <FormField id={fieldId('start_date')} label={CAMPAIGN_FORM_TEXT.startDate}>
            <Input
              name="start_date"
              type="date"
              value={values.start_date}
              onChange={(e) => update('start_date', e.target.value)}
              readOnly={saving}
            />
          </FormField>
          <FormField id={fieldId('end_date')} label={CAMPAIGN_FORM_TEXT.endDate} error={errors.end_date}>
            <Input
              name="end_date"
              type="date"
              value={values.end_date}
              onChange={(e) => update('end_date', e.target.value)}
              readOnly={saving}
            />
          </FormField>
        </div>
        <CampaignImageField
          id={fieldId('image')}
          currentUrl={currentImage}
          choice={image}
          onChange={setImage}
          error={imageError}
          onError={setImageError}
          disabled={saving}
        />
      </form>
    </Dialog>
  );
}
