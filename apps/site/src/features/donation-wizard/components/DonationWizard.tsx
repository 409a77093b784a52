import { useMemo } from 'react';
import { DonationWizard as DonationWizardView, useAmountCeiling, useDonationWizard, type AmountPresets } from '@charity/ui';
import { sessionlessApi } from '../../../lib/api/api';
import { createSiteDonationTransport } from '../api/donation-transport';
import { campaignShareUrl, type SharedCampaign } from '../share';
import { donationWizardStore } from '../stores/donation-wizard-store';
import { PaymentStep, type CompletedDonation } from './PaymentStep';

export interface DonationWizardProps {
  /**
   * The campaign chosen on the page (its id goes into the donation), or null for a general donation. The thank-you
   * shares its page (/campaigns/{slug}, or /donate?campaign={id} without a slug).
   */
  campaign: SharedCampaign | null;
  /** The partner site the embed page runs in (the server verified it); the payment records it. */
  partnerOrigin?: string | null;
  /** A donation was paid and saved (the embed page tells the partner); the /donate page passes none. */
  onCompleted?: (donation: CompletedDonation) => void;
  /** A payment failed, with the message shown. */
  onFailed?: (message: string) => void;
  /** Level of the step headings (3 under the /donate page's h2; 2 on the embed page, under its h1). */
  headingLevel?: 2 | 3;
  /** The partner's quick amounts (the widget's data-amounts) in their currency. */
  presetAmounts?: AmountPresets | null;
  /** Step 1 names the campaign (the embed page, which has no /donate banner). */
  nameCampaign?: boolean;
}

/** The site's API, same origin: the browser sandbox confirms payments here too. */
const SITE_API_BASE = '/api';

/**
 * The four-step donation wizard wired to the site: the headless donation container of @charity/ui with the site's
 * one store (so the reset 10 s after a success happens even if the donor moved on, keeping the receipt's note) and
 * the site's API client, on /donate and on the partner widget's embed page alike; Stripe.js or the sandbox as the
 * server says, whose configuration also gives step 1 the operator's ceiling (PAYMENT_MAX_AMOUNT).
 */
export function DonationWizard({
  campaign,
  partnerOrigin = null,
  onCompleted,
  onFailed,
  headingLevel,
  presetAmounts = null,
  nameCampaign = false,
}: DonationWizardProps) {
  const transport = useMemo(
    // A donor's calls carry no staff token, even when a signed-in staff member gives: the payment routes are public
    // and need none (least privilege), and reading the stored session is a synchronous storage access the widget's
    // frame (which never holds one) would pay for on its first request (decision 030).
    () => createSiteDonationTransport({ client: sessionlessApi, apiBase: SITE_API_BASE, partnerOrigin }),
    [partnerOrigin],
  );
  const wizard = useDonationWizard(donationWizardStore, campaign?.id ?? null);
  const amountCeiling = useAmountCeiling(transport);

  return (
    <DonationWizardView
      value={wizard.value}
      onChange={wizard.onChange}
      campaign={campaign}
      paymentState={wizard.paymentState}
      headingLevel={headingLevel}
      presetAmounts={presetAmounts}
      amountCeiling={amountCeiling}
      nameCampaign={nameCampaign}
      renderPayment={(payload, { onBack }) => (
        <PaymentStep
          payload={payload}
          transport={transport}
          onBack={onBack}
          onCompleted={onCompleted}
          onFailed={onFailed}
          // Only the campaign this payment is for: the page's campaign may have changed since the review.
          share={
            campaign && payload.campaign_id === campaign.id
              ? { url: campaignShareUrl(window.location.origin, campaign), title: campaign.title }
              : null
          }
        />
      )}
    />
  );
}
