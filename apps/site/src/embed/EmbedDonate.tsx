import { useEffect, useState } from 'react';
import type { AmountPresets } from '@charity/ui';
import { ORGANISATION } from '@charity/domain';
import { sessionlessApi } from '../lib/api/api';
import { fetchCampaign } from '../features/donate-page/api/donate-page-api';
import { DonationWizard, type CompletedDonation } from '../features/donation-wizard';
import type { EmbedCampaign } from './server-data';

export interface EmbedDonateProps {
  campaignId: number | null;
  /** The campaign as the server sent it (null: none, a general donation); undefined: not known, asked for here. */
  initialCampaign: EmbedCampaign | null | undefined;
  partnerOrigin: string | null;
  presetAmounts: AmountPresets | null;
  onCompleted?: (donation: CompletedDonation) => void;
  onFailed?: (message: string) => void;
}

/**
 * /embed/donate: only the donation wizard, for the partner widget's iframe (no header, footer or router). Rendered by
 * the browser (main.tsx) and by the server with the same props (server-render.tsx), which is why it reads nothing of
 * the document itself.
 */
export function EmbedDonate({ campaignId, initialCampaign, partnerOrigin, presetAmounts, onCompleted, onFailed }: EmbedDonateProps) {
  const [campaign, setCampaign] = useState<EmbedCampaign | null>(initialCampaign ?? null);

  useEffect(() => {
    if (campaignId === null || initialCampaign !== undefined) return;
    const controller = new AbortController();
    // An unknown or closed campaign gives a general donation, as /donate?campaign=… does.
    fetchCampaign(sessionlessApi, campaignId, controller.signal).then(
      (found) => setCampaign(found ? { id: Number(found.id), title: found.title } : null),
      (error: unknown) => {
        if (!controller.signal.aborted) console.warn('[embed] the campaign could not be loaded:', error);
      },
    );
    return () => controller.abort();
  }, [campaignId, initialCampaign]);

  return (
    <main className="cs-embed">
      <h1 className="cs-visually-hidden">{`Donate to ${ORGANISATION.name}`}</h1>
      <DonationWizard
        campaign={campaign}
        partnerOrigin={partnerOrigin}
        headingLevel={2}
        presetAmounts={presetAmounts}
        // No banner here as on /donate: step 1 says which campaign the partner's gift goes to.
        nameCampaign
        onCompleted={onCompleted}
        onFailed={onFailed}
      />
    </main>
  );
}
