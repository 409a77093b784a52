import { useId, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { PAN_MESSAGE, isValidPan, normalisePan, type TaxYearDonor } from '@charity/domain';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { FormField, Input } from '../../components/FormField';
import { ADD_PAN_TEXT, addPanDescription, addPanTitle } from './tax-year-text';

export interface AddPanDialogProps {
  open: boolean;
  /** Whose PAN it is: named in the title, their address in the description. */
  donor: Pick<TaxYearDonor, 'name' | 'email'>;
  /** The financial year whose donations get the PAN ('2026-27'). */
  financialYear: string;
  /** The PAN is being saved: 'Saving...', nothing else can be pressed, Escape does not close. */
  saving: boolean;
  /** The API's refusal (no such donor this year, a PAN it refused), shown in an alert inside the dialog. */
  error: string | null;
  /** Called only with a valid PAN, trimmed and uppercased (the domain's normalisePan). */
  onSave: (pan: string) => void;
  onOpenChange: (open: boolean) => void;
}

/**
 * Staff record the PAN a donor sent them (docs/decisions/027-tax-year.md): one field, checked with the domain's
 * isValidPan before anything is sent; its problem sits under it (aria-invalid, aria-describedby) and focus goes back
 * to it. The page saves it; the dialog closes when the donor has a PAN.
 */
export function AddPanDialog({ open, donor, financialYear, saving, error, onSave, onOpenChange }: AddPanDialogProps) {
  const id = useId();
  const formId = `${id}-form`;
  const panId = `${id}-pan`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [pan, setPan] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // Each opening starts blank (adjusting state while rendering, not in an effect).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setPan('');
      setProblem(null);
    }
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const value = normalisePan(pan);
    if (!isValidPan(value)) {
      // Rendered first, so the field already carries aria-invalid and its message when focus lands on it.
      flushSync(() => setProblem(PAN_MESSAGE));
      inputRef.current?.focus();
      return;
    }
    setProblem(null);
    onSave(value);
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && saving) return;
        onOpenChange(next);
      }}
      size="sm"
      title={addPanTitle(donor)}
      description={addPanDescription(donor, financialYear)}
      footer={
        <>
          <Button variant="ghost" onClick={() => onOpenChange(false)} disabled={saving}>
            {ADD_PAN_TEXT.cancel}
          </Button>
          <Button type="submit" form={formId} loading={saving} loadingText={ADD_PAN_TEXT.saving}>
            {ADD_PAN_TEXT.save}
          </Button>
        </>
      }
    >
      <form id={formId} className="cs-add-pan" noValidate onSubmit={handleSubmit} aria-busy={saving || undefined}>
        {error ? (
          <div role="alert" className="cs-admin-alert">
            {error}
          </div>
        ) : null}
        <FormField id={panId} label={ADD_PAN_TEXT.label} hint={ADD_PAN_TEXT.hint} error={problem} required>
          <Input
            ref={inputRef}
            name="pan"
            className="cs-add-pan__input"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={20}
            value={pan}
            // While saving the field turns read-only rather than disabled, so keyboard focus stays where it was.
            readOnly={saving}
            onChange={(event) => {
              setPan(event.target.value.toUpperCase());
              setProblem(null);
            }}
          />
        </FormField>
      </form>
    </Dialog>
  );
}
