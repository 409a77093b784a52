import type { KyInstance } from 'ky';
import { DONATION_MESSAGES, type DonationPayload } from '@charity/domain';
import { Button, PaymentPanel } from '@charity/ui';
import { showToast } from '../../../lib/toast';
import { createPaymentIntent, generateAndSendInvoice, saveDonationAfterPayment } from '../api/payments-api';
import { usePaymentStripe } from '../hooks/use-payment-stripe';
import { donationWizardStore } from '../stores/donation-wizard-store';

export interface PaymentStepProps {
  payload: DonationPayload;
  client: KyInstance;
  apiBase: string;
  onBack: () => void;
}

/** Step 4 wired to the API: the provider from the server's config, the three payment calls, the spec's toasts. */
export function PaymentStep({ payload, client, apiBase, onBack }: PaymentStepProps) {
  const { result, error, retry } = usePaymentStripe(client, apiBase);
  const store = donationWizardStore.getState();

  if (error) {
    return (
      <div className="cs-payment">
        <p className="cs-donation__alert" role="alert">
          {error}
        </p>
        <div className="cs-donation__actions">
          <Button variant="outline" onClick={onBack}>
            Back
          </Button>
          <Button onClick={retry}>Try Again</Button>
        </div>
      </div>
    );
  }

  return (
    <PaymentPanel
      stripe={result?.stripe ?? null}
      testMode={result?.testMode}
      payload={payload}
      onBack={onBack}
      onCreateIntent={(data, paymentMethodId) => createPaymentIntent(client, data, paymentMethodId)}
      onSave={async (input) => {
        try {
          return await saveDonationAfterPayment(client, input);
        } catch (failure) {
          // The donor was charged: the log names the intent so support (and the webhook) can reconcile it.
          console.error(`[donation] save-after-payment failed for ${input.paymentIntentId}:`, failure);
          throw failure;
        }
      }}
      onInvoice={async (input) => {
        try {
          await generateAndSendInvoice(client, input);
        } catch (failure) {
          console.error(`[donation] The receipt for donation ${input.donationId} was not sent:`, failure);
        }
      }}
      onStateChange={store.setPaymentState}
      onSucceeded={() => {
        showToast('success', DONATION_MESSAGES.paymentSuccessToast);
        store.paymentSucceeded();
      }}
      onFailed={() => showToast('error', DONATION_MESSAGES.paymentFailedToast)}
    />
  );
}
