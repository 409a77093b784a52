import { useCallback, useEffect, useRef, useState } from 'react';
import {
  FORM_RESET_MS,
  HTTP_MESSAGES,
  type DonationPayload,
  type PaymentPanelState,
} from '@charity/domain';
import { DonationWizard } from '../donation/DonationWizard';
import { PaymentPanel } from '../donation/PaymentPanel';
import type { DonationCampaignRef } from '../donation/ReviewStep';
import { INITIAL_DONATION_WIZARD_VALUE, type DonationWizardValue } from '../donation/wizard-value';
import {
  DonateWidgetRequestError,
  createIntent,
  loadPaymentProvider,
  normaliseApiBase,
  requestReceipt,
  saveAfterPayment,
  type PaymentProvider,
} from './payments-client';

/** What a completed donation reports to the partner. */
export interface DonateWidgetResult {
  donationId: number;
  paymentIntentId: string;
  /** In the currency's major unit, as the donor chose it (e.g. 1000 for ₹1,000). */
  amount: number;
  /** ISO 4217, e.g. 'INR'. */
  currency: string;
  campaignId: number | null;
}

export interface DonateWidgetProps {
  /** The charity's API, e.g. 'https://charity.example/api' (a trailing slash is ignored). */
  apiBase: string;
  /** The campaign the donation goes to; none (or null) for a general donation. */
  campaign?: DonationCampaignRef | null;
  /** Paid and saved. */
  onCompleted?: (result: DonateWidgetResult) => void;
  /**
   * The donation did not complete, with the message the widget shows: a failed payment (nothing charged, nothing
   * saved), or a payment whose save failed (the message quotes the payment id for support).
   */
  onFailed?: (message: string) => void;
  /** Level of the step headings (default 3). */
  headingLevel?: 2 | 3 | 4;
  className?: string;
}

// One provider per API base for the page's life: <Elements> must never get a second Stripe object, and Stripe.js
// loads once. A failed load is forgotten, so 'Try Again' asks again.
const providers = new Map<string, Promise<PaymentProvider>>();

function providerFor(apiBase: string): Promise<PaymentProvider> {
  let load = providers.get(apiBase);
  if (!load) {
    load = loadPaymentProvider(apiBase);
    providers.set(apiBase, load);
    load.catch(() => providers.delete(apiBase));
  }
  return load;
}

function usePaymentProvider(apiBase: string) {
  // Kept with the base it was loaded for, so a new apiBase shows the spinner rather than the old provider.
  const [loaded, setLoaded] = useState<{ apiBase: string; provider: PaymentProvider } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let active = true;
    providerFor(apiBase).then(
      (provider) => {
        if (active) setLoaded({ apiBase, provider });
      },
      (failure: unknown) => {
        if (active) setError(failure instanceof DonateWidgetRequestError ? failure.message : HTTP_MESSAGES.default);
      },
    );
    return () => {
      active = false;
    };
  }, [apiBase, attempt]);

  const retry = useCallback(() => {
    setError(null);
    setAttempt((n) => n + 1);
  }, []);
  return { provider: loaded?.apiBase === apiBase ? loaded.provider : null, error, retry };
}

interface PaymentStepProps {
  apiBase: string;
  payload: DonationPayload;
  onBack: () => void;
  onStateChange: (state: PaymentPanelState) => void;
  onCompleted: (result: { donationId: number; paymentIntentId: string }) => void;
  onFailed: (message: string) => void;
}

/** Step 4: the provider the server names, the payment panel, and the three calls through fetch. */
function WidgetPaymentStep({ apiBase, payload, onBack, onStateChange, onCompleted, onFailed }: PaymentStepProps) {
  const { provider, error, retry } = usePaymentProvider(apiBase);

  return (
    <PaymentPanel
      stripe={provider?.stripe ?? null}
      setupError={error}
      onRetrySetup={retry}
      testMode={provider?.testMode}
      payload={payload}
      onBack={onBack}
      onCreateIntent={(data, paymentMethodId) => createIntent(apiBase, data, paymentMethodId)}
      onSave={async (input) => {
        try {
          return await saveAfterPayment(apiBase, input);
        } catch (failure) {
          // The donor was charged: the log names the intent so support (and the webhook) can reconcile it.
          console.error(`[donation] save-after-payment failed for ${input.paymentIntentId}:`, failure);
          throw failure;
        }
      }}
      onInvoice={async (input) => {
        try {
          await requestReceipt(apiBase, input);
        } catch (failure) {
          console.error(`[donation] The receipt for donation ${input.donationId} was not sent:`, failure);
        }
      }}
      onStateChange={onStateChange}
      onSucceeded={onCompleted}
      onFailed={onFailed}
      onSaveFailed={(result) => onFailed(result.message)}
    />
  );
}

/**
 * The charity's four-step donation wizard for partner sites built with React, talking to the charity's API at
 * `apiBase` with `fetch`: the payment provider from GET payments/config (Stripe.js, loaded only in stripe mode, or the
 * charity's sandbox), then create-intent → confirm → save-after-payment → receipt, with the site's messages. As on the
 * site, the wizard starts over 10 s after a success. The one component of @charity/ui that talks to a server.
 */
export function DonateWidget({ apiBase, campaign = null, onCompleted, onFailed, headingLevel, className }: DonateWidgetProps) {
  const base = normaliseApiBase(apiBase);
  const [value, setValue] = useState<DonationWizardValue>(INITIAL_DONATION_WIZARD_VALUE);
  const [paymentState, setPaymentState] = useState<PaymentPanelState>('input');
  const campaignId = campaign?.id ?? null;
  // The latest callbacks, so a partner's inline arrow functions do not restart anything.
  const callbacks = useRef({ onCompleted, onFailed });
  useEffect(() => {
    callbacks.current = { onCompleted, onFailed };
  });

  const change = useCallback((next: DonationWizardValue) => {
    setValue(next);
    // Leaving the payment step forgets the panel's state.
    if (next.step !== 4) setPaymentState('input');
  }, []);

  // A payload built for another campaign is not paid for: before a payment starts, the review shows again to rebuild it.
  const stale =
    value.step === 4 && value.payload !== null && paymentState === 'input' && value.payload.campaign_id !== campaignId;
  const shown = stale ? { ...value, step: 3 as const, payload: null } : value;

  // FORM_RESET_MS after a success, a fresh wizard (spec §4), as on the site.
  useEffect(() => {
    if (paymentState !== 'success') return;
    const timer = setTimeout(() => {
      setValue(INITIAL_DONATION_WIZARD_VALUE);
      setPaymentState('input');
    }, FORM_RESET_MS);
    return () => clearTimeout(timer);
  }, [paymentState]);

  return (
    <DonationWizard
      className={className}
      headingLevel={headingLevel}
      value={shown}
      onChange={change}
      campaign={campaign}
      paymentState={paymentState}
      renderPayment={(payload, { onBack }) => (
        <WidgetPaymentStep
          apiBase={base}
          payload={payload}
          onBack={onBack}
          onStateChange={setPaymentState}
          onCompleted={(paid) =>
            callbacks.current.onCompleted?.({
              ...paid,
              amount: payload.amount,
              currency: payload.currency,
              campaignId: payload.campaign_id,
            })
          }
          onFailed={(message) => callbacks.current.onFailed?.(message)}
        />
      )}
    />
  );
}
