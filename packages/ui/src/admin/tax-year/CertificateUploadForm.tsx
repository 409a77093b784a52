import { useId, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { CERTIFICATE_ZIP_MAX_MB, TAX_YEAR_MESSAGES } from '@charity/domain';
import { Button } from '../../components/Button';
import { FormField } from '../../components/FormField';
import { cn } from '../../lib/cn';
import { TAX_YEAR_TEXT } from './tax-year-text';

/** What the file picker offers: the portal's ZIP. */
export const CERTIFICATE_ZIP_ACCEPT = '.zip,application/zip,application/x-zip-compressed';

/**
 * The browser's first look at a chosen file, before anything is sent: null when it may go to the server (which opens
 * the ZIP and judges each PDF), else the domain's sentence. No file, a file not named .zip, an empty or oversize one.
 */
export function certificateZipProblem(file: Pick<File, 'name' | 'size'> | null): string | null {
  if (!file) return TAX_YEAR_MESSAGES.zipRequired;
  if (!/\.zip$/i.test(file.name) || file.size === 0) return TAX_YEAR_MESSAGES.zipInvalid;
  if (file.size > CERTIFICATE_ZIP_MAX_MB * 1024 * 1024) return TAX_YEAR_MESSAGES.zipTooLarge(CERTIFICATE_ZIP_MAX_MB);
  return null;
}

export interface CertificateUploadFormProps {
  /** The upload is on its way: the button waits, the picker is locked. */
  uploading: boolean;
  /** The server's refusal of the last upload (a junk ZIP, a file too large), shown under the field. */
  error: string | null;
  /** Called with a file that passed certificateZipProblem. */
  onUpload: (file: File) => void;
  /** Another action of the screen is running: nothing may start. */
  disabled?: boolean;
  className?: string;
}

/** The Form 10BE ZIP picker and its 'Upload certificates' button; a problem is tied to the field and focus returns to it. */
export function CertificateUploadForm({ uploading, error, onUpload, disabled = false, className }: CertificateUploadFormProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // The server's refusal belongs to the file it judged; a new choice clears it from view until the next answer.
  const [shownError, setShownError] = useState(error);
  const [lastError, setLastError] = useState(error);
  if (error !== lastError) {
    setLastError(error);
    setShownError(error);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (uploading || disabled) return;
    const file = input.current?.files?.[0] ?? null;
    const found = certificateZipProblem(file);
    if (found || !file) {
      flushSync(() => setProblem(found));
      input.current?.focus();
      return;
    }
    setProblem(null);
    onUpload(file);
  }

  return (
    <form className={cn('cs-tax-upload', className)} noValidate onSubmit={submit} aria-busy={uploading || undefined}>
      <FormField id={`${id}-zip`} label={TAX_YEAR_TEXT.zipLabel} error={problem ?? shownError} className="cs-tax-upload__field">
        <input
          ref={input}
          type="file"
          name="file"
          accept={CERTIFICATE_ZIP_ACCEPT}
          className="cs-tax-upload__input"
          disabled={uploading || disabled}
          onChange={() => {
            setProblem(null);
            setShownError(null);
          }}
        />
      </FormField>
      <Button type="submit" variant="secondary" loading={uploading} loadingText={TAX_YEAR_TEXT.uploading} disabled={disabled}>
        {TAX_YEAR_TEXT.upload}
      </Button>
    </form>
  );
}
