import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { EMAIL_MAX_LENGTH, RECURRING_MESSAGES, isValidEmail } from '@charity/domain';
import { Button } from '../components/Button';
import { FormField, Input } from '../components/FormField';
import { cn } from '../lib/cn';

export const REQUEST_GIFT_LINK_TEXT = {
  title: 'Manage my monthly gift',
  lead: 'Enter the email address you gave with your monthly gift. We will email you a link to see, change, pause or cancel it.',
  email: 'Your email address',
  submit: 'Email me a link',
  busy: 'Sending...',
  sent: RECURRING_MESSAGES.linksRequested,
} as const;

/** The browser's check of the address: null when it can be sent, else RECURRING_MESSAGES.emailInvalid. */
export function giftLinkEmailProblem(email: string): string | null {
  const trimmed = email.trim();
  return trimmed.length > 0 && trimmed.length <= EMAIL_MAX_LENGTH && isValidEmail(trimmed) ? null : RECURRING_MESSAGES.emailInvalid;
}

export interface RequestGiftLinkFormProps {
  /** 'sending' while the request runs; 'sent' once the server has answered (whatever the address). */
  status: 'idle' | 'sending' | 'sent';
  /** A failure to send the request (the network, the server), shown in an alert. */
  error: string | null;
  /** Why the donor is here, above the form: RECURRING_MESSAGES.linkExpired, .linkInvalid, .linkMissing, .linksRevoked. */
  intro: string | null;
  /** Called with a valid address, trimmed. */
  onSubmit: (email: string) => void;
  className?: string;
}

/**
 * Where a donor without a working link asks for one: 'Manage my monthly gift', why they are here (an expired or
 * stopped link), and one email field. The answer is the same whether or not the address has a gift, so the page
 * never tells a stranger who gives.
 */
export function RequestGiftLinkForm({ status, error, intro, onSubmit, className }: RequestGiftLinkFormProps) {
  const baseId = useId();
  const titleId = `${baseId}-title`;
  const fieldId = `${baseId}-email`;
  const fieldRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const sending = status === 'sending';

  // The button is disabled while sending, which drops keyboard focus; hand it back afterwards so the donor is not
  // left at the top of the page (the outcome is announced by the status or the alert).
  const wasSending = useRef(sending);
  useEffect(() => {
    const active = document.activeElement;
    if (wasSending.current && !sending && (active === null || active === document.body)) submitRef.current?.focus();
    wasSending.current = sending;
  }, [sending]);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const found = giftLinkEmailProblem(email);
    if (found) {
      flushSync(() => setProblem(found));
      fieldRef.current?.focus();
      return;
    }
    setProblem(null);
    onSubmit(email.trim());
  }

  return (
    <section className={cn('cs-gift-link-request', className)} aria-labelledby={titleId}>
      <h1 id={titleId} className="cs-gift-link-request__title">
        {REQUEST_GIFT_LINK_TEXT.title}
      </h1>
      {intro ? <p className="cs-gift-link-request__intro">{intro}</p> : null}
      <p className="cs-gift-link-request__lead">{REQUEST_GIFT_LINK_TEXT.lead}</p>
      {error ? (
        <div role="alert" className="cs-gift-alert">
          {error}
        </div>
      ) : null}
      <form className="cs-gift-link-request__form" noValidate onSubmit={handleSubmit} aria-busy={sending || undefined}>
        <FormField id={fieldId} label={REQUEST_GIFT_LINK_TEXT.email} error={problem}>
          <Input
            ref={fieldRef}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            spellCheck={false}
            maxLength={EMAIL_MAX_LENGTH}
            value={email}
            readOnly={sending}
            onChange={(event) => {
              setEmail(event.target.value);
              setProblem(null);
            }}
          />
        </FormField>
        <Button ref={submitRef} type="submit" loading={sending} loadingText={REQUEST_GIFT_LINK_TEXT.busy}>
          {REQUEST_GIFT_LINK_TEXT.submit}
        </Button>
      </form>
      {/* Always present, so 'sent' is announced when it arrives. */}
      <div role="status" className="cs-gift-link-request__status">
        {status === 'sent' ? <p className="cs-gift-notice">{REQUEST_GIFT_LINK_TEXT.sent}</p> : null}
      </div>
    </section>
  );
}
