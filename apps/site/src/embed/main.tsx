import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import '@charity/ui/styles.css';
import './embed.css';
import { amountSelectionForCountry, getCountry, ORGANISATION } from '@charity/domain';
import { api } from '../lib/api';
import { fetchCampaign } from '../features/donate-page/api/donate-page-api';
import { DonationWizard } from '../features/donation-wizard';
import { donationWizardStore } from '../features/donation-wizard/stores/donation-wizard-store';
import { readEmbedParams, initialAmountChoice } from './params';
import { completedMessage, createPartnerChannel } from './partner-messages';

// /embed/donate: only the donation wizard, for the partner widget's iframe (no header, footer or router).

const params = readEmbedParams(window.location.search);
const partnerOrigin = document.querySelector<HTMLMetaElement>('meta[name="partner-origin"]')?.content || null;
const channel = createPartnerChannel(partnerOrigin, window.parent === window ? null : window.parent);

if (params.theme) {
  const style = document.documentElement.style;
  style.setProperty('--cs-color-primary', params.theme);
  // Hover a little darker than the partner's colour, whatever it is.
  style.setProperty('--cs-color-primary-hover', `color-mix(in srgb, ${params.theme} 80%, #000)`);
}
if (params.locale) document.documentElement.lang = params.locale;

// The partner's currency and amounts, before the first render (the store is this page's alone).
let presetAmounts: { currency: string; amounts: number[] } | null = null;
{
  const { value } = donationWizardStore.getState();
  const countryCode = params.countryCode ?? value.countryCode;
  const currency = getCountry(countryCode)?.currency ?? 'INR';
  const choice = initialAmountChoice(params.amounts) ?? (params.countryCode ? amountSelectionForCountry(countryCode) : null);
  if (params.amounts.length > 0) presetAmounts = { currency, amounts: params.amounts };
  if (params.countryCode || choice) {
    donationWizardStore.getState().setValue({
      ...value,
      countryCode,
      ...(choice ?? {}),
      details: { ...value.details, country_code: countryCode },
    });
  }
}

function EmbedDonate() {
  const [campaign, setCampaign] = useState<{ id: number; title: string } | null>(null);

  useEffect(() => {
    if (params.campaignId === null) return;
    const controller = new AbortController();
    // An unknown or closed campaign gives a general donation, as /donate?campaign=… does.
    fetchCampaign(api, params.campaignId, controller.signal).then(
      (found) => setCampaign(found ? { id: Number(found.id), title: found.title } : null),
      (error: unknown) => {
        if (!controller.signal.aborted) console.warn('[embed] the campaign could not be loaded:', error);
      },
    );
    return () => controller.abort();
  }, []);

  return (
    <main className="cs-embed">
      <h1 className="cs-visually-hidden">{`Donate to ${ORGANISATION.name}`}</h1>
      <DonationWizard
        campaign={campaign}
        partnerOrigin={partnerOrigin}
        headingLevel={2}
        presetAmounts={presetAmounts}
        onCompleted={(donation) => channel.post(completedMessage(donation))}
        onFailed={(message) => channel.post({ type: 'donation:failed', message })}
      />
    </main>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('embed.html must contain <div id="root">');
createRoot(root).render(
  <StrictMode>
    <EmbedDonate />
  </StrictMode>,
);

// The partner's iframe has no height of its own: it follows this page's content, so there is never an inner scrollbar.
let lastHeight = -1;
const observer = new ResizeObserver(() => {
  const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
  if (height === lastHeight) return;
  lastHeight = height;
  channel.post({ type: 'donate-widget:resize', height });
});
observer.observe(document.documentElement);
// Keys pressed in this frame never reach the partner page: its dialog (data-mode="button") learns of Escape here.
document.addEventListener('keydown', (event) => {
  if (event.key === 'Escape' && !event.defaultPrevented) channel.post({ type: 'donate-widget:escape' });
});
channel.post({ type: 'donate-widget:ready' });
