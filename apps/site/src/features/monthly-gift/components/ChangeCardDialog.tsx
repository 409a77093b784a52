import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import type {
  Stripe,
  StripeCardCvcElement,
  StripeCardExpiryElement,
  StripeCardNumberElement,
  StripeCardNumberElementOptions,
  StripeElementChangeEvent,
} from '@stripe/stripe-js';
import { RECURRING_MESSAGES, TEST_CARDS } from '@charity/domain';
import { Button, Dialog, Spinner, usePaymentProvider } from '@charity/ui';
import { createCardTransport } from '../api/card-transport';
import { giftApi } from '../api/gift-client';
import type { ConfirmCardSetup } from '../stores/monthly-gift-store';

export const CHANGE_CARD_TEXT = {
  title: 'Change your card',
  description: 'Your next payment and the ones after it use the new card. Nothing is charged now.',
  submit: 'Save new card',
  busy: 'Saving...',
  keep: 'Keep current card',
  loading: 'Loading card form...',
  retry: 'Try again',
  testMode: `Test mode: no real card is saved. Use card ${TEST_CARDS.visa.spaced} with any future expiry date and any CVC.`,
} as const;

// The site's API, same origin: the browser sandbox confirms the card there too. One transport for the page's life,
// so the provider (Stripe.js or the sandbox) is loaded once and shared with the donation form.
const cardTransport = createCardTransport(giftApi, '/api');

/** The app's colours for Stripe's fields, which live in iframes and cannot read the CSS custom properties. */
const ELEMENT_STYLE: StripeCardNumberElementOptions['style'] = {
  base: {
    color: '#2b2118',
    fontSize: '16px',
    fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    '::placeholder': { color: '#675a50' },
  },
  invalid: { color: '#a61b1b', iconColor: '#a61b1b' },
};

const ELEMENT_CLASSES = {
  base: 'cs-card-element',
  focus: 'cs-card-element--focus',
  invalid: 'cs-card-element--invalid',
  complete: 'cs-card-element--complete',
  empty: 'cs-card-element--empty',
};

type CardFieldType = 'cardNumber' | 'cardExpiry' | 'cardCvc';
type CardFields = Record<CardFieldType, { complete: boolean; error: string | null }>;
const EMPTY_FIELDS: CardFields = {
  cardNumber: { complete: false, error: null },
  cardExpiry: { complete: false, error: null },
  cardCvc: { complete: false, error: null },
};

export interface ChangeCardDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The name the card is saved under (billing details), as on the gift. */
  donorName: string;
  /** The card is being saved: nothing else can be pressed, Escape does not close. */
  busy: boolean;
  /** The server's or the card's refusal, shown in an alert above the fields. */
  error: string | null;
  /** Called with the step that confirms the new card with the SetupIntent's secret (the store runs the rest). */
  onSubmit: (confirm: ConfirmCardSetup) => void;
}

/**
 * 'Change card' on the manage page: the card fields the donation form uses (Stripe Elements, or the payment sandbox's,
 * as GET /api/payments/config says), confirmed with stripe.confirmCardSetup, which runs 3-D Secure when the bank
 * asks; the store then makes the confirmed card the gift's. Loaded on demand: Stripe.js is never part of the page
 * until a donor changes a card.
 */
export default function ChangeCardDialog({ open, onOpenChange, donorName, busy, error, onSubmit }: ChangeCardDialogProps) {
  const formId = useId();
  const { provider, error: setupError, retry } = usePaymentProvider(cardTransport, (failure) =>
    console.error('[monthly-gift] The card form could not be set up:', failure),
  );
  const ready = provider !== null && !setupError;

  let body: ReactNode;
  if (setupError) {
    body = (
      <div className="cs-gift-dialog__form">
        <p role="alert" className="cs-gift-alert">
          {setupError}
        </p>
        <Button variant="outline" onClick={retry}>
          {CHANGE_CARD_TEXT.retry}
        </Button>
      </div>
    );
  } else if (!provider) {
    body = <Spinner label={CHANGE_CARD_TEXT.loading} />;
  } else {
    body = (
      <div className="cs-gift-dialog__form">
        {provider.testMode ? <p className="cs-payment__test-note">{CHANGE_CARD_TEXT.testMode}</p> : null}
        {error ? (
          <div role="alert" className="cs-gift-alert">
            {error}
          </div>
        ) : null}
        <CardForm stripe={provider.stripe} formId={formId} donorName={donorName} busy={busy} onSubmit={onSubmit} />
      </div>
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && busy) return;
        onOpenChange(next);
      }}
      size="md"
      title={CHANGE_CARD_TEXT.title}
      description={CHANGE_CARD_TEXT.description}
      closeOnOutsideClick={false}
      footer={
        <>
          <Button variant="ghost" onClick={() => onOpenChange(false)} disabled={busy}>
            {CHANGE_CARD_TEXT.keep}
          </Button>
          <Button type="submit" form={formId} loading={busy} loadingText={CHANGE_CARD_TEXT.busy} disabled={!ready}>
            {CHANGE_CARD_TEXT.submit}
          </Button>
        </>
      }
    >
      {body}
    </Dialog>
  );
}

