import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import '@charity/ui/styles.css';
import './embed.css';
import { readServerPaymentsMode } from '../app/payments-mode';
import { donationWizardStore } from '../features/donation-wizard/stores/donation-wizard-store';
import { EmbedDonate } from './EmbedDonate';
import { embedFirstRender, startWizardAt } from './first-render';
import { canHydrateEmbed } from './hydration';
import { embedParamsKey, readEmbedParams } from './params';
import { completedMessage, createPartnerChannel } from './partner-messages';
import { campaignFromData, readCampaignData } from './server-data';
import { themeProperties } from './theme';

// /embed/donate in the partner widget's iframe. The server usually sends the wizard's first step already rendered for
// this query (apps/api/src/plugins/embed.ts through src/prerender.tsx renderEmbedDonate), started by the boot script
// after the first paint: React then hydrates it. Otherwise (#root empty or rendered for another query) it draws it.

const params = readEmbedParams(window.location.search);
const partnerOrigin = document.querySelector<HTMLMetaElement>('meta[name="partner-origin"]')?.content || null;
const channel = createPartnerChannel(partnerOrigin, window.parent === window ? null : window.parent);

// The server wrote these on <html> already when it rendered the page (theme.ts); the same values again change nothing.
const style = document.documentElement.style;
for (const [name, value] of params.theme ? themeProperties(params.theme) : []) style.setProperty(name, value);
if (params.locale) document.documentElement.lang = params.locale;

// The partner's currency and amounts, before the first render (the store is this page's alone).
const { value, presetAmounts } = embedFirstRender(params, donationWizardStore.getState().value);
if (value) startWizardAt(donationWizardStore, value, { current: true });

const root = document.getElementById('root');
if (!root) throw new Error('embed.html must contain <div id="root">');
const app = (
  <StrictMode>
    <EmbedDonate
      campaignId={params.campaignId}
      initialCampaign={campaignFromData(readCampaignData(document), params.campaignId)}
      partnerOrigin={partnerOrigin}
      presetAmounts={presetAmounts}
      onCompleted={(donation) => channel.post(completedMessage(donation))}
      onFailed={(message) => channel.post({ type: 'donation:failed', message })}
    />
  </StrictMode>
);
// As a transition: React works in slices and lets the browser in between (total blocking time on a phone).
startTransition(() => {
  if (canHydrateEmbed(root, embedParamsKey(params), readServerPaymentsMode())) hydrateRoot(root, app);
  else createRoot(root).render(app);
});

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
