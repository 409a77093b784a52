/**
 * The donation container's React side: the wizard's and the payment panel's props from a DonationController and a
 * DonationTransport. The site and DonateWidget differ only in what they pass in (their transport, their toasts and
 * what they tell the page around them); the presentational DonationWizard and PaymentPanel stay props in,
 * callbacks out.
 */
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { DonationPayload, PaymentPanelState } from '@charity/domain';
import type { PaymentPanelProps, PaymentSucceeded } from '../PaymentPanel';
import type { DonationShare, ReceiptStatus } from '../ThankYou';
import type { DonationWizardValue } from '../wizard-value';
import { isStaleForCampaign, type DonationController, type DonationControllerState } from './donation-controller';
import { loadPaymentProvider, loadPaymentsConfig, paymentSetupMessage } from './provider';
import type { DonationTransport, PaymentProvider } from './transport';

/** A slice of the controller's state; the component re-renders when it changes. */
export function useDonationController<T>(controller: DonationController, selector: (state: DonationControllerState) => T): T {
  return useSyncExternalStore(
    controller.subscribe,
    () => selector(controller.getState()),
    () => selector(controller.getInitialState()),
  );
}

export interface DonationWizardBinding {
  /** What the wizard shows: the review again, rather than a payment for a campaign the page no longer shows. */
  value: DonationWizardValue;
  paymentState: PaymentPanelState;
  onChange: (value: DonationWizardValue) => void;
}

/** The wizard's value, payment state and onChange for the page's campaign (null: a general donation). */
export function useDonationWizard(controller: DonationController, campaignId: number | null): DonationWizardBinding {
  const value = useDonationController(controller, (state) => state.value);
  const paymentState = useDonationController(controller, (state) => state.paymentState);

  useEffect(() => {
    controller.getState().syncCampaign(campaignId);
  }, [controller, campaignId, value.payload, paymentState]);

  const stale = isStaleForCampaign({ value, paymentState }, campaignId);
  return {
    value: stale ? { ...value, step: 3, payload: null } : value,
    paymentState,
    onChange: controller.getState().setValue,
  };
}

/**
 * The operator's ceiling for step 1 (GET payments/config's max_amount, read once per API base with the provider's
 * config); undefined while loading, when the server sets none or could not say (the payment step reports that, and
 * the server's own check stands).
 */
