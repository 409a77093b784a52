import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import {
  CardCvcElement,
  CardExpiryElement,
  CardNumberElement,
  Elements,
  useElements,
  useStripe,
} from '@stripe/react-stripe-js';
import type { Stripe, StripeCardNumberElementOptions, StripeElementChangeEvent } from '@stripe/stripe-js';
import {
  DONATION_MESSAGES,
  DONATION_TYPE_LABELS,
  billingDetailsFromPayload,
  canSubmitPayment,
  donationSaveFailedMessage,
  formatDonationAmount,
  runDonationPayment,
  TEST_CARDS,
  type DonationPayload,
  type Invoice,
  type PaymentPanelState,
} from '@charity/domain';
import { Button } from '../components/Button';
import { Spinner } from '../components/Spinner';
import { cn } from '../lib/cn';
import { isSandboxStripe } from '../payment-sandbox/stripe';
import { ThankYou, type DonationShare, type ReceiptStatus } from './ThankYou';

export interface PaymentIntentSecret {
  clientSecret: string;
  paymentIntentId: string;
}

export interface SaveAfterPaymentInput {
  payload: DonationPayload;
  paymentIntentId: string;
  paymentMethodId: string;
}

export interface SavedDonation {
  donationId: number;
  /** The 80G receipt's number when the save already issued one. */
  receiptNumber?: string | null;
}

export interface InvoiceRequest {
  donationId: number;
  paymentIntentId: string;
}

export interface PaymentSucceeded {
  donationId: number;
  paymentIntentId: string;
}

export interface PaymentPanelProps {
  /** Stripe.js (or the promise loadStripe returns) or the sandbox; null while the app is still deciding. */
  stripe: Stripe | PromiseLike<Stripe | null> | null;
  /** What is paid for: the payload built and checked by the review step. */
  payload: DonationPayload;
  /** Asks the server for a payment intent; rejects with the message to show (server's, or 'Failed to create payment'). */
  onCreateIntent: (payload: DonationPayload, paymentMethodId: string) => Promise<PaymentIntentSecret>;
  /** Saves the donation once the payment succeeded; rejects when the server did not save it. */
  onSave: (input: SaveAfterPaymentInput) => Promise<SavedDonation>;
  /**
   * Requests the receipt; resolves with the invoice when the reply carries one (its number and PDF address, shown on
   * the thank-you). Its failure does not undo the success (the donation is saved): the thank-you says the receipt
   * will follow by email, and the caller logs it.
   */
  onInvoice: (input: InvoiceRequest) => Promise<Invoice | null | void>;
  /** Every state change: input, processing, success, error. */
  onStateChange?: (state: PaymentPanelState) => void;
  /** Paid and saved (the app shows 'Payment completed and donation saved successfully!' and resets later). */
  onSucceeded?: (result: PaymentSucceeded) => void;
  /** The payment failed and nothing was saved (the app shows its failure toast). */
  onFailed?: (message: string) => void;
  /** Paid but the save failed: the panel shows `message`, which quotes the payment id for support. */
  onSaveFailed?: (result: { paymentIntentId: string; message: string }) => void;
  /** Back to the review; offered only before a payment starts. */
  onBack?: () => void;
  /** The campaign the gift went to, offered for sharing on the thank-you; none for a general donation. */
  share?: DonationShare | null;
  /** Shows how to pay in test mode. Default: true for the sandbox. */
  testMode?: boolean;
  /**
   * The payment form could not be prepared (the server's payments configuration or Stripe.js failed to load): the
   * message is shown with Back and 'Try Again' (onRetrySetup) instead of the form.
   */
  setupError?: string | null;
  onRetrySetup?: () => void;
  className?: string;
}

type CardFieldType = 'cardNumber' | 'cardExpiry' | 'cardCvc';
type CardFields = Record<CardFieldType, { complete: boolean; error: string | null }>;

const EMPTY_FIELDS: CardFields = {
  cardNumber: { complete: false, error: null },
  cardExpiry: { complete: false, error: null },
  cardCvc: { complete: false, error: null },
};

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

type Outcome =
  | { kind: 'none' }
  | { kind: 'success'; paymentIntentId: string }
  | { kind: 'failed'; message: string }
  | { kind: 'saveFailed'; paymentIntentId: string };

/**
 * The payment step (spec §4 "Payment panel", §5 "Payment button", §8 "Donation"): separate card number, expiry and
 * CVC fields (Stripe Elements, or the sandbox's inputs), a terms box, and a pay button enabled only when all three are
 * complete without error and the box is ticked. Paying runs createPaymentMethod → onCreateIntent →
 * confirmCardPayment, and only when the intent succeeded onSave, then onInvoice. States: input, processing, success,
 * error; 'Try Again' returns from error to input. No donation is saved unless the payment succeeded.
 */
