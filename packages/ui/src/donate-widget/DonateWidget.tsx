import { useEffect, useMemo, useRef, useState } from 'react';
import type { DonationPayload } from '@charity/domain';
import { createDonationController, type DonationController } from '../donation/controller/donation-controller';
import { useAmountCeiling, useDonationPayment, useDonationWizard } from '../donation/controller/hooks';
import type { DonationTransport } from '../donation/controller/transport';
import { DonationWizard } from '../donation/DonationWizard';
import { PaymentPanel } from '../donation/PaymentPanel';
import type { DonationCampaignRef } from '../donation/ReviewStep';
import { createFetchDonationTransport } from './fetch-transport';

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

interface WidgetPaymentStepProps {
  controller: DonationController;
  transport: DonationTransport;
  payload: DonationPayload;
  onBack: () => void;
  onCompleted: (result: DonateWidgetResult) => void;
  onFailed: (message: string) => void;
}

/** Step 4: the provider the server names, the payment panel, and the three calls through fetch. */
function WidgetPaymentStep({ controller, transport, payload, onBack, onCompleted, onFailed }: WidgetPaymentStepProps) {
  const panel = useDonationPayment({
    controller,
    transport,
    payload,
    onBack,
    onSucceeded: (paid) =>
      onCompleted({
        donationId: paid.donationId,
        paymentIntentId: paid.paymentIntentId,
        amount: payload.amount,
        currency: payload.currency,
        campaignId: payload.campaign_id,
      }),
    onFailed,
    onSaveFailed: (result) => onFailed(result.message),
  });
  return <PaymentPanel {...panel} />;
}

/**
 * The charity's four-step donation wizard for partner sites built with React, talking to the charity's API at
 * `apiBase` with `fetch`: the payment provider from GET payments/config (Stripe.js, loaded only in stripe mode, or the
 * charity's sandbox), then create-intent → confirm → save-after-payment → receipt, with the site's messages. The same
 * headless container as the site's wizard (donation/controller/), one per widget: as on the site, the wizard starts
 * over 10 s after a success. The one component of @charity/ui that talks to a server.
 */
export function DonateWidget({ apiBase, campaign = null, onCompleted, onFailed, headingLevel, className }: DonateWidgetProps) {
  const transport = useMemo(() => createFetchDonationTransport(apiBase), [apiBase]);
  const [controller] = useState(createDonationController);
  // A widget taken off the page does not reset later.
  useEffect(() => () => controller.dispose(), [controller]);
  const wizard = useDonationWizard(controller, campaign?.id ?? null);
  // The operator's lower cap (PAYMENT_MAX_AMOUNT), so step 1 refuses what create-intent would.
  const amountCeiling = useAmountCeiling(transport);
  // The latest callbacks, so a partner's inline arrow functions do not restart anything.
  const callbacks = useRef({ onCompleted, onFailed });
  useEffect(() => {
    callbacks.current = { onCompleted, onFailed };
  });

  return (
    <DonationWizard
      className={className}
      headingLevel={headingLevel}
      value={wizard.value}
      onChange={wizard.onChange}
      campaign={campaign}
      amountCeiling={amountCeiling}
      paymentState={wizard.paymentState}
      renderPayment={(payload, { onBack }) => (
        <WidgetPaymentStep
          controller={controller}
          transport={transport}
          payload={payload}
          onBack={onBack}
          onCompleted={(result) => callbacks.current.onCompleted?.(result)}
          onFailed={(message) => callbacks.current.onFailed?.(message)}
        />
      )}
    />
  );
}