export function useAmountCeiling(transport: DonationTransport): number | undefined {
  const [loaded, setLoaded] = useState<{ apiBase: string; maxAmount: number | undefined } | null>(null);
  useEffect(() => {
    let active = true;
    loadPaymentsConfig(transport).then(
      (config) => {
        if (active) setLoaded({ apiBase: transport.apiBase, maxAmount: config.maxAmount });
      },
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [transport]);
  return loaded?.apiBase === transport.apiBase ? loaded.maxAmount : undefined;
}

export interface PaymentProviderBinding {
  /** Null while loading (the panel shows its spinner) or after a failure. */
  provider: PaymentProvider | null;
  /** The message to show when the payment form could not be set up. */
  error: string | null;
  retry: () => void;
}

/** The payment provider for `transport` (keep it stable across renders), loaded once per API base. */
export function usePaymentProvider(transport: DonationTransport, onFailure?: (error: unknown) => void): PaymentProviderBinding {
  // Kept with the base it was loaded for, so a new base shows the spinner rather than the old provider.
  const [loaded, setLoaded] = useState<{ apiBase: string; provider: PaymentProvider } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const report = useRef(onFailure);
  useEffect(() => {
    report.current = onFailure;
  });

  useEffect(() => {
    let active = true;
    loadPaymentProvider(transport).then(
      (provider) => {
        if (active) setLoaded({ apiBase: transport.apiBase, provider });
      },
      (failure: unknown) => {
        report.current?.(failure);
        if (active) setError(paymentSetupMessage(transport, failure));
      },
    );
    return () => {
      active = false;
    };
  }, [transport, attempt]);

  const retry = useCallback(() => {
    setError(null);
    setAttempt((n) => n + 1);
  }, []);

  return { provider: loaded?.apiBase === transport.apiBase ? loaded.provider : null, error, retry };
}

/** A donation paid and saved, for the page around the wizard. */
export interface DonationCompleted extends PaymentSucceeded {
  payload: DonationPayload;
  /**
   * The 80G receipt's number: the save's when it had one, else the receipt request's, null when neither gave one.
   * Called at once when it is already known, else when the receipt request settles.
   */
  whenReceiptNumber: (callback: (receiptNumber: string | null) => void) => void;
}

export interface DonationPaymentOptions {
  controller: DonationController;
  /** Keep it stable across renders: a new transport loads the provider again. */
  transport: DonationTransport;
  payload: DonationPayload;
  onBack: () => void;
  /** Paid and saved (the controller has already scheduled the fresh wizard). */
  onSucceeded?: (completed: DonationCompleted) => void;
  /** The payment failed and nothing was saved, with the message the panel shows. */
  onFailed?: (message: string) => void;
  /** Paid but the save failed: `message` quotes the payment id for support. */
  onSaveFailed?: (result: { paymentIntentId: string; message: string }) => void;
  /** The payment form could not be set up (for a log). */
  onSetupFailure?: (error: unknown) => void;
  /** The campaign to pass on from the thank-you and, after the reset, from step 1's note (a campaign gift only). */
  share?: DonationShare | null;
}

/**
 * The receipt's address as the browser must open it: the API answers a path ('/api/invoices/…/download?token=…'),
 * which a partner's page (DonateWidget, an absolute API base) would otherwise resolve against its own site.
 */
export function receiptDownloadUrl(downloadUrl: string, apiBase: string): string {
  if (!/^https?:\/\//i.test(apiBase)) return downloadUrl;
  try {
    return new URL(downloadUrl, apiBase).href;
  } catch {
    return downloadUrl;
  }
}

/** Step 4's PaymentPanel props: the provider, the three payment calls through the transport, the controller's states. */
export function useDonationPayment({
  controller,
  transport,
  payload,
  onBack,
  onSucceeded,
  onFailed,
  onSaveFailed,
  onSetupFailure,
  share = null,
}: DonationPaymentOptions): PaymentPanelProps {
  const { provider, error, retry } = usePaymentProvider(transport, onSetupFailure);
  // The receipt number for onSucceeded: from the save when it has one, else from the receipt request that follows it;
  // and where the receipt is, for the note that outlives the thank-you (the request may settle before the success).
  const receipt = useRef<{ saved: string | null; requested: Promise<string | null> | null; status: ReceiptStatus }>({
    saved: null,
    requested: null,
    status: { state: 'pending' },
  });

  return {
    stripe: provider?.stripe ?? null,
    setupError: error,
    onRetrySetup: retry,
    testMode: provider?.testMode,
    payload,
    onBack,
    share,
    onCreateIntent: (data, paymentMethodId) => transport.createIntent(data, paymentMethodId),
    onSave: async (input) => {
      try {
        const saved = await transport.saveAfterPayment(input);
        receipt.current = { saved: saved.receiptNumber, requested: null, status: { state: 'pending' } };
        return saved;
      } catch (failure) {
        // The donor was charged: the log names the intent so support (and the webhook) can reconcile it.
        console.error(`[donation] save-after-payment failed for ${input.paymentIntentId}:`, failure);
        throw failure;
      }
    },
    onInvoice: async (input) => {
      const invoice = transport.requestReceipt(input).then((reply) =>
        reply ? { ...reply, downloadUrl: receiptDownloadUrl(reply.downloadUrl, transport.apiBase) } : null,
      );
      const settled = (status: ReceiptStatus) => {
        receipt.current.status = status;
        controller.getState().receiptSettled(input.paymentIntentId, status);
      };
      invoice.then(
        (reply) => settled(reply ? { state: 'ready', number: reply.number, downloadUrl: reply.downloadUrl } : { state: 'sent' }),
        () => settled({ state: 'failed' }),
      );
      const requested = invoice.then(
        (reply) => reply?.number ?? null,
        (failure: unknown) => {
          console.error(`[donation] The receipt for donation ${input.donationId} was not sent:`, failure);
          return null;
        },
      );
      receipt.current.requested = requested;
      await requested;
      // The panel says the receipt will follow by email when this rejects.
      return invoice;
    },
    onStateChange: controller.getState().setPaymentState,
    onSucceeded: (paid) => {
      const { saved, requested, status } = receipt.current;
      controller.getState().paymentSucceeded({
        paymentIntentId: paid.paymentIntentId,
        amount: payload.amount,
        currency: payload.currency,
        donationType: payload.donation_type,
        email: payload.donor.email,
        receiptNumber: saved,
        receipt: status,
        share,
      });
      if (!onSucceeded) return;
      onSucceeded({
        ...paid,
        payload,
        whenReceiptNumber: (callback) => {
          if (saved || !requested) callback(saved);
          else void requested.then(callback);
        },
      });
    },
    onFailed,
    onSaveFailed,
  };
}
