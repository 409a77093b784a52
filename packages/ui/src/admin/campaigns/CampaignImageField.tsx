import { useCallback, useRef, type ChangeEvent } from 'react';
import { Button } from '../../components/Button';
import { FormField, Input } from '../../components/FormField';
import { ImageIcon, TrashIcon } from '../../events/icons';

/** What the picker accepts (the events' image pipeline); the server checks the bytes again. */
export const CAMPAIGN_IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp';
const ACCEPTED_TYPES: readonly string[] = CAMPAIGN_IMAGE_ACCEPT.split(',');

export const CAMPAIGN_IMAGE_TEXT = {
  label: 'Campaign Image',
  hint: 'JPEG, PNG or WebP. Leave empty to keep the current picture.',
  hintNew: 'JPEG, PNG or WebP.',
  remove: 'Remove image',
  keep: 'Keep current image',
  removed: 'The current picture will be removed when you save.',
  none: 'No picture yet',
  chosenAlt: 'Preview of the chosen picture',
  currentAlt: 'Current campaign picture',
  wrongType: 'Choose a JPEG, PNG or WebP picture.',
} as const;

/** The picture part of the campaign form: a new file to upload, or removing the current picture. */
export interface CampaignImageChoice {
  file: File | null;
  /** True only when a current picture exists and staff removed it without choosing another. */
  remove: boolean;
}

export interface CampaignImageFieldProps {
  id: string;
  /** The picture the campaign has now (edit), already resolved to a loadable address. */
  currentUrl: string | null;
  choice: CampaignImageChoice;
  onChange: (choice: CampaignImageChoice) => void;
  error?: string | null;
  onError: (message: string | null) => void;
  disabled?: boolean;
}

/** The native file input (keyboard and screen readers know it) with a preview and 'Remove image'. */
export function CampaignImageField({ id, currentUrl, choice, onChange, error, onError, disabled = false }: CampaignImageFieldProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const showingCurrent = !choice.file && !choice.remove && currentUrl !== null;

  // The button pressed disappears with what it acted on; focus goes to the picker rather than the page's start.
  function change(next: CampaignImageChoice) {
    onError(null);
    onChange(next);
    inputRef.current?.focus();
  }

  function handleFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0] ?? null;
    // Cleared so choosing the same file again (after removing it) fires another change.
    event.target.value = '';
    if (!file) return;
    if (!ACCEPTED_TYPES.includes(file.type)) {
      onError(CAMPAIGN_IMAGE_TEXT.wrongType);
      return;
    }
    onError(null);
    onChange({ file, remove: false });
  }

  return (
    <div className="cs-campaign-image">
      <FormField
        id={id}
        label={CAMPAIGN_IMAGE_TEXT.label}
        hint={currentUrl ? CAMPAIGN_IMAGE_TEXT.hint : CAMPAIGN_IMAGE_TEXT.hintNew}
        error={error ?? undefined}
      >
        <Input
          ref={inputRef}
          type="file"
          name="image"
          accept={CAMPAIGN_IMAGE_ACCEPT}
          className="cs-campaign-image__input"
          disabled={disabled}
          onChange={handleFile}
        />
      </FormField>
      <div className="cs-campaign-image__preview">
        {choice.file ? (
          <FilePreview file={choice.file} />
        ) : showingCurrent ? (
          <img className="cs-campaign-image__img" src={currentUrl} alt={CAMPAIGN_IMAGE_TEXT.currentAlt} />
        ) : (
          <span className="cs-campaign-image__empty">
            <ImageIcon size={24} />
            {choice.remove ? CAMPAIGN_IMAGE_TEXT.removed : CAMPAIGN_IMAGE_TEXT.none}
          </span>
        )}
        <div className="cs-campaign-image__actions">
          {choice.file || showingCurrent ? (
            <Button
              variant="outline"
              size="sm"
              icon={<TrashIcon size={16} />}
              onClick={() => change({ file: null, remove: currentUrl !== null })}
              disabled={disabled}
            >
              {CAMPAIGN_IMAGE_TEXT.remove}
            </Button>
          ) : null}
          {choice.remove ? (
            <Button variant="ghost" size="sm" onClick={() => change({ file: null, remove: false })} disabled={disabled}>
              {CAMPAIGN_IMAGE_TEXT.keep}
            </Button>
          ) : null}
        </div>
      </div>
    </div>
  );
}

/**
 * The chosen file shown from an object URL. A ref callback with a cleanup (React 19) creates the URL when the
 * image mounts and revokes it when the file changes or the preview goes, without setting state in an effect.
 */
function FilePreview({ file }: { file: File }) {
  const attach = useCallback(
    (img: HTMLImageElement | null) => {
      if (!img) return;
      const url = URL.createObjectURL(file);
      img.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [file],
  );
  return <img ref={attach} className="cs-campaign-image__img" alt={`${CAMPAIGN_IMAGE_TEXT.chosenAlt}: ${file.name}`} />;
}