export function PaymentPanel({ stripe, setupError = null, onRetrySetup, className, ...props }: PaymentPanelProps) {
  if (setupError) {
    return (
      <div className={cn('cs-payment', className)}>
        <p className="cs-donation__alert" role="alert">
          {setupError}
        </p>
        <div className="cs-donation__actions">
          <Button variant="outline" onClick={props.onBack}>
            Back
          </Button>
          <Button onClick={onRetrySetup}>Try Again</Button>
        </div>
      </div>
    );
  }
  if (stripe === null) {
    return (
      <div className={cn('cs-payment', className)}>
        <Spinner label="Loading payment form..." />
      </div>
    );
  }
  return (
    <Elements stripe={stripe}>
      <PaymentForm {...props} testMode={props.testMode ?? isSandboxStripe(stripe)} className={className} />
    </Elements>
  );
}

function PaymentForm({
  payload,
  onCreateIntent,
  onSave,
  onInvoice,
  onStateChange,
  onSucceeded,
  onFailed,
  onSaveFailed,
  onBack,
  share = null,
  testMode,
  className,
}: Omit<PaymentPanelProps, 'stripe'>) {
  const stripe = useStripe();
  const elements = useElements();
  const id = useId();
  const [state, setState] = useState<PaymentPanelState>('input');
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'none' });
  const [fields, setFields] = useState<CardFields>(EMPTY_FIELDS);
  const [terms, setTerms] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [receiptNumber, setReceiptNumber] = useState<string | null>(null);
  const [receipt, setReceipt] = useState<ReceiptStatus>({ state: 'pending' });
  const resultRef = useRef<HTMLParagraphElement>(null);
  const retryRef = useRef<HTMLButtonElement>(null);
  const focusCardOnReady = useRef(false);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const processing = state === 'processing';
  const elementOptions = useMemo(
    () => ({ style: ELEMENT_STYLE, classes: ELEMENT_CLASSES, disabled: processing }),
    [processing],
  );

  const hasCardError = Object.values(fields).some((field) => field.error !== null);
  const ready = stripe !== null && elements !== null;
  const canPay =
    ready &&
    canSubmitPayment({
      cardNumberComplete: fields.cardNumber.complete,
      expiryComplete: fields.cardExpiry.complete,
      cvcComplete: fields.cardCvc.complete,
      hasCardError,
      termsAccepted: terms,
    });

  function moveTo(next: PaymentPanelState, nextOutcome?: Outcome) {
    if (!mounted.current) return;
    flushSync(() => {
      setState(next);
      if (nextOutcome) setOutcome(nextOutcome);
    });
    onStateChange?.(next);
  }

  const onFieldChange = (event: StripeElementChangeEvent) => {
    const type = event.elementType as CardFieldType;
    setFields((current) => ({
      ...current,
      [type]: { complete: event.complete, error: event.error?.message ?? null },
    }));
  };

  async function pay() {
    if (!stripe || !elements) return;
    const card = elements.getElement(CardNumberElement);
    if (!card) return;
    moveTo('processing');
    // The flow itself (and its messages) lives in the domain, shared with every transport the app hands in.
    const result = await runDonationPayment({
      createPaymentMethod: async () => {
        const created = await stripe.createPaymentMethod({
          type: 'card',
          card,
          billing_details: billingDetailsFromPayload(payload),
        });
        return created.error ? { error: created.error } : { paymentMethodId: created.paymentMethod.id };
      },
      createIntent: (paymentMethodId) => onCreateIntent(payload, paymentMethodId),
      confirm: (clientSecret, paymentMethodId) =>
        stripe.confirmCardPayment(clientSecret, { payment_method: paymentMethodId }),
      save: async ({ paymentIntentId, paymentMethodId }) => {
        const saved = await onSave({ payload, paymentIntentId, paymentMethodId });
        if (mounted.current) setReceiptNumber(saved.receiptNumber ?? null);
        return saved;
      },
      // Settles after the thank-you is shown (the flow does not wait for the PDF): the thank-you follows it.
      requestReceipt: (input) =>
        onInvoice(input).then(
          (invoice) => {
            if (mounted.current) setReceipt(invoice ? { state: 'ready', number: invoice.number, downloadUrl: invoice.downloadUrl } : { state: 'sent' });
            return invoice;
          },
          (failure: unknown) => {
            if (mounted.current) setReceipt({ state: 'failed' });
            throw failure;
          },
        ),
    });
    if (result.status === 'failed') {
      moveTo('error', { kind: 'failed', message: result.message });
      onFailed?.(result.message);
    } else if (result.status === 'save-failed') {
      moveTo('error', { kind: 'saveFailed', paymentIntentId: result.paymentIntentId });
      onSaveFailed?.({ paymentIntentId: result.paymentIntentId, message: result.message });
    } else {
      moveTo('success', { kind: 'success', paymentIntentId: result.paymentIntentId });
      onSucceeded?.({ donationId: result.donationId, paymentIntentId: result.paymentIntentId });
    }
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canPay || processing) return;
    void pay();
  }

  function tryAgain() {
    focusCardOnReady.current = true;
    setFields(EMPTY_FIELDS);
    setTerms(false);
    setAttempt((n) => n + 1);
    moveTo('input', { kind: 'none' });
  }

  // A result replaces the form: focus goes to what replaced it, so keyboard and screen-reader users land on it.
  useEffect(() => {
    if (outcome.kind === 'failed') retryRef.current?.focus();
    else if (outcome.kind === 'success' || outcome.kind === 'saveFailed') resultRef.current?.focus();
  }, [outcome]);

  const amountText = formatDonationAmount(payload.amount, payload.currency);
  const hintId = `${id}-hint`;

  if (state === 'success' && outcome.kind === 'success') {
    return (
      <div className={cn('cs-payment', className)}>
        <ThankYou
          titleRef={resultRef}
          payload={payload}
          paymentIntentId={outcome.paymentIntentId}
          receiptNumber={receiptNumber}
          receipt={receipt}
          share={share}
        />
      </div>
    );
  }

  if (state === 'error' && outcome.kind === 'saveFailed') {
    return (
      <div className={cn('cs-payment', className)}>
        <div className="cs-payment-result cs-payment-result--warning">
          <p ref={resultRef} tabIndex={-1} className="cs-payment-result__title">
            {donationSaveFailedMessage(outcome.paymentIntentId)}
          </p>
        </div>
      </div>
    );
  }

  if (state === 'error' && outcome.kind === 'failed') {
    return (
      <div className={cn('cs-payment', className)}>
        <div className="cs-payment-result cs-payment-result--error" role="alert">
          <p className="cs-payment-result__title">{DONATION_MESSAGES.paymentFailedBanner}</p>
          <p className="cs-payment-result__detail">{outcome.message}</p>
        </div>
        <div className="cs-donation__actions">
          <Button ref={retryRef} onClick={tryAgain}>
            Try Again
          </Button>
        </div>
      </div>
    );
  }

  const fieldError = (type: CardFieldType) => fields[type].error;
  const errorId = (type: CardFieldType) => `${id}-${type}-error`;

  const cardField = (type: CardFieldType, label: string, element: ReactNode) => (
    <div className={cn('cs-payment__field', `cs-payment__field--${type}`)}>
      {/* Stripe focuses its field when a label pointing at the container is clicked; so does the sandbox. */}
      <label className="cs-field__label" htmlFor={`${id}-${type}`}>
        {label}
      </label>
      {element}
      <div className="cs-field__error-region" aria-live="polite">
        {fieldError(type) ? (
          <p id={errorId(type)} className="cs-field__error">
            {fieldError(type)}
          </p>
        ) : null}
      </div>
    </div>
  );

  return (
    <div className={cn('cs-payment', className)}>
      <p className="cs-payment__summary">
        Donation: <strong>{amountText}</strong> ({DONATION_TYPE_LABELS[payload.donation_type]})
      </p>
      {testMode ? (
        <p className="cs-payment__test-note">
          <strong>Test mode:</strong> no real payment is made. Use card {TEST_CARDS.visa.spaced} with any future expiry
          date and any CVC.
        </p>
      ) : null}
      <form
        key={attempt}
        className="cs-payment__form"
        noValidate
        aria-busy={processing || undefined}
        onSubmit={handleSubmit}
      >
        <div className="cs-payment__fields">
          {cardField(
            'cardNumber',
            'Card number',
            <CardNumberElement
              id={`${id}-cardNumber`}
              options={elementOptions}
              onChange={onFieldChange}
              onReady={(element) => {
                if (focusCardOnReady.current) {
                  focusCardOnReady.current = false;
                  element.focus();
                }
              }}
            />,
          )}
          <div className="cs-payment__row">
            {cardField(
              'cardExpiry',
              'Expiration date',
              <CardExpiryElement id={`${id}-cardExpiry`} options={elementOptions} onChange={onFieldChange} />,
            )}
            {cardField(
              'cardCvc',
              'CVC',
              <CardCvcElement id={`${id}-cardCvc`} options={elementOptions} onChange={onFieldChange} />,
            )}
          </div>
        </div>
        <label className="cs-checkbox">
          <input
            type="checkbox"
            className="cs-checkbox__input"
            checked={terms}
            disabled={processing}
            onChange={(event) => setTerms(event.target.checked)}
          />
          <span className="cs-checkbox__label">I agree to the terms and conditions and authorise this payment</span>
        </label>
        {!canPay && !processing ? (
          <p id={hintId} className="cs-payment__hint">
            {DONATION_MESSAGES.paymentIncomplete}
          </p>
        ) : null}
        <div className="cs-donation__actions">
          {onBack ? (
            <Button variant="outline" onClick={onBack} disabled={processing}>
              Back
            </Button>
          ) : null}
          <Button
            type="submit"
            disabled={!canPay}
            loading={processing}
            loadingText="Processing..."
            aria-describedby={!canPay && !processing ? hintId : undefined}
            className="cs-donation__continue"
          >
            {`Donate ${amountText}`}
          </Button>
        </div>
      </form>
    </div>
  );
}
