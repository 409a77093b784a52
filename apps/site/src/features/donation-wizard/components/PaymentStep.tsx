import { useRef } from 'react';
import type { KyInstance } from 'ky';
import { DONATION_MESSAGES, type DonationPayload } from '@charity/domain';
import { PaymentPanel } from '@charity/ui';
import { showToast } from '../../../lib/toast';
import { createPaymentIntent, generateAndSendInvoice, saveDonationAfterPayment } from '../api/payments-api';
import { usePaymentStripe } from '../hooks/use-payment-stripe';
import { donationWizardStore } from '../stores/donation-wizard-store';

/** What a completed donation may tell the page around the wizard (the partner widget): no donor data. */
export interface CompletedDonation {
  amount: number;
  currency: string;
  campaign_id: number | null;
  /** The 80G receipt's number, null when it could not be issued yet (the receipt mail follows anyway). */
  receipt_number: string | null;
}

export interface PaymentStepProps {
  payload: DonationPayload;
  client: KyInstance;
  apiBase: string;
  onBack: () => void;
  /** The partner site the widget is embedded in (verified by the server), sent with the payment; null on the site. */
  partnerOrigin?: string | null;
  /** Paid and saved (after the site's own toast and reset timer). */
  onCompleted?: (donation: CompletedDonation) => void;
  /** The payment failed, with the message the panel shows. */
  onFailed?: (message: string) => void;
}

/** Step 4 wired to the API: the provider from the server's config, the three payment calls, the spec's toasts. */
export function PaymentStep({ payload, client, apiBase, onBack, partnerOrigin = null, onCompleted, onFailed }: PaymentStepProps) {
  const { result, error, retry } = usePaymentStripe(client, apiBase);
  const store = donationWizardStore.getState();
  // The receipt number for onCompleted: from the save when it has one, else from the receipt request that follows it.
  const receipt = useRef<{ saved: string | null; requested: Promise<string | null> | null }>({ saved: null, requested: null });

  return (
    <PaymentPanel
      stripe={result?.stripe ?? null}
      setupError={error}
      onRetrySetup={retry}
      testMode={result?.testMode}
      payload={payload}
      onBack={onBack}
      onCreateIntent={(data, paymentMethodId) => createPaymentIntent(client, data, paymentMethodId, partnerOrigin)}
      onSave={async (input) => {
        try {
          const saved = await saveDonationAfterPayment(client, input);
          receipt.current = { saved: saved.receiptNumber, requested: null };
          return saved;
        } catch (failure) {
          // The donor was charged: the log names the intent so support (and the webhook) can reconcile it.
          console.error(`[donation] save-after-payment failed for ${input.paymentIntentId}:`, failure);
          throw failure;
        }
      }}
      onInvoice={async (input) => {
        const requested = generateAndSendInvoice(client, input).then(
          (invoice) => invoice?.number ?? null,
          (failure: unknown) => {
            console.error(`[donation] The receipt for donation ${input.donationId} was not sent:`, failure);
            return null;
          },
        );
        receipt.current.requested = requested;
        await requested;
      }}
      onStateChange={store.setPaymentState}
      onSucceeded={() => {
        showToast('success', DONATION_MESSAGES.paymentSuccessToast);
        store.paymentSucceeded();
        if (!onCompleted) return;
        const { saved, requested } = receipt.current;
        const completed = (receiptNumber: string | null) =>
          onCompleted({ amount: payload.amount, currency: payload.currency, campaign_id: payload.campaign_id, receipt_number: receiptNumber });
        if (saved || !requested) completed(saved);
        else void requested.then(completed);
      }}
      onFailed={(message) => {
        showToast('error', DONATION_MESSAGES.paymentFailedToast);
        onFailed?.(message);
      }}
    />
  );
}