interface MountedCard {
  number: StripeCardNumberElement;
  elements: (StripeCardNumberElement | StripeCardExpiryElement | StripeCardCvcElement)[];
}

/**
 * The three card fields, mounted with Stripe.js's own Elements API (stripe.elements().create(…).mount(…)), which the
 * sandbox implements too. Not react-stripe-js: sharing it with the donation form would split the /donate page's
 * first download into more chunks (scripts/bundle-budget.mjs), and three fields need none of its machinery.
 */
function CardForm({ stripe, formId, donorName, busy, onSubmit }: { stripe: Stripe; formId: string; donorName: string; busy: boolean; onSubmit: (confirm: ConfirmCardSetup) => void }) {
  const id = useId();
  const [fields, setFields] = useState<CardFields>(EMPTY_FIELDS);
  const [missing, setMissing] = useState<string | null>(null);
  const mounted = useRef<MountedCard | null>(null);
  const numberRef = useRef<HTMLDivElement>(null);
  const expiryRef = useRef<HTMLDivElement>(null);
  const cvcRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const targets = [numberRef.current, expiryRef.current, cvcRef.current];
    if (targets.some((target) => target === null)) return;
    const group = stripe.elements();
    const options = { style: ELEMENT_STYLE, classes: ELEMENT_CLASSES };
    const number = group.create('cardNumber', options);
    const expiry = group.create('cardExpiry', options);
    const cvc = group.create('cardCvc', options);
    const onChange = (event: StripeElementChangeEvent) => {
      const type = event.elementType as CardFieldType;
      setMissing(null);
      setFields((current) => ({ ...current, [type]: { complete: event.complete, error: event.error?.message ?? null } }));
    };
    number.on('change', onChange);
    expiry.on('change', onChange);
    cvc.on('change', onChange);
    number.mount(targets[0]!);
    expiry.mount(targets[1]!);
    cvc.mount(targets[2]!);
    mounted.current = { number, elements: [number, expiry, cvc] };
    return () => {
      mounted.current = null;
      for (const element of [number, expiry, cvc]) element.destroy();
      setFields(EMPTY_FIELDS);
    };
  }, [stripe]);

  useEffect(() => {
    for (const element of mounted.current?.elements ?? []) element.update({ disabled: busy });
  }, [busy]);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const card = mounted.current?.number;
    if (busy || !card) return;
    const complete = Object.values(fields).every((field) => field.complete && field.error === null);
    if (!complete) {
      // Nothing is asked of the server until the card is complete: a SetupIntent per stray click is not wanted.
      flushSync(() => setMissing(RECURRING_MESSAGES.cardSetupMissing));
      card.focus();
      return;
    }
    onSubmit(async ({ clientSecret }) => {
      const result = await stripe.confirmCardSetup(clientSecret, { payment_method: { card, billing_details: { name: donorName } } });
      if (result.error) return { error: result.error.message || RECURRING_MESSAGES.cardSetupFailed };
      return result.setupIntent.status === 'succeeded' ? { setupIntentId: result.setupIntent.id } : { error: RECURRING_MESSAGES.cardSetupFailed };
    });
  }

  const field = (type: CardFieldType, label: string, ref: RefObject<HTMLDivElement | null>) => (
    <div className={`cs-payment__field cs-payment__field--${type}`}>
      {/* Stripe focuses its field when a label pointing at the container is clicked; so does the sandbox. */}
      <label className="cs-field__label" htmlFor={`${id}-${type}`}>
        {label}
      </label>
      <div id={`${id}-${type}`} ref={ref} />
      <div className="cs-field__error-region" aria-live="polite">
        {fields[type].error ? <p className="cs-field__error">{fields[type].error}</p> : null}
      </div>
    </div>
  );

  return (
    <form id={formId} className="cs-payment__form" noValidate aria-busy={busy || undefined} onSubmit={handleSubmit}>
      <div className="cs-payment__fields">
        {field('cardNumber', 'Card number', numberRef)}
        <div className="cs-payment__row">
          {field('cardExpiry', 'Expiration date', expiryRef)}
          {field('cardCvc', 'CVC', cvcRef)}
        </div>
      </div>
      <div className="cs-field__error-region" aria-live="polite">
        {missing ? <p className="cs-field__error">{missing}</p> : null}
      </div>
    </form>
  );
}
