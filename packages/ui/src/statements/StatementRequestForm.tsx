import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { EMAIL_MAX_LENGTH, STATEMENT_REQUEST_MESSAGES, financialYearLabel, isFinancialYear, isValidEmail } from '@charity/domain';
import { Button } from '../components/Button';
import { FormField, Input } from '../components/FormField';
import { Select } from '../components/Select';
import { cn } from '../lib/cn';

export const STATEMENT_REQUEST_TEXT = {
  title: 'Annual statement of donations',
  lead: 'Enter the email address you donated with and choose a financial year (April to March). We will email you a link to a statement of your donations in that year, net of any refunds.',
  tax: 'For donors in India: the statement lists the year’s gifts and their receipts. Your certificate of donation under section 80G, Form 10BE, comes from the income-tax portal: we email it to you once we have filed Form 10BD for the year, which is due by 31 May after the year ends.',
  email: 'Your email address',
  year: 'Financial year',
  submit: 'Email me the statement',
  busy: 'Sending...',
} as const;

export interface StatementRequest {
  email: string;
  financial_year: string;
}

/** '2025-26 (April 2025 – March 2026)' */
export function statementYearLabel(year: string): string {
  return `${year} (${financialYearLabel(year)})`;
}

/** The browser's check of the form, in the domain's words: each field's first problem, or nothing. */
export function statementRequestProblems(request: StatementRequest): { email?: string; financial_year?: string } {
  const email = request.email.trim();
  const problems: { email?: string; financial_year?: string } = {};
  if (email === '') problems.email = STATEMENT_REQUEST_MESSAGES.emailRequired;
  else if (email.length > EMAIL_MAX_LENGTH || !isValidEmail(email)) problems.email = STATEMENT_REQUEST_MESSAGES.emailInvalid;
  if (!isFinancialYear(request.financial_year)) problems.financial_year = STATEMENT_REQUEST_MESSAGES.yearInvalid;
  return problems;
}

export interface StatementRequestFormProps {
  /** The years a donor can ask for, newest first (domain financialYearsUpTo). */
  years: readonly string[];
  /** The year chosen at first; the newest when left out. */
  defaultYear?: string;
  /** 'sending' while the request runs; 'sent' once the server has answered. */
  status: 'idle' | 'sending' | 'sent';
  /** The server's sentence once sent (STATEMENT_REQUEST_MESSAGES.sent): the same whether or not the address gave. */
  sentMessage: string | null;
  /** A refusal or a failure to send (too many requests, the network), shown in an alert. */
  error: string | null;
  /** Per-field refusals of the server (a 400), shown under their fields. */
  fieldErrors?: { email?: string; financial_year?: string };
  /** Called with a valid request, the email trimmed. */
  onSubmit: (request: StatementRequest) => void;
  className?: string;
}

/**
 * Where a donor asks for their annual statement of donations: their email and the financial year. The statement
 * comes by email as a signed link, and the answer is the same whether or not the address gave that year, so the form
 * tells nobody who donated. For Indian donors it says where the Form 10BE certificate comes from.
 */
export function StatementRequestForm({
  years,
  defaultYear,
  status,
  sentMessage,
  error,
  fieldErrors,
  onSubmit,
  className,
}: StatementRequestFormProps) {
  const baseId = useId();
  const titleId = `${baseId}-title`;
  const emailRef = useRef<HTMLInputElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const [email, setEmail] = useState('');
  const [year, setYear] = useState(defaultYear ?? years[0] ?? '');
  const [problems, setProblems] = useState<{ email?: string; financial_year?: string }>({});
  const sending = status === 'sending';

  // The button is disabled while sending, which drops keyboard focus; hand it back afterwards.
  const wasSending = useRef(sending);
  useEffect(() => {
    const active = document.activeElement;
    if (wasSending.current && !sending && (active === null || active === document.body)) submitRef.current?.focus();
    wasSending.current = sending;
  }, [sending]);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const request = { email: email.trim(), financial_year: year };
    const found = statementRequestProblems(request);
    if (found.email || found.financial_year) {
      flushSync(() => setProblems(found));
      if (found.email) emailRef.current?.focus();
      return;
    }
    setProblems({});
    onSubmit(request);
  }

  const emailError = problems.email ?? fieldErrors?.email ?? null;
  const yearError = problems.financial_year ?? fieldErrors?.financial_year ?? null;

  return (
    <section className={cn('cs-statement-request', className)} aria-labelledby={titleId}>
      <h1 id={titleId} className="cs-statement-request__title">
        {STATEMENT_REQUEST_TEXT.title}
      </h1>
      <p className="cs-statement-request__lead">{STATEMENT_REQUEST_TEXT.lead}</p>
      <p className="cs-statement-request__tax">{STATEMENT_REQUEST_TEXT.tax}</p>
      {error ? (
        <div role="alert" className="cs-statement-request__alert">
          {error}
        </div>
      ) : null}
      <form className="cs-statement-request__form" noValidate onSubmit={handleSubmit} aria-busy={sending || undefined}>
        <FormField id={`${baseId}-email`} label={STATEMENT_REQUEST_TEXT.email} error={emailError}>
          <Input
            ref={emailRef}
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
              setProblems(({ email: _cleared, ...rest }) => rest);
            }}
          />
        </FormField>
        <Select
          id={`${baseId}-year`}
          label={STATEMENT_REQUEST_TEXT.year}
          options={years.map((value) => ({ value, label: statementYearLabel(value) }))}
          value={year}
          disabled={sending}
          error={yearError}
          onValueChange={(next) => {
            setYear(next);
            setProblems(({ financial_year: _cleared, ...rest }) => rest);
          }}
        />
        <Button ref={submitRef} type="submit" loading={sending} loadingText={STATEMENT_REQUEST_TEXT.busy}>
          {STATEMENT_REQUEST_TEXT.submit}
        </Button>
      </form>
      {/* Always present, so 'sent' is announced when it arrives. */}
      <div role="status" className="cs-statement-request__status">
        {status === 'sent' && sentMessage ? <p className="cs-statement-request__notice">{sentMessage}</p> : null}
      </div>
    </section>
  );
}
