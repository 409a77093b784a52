import { useEffect, useMemo } from 'react';
import { useStore } from 'zustand';
import type { KyInstance } from 'ky';
import { DonationWizard as DonationWizardView, type AmountPresets } from '@charity/ui';
import { api } from '../../../lib/api';
import { createApiClient } from '../../../lib/api/client';
import { showToast } from '../../../lib/toast';
import { donationWizardStore } from '../stores/donation-wizard-store';
import { PaymentStep, type CompletedDonation } from './PaymentStep';

export interface DonationWizardProps {
  /** The campaign chosen on the page (its id goes into the donation), or null for a general donation. */
  campaign: { id: number; title: string } | null;
  /**
   * Where the API is, for the partner widget on another site (e.g. 'https://charity.example/api'). Default: the
   * site's own '/api' through the shared client.
   */
  apiBase?: string;
  /** The partner site the widget is embedded in (the server verified it); the payment records it. */
  partnerOrigin?: string | null;
  /** A donation was paid and saved (the embed page tells the partner); the /donate page passes none. */
  onCompleted?: (donation: CompletedDonation) => void;
  /** A payment failed, with the message shown. */
  onFailed?: (message: string) => void;
  /** Level of the step headings (3 under the /donate page's h2; 2 on the embed page, under its h1). */
  headingLevel?: 2 | 3;
  /** The partner's quick amounts (the widget's data-amounts) in their currency. */
  presetAmounts?: AmountPresets | null;
}

const SITE_API_BASE = '/api';

/** A client for a partner page: no session (donors are anonymous there), the same messages and toasts. */
function partnerClient(baseUrl: string): KyInstance {
  return createApiClient({ baseUrl, getToken: () => null, onUnauthorized: () => undefined, notify: showToast, log: console });
}

/**
 * The four-step donation wizard wired to the site: state in the wizard store (so the reset 10 s after a success
 * happens even if the donor moved on), payments through the API, Stripe.js or the sandbox as the server says.
 */
export function DonationWizard({ campaign, apiBase, partnerOrigin = null, onCompleted, onFailed, headingLevel, presetAmounts = null }: DonationWizardProps) {
  const base = apiBase?.replace(/\/+$/, '') || SITE_API_BASE;
  const client = useMemo(() => (base === SITE_API_BASE ? api : partnerClient(base)), [base]);
  const value = useStore(donationWizardStore, (state) => state.value);
  const paymentState = useStore(donationWizardStore, (state) => state.paymentState);
  const campaignId = campaign?.id ?? null;

  useEffect(() => {
    donationWizardStore.getState().syncCampaign(campaignId);
  }, [campaignId, value.payload, paymentState]);

  return (
    <DonationWizardView
      value={value}
      onChange={donationWizardStore.getState().setValue}
      campaign={campaign}
      paymentState={paymentState}
      headingLevel={headingLevel}
      presetAmounts={presetAmounts}
      renderPayment={(payload, { onBack }) => (
        <PaymentStep
          payload={payload}
          client={client}
          apiBase={base}
          onBack={onBack}
          partnerOrigin={partnerOrigin}
          onCompleted={onCompleted}
          onFailed={onFailed}
        />
      )}
    />
  );
}
