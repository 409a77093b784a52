import { DONATION_MESSAGES, type DonationPayload } from '@charity/domain';
import { PaymentPanel, useDonationPayment, type DonationShare, type DonationTransport } from '@charity/ui';
import { showToast } from '../../../lib/toast';
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
  transport: DonationTransport;
  onBack: () => void;
  /** Paid and saved (after the site's own toast and reset timer). */
  onCompleted?: (donation: CompletedDonation) => void;
  /** The payment failed, with the message the panel shows. */
  onFailed?: (message: string) => void;
  /** The campaign to pass on from the thank-you and the note after the reset (a campaign gift only). */
  share?: DonationShare | null;
}

/** Step 4 wired to the API: the donation container's payment panel with the spec's toasts. */
export function PaymentStep({ payload, transport, onBack, onCompleted, onFailed, share = null }: PaymentStepProps) {
  const panel = useDonationPayment({
    controller: donationWizardStore,
    transport,
    payload,
    onBack,
    share,
    onSetupFailure: (failure) => console.error('[payments] The payment form could not be set up:', failure),
    onSucceeded: (paid) => {
      showToast('success', DONATION_MESSAGES.paymentSuccessToast);
      if (!onCompleted) return;
      paid.whenReceiptNumber((receiptNumber) =>
        onCompleted({ amount: payload.amount, currency: payload.currency, campaign_id: payload.campaign_id, receipt_number: receiptNumber }),
      );
    },
    onFailed: (message) => {
      showToast('error', DONATION_MESSAGES.paymentFailedToast);
      onFailed?.(message);
    },
  });
  return <PaymentPanel {...panel} />;
}
