import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import { RECURRING_MESSAGES, formatCurrency, monthlyAmountProblem } from '@charity/domain';
import { Button } from '../components/Button';
import { Dialog } from '../components/Dialog';
import { FormField, Input } from '../components/FormField';

export const CHANGE_AMOUNT_TEXT = {
  title: 'Change your monthly amount',
  description: 'The new amount is charged from your next payment.',
  amount: 'New monthly amount',
  submit: 'Change amount',
  busy: 'Changing...',
  keep: 'Keep current amount',
} as const;

/** 'In INR. Your gift is now ₹1,000 a month.' */
export function changeAmountHint(currentAmount: number, currency: string): string {
  return `In ${currency}. Your gift is now ${formatCurrency(currentAmount, currency)} a month.`;
}

/**
 * The browser's check of a new monthly amount: the domain's monthlyAmountProblem (two decimals at most, the
 * country's minimum, the currency's largest), then the same amount again (the server's sentence for it). Null when
 * it can be sent.
 */
export function newMonthlyAmountProblem(
  text: string,
  gift: { currency: string; countryCode: string | null; currentAmount: number },
): string | null {
  const trimmed = text.trim();
  const amount = trimmed === '' ? Number.NaN : Number(trimmed);
  const problem = monthlyAmountProblem(amount, { currency: gift.currency, countryCode: gift.countryCode });
  if (problem) return problem;
  return amount === gift.currentAmount ? RECURRING_MESSAGES.sameAmount : null;
}

export interface ChangeAmountDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The gift's currency: the new amount is in it too. */
  currency: string;
  currentAmount: number;
  /** The donor's country: its minimum applies (null: the fallback minimum). */
  countryCode: string | null;
  /** The change is being saved: 'Changing...', nothing else can be pressed, Escape does not close. */
  busy: boolean;
  /** The server's refusal or failure, shown in an alert above the field. */
  error: string | null;
  /** Called with an amount that passed the browser's checks. */
  onSubmit: (amount: number) => void;
}

/** Single-line fields whose Enter the browser already handles (or that are not text). */
const SINGLE_LINE_SKIP = new Set(['button', 'submit', 'reset', 'checkbox', 'radio', 'file', 'image', 'hidden']);

/**
 * The donor changes a monthly gift's amount. The field is checked with the domain's rules before anything is sent;
 * the message sits under the field and is tied to it (aria-invalid, aria-describedby), and focus goes back to it.
 */
export function ChangeAmountDialog({
  open,
  onOpenChange,
  currency,
  currentAmount,
  countryCode,
  busy,
  error,
  onSubmit,
}: ChangeAmountDialogProps) {
  const formId = useId();
  const fieldId = `${formId}-amount`;
  const formRef = useRef<HTMLFormElement>(null);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // Each opening starts from an empty field (adjusting state while rendering, not in an effect).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setText('');
      setProblem(null);
    }
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const found = newMonthlyAmountProblem(text, { currency, countryCode, currentAmount });
    if (found) {
      // Rendered first, so the focused field already carries aria-invalid and its message when announced.
      flushSync(() => setProblem(found));
      formRef.current?.querySelector<HTMLElement>(`#${CSS.escape(fieldId)}`)?.focus();
      return;
    }
    setProblem(null);
    onSubmit(Number(text.trim()));
  }

  // The submit button sits in the dialog's footer, tied to the form by form=; Enter in the field asks the form
  // for its own submission rather than relying on the browser finding that button (as CampaignFormModal does).
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
        if (!next && busy) return;
        onOpenChange(next);
      }}
      size="lg"
      title={CHANGE_AMOUNT_TEXT.title}
      description={CHANGE_AMOUNT_TEXT.description}
      footer={
        <>
          <Button variant="ghost" onClick={() => onOpenChange(false)} disabled={busy}>
            {CHANGE_AMOUNT_TEXT.keep}
          </Button>
          <Button type="submit" form={formId} loading={busy} loadingText={CHANGE_AMOUNT_TEXT.busy}>
            {CHANGE_AMOUNT_TEXT.submit}
          </Button>
        </>
      }
    >
      <form
        ref={formRef}
        id={formId}
        className="cs-gift-dialog__form"
        noValidate
        onSubmit={handleSubmit}
        onKeyDown={handleKeyDown}
        aria-busy={busy || undefined}
      >
        {error ? (
          <div role="alert" className="cs-gift-alert">
            {error}
          </div>
        ) : null}
        <FormField id={fieldId} label={CHANGE_AMOUNT_TEXT.amount} hint={changeAmountHint(currentAmount, currency)} error={problem}>
          <Input
            name="amount"
            type="number"
            inputMode="decimal"
            step="0.01"
            min={0}
            autoComplete="off"
            value={text}
            // While saving the field turns read-only rather than disabled, so keyboard focus stays where it was.
            readOnly={busy}
            onChange={(event) => {
              setText(event.target.value);
              setProblem(null);
            }}
          />
        </FormField>
      </form>
    </Dialog>
  );
}
